"""Which timer intent a request's words say.

Set, alarm, remind, list, cancel, pause, resume, extend: the keyword said first wins ("remind
me to cancel the gym" is a reminder), a question about existing ones lists them ("alarm for
tomorrow?"), and an alarm said done is cancelled ("my 7 am alarm can be deleted").
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import parse_duration, parse_when
from roles.timer._which import KIND, WAKE_QUESTION, clock_said

__all__ = ["PASSIVE_CANCEL", "intent_of"]

_INTENTS = {
    "cancel": r"\b(?:cancel(?:s|led)?|stop|delete|remove|clear|kill|dismiss|silence|get\s+rid\s+of"
    r"|no\s+longer\s+(?:need|want)|(?:don'?t|do\s+not)\s+(?:need|want)\s+(?:the|my|that|this|an|any)"
    r"|^\s*no\s+(?:more\s+)?(?:alarms?|wake[\s-]?up\s+calls?)\s+(?=today|tonight|tomorrow|on\b|this\b)"
    r"|^\s*forget\s+(?:about\s+)?(?:the\s+|my\s+)?(?=\w*\s*(?:alarm|timer|reminder))"
    r"|turn\s+off|switch\s+off|shut\s+off|never\s*mind|take\s+off|disable|deactivate|unset|reset"
    r"|scrap|ditch|wipe(?:\s+out)?|erase|purge|(?:don'?t|do\s+not)\s+want\s+to\s+be\s+wo(?:ken|ke)"
    r"|(?:no\s+need\s+to|don'?t|do\s+not)\s+wake\s+(?:me|us)|\bso\s+no\s+(?=alarms?\b|wake)"
    r"|skip(?=.*\b(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend)\b)"
    r"|(?:turn|switch|shut)\s+(?:\w+\s+){1,3}off)\b",
    "pause": r"\b(?:pause|hold|freeze)\b",
    "resume": r"\b(?:resume|unpause|un-pause|continue|restart)\b",
    "list": r"\b(?:how\s+(?:much|long|many)|time\s+left|remaining|list|show|check|status|review"
    r"|see\s+(?:my|the|all)|situation|when\s+(?:is|does|will)\s+(?:my|the)|report|settings"
    r"|^\s*all\s+(?:my\s+)?(?:alarms|timers|reminders)\s*$|alarm\s+time|what\s+time\s+is\s+my"
    r"|(?:is|are)\s+(?:\w+\s+){0,3}(?:alarms?|timers?|reminders?)\s+(?:set|on|running)"
    r"|what\s+(?:are|were)\s+(?:my|the)|tell\s+me\s+(?:about\s+)?(?:my|the|all|any|upcoming)"
    r"|let\s+me\s+know\s+(?:about|the)|next\s+(?:\w+\s+)?(?:alarms?|timers?|reminders?)"
    r"|upcoming|go(?:es)?\s+off|alarm\s+schedule|what\s+time\s+(?:are|will|do|am|i\s+am|i'm)"
    r"|confirm|(?:have|did)\s+i\s+set|i\s+have\s+set|wake\s+me\s+up\s+tomorrow\?"
    r"|what(?:'s|\s+is)?\s+(?:timers?|alarms?|reminders?)|which|any\s+(?:timers?|alarms?|reminders?)"
    r"|do\s+i\s+have)\b",
    "extend": r"\b(?:extend|snooze|more|longer)\b"
    r"|\badd\b(?=.*\bto\s+(?:the|my|it|that|this|all|each)\b)",
    "remind": r"\bremind(?:er)?s?\b|\bremember\s+to\b|\bdon'?t\s+(?:let\s+me\s+)?forget\s+to\b"
    r"|\b(?:alert|notify|ping|nudge|buzz)\s+(?:me|us)\b(?=.*\b(?:in|at|on|tomorrow|tonight)\b)"
    r"(?=.*\bto\s+\w)"
    r"|^\s*(?:please\s+)?tell\s+(?:me|us)\s+to\b(?=.*\b(?:in|at|on|tomorrow|tonight|later)\b)",
    "alarm": r"\b(?:alarm|wake\s+(?:me|us)(?:\s+up)?|wake[\s-]?up(?:\s+call)?"
    r"|make\s+sure\s+(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:up|awake)\s+(?:at|by|around)"
    r"|(?:get|be|have)\s+(?:me\s+|us\s+)?(?:up|awake)\s+(?:at|by|around)"
    r"|(?:alert|ring|buzz|rouse)\s+(?:me|us)\s+at"
    r"|(?:alert|ring|buzz|rouse)\s+(?:me|us)\s+in\s+(?=\S+\s+(?:minutes?|hours?)\b)"
    r"|ring\s+my\s+phone\s+at|get\s+(?:me|us)\s+out\s+of\s+bed|woken(?:\s+up)?\s+(?:at|by|around)"
    r"|(?:(?:let\s+(?:me|us)\s+know|tell\s+(?:me|us))\s+when\s+it(?:'s|\s+is)"
    r"|call\s+(?:me|us)\s+(?:at|by|around))\s+(?=\d|[a-z]+\s*[ap]\.?m\b"
    r"|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight))\b",
    "create": r"\b(?:set|start|create|make|new|put)\b",
}
_PATTERNS = {name: lazy_pattern(pattern, re.IGNORECASE) for name, pattern in _INTENTS.items()}

_EPOCH = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
"""A fixed moment for `parse_when` when only *whether* a time is named matters."""

_CREATE_VERB = lazy_pattern(
    r"\b(?:set|create|make|new|add|put|start|need|want|wake\s+me|get\s+up|fix|schedule|give"
    r"|turn\s+on|switch\s+on|activate|enable|ring|sound)\b",
    re.IGNORECASE,
)
_ASKS = lazy_pattern(
    r"^\s*(?:(?:please|and|so|ok|hey)\s+)*(?:what|which|when|is|are|do|does|did|have|has|how|tell"
    r"|show|list|check|confirm|let\s+me\s+know|give\s+me\s+the|see|just\s+see|any|verify"
    r"|double[\s-]?check|make\s+sure(?=\s+(?:that\s+)?(?:my|the)(?:\s+[\w']+){1,5}?\s+(?:is|are)"
    r"\s+(?:still\s+)?(?:set|on|ready|active)\b))\b"
    r"|^\s*(?:my\s+|the\s+|all\s+)?(?:next\s+)?(?:alarms?|timers?|reminders?)(?:\s+status)?\s*\??$",
    re.IGNORECASE,
)


_ORDER = lazy_pattern(
    r"^\s*(?:(?:please|can\s+you|could\s+you|would\s+you|will\s+you)\s+)*(?:set|create|make|start|add"
    r"|put|wake|get|remind|cancel|stop|delete|remove|turn|switch|snooze|pause|resume|change|move)\b",
    re.IGNORECASE,
)


def _asks(text: str) -> bool:
    """A question about existing alarms/timers/reminders, not an order to set one."""
    if WAKE_QUESTION.search(text):  # "what time will i wake up", "what's my wake up time"
        return True
    if not KIND.search(text):
        return False
    if text.rstrip().endswith("?") and not _ORDER.match(text) and parse_duration(text) is None:
        found = parse_when(text, _EPOCH)  # "alarm for tomorrow?", "no alarms set?": it asks
        if found is None or not found.has_time:
            return True
    if _ASKS.search(text):
        return not re.search(r"^\s*(?:can|could|would|will)\s+you\b", text, re.IGNORECASE)
    if re.match(r"^\s*(?:my\s+|the\s+|all\s+|any\s+)?(?:alarms|reminders)\b", text, re.I):
        return not _CREATE_VERB.search(text)  # "alarms for the next two days": which ones
    if parse_duration(text) is not None:  # "1 hour timer", "timer for 5 minutes": set one
        return False
    # "alarm for 8 please" names a time (`clock_said`): an alarm to set, no question
    return not _CREATE_VERB.search(text) and parse_when(clock_said(text), _EPOCH) is None


PASSIVE_CANCEL = lazy_pattern(
    r"(?:\s+(?:(?:needs?|has|have)\s+to|should|must|can|could|may|will|to))?"
    r"(?:\s+(?:be|been|get|got))?(?:\s+\w+ly)?\s*\b(?:cancell?ed|deleted|removed|cleared|silenced|stopped|disabled|dismissed|deactivated"
    r"|(?:turned|switched|shut)\s+off)(?:\s+(?:now|please|for\s+good|permanently))*\s*$",
    re.IGNORECASE,
)
"""Said done to an alarm: "my 7 am alarm can be deleted", "one pm removed"."""
_ASKED = lazy_pattern(r"^\s*(?:is|are|was|were|has|have|did|do|does)\b|\?\s*$", re.IGNORECASE)


def intent_of(text: str) -> str:
    """The intent whose keyword comes first ("remind me to cancel..." is a reminder)."""
    if (
        PASSIVE_CANCEL.search(text)
        and not _ASKED.search(text)
        and not _PATTERNS["remind"].search(text)
    ):
        return "cancel"  # "this alarm needs to be silenced" (not "is my alarm cancelled?")
    found = [  # at one place a reminder wins: "alert me at 5 to call mom"
        (m.start(), name != "remind", name)
        for name, p in _PATTERNS.items()
        if (m := p.search(text))
    ]
    if not found:
        return "list" if _asks(text) else "create"
    first = min(found)[2]
    if first in ("alarm", "create", "remind") and _asks(text):
        return "list"
    if first == "create":
        if _PATTERNS["remind"].search(text):
            return "remind"
        if _PATTERNS["alarm"].search(text):
            return "alarm"
        return "create"
    if first == "extend" and re.search(r"\b(?:another|new)\b", text, re.IGNORECASE):
        return "create"
    return first

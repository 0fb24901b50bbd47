"""Reminders said without "remind me to": the timer role reads them as the plain form.

"don't let me forget the meeting at 3", "make sure i take my pills at 9pm", "give me a nudge at 5
to leave", "i need to be reminded to water the plants", "please reminder for car meet", "make
sure to remind me about the dentist on friday" (the lead-in is no part of the message): each is
said again as "remind me to ..." / "remind me about ..." before the role reads it, so every way
of asking gets the same message, time and questions as the plain one. Also the clock said the
British way ("half six" is 6:30).
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import extract_label, strip_when
from roles.timer._fillers import without_fillers

__all__ = ["alarm_label", "as_reminder", "clock_words", "message_after", "reminder_text"]

_POLITE = (
    r"(?:(?:please|hey|hi|ok|okay|so|and|olly|alexa|google|siri|can\s+you|could\s+you|would\s+you"
    r"|will\s+you)\s+)*"
)
_LEAD_IN = lazy_pattern(
    rf"^\s*{_POLITE}(?:(?:make\s+sure|be\s+sure|remember|don'?t\s+forget|do\s+not\s+forget)"
    r"\s+(?:to\s+|you\s+|that\s+you\s+)?)+(?=remind|set\s+(?:me\s+)?a\s+reminder|send\s+me)",
    re.IGNORECASE,
)
"""Words before the request itself: "make sure to remind me ...", "don't forget to remind me"."""
_FORGET = lazy_pattern(
    rf"^\s*{_POLITE}(?:(?:don'?t|do\s+not)\s+let\s+(?:me|us)\s+forget|make\s+sure\s+(?:that\s+)?"
    r"(?:i|we)\s+(?:don'?t|do\s+not)\s+forget|(?:i|we)\s+(?:don'?t|do\s+not)\s+want\s+to\s+forget"
    r"|help\s+me\s+remember|(?:i|we)\s+(?:need|have|want)\s+to\s+remember)"
    r"\s+(?:(?P<to>to)\s+|about\s+|that\s+)?(?P<rest>\w.*)$",
    re.IGNORECASE,
)
"""Not forgetting: "don't let me forget (to) ...", "make sure i don't forget ..."."""
_MAKE_SURE = lazy_pattern(
    rf"^\s*{_POLITE}make\s+sure\s+(?:that\s+)?(?:i|we)\s+"
    r"(?!'|am\b|are\b|get\b|got\b|wake|(?:do\s+not|don'?t)\b|remember\b|have\b|had\b|can\b|was\b"
    r"|were\b|will\b|would\b|should\b|know\b|(?:\w+ed)\b)(?P<rest>[a-z]\w*.*)$",
    re.IGNORECASE,
)
"""Something to do, made sure of: "make sure i take my pills at 9pm" (not "... i'm up at 6")."""
_NUDGE = lazy_pattern(
    rf"^\s*{_POLITE}(?:(?:(?:i|we)\s+(?:need|want|would\s+like|'d\s+like)|(?:give|send|get)"
    r"\s+(?:me|us))\s+(?:a\s+|an\s+)?(?:quick\s+|little\s+|gentle\s+)?"
    r"(?:nudge|ping|heads[\s-]?up|shout|buzz|prompt|notification|reminder|alert)(?!\s*lists?\b)"
    r"|(?:i|we)\s+(?:need|want|would\s+like|'d\s+like)\s+to\s+be\s+"
    r"(?:reminded|notified|alerted|pinged|nudged|told)"
    r"|(?:nudge|prompt)\s+(?:me|us))\b\s*(?:(?P<how>to|about|of|that|for)\s+)?(?P<rest>.*)$",
    re.IGNORECASE,
)
"""A nudge asked for: "give me a nudge at 5 to leave", "i need to be reminded to ..."."""
_BARE_REMINDER = lazy_pattern(
    rf"^\s*{_POLITE}reminder\s+(?P<how>for|about|to|of|that)\s+(?P<rest>\w.*)$", re.IGNORECASE
)
"""A reminder named with no verb: "please reminder for car meet", "reminder to call mom"."""

_SET_ONE = lazy_pattern(
    rf"^\s*{_POLITE}(?:(?:set|make|create|add|put|schedule|new)\s+(?:me\s+|up\s+)?"
    r"(?:a\s+|an\s+|another\s+|one\s+)?(?:new\s+)?(?:event\s+)?reminder)\s+(?!lists?\b)(?:(?P<how>for|about|to|of|that"
    r"|re)\s+)?(?!(?:to|on|in|into|onto)\s+(?:my|the)\b)(?P<rest>\w.*)$",
    re.IGNORECASE,
)
"""A reminder set with what it is for: "set a reminder for church services on sundays at 11",
"set reminder pay taxes on monday", "add a reminder to april 4th to go to the dentist"."""
_A_DAY = lazy_pattern(
    r"^(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|mon|tue|wed|thu|fri|sat|sun"
    r"|tomorrow|today|tonight|next|this|the\s+\d)",
    re.IGNORECASE,
)


def as_reminder(text: str) -> str | None:
    """`text` said as "remind me ..." when it asks for a reminder in other words, else None."""
    if (lead := _LEAD_IN.match(text)) is not None:
        return text[lead.end() :]
    if (found := _FORGET.match(text)) is not None:
        return f"remind me {'to' if found['to'] else 'about'} {found['rest']}"
    if (found := _MAKE_SURE.match(text)) is not None:
        return f"remind me to {found['rest']}"
    if (found := _NUDGE.match(text)) is not None:
        how = (found["how"] or "").lower()
        joined = {"": "", "to": "to ", "that": "that "}.get(how, "about ")
        return f"remind me {joined}{found['rest']}".rstrip()
    if (found := _SET_ONE.match(text)) is not None:
        how, rest = (found["how"] or "").lower(), found["rest"]
        if how == "for":  # "a reminder for the vet on friday": the vet's reminder, "vet"
            rest = re.sub(r"^(?:the|my|our)\s+", "", rest, flags=re.IGNORECASE)
        if how == "to" and _A_DAY.match(rest):  # "a reminder to april 4th to go ...": on then
            return f"remind me on {rest}"
        joined = {"": "", "to": "to ", "that": "that "}.get(how, "about ")
        return f"remind me {joined}{rest}"
    if (found := _BARE_REMINDER.match(text)) is not None:
        how = found["how"].lower()
        joined = how if how in ("to", "that") else "about"
        return f"remind me {joined} {found['rest']}"
    return None


_WHEN_FIRST = lazy_pattern(r"^\s*remind\s+(?:me|us)\s+(?P<rest>.+)$", re.IGNORECASE)
_NO_MESSAGE = frozenset(
    "later please soon again then now ok okay sometime thanks thank you too also that this "
    "it and so just".split()
)


def message_after(text: str) -> str:
    """The message of "remind me tomorrow at 3pm i have a doctors appointment".

    What is left once the time is said, or "" ("remind me later", "remind me at five pm").
    """
    found = _WHEN_FIRST.match(text)
    if found is None:
        return ""
    rest = strip_when(found["rest"]).strip(" ,.;:!?")
    rest = re.sub(r"^(?:(?:that|about|of)\b\s*)+", "", rest, flags=re.IGNORECASE)
    words = [w for w in re.findall(r"[a-z']+", rest.lower()) if w not in _NO_MESSAGE]
    return rest if words else ""


def reminder_text(text: str) -> str:
    """What a reminder says: "set a reminder for me to go to work in ten minutes" -> "go to work".

    "" when nothing is said to remind of ("remind me later").
    """
    message = extract_label(text) or message_after(text)
    message = re.sub(r"^(?:for\s+)?(?:me|us)\s+to\s+(?=\w)", "", message, flags=re.IGNORECASE)
    return without_fillers(message, message=True)  # "... at 5pm for me": "call mom"


_HALF_HOUR = lazy_pattern(
    r"\bhalf\s+(?P<h>[1-9]|1[0-2])\b(?![:.]\d|\s*(?:hours?|hrs?|minutes?|mins?|days?|weeks?"
    r"|past|to|o'?clock)\b)",
    re.IGNORECASE,
)


def clock_words(spoken: str) -> str:
    """A normalized request with "half 6" said as "6:30" (British), as the moment parser reads."""
    return _HALF_HOUR.sub(lambda m: f"{m['h']}:30", spoken)


_WAKING = lazy_pattern(
    r"^(?:(?:to|and)\s+)?(?:be\s+)?(?:get(?:\s+(?:me|us))?\s+(?:up|out\s+of\s+bed)"
    r"|wake(?:\s+(?:me|us))?(?:\s+up)?|woken(?:\s+up)?|up|awake|out\s+of\s+bed)\b\s*",
    re.IGNORECASE,
)


def alarm_label(text: str) -> str:
    """An alarm's name: "set an alarm for 7 for the school run" -> "school run".

    Waking up is no name ("i want to get up at 5:45", "give me a call at 6 to wake me up"); what
    it is for after it is ("i need to wake up at 5 for the airport": "airport").
    """
    label = without_fillers(extract_label(text) or "")
    if (waking := _WAKING.match(label)) is None:
        return label
    rest = strip_when(label[waking.end() :])
    found = re.match(r"^for\s+(?:the\s+|my\s+|our\s+)?(?P<what>\w.*)$", rest, re.IGNORECASE)
    return found["what"] if found else ""

"""A moment said from another one: "thirty minutes before that", "an hour before my flight".

"i need to leave at 8 am tomorrow, set an alarm 30 minutes before that" rings at 07:30 tomorrow,
"remind me 15 minutes before my 3pm meeting" at 14:45; "that" with no time in the request is the
moment of the call before ("set an alarm for 8am" ... "and a reminder 10 minutes before that").
When nothing says when the anchor is ("an hour before my flight"), the role asks ("What time is
your flight?") and the answer, joined to the request, completes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall
from agent_system.routing.slots import extract_label, parse_duration, parse_when, strip_when
from roles.timer._said import message_after
from roles.timer._stage import ASK_MESSAGE
from roles.timer._which import clock_said

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["Anchored", "anchored", "anchored_call", "moment_before"]

_LENGTH = (
    r"(?:(?:\d+(?:\.\d+)?|an?|one|a\s+couple\s+of|a\s+few)\s+(?:and\s+a\s+half\s+)?"
    r"(?:minutes?|mins?|hours?|hrs?)(?:\s+and\s+(?:a\s+half|\d+\s+minutes?))?"
    r"|half\s+an?\s+hour|(?:a\s+)?quarter\s+(?:of\s+)?an\s+hour)"
)
_BEFORE = lazy_pattern(
    rf"\b(?P<length>{_LENGTH})\s+(?P<dir>before|ahead\s+of|prior\s+to|earlier\s+than|early\s+for"
    r"|after)\s+(?P<what>.*)$",
    re.IGNORECASE,
)
_THAT = lazy_pattern(r"^(?:that|then|it|this)\b", re.IGNORECASE)
_BARE_CLOCK = lazy_pattern(r"^(?:\d{1,2}(?::\d{2})?\s*(?:[ap]m)?|noon|midnight)\b", re.IGNORECASE)
_THING_END = lazy_pattern(
    r"\s+(?:starts?|begins?|leaves?|departs?|is|ends?|finishes?|time|takes\s+off)\b.*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Anchored:
    """The moment a request names from another one, and the request without that phrase."""

    moment: datetime
    rest: str
    """The request before the "<length> before ..." phrase."""
    thing: str
    """What the moment is counted from, as the reply says it ("your meeting")."""


def _thing(what: str) -> str:
    """How the question names the anchor: "my flight" -> "your flight"."""
    thing = _THING_END.sub("", what.strip(" ?.!,")).strip()
    thing = re.sub(r"^my\b", "your", thing, flags=re.IGNORECASE)
    thing = re.sub(r"^our\b", "your", thing, flags=re.IGNORECASE)
    if re.fullmatch(r"(?:the\s+)?(?:time|start|beginning)", thing, re.IGNORECASE):
        return "that"  # "five minutes before time"
    return thing or "that"


def anchored(
    text: str, now: datetime, before: datetime | None = None
) -> Anchored | Clarification | None:
    """The moment "<length> before <something>" names in `text`.

    A question when only the time of that something is missing, None when the request says no
    such thing. `before`: the moment of the call before, which "that" stands for.
    """
    spoken = clock_said(text)
    found = _BEFORE.search(spoken)
    if found is None:
        return None
    what = found["what"]
    if found["dir"].lower() == "after" and (_BARE_CLOCK.match(what) or not what):
        return None  # "ten minutes after six" is a clock time, read as one
    length = parse_duration(found["length"])
    if length is None or length <= timedelta(0) or length > timedelta(days=1):
        return None
    sign = 1 if found["dir"].lower() == "after" else -1
    rest = f"{spoken[: found.start()]} {what}".strip()
    said = parse_when(rest, now)
    if said is not None and said.has_time:
        anchor = said.value
    elif _THAT.match(what) and before is not None:
        anchor = before
    else:
        thing = _thing(what)
        plural = re.search(r"[^s]s$", thing) is not None and thing != "that"  # "the classes"
        return Clarification(f"What time {'are' if plural else 'is'} {thing}?", missing=("at",))
    thing = strip_when(what)
    return Anchored(anchor + sign * length, spoken[: found.start()].strip(), _thing(thing))


_ALARM_WORD = lazy_pattern(r"\b(?:alarm|wake|get\s+(?:me\s+)?up)\b", re.IGNORECASE)


def anchored_call(
    text: str, now: datetime, before: datetime | None, intent: str
) -> RoleCall | Clarification | None:
    """timer.alarm / timer.remind for a moment said from another one, a question, or None."""
    if (event := _on_the_calendar(text, intent)) is not None:
        return event  # "15 minutes before my meeting": the calendar knows when it is
    found = anchored(text, now, before)
    if isinstance(found, Clarification) and intent == "remind":  # the reminder's "when"
        return Clarification(found.question, missing=("when",))
    if found is None or isinstance(found, Clarification):
        return found
    if intent == "remind":
        message = extract_label(found.rest) or message_after(found.rest)
        if not message and found.thing == "that":
            return Clarification(ASK_MESSAGE, missing=("text",))
        return RoleCall(
            "timer.remind", {"text": message or found.thing, "when": found.moment.isoformat()}
        )
    words = list(_ALARM_WORD.finditer(found.rest))  # its name is said after "alarm"
    label = extract_label(found.rest[words[-1].start() :]) if words else None
    return RoleCall("timer.alarm", {"at": found.moment.isoformat(), "label": label or ""})


def _on_the_calendar(text: str, intent: str) -> RoleCall | None:
    """`calendar.remind_before` when the moment is an event's ("an hour before the dance class")."""
    from roles.calendar._before import before_event

    spoken = clock_said(text)
    rest = spoken[: found.start()] if (found := _BEFORE.search(spoken)) else spoken
    message = (extract_label(rest) or message_after(rest)) if intent == "remind" else ""
    return before_event(spoken, message, alarm=intent != "remind")


_MOMENT_KEYS = ("at", "when", "start", "to")


def moment_before(history: list[Turn]) -> datetime | None:
    """The moment the latest call of the last turns set ("that" in "30 minutes before that")."""
    for turn in reversed(history[-3:]):
        for call in reversed(getattr(turn, "calls", None) or []):
            arguments = call.get("arguments") or {}
            for key in _MOMENT_KEYS:
                try:
                    return datetime.fromisoformat(str(arguments[key]))
                except (KeyError, ValueError):
                    continue
    return None

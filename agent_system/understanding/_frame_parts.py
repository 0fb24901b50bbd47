"""What every follow-up resolver of the frame shares: the earlier call, the day a follow-up names
("friday", "the day after"), and the change words ("make it", "move that ... instead").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.understanding._slots import parse_date_range

__all__ = [
    "CHANGE",
    "CHANGE_TO",
    "CORRECTION",
    "DAY_WORDS",
    "NOT_A_NAME",
    "PART_OF_DAY",
    "SAME_AGAIN",
    "Call",
    "day_bounds",
    "new_day",
    "previous_day",
]

_RELATIVE_DAY = lazy_pattern(
    r"\b(?:the\s+)?(?P<which>day\s+after|next\s+day|following\s+day|day\s+before|previous\s+day)\b"
    r"(?!\s+tomorrow)"
)
_CORRECTING = r"(?:no|nope|sorry|actually|oops|wait|i\s+meant?)"
CORRECTION = lazy_pattern(rf"^(?:{_CORRECTING}\b[\s,]*)+(?=\S)")
"""How a correction of the last value opens: "no, 15", "sorry, i meant 10 minutes", "actually
7:30" (the words before the new value)."""
CHANGE = lazy_pattern(
    rf"\b(?:make|change|set|put|move)\s+(?:it|that|this|them)\b|\binstead\b|^{_CORRECTING}\b"
)
CHANGE_TO = lazy_pattern(
    r"^(?:.*?\b(?:make|change|set|put|move)\s+(?:it|that|this|them)\s+"
    rf"|(?:{_CORRECTING}\b[\s,]*)+)(?:to\s+|for\s+|at\s+)?"
)
DAY_WORDS = lazy_pattern(
    r"\b(?:today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
    r"next|this|week|weekend|morning|afternoon|evening|day|after|before|following|previous)\b"
)
SAME_AGAIN = (
    r"(?:(?:do|repeat)\s+)?(?:the\s+)?same(?:\s+thing)?(?:\s+(?:goes\s+)?(?:for|on|in|with|to))?"
    r"|(?:do|repeat)\s+(?:that|it|this)(?:\s+again)?(?:\s+(?:for|on|in|with|to))?"
    r"|likewise(?:\s+(?:for|on|in|with))?"
)
"""How a follow-up asks for the last action again on something else: "do the same for the
kitchen", "same with the bedroom", "do that for the fan too", "repeat that for friday",
"likewise for the hall" (a regex source: the router's follow-up rule and the frame share it)."""
NOT_A_NAME = lazy_pattern(
    r"^(?:it|that|them|this)$|\b(?:make|set|change|bit|little|more|less|warmer|cooler|colder"
    r"|hotter|faster|slower|higher|lower)\b"
)
"""Words that make what is left of a follow-up no device's name ("make it a bit warmer")."""
PART_OF_DAY = lazy_pattern(r"\b(?:in\s+the\s+)?(?:morning|afternoon|evening)\b")


@dataclass(frozen=True)
class Call:
    """One tool call of an earlier turn."""

    tool: str
    arguments: dict[str, Any] = field(default_factory=dict)
    ref: str | None = None
    """The id of what the call made (a timer's number, an event's id), or of the one thing a
    read call found (the one event a listing showed), when there is one."""


def previous_day(previous: Call) -> date | None:
    """The day the earlier call was about (its start, ring time, date or day), or None."""
    for key in ("start", "at", "when", "date", "day"):
        value = previous.arguments.get(key)
        if isinstance(value, str):
            try:
                return date.fromisoformat(value[:10])
            except ValueError:
                continue
    return None


def new_day(previous: Call, text: str, now: datetime) -> date | None:
    """The day a follow-up names: "friday", "tomorrow", or "the day after" the previous one."""
    if relative := _RELATIVE_DAY.search(text):
        base = previous_day(previous) or now.date()
        step = -1 if relative["which"].endswith(("before", "previous day")) else 1
        if relative["which"].startswith("previous"):
            step = -1
        return base + timedelta(days=step)
    if not DAY_WORDS.search(text) and not re.search(r"\b\d{1,2}(?:st|nd|rd|th)\b", text):
        return None
    span = parse_date_range(text, now)
    return span[0].date() if span else None


def day_bounds(day: date, now: datetime) -> tuple[str, str]:
    """(midnight of `day`, the next midnight) in ISO form, in `now`'s time zone."""
    start = datetime.combine(day, datetime.min.time(), tzinfo=now.tzinfo)
    return start.isoformat(), (start + timedelta(days=1)).isoformat()

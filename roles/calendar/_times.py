"""How the calendar tools read the times and lengths they are given.

Each says in one plain sentence what it could not read.
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

from agent_system._lazy import lazy_pattern
from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.routing.slots import format_duration, parse_duration, parse_when

__all__ = ["new_length", "part_only", "read_clock", "read_end", "read_length", "read_moment"]

_PART = lazy_pattern(r"\b(?P<part>morning|afternoon|evening|night|tonight)\b", re.IGNORECASE)
_CLOCK_SAID = lazy_pattern(
    r"\d{1,2}\s*(?:[ap]\.?m\b|o'?clock\b)|\d{1,2}:\d\d|T\d\d|\bat\s+\d|\b(?:noon|midday|midnight)\b"
    r"|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b",
    re.IGNORECASE,
)


def part_only(text: str) -> str:
    """The part of the day that is all `text` says of the time, or "".

    "friday morning" -> "morning", "tonight" -> "tonight"; "" when a clock time is said or no
    part of the day is.
    """
    found = _PART.search(text)
    if found is None or _CLOCK_SAID.search(text):
        return ""
    part = found["part"].lower()
    return part


def read_length(text: str) -> timedelta:
    value = parse_duration(text)
    if value is None or value <= timedelta(0) or text.strip().startswith("-"):
        raise ToolExecutionError(
            f"I couldn't read {text!r} as a positive duration; say it like '30 minutes'.",
            code=ErrorCode.NEEDS_INPUT,
        )
    return value


def new_length(said: str, length: timedelta) -> timedelta:
    """The new length of an event `length` long.

    "45 minutes"; "+1 hour" ("make it an hour longer") or "-15 minutes" ("15 minutes shorter")
    change it by that much.
    """
    if not said.startswith(("+", "-")):
        return read_length(said)
    by = read_length(said[1:].strip())
    changed = length + by if said.startswith("+") else length - by
    if changed <= timedelta(0):
        raise ToolExecutionError(
            f"It's only {format_duration(length)} long; say a new length like '30 minutes'.",
            code=ErrorCode.NEEDS_INPUT,
        )
    return changed


def read_moment(text: str, now: datetime, what: str) -> tuple[datetime, bool]:
    found = parse_when(text, now)
    if found is None:
        raise ToolExecutionError(
            f"I couldn't read {text!r} as {what}; say it like 'tomorrow at 3pm' or 'on the 14th "
            "at 10am'.",
            code=ErrorCode.NEEDS_INPUT,
        )
    return found.value, found.has_time


def read_end(text: str, begin: datetime, now: datetime) -> datetime:
    """An end time: a time alone is on the start's day (or the next, for overnight events)."""
    found = parse_when(text, now)
    if found is None:
        raise ToolExecutionError(
            f"I couldn't read {text!r} as an end time; say it like '4pm'.",
            code=ErrorCode.NEEDS_INPUT,
        )
    value = found.value
    if not found.has_date:
        value = datetime.combine(begin.date(), value.timetz())
        if value <= begin:
            value += timedelta(days=1)
    if value <= begin:
        raise ToolExecutionError(
            f"The event must end after it starts ({begin:%H:%M}).", code=ErrorCode.NEEDS_INPUT
        )
    return value


def read_clock(text: str, what: str) -> time:
    match = re.fullmatch(r"\s*(\d{1,2})(?::(\d{2}))?\s*", text)
    if not match or int(match[1]) > 24 or int(match[2] or 0) > 59:
        raise ToolExecutionError(
            f"{what} must be a time like '09:00'; got {text!r}.", code=ErrorCode.NEEDS_INPUT
        )
    return time(int(match[1]) % 24, int(match[2] or 0))

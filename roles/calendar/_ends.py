"""When a repeating event stops, as said: "every monday until june", "for the next 4 weeks".

Also "every day this week", "4 times", "through april 15", "till the end of april". The role
reads the end from the words (`repeat_end`) and gives `calendar.create` the last day it may
come (`until`, an ISO date) or how many times it comes (`count`); the tool turns a count into
the day of the last one (`last_of`). ICS export writes it as the RRULE's UNTIL; import reads
UNTIL and COUNT back.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.routing.slots import format_day
from agent_system.understanding._slots import parse_when
from roles.calendar._repeats import occurrences

if TYPE_CHECKING:
    from roles.calendar.store import Event

__all__ = ["last_of", "repeat_end", "repeat_until"]

_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_NUMBER = {
    "a": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}
_COUNT = r"(?P<n>\d{1,3}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_UNTIL = lazy_pattern(
    r"\s*,?\s*\b(?:until|till|til|through|thru|up\s+to|up\s+until|ending(?:\s+on)?)\s+"
    r"(?:(?P<end_of>the\s+end\s+of\s+(?:the\s+|this\s+|next\s+)?(?P<what>week|month|year|"
    rf"{_MONTH}))|(?P<date>{_MONTH}\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?|(?:the\s+)?\d{{1,2}}"
    rf"(?:st|nd|rd|th)?(?:\s+of\s+{_MONTH})?|(?:next\s+)?{_WEEKDAY})|(?P<month>{_MONTH}))\b",
    re.IGNORECASE,
)
_FOR = lazy_pattern(
    rf"\s*,?\s*\bfor\s+(?:the\s+)?(?:next\s+)?{_COUNT}\s+(?P<unit>days?|weeks?|months?)\b",
    re.IGNORECASE,
)
_TIMES = lazy_pattern(rf"\s*,?\s*\b{_COUNT}\s+times\b", re.IGNORECASE)
_SPAN = lazy_pattern(r"\s*,?\s*\b(?P<which>this|next)\s+(?P<span>week|month)\b", re.IGNORECASE)


def _month_day(name: str) -> int:
    return next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(name.lower()[:3]))


def _next_month_start(month: int, today: date) -> date:
    """The 1st of the next `month` to start after today."""
    return date(today.year + int(month <= today.month), month, 1)


def _month_end(day: date) -> date:
    following = date(day.year + day.month // 12, day.month % 12 + 1, 1)
    return following - timedelta(days=1)


def _until(found: re.Match[str], now: datetime) -> date | None:
    today = now.date()
    if found["month"]:  # "until june": up to the day before June starts
        return _next_month_start(_month_day(found["month"]), today) - timedelta(days=1)
    if found["end_of"]:
        what = found["what"].lower()
        ahead = "next" in found["end_of"].lower()
        if what == "week":
            end = today + timedelta(days=6 - today.weekday())
            return end + timedelta(days=7) if ahead else end
        if what == "year":
            return date(today.year + int(ahead), 12, 31)
        if what == "month":
            first = today.replace(day=1)
            return _month_end(_month_end(first) + timedelta(days=1) if ahead else first)
        month = _month_day(what)
        return _month_end(date(today.year + int(month < today.month), month, 1))
    when = parse_when(found["date"], now)
    return when.value.date() if when is not None and when.has_date else None


def repeat_end(text: str, now: datetime) -> tuple[str, int, str]:
    """(the last day as an ISO date or "", how many times or 0, `text` without the end said).

    "yoga on monday until june at 6pm" -> ("2026-05-31", 0, "yoga on monday at 6pm"); "gym
    daily this week at 7" -> (this Sunday, 0, "gym daily at 7"); "piano on monday at 5pm 4
    times" -> ("", 4, ...). Said nowhere: ("", 0, text).
    """
    if (found := _UNTIL.search(text)) is not None and (last := _until(found, now)) is not None:
        return last.isoformat(), 0, _cut(text, found)
    if (length := _FOR.search(text)) is not None:
        n = _NUMBER.get(length["n"].lower()) or int(length["n"])
        unit = length["unit"].lower().rstrip("s")
        days = n if unit == "day" else 7 * n if unit == "week" else 30 * n
        return (now.date() + timedelta(days=days - 1)).isoformat(), 0, _cut(text, length)
    if (times := _TIMES.search(text)) is not None:
        return "", _NUMBER.get(times["n"].lower()) or int(times["n"]), _cut(text, times)
    if (span := _SPAN.search(text)) is not None:  # "every day this week", "... next week"
        today = now.date()
        ahead = span["which"].lower() == "next"
        if span["span"].lower() == "week":
            end = today + timedelta(days=6 - today.weekday() + 7 * ahead)
            said = f"{text[: span.start()]} next monday {text[span.end() :]}" if ahead else ""
            return end.isoformat(), 0, _tidy(said) if said else _cut(text, span)
        if not ahead:
            return _month_end(today).isoformat(), 0, _cut(text, span)
    return "", 0, text


def _cut(text: str, found: re.Match[str]) -> str:
    return _tidy(f"{text[: found.start()]} {text[found.end() :]}")


def _tidy(text: str) -> str:
    return re.sub(r"\s{2,}", " ", text).strip()


def last_of(event: Event, count: int) -> str:
    """The day (ISO) of the `count`-th occurrence of a repeating `event`, from its start."""
    probe = replace(event, until="")
    span = timedelta(days=7 * max(1, probe.interval) * (count + 1) + 7)
    found = occurrences(probe, probe.start, probe.start + span)[: max(1, count)]
    return found[-1].start.date().isoformat() if found else probe.start.date().isoformat()


def repeat_until(
    rule: str, until: str, count: int, begin: datetime, finish: datetime, now: datetime
) -> str:
    """The last day (ISO) of a new repeating event from the tool's `until` or `count`, or "".

    A repeat that would end before its first occurrence is refused (NEEDS_INPUT).
    """
    from roles.calendar.store import Event

    probe = Event(0, "", "", "", begin, finish, repeat=rule)
    if not until.strip():
        return last_of(probe, count) if count > 0 else ""
    try:
        last = date.fromisoformat(until.strip())
    except ValueError:
        found = parse_when(until, now)
        if found is None or not found.has_date:
            raise ToolExecutionError(
                f"I couldn't read {until!r} as the last day it repeats; say it like 'june 15'.",
                code=ErrorCode.NEEDS_INPUT,
            ) from None
        last = found.value.date()
    if last < begin.date():
        raise ToolExecutionError(
            f"It would stop on {format_day(last)}, before its first day ({format_day(begin.date())}"
            "); say a later last day.",
            code=ErrorCode.NEEDS_INPUT,
        )
    return last.isoformat()

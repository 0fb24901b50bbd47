"""Repeating events: "add gym every monday at 7am", "yoga daily at 6pm".

Also "standup every weekday at 9:30", "team sync every other tuesday at 10".

An event that repeats is stored once, at its first occurrence, with its rule (the timer's words:
``daily``, ``weekdays``, ``weekends``, or days such as ``mon`` or ``mon,thu``, see
`roles.timer._repeat`) and how many weeks (days, for ``daily``) apart it comes (``interval``: 2
is "every other week"), plus the days taken off it ("cancel gym next monday"). Listings see
every occurrence; the ICS export writes it as one VEVENT with an RRULE (and EXDATEs).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from roles.timer._repeat import describe, normalize_rule, repeat_in, rule_days

if TYPE_CHECKING:
    from roles.calendar.store import Event

__all__ = ["describe_repeat", "occurrences", "read_repeat", "repeat_said", "rrule_of"]

_OTHER = lazy_pattern(
    r"\b(?:every\s+other|every\s+(?:second|2nd|two))\s+(?P<what>week|day|(?:mon|tues|wednes|thurs"
    r"|fri|satur|sun)day)s?\b|\b(?:bi-?weekly|fortnightly)\b|\bevery\s+(?:2|two)\s+weeks\b",
    re.IGNORECASE,
)
_DAILY_NAME = lazy_pattern(
    r"\b(?:daily|weekly)\s+(?!(?:at|from|on|in|starting|until|till|for|please)\b|\d|$)[a-z]", re.I
)
"""A "daily standup", a "weekly review": a name, not a repeat."""
_RRULE_DAYS = {"mon": "MO", "tue": "TU", "wed": "WE", "thu": "TH", "fri": "FR", "sat": "SA"}
_RRULE_DAYS["sun"] = "SU"


def repeat_said(text: str) -> tuple[str, int, str]:
    """(rule, interval, the text with the repeat said as a day) for an event to add.

    "gym every monday at 7am" -> ("mon", 1, "gym on monday at 7am"); "sync every other tuesday
    at 10" -> ("tue", 2, ...); "standup every weekday at 9" -> ("weekdays", 1, ...); no repeat:
    ("", 1, text).
    """
    interval = 1
    if _DAILY_NAME.search(text):
        return "", 1, text  # "add my daily standup tomorrow at 9": the name of the event
    if found := _OTHER.search(text):
        interval = 2
        what = (found["what"] or "week").lower()
        instead = "daily" if what == "day" else f"every {what}" if what != "week" else "weekly"
        text = f"{text[: found.start()]}{instead}{text[found.end() :]}"
    rule, said = repeat_in(text)
    if rule == "hourly":
        return "", 1, text  # "every hour" is no calendar event
    return rule, interval if rule else 1, said


def read_repeat(rule: str, first: datetime) -> str:
    """The stored rule for `rule` as said to the tool ("weekly" is the day of `first`)."""
    return normalize_rule(rule, first)


def describe_repeat(event: Event) -> str:
    """How a reply says an event's repeat: "every Monday", "every other Tuesday", "every day"."""
    said = describe(event.repeat)
    if event.interval == 2:
        said = said.replace("every ", "every other ", 1)
        said = "every other day" if event.repeat == "daily" else said
    return said


def _fits(event: Event, day: date) -> bool:
    first = event.start.date()
    if day < first or day.weekday() not in rule_days(event.repeat):
        return False
    if day.isoformat() in event.skipped or (event.until and day.isoformat() > event.until):
        return False
    if event.interval <= 1:
        return True
    if event.repeat == "daily":
        return (day - first).days % event.interval == 0
    weeks = ((day - first).days + first.weekday() - day.weekday()) // 7
    return weeks % event.interval == 0


def occurrence_on(event: Event, day: date) -> Event | None:
    """The occurrence of a repeating `event` on `day`, or None."""
    if not _fits(event, day):
        return None
    wall = datetime.combine(day, event.start.time())
    start = wall.replace(tzinfo=event.start.tzinfo)
    return replace(event, start=start, end=start + (event.end - event.start), occurrence=True)


def occurrences(event: Event, start: datetime, end: datetime) -> list[Event]:
    """The occurrences of a repeating `event` that overlap [start, end)."""
    length = event.end - event.start
    day = max(event.start.date(), (start - length).date())
    last = end.date()
    found: list[Event] = []
    while day <= last and len(found) < 3700:
        one = occurrence_on(event, day)
        if one is not None and one.start < end and one.end > start:
            found.append(one)
        day += timedelta(days=1)
    return found


def rrule_of(event: Event) -> dict[str, object]:
    """The RRULE of a repeating event, as `icalendar` takes it."""
    rule: dict[str, object] = {"FREQ": "DAILY" if event.repeat == "daily" else "WEEKLY"}
    if event.repeat != "daily":
        rule["BYDAY"] = [_RRULE_DAYS[d] for d in _days_of(event.repeat)]
    if event.interval > 1:
        rule["INTERVAL"] = event.interval
    if event.until:  # the last day: a date for an all-day event, else its last start in UTC
        last = date.fromisoformat(event.until)
        wall = datetime.combine(last, event.start.timetz())
        rule["UNTIL"] = last if event.all_day else wall.astimezone(UTC)
    return rule


def _days_of(rule: str) -> list[str]:
    names = list(_RRULE_DAYS)
    return [names[d] for d in sorted(rule_days(rule))]

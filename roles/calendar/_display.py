"""How the calendar's replies say days, hours and periods."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING

from agent_system.routing.slots import format_day
from agent_system.understanding.locale import format_clock

if TYPE_CHECKING:
    from roles.calendar.store import Event

__all__ = ["day_phrase", "hours", "period_said", "when_said"]

_LONG_LOOK = timedelta(days=300)
"""A listing longer than this, from about now, is the look ahead for an event asked by name."""


def day_phrase(day: date, today: date) -> str:
    if day == today:
        return "today"
    if day == today + timedelta(days=1):
        return "tomorrow"
    far = abs((day - today).days) > 300  # "on Sat 5 Jun 2027", "on Mon 24 Apr 2017"
    return f"on {format_day(day)}{f' {day.year}' if far else ''}"


def hours(event: Event) -> str:
    return f"{format_clock(event.start)}-{format_clock(event.end)}"


def when_said(event: Event, today: date) -> str:
    """How an event reads: "today, 10:00-11:00" or "on Wed 14 Jan (all day)"."""
    day = day_phrase(event.start.date(), today)
    return f"{day} (all day)" if event.all_day else f"{day}, {hours(event)}"


def period_said(begin: datetime, finish: datetime, now: datetime) -> tuple[bool, str]:
    """Whether [begin, finish) is one day (or part of one), and how it reads.

    "tomorrow from 12:00 to 18:00", "from Mon 12 Jan to Sun 18 Jan".
    """
    one_day = finish - begin <= timedelta(days=1) and (
        begin.time() == time(0) or begin.date() == (finish - timedelta(seconds=1)).date()
    )
    label = (
        day_phrase(begin.date(), now.date())
        if one_day
        else f"from {format_day(begin.date())} to {format_day((finish - timedelta(1)).date())}"
    )
    if finish - begin > _LONG_LOOK and begin <= now + timedelta(days=1):
        label = "in the coming year"  # "when is the wedding": a look ahead, not a period asked
    if one_day and begin.time() != time(0):  # "today between 14:00 and 16:00", "from 18:00"
        until = "" if finish.time() == time(0) else f" to {format_clock(finish)}"
        label += f" from {format_clock(begin)}{until}"
    elif one_day and finish.time() != time(0):  # "anything before noon tomorrow"
        label += f" until {format_clock(finish)}"
    return one_day, label

"""How a listing says its events: a repeating event once, however many times it comes.

"when is the team meeting" after "add team meeting every monday at 10" reads "Team meeting:
every Monday, 10:00-11:00; next on Mon 12 Jan." (not 52 lines); a week with a standup every
weekday says "Standup every weekday, 09:00-09:15 (Mon 12 Jan to Fri 16 Jan)" once, in the place
of its first day (a few days are each said: "(Mon 9 Mar, Mon 23 Mar)"). An event that comes
once in the listing reads as before.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING

from agent_system.routing.slots import format_day
from agent_system.understanding.locale import format_clock
from roles.calendar._display import day_phrase, hours, period_said, when_said
from roles.calendar._repeats import describe_repeat

if TYPE_CHECKING:
    from roles.calendar.store import Event

__all__ = ["listed_items", "no_to", "nothing_first", "one_checked", "one_series", "yes_to"]


def _once(one: Event, one_day: bool) -> str:
    when = "all day" if one.all_day else hours(one)
    if not one_day:
        when = f"{format_day(one.start.date())} {when}"
    where = f" ({one.location})" if one.location else ""
    return f"{when} {one.title}{where}"


def _series(first: Event, days: list[date], ahead: bool, today: date) -> str:
    when = "all day" if first.all_day else hours(first)
    where = f" ({first.location})" if first.location else ""
    if ahead:  # a look ahead from now: when the next one is
        return f"{first.title}{where} {describe_repeat(first)}, {when}, next " + day_phrase(
            first.start.date(), today
        )
    return f"{first.title}{where} {describe_repeat(first)}, {when} ({_days(days)})"


def _days(days: list[date]) -> str:
    """The days a series comes in a listing: each of a few, else the first and the last."""
    if len(days) <= _FEW:
        return ", ".join(format_day(d) for d in days)
    return f"{format_day(days[0])} to {format_day(days[-1])}"


_FEW = 5


def listed_items(events: list[Event], one_day: bool, ahead: bool, now: datetime) -> list[str]:
    """One item per event of the listing, a repeating event's occurrences said once.

    `ahead`: the listing looks ahead from now ("when is the team meeting", "what's coming up"),
    so a series says its next day; otherwise it says the first and last days listed.
    """
    days: dict[int, list[date]] = {}
    for one in events:
        if one.occurrence:
            days.setdefault(one.id, []).append(one.start.date())
    items: list[str] = []
    said: set[int] = set()
    for one in events:
        if not one.occurrence or len(days[one.id]) < 2:
            items.append(_once(one, one_day))
        elif one.id not in said:
            said.add(one.id)
            items.append(_series(one, days[one.id], ahead, now.date()))
    return items


def one_series(events: list[Event], now: datetime) -> str | None:
    """The whole reply when a look ahead holds one repeating event only, or None.

    "Team meeting: every Monday, 10:00-11:00; next on Mon 12 Jan."
    """
    if len(events) < 2 or not all(e.occurrence for e in events):
        return None
    if len({e.id for e in events}) != 1:
        return None
    first = events[0]
    when = "all day" if first.all_day else hours(first)
    where = f" ({first.location})" if first.location else ""
    next_day = day_phrase(first.start.date(), now.date())
    return f"{first.title}{where}: {describe_repeat(first)}, {when}; next {next_day}."


def nothing_first(begin: datetime, finish: datetime, now: datetime) -> str:
    """The reply when "what's my first meeting tomorrow" finds nothing.

    That day is empty ("Nothing on your calendar tomorrow."); a look ahead from now has nothing
    coming up.
    """
    one_day, label = period_said(begin, finish, now)
    if one_day and begin > now:
        return f"Nothing on your calendar {label}."
    return "Nothing coming up on your calendar."


def _at(event: Event, today: date) -> str:
    day = day_phrase(event.start.date(), today)
    return day if event.all_day else f"{day} at {format_clock(event.start)}"


def no_to(nothing: str, later: list[Event], check: bool, now: datetime) -> str:
    """`nothing` ("Nothing called 'dentist' on your calendar tomorrow"), said as the answer.

    With the event found on another day (`later`), a check answers "No, it's on Wed 7 Jan at
    15:00."; a listing adds "; it's on Wed 7 Jan at 15:00". A check with nothing anywhere is "No:
    nothing called 'dentist' on your calendar tomorrow."
    """
    if later and check:
        return f"No, it's {_at(later[0], now.date())}."
    if later:
        return f"{nothing}; it's {_at(later[0], now.date())}."
    return f"No: {nothing[0].lower()}{nothing[1:]}." if check else f"{nothing}."


def yes_to(events: list[Event], now: datetime) -> str:
    """A yes/no check that found the event: "Yes, Dentist is tomorrow, 15:00-16:00."."""
    if len(events) == 1:
        return f"Yes, {events[0].title} is {when_said(events[0], now.date())}."
    said = "; ".join(f"{e.title} {when_said(e, now.date())}" for e in events)
    return f"Yes: {said}."


def one_checked(event: Event, begin: datetime, finish: datetime, now: datetime) -> str:
    """Whether the event just named is in [begin, finish), said.

    "Yes, Vet is on Mon 12 Jan, 11:00-12:00." or "No, it's on Tue 13 Jan at 11:00."
    """
    if event.overlaps(begin, finish):
        return yes_to([event], now)
    return no_to("", [event], True, now)

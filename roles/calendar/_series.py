"""What the calendar's tools do with a repeating event (`roles.calendar._repeats`).

Deleting one occurrence ("cancel gym next monday") takes that day off; deleting the series needs
it said ("delete my gym series", "stop gym every monday"); a repeating event named with no day
is asked about. Moving one occurrence ("move gym next monday to 8am") takes that day off and
adds the moved one on its own; a new time with no day moves every occurrence.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolOutput
from roles.calendar._display import day_phrase, hours, when_said
from roles.calendar._repeats import describe_repeat, occurrence_on, occurrences

if TYPE_CHECKING:
    from roles.calendar.store import CalendarStore, Event

__all__ = ["delete_repeating", "first_day", "move_repeating", "repeat_phrase"]


def repeat_phrase(event: Event, today: datetime) -> str:
    """How a repeating event reads: "every Monday, 07:00-08:00, from Mon 9 Mar"."""
    when = "(all day)" if event.all_day else f"{hours(event)},"
    first = day_phrase(event.start.date(), today.date()).removeprefix("on ")
    said = f"{describe_repeat(event)}, {when.rstrip(',')}, from {first}"
    if event.until:  # "... from Mon 9 Mar to Mon 25 May": its last one
        end = datetime.combine(date.fromisoformat(event.until), time.max, event.start.tzinfo)
        last = occurrences(event, event.start, end)[-1:]
        when_last = last[0].start.date() if last else date.fromisoformat(event.until)
        said += f" to {day_phrase(when_last, today.date()).removeprefix('on ')}"
    return said


def first_day(begin: datetime, rule: str, now: datetime) -> datetime:
    """The first occurrence of a new repeating event, not past.

    `begin`, or the first day after it that the rule takes ("every weekday at 9" said on a
    Saturday: Monday).
    """
    from roles.calendar.store import Event

    probe = Event(0, "", "", "", begin, begin + timedelta(hours=1), repeat=rule)
    for ahead in range(15):
        found = occurrence_on(probe, begin.date() + timedelta(days=ahead))
        if found is not None and found.start >= now:
            return found.start
    return begin


async def delete_repeating(
    store: CalendarStore, found: Event, series: bool, now: datetime
) -> ToolOutput:
    """One occurrence taken off, or the whole series deleted, or asked which."""
    repeats = describe_repeat(found)
    if found.occurrence and not series:
        await store.skip(found)
        return ToolOutput(
            data=found.as_data(),
            display=f"Deleted {found.title!r} {when_said(found, now.date())}; it still repeats "
            f"{repeats}.",
        )
    if not series:
        name = found.title.lower()
        raise ToolExecutionError(
            f"{found.title!r} repeats {repeats}: say 'cancel {name} next {_day_name(found)}' for "
            f"one day, or 'delete the {name} series' for all of them.",
            code=ErrorCode.NEEDS_INPUT,
        )
    await store.delete(found.id)
    return ToolOutput(
        data=found.as_data(),
        display=f"Deleted {found.title!r} ({repeats}) and all its repeats.",
    )


def _day_name(event: Event) -> str:
    return f"{event.start:%A}".lower()


async def move_repeating(
    store: CalendarStore, current: Event, begin: datetime, finish: datetime, now: datetime
) -> ToolOutput:
    """One occurrence moved on its own, or every occurrence to a new time of day."""
    if current.occurrence:
        await store.skip(current)
        moved = await store.add(
            current.user, current.title, begin, finish, location=current.location
        )
        return ToolOutput(
            data=moved.as_data(),
            display=f"Moved {current.title!r} {when_said(current, now.date())} only: now "
            f"{when_said(moved, now.date())}; it still repeats {describe_repeat(current)}.",
        )
    if begin.date() != current.start.date():
        raise ToolExecutionError(
            f"{current.title!r} repeats {describe_repeat(current)}: say a new time to move all "
            f"of them, or the day of the one to move.",
            code=ErrorCode.NEEDS_INPUT,
        )
    changed = await store.update(current.id, start=begin, end=finish)
    return ToolOutput(
        data=changed.as_data(),
        display=f"Moved {current.title!r}: {repeat_phrase(changed, now)}.",
    )

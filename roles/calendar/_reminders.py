"""A listing of a period also names the reminders due in it (`roles.calendar.tools`).

The timer role keeps the reminders ("remind me to call mom tomorrow at 9"); a calendar question
for a day or a period ("what's on tomorrow", "what do i have this week") lists them after the
events, the way a calendar app shows both: "Tomorrow: 1 event: 18:00-19:00 Yoga. 1 reminder:
09:00 call mom." A question that names reminders ("what are my reminders for this week") lists
the reminders of the period alone (`reminders_listed`: the timer's own listing of them). Read
only: nothing here changes a reminder.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolOutput
from agent_system.routing.slots import format_day, parse_date_range
from agent_system.understanding.locale import format_clock
from roles.calendar._display import period_said
from roles.calendar._times import read_moment
from roles.timer._find import timer_store

if TYPE_CHECKING:
    from agent_system.registry.spec import ToolContext

__all__ = ["agenda_asked", "asked_period", "reminders_listed", "reminders_said"]

_WHOLE = lazy_pattern(r"(?:all\s+)?(?:(?:my|the)\s+)?(?:events?|plans?|things?|stuff|anything)?")


def agenda_asked(query: str) -> bool:
    """Whether a listing's `query` asks for everything ("", "events", "plans").

    Meetings or one event named ask for no reminder.
    """
    return _WHOLE.fullmatch(query.strip().lower()) is not None


async def reminders_said(ctx: ToolContext, begin: datetime, finish: datetime, one_day: bool) -> str:
    """The reminders due in [begin, finish) as a sentence, else "".

    " 2 reminders: 09:00 call mom; 17:00 buy milk." (each with its day over more than a day).
    """
    timers = await timer_store(ctx).list_timers(ctx.user or "")
    due = [
        t
        for t in timers
        if t.kind == "reminder" and t.due_at is not None and begin <= t.due_at < finish
    ]
    if not due:
        return ""
    items = []
    for one in due:
        assert one.due_at is not None
        moment = format_clock(one.due_at.astimezone(begin.tzinfo))
        day = "" if one_day else f"{format_day(one.due_at.astimezone(begin.tzinfo).date())} "
        items.append(f"{day}{moment} {one.message or one.label or 'reminder'}")
    count = f"{len(due)} reminder{'s' if len(due) != 1 else ''}"
    return f" {count}: " + "; ".join(items) + "."


def asked_period(period: str, start: str, end: str, now: datetime) -> tuple[datetime, datetime]:
    """[begin, finish) of a listing: `start` (and `end`, default a day later), else `period`."""
    if start.strip():
        begin, _ = read_moment(start, now, "a start date")
        finish = read_moment(end, now, "an end date")[0] if end.strip() else begin + timedelta(1)
        return begin, finish
    found = parse_date_range(period, now)
    if found is None:
        raise ToolExecutionError(
            f"I couldn't read {period!r} as a period; try 'today', 'this week' or 'next monday'.",
            code=ErrorCode.NEEDS_INPUT,
        )
    return found


async def reminders_listed(ctx: ToolContext, period: str, start: str, end: str) -> ToolOutput:
    """The reminders due in the period (every pending one when none is given), timer-style.

    "You have 2: reminder for tomorrow at 09:00: call mom; ...", "You have no reminders today."
    """
    from roles.timer import tools as timer_tools

    if not start.strip() and not period.strip():
        return await timer_tools.list_timers(ctx, kind="reminder")
    now = ctx.runtime.clock.now()
    begin, finish = asked_period(period, start, end, now)
    whole_day = finish - begin == timedelta(days=1) and begin.time() == time(0)
    when = begin.date().isoformat() if whole_day else f"{begin.isoformat()}/{finish.isoformat()}"
    listed = await timer_tools.list_timers(ctx, kind="reminder", when=when)
    if listed.data:
        return listed
    label = period_said(begin, finish, now)[1]
    return ToolOutput(data=[], display=f"You have no reminders {label}.")

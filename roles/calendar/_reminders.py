"""A listing of a period also names the reminders due in it (`roles.calendar.tools`).

The timer role keeps the reminders ("remind me to call mom tomorrow at 9"); a calendar question
for a day or a period ("what's on tomorrow", "what do i have this week") lists them after the
events, the way a calendar app shows both: "Tomorrow: 1 event: 18:00-19:00 Yoga. 1 reminder:
09:00 call mom." Questions that name reminders ("what are my reminders for this week") stay the
timer's (`timer.list`). Read only: nothing here changes a reminder.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system.routing.slots import format_day
from agent_system.understanding.locale import format_clock
from roles.timer._find import timer_store

if TYPE_CHECKING:
    from datetime import datetime

    from agent_system.registry.spec import ToolContext

__all__ = ["agenda_asked", "reminders_said"]

_WHOLE = re.compile(r"(?:all\s+)?(?:(?:my|the)\s+)?(?:events?|plans?|things?|stuff|anything)?")


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

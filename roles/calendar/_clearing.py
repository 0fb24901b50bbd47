"""A period cleared by `calendar.delete` with `start`/`end`, and the question asked first.

"clear my friday", "clear my calendar": two or more events go only after a yes.

An occurrence of a repeating event in the period is taken off that day; "everything from now on"
deletes a repeating event whole (counted once).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from agent_system.registry.spec import Approval, ToolOutput
from roles.calendar._clear import FROM_NOW_ON
from roles.calendar._display import hours, period_said, when_said
from roles.calendar._times import read_moment

if TYPE_CHECKING:
    from roles.calendar.store import CalendarStore, Event

__all__ = ["clear", "clear_question", "clears_a_period"]


def clears_a_period(arguments: Mapping[str, Any]) -> bool:
    """Whether a `calendar.delete` call clears a period (it may ask first)."""
    return bool(str(arguments.get("start") or "").strip())


async def _going(
    store: CalendarStore, user: str, start: str, end: str, now: datetime
) -> tuple[list[Event], str, bool]:
    """(the events that go, how the period reads, whether it is everything from now on)."""
    begin, _ = read_moment(start, now, "a start date")
    finish = read_moment(end, now, "an end date")[0] if end.strip() else begin + timedelta(1)
    events = await store.between(user, begin, finish)
    whole = finish - begin >= FROM_NOW_ON and abs(begin - now) <= timedelta(days=1)
    if whole:  # a repeating event goes whole, once
        firsts: dict[int, Event] = {}
        for event in events:
            firsts.setdefault(event.id, event)
        events = list(firsts.values())
    label = "from now on" if whole else period_said(begin, finish, now)[1]
    return events, label, whole


async def clear_question(
    store: CalendarStore, user: str, start: str, end: str, now: datetime
) -> Approval:
    """Before a period is cleared: the question, when two or more events would go.

    "This deletes 5 events from Mon 30 Nov to Sun 6 Dec. Go ahead?"; none or one: no question.
    """
    if not start.strip():
        return Approval(needed=False)
    events, label, _ = await _going(store, user, start, end, now)
    if len(events) < 2:
        return Approval(needed=False)
    question = f"This deletes {len(events)} events {label}. Go ahead?"
    return Approval(question, declined="OK, nothing was deleted.")


async def clear(store: CalendarStore, user: str, start: str, end: str, now: datetime) -> ToolOutput:
    """Every event from `start` to `end` deleted; the reply names them."""
    events, label, whole = await _going(store, user, start, end, now)
    if not events:
        return ToolOutput(data=[], display=f"Nothing to clear: your calendar is empty {label}.")
    for event in events:
        if event.repeat and not whole:
            await store.skip(event)  # that day of it
        else:
            await store.delete(event.id)
    begin, _ = read_moment(start, now, "a start date")
    finish = read_moment(end, now, "an end date")[0] if end.strip() else begin + timedelta(1)
    one_day = period_said(begin, finish, now)[0]
    gone = ", ".join(
        f"{e.title!r} ({'all day' if e.all_day else hours(e)})"
        if one_day
        else f"{e.title!r} ({when_said(e, now.date())})"
        for e in events
    )
    count = f"{len(events)} event{'s' if len(events) != 1 else ''}"
    return ToolOutput(
        data=[e.as_data() for e in events],
        display=f"Cleared {label.removeprefix('on ')}: deleted {count}: {gone}.",
    )

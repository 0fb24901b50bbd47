"""One event's details, asked right after it was named.

"when is it", "where is it", "who is coming", "how long is it", "what time does it end"
(`calendar.list` with `event` and `detail`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import format_duration
from agent_system.understanding.locale import format_clock
from roles.calendar._display import day_phrase, when_said

if TYPE_CHECKING:
    from datetime import date

    from roles.calendar.store import Event

__all__ = ["DETAILS", "about"]

DETAILS = ("when", "where", "who", "length", "end")
"""What can be asked about one event."""

_WITH = lazy_pattern(r"\bwith\s+(?P<who>.+)$", re.IGNORECASE)


def about(event: Event, detail: str, today: date) -> str:
    """The one plain sentence answering `detail` about `event`."""
    name, when = repr(event.title), when_said(event, today)
    if detail == "where":
        if event.location:
            return f"{name} is at {event.location} ({when})."
        return f"{name} ({when}) has no place on your calendar."
    if detail == "who":
        found = _WITH.search(event.title)
        if found is None:
            return f"{name} ({when}) names nobody else; your calendar keeps no guest list."
        return f"{name} ({when}) is with {found['who']}; your calendar keeps no other guest list."
    if detail == "length":
        if event.all_day:
            return f"{name} lasts all day ({when})."
        length = format_duration(event.end - event.start)
        return f"{name} lasts {length} ({when})."
    if detail == "end":
        if event.all_day:
            return f"{name} lasts all day ({when})."
        day = day_phrase(event.end.date(), today)
        return f"{name} ends {day} at {format_clock(event.end)}."
    return f"{name} is {when}."

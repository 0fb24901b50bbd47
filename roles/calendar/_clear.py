"""A day cleared from the calendar.

"clear my friday", "wipe my schedule for tomorrow", "cancel everything on thursday", "free up my
afternoon tomorrow", "clear my day" (today), "cancel everything next week": every event of that
day (or that part of it, or that week) is deleted in one call (`calendar.delete` with
`start`/`end`, which asks the user first when two or more events would go); a clear-out of the
calendar naming no day ("clear my calendar", "delete all my meetings") is everything from now on.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall
from agent_system.understanding._daytime import day_window
from agent_system.understanding._slots import parse_date_range, strip_when

if TYPE_CHECKING:
    from datetime import datetime

__all__ = ["CLEAR_DAY", "FROM_NOW_ON", "WHICH_DAY_TO_CLEAR", "cleared_day", "clears_a_day"]

WHICH_DAY_TO_CLEAR = "Which day should I clear?"

FROM_NOW_ON = timedelta(days=5 * 366)
"""A clear-out this long from now is "everything from now on" ("clear my calendar")."""

_DAYS = (
    r"(?:today|tonight|tomorrow|(?:this|next)\s+(?:week|weekend)|(?:the\s+)?weekend"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
)
CLEAR_DAY = lazy_pattern(
    r"^(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?(?:"
    r"(?:clear|clean|wipe|empty|free\s+up)(?:\s+(?:out|off|up))?"
    r"(?:\s+everything(?:\s+(?:i\s+have|i've\s+got))?)?(?:\s+(?:all\s+(?:of\s+)?)?(?:my|the))?"
    rf"(?:\s+(?:whole|entire))?(?:\s+{_DAYS}(?:'s)?)?(?:\s+(?:day|morning|afternoon|evening|night"
    r"|week|weekend|schedule|calendar|diary|agenda|plans)\b)?"
    r"|(?:cancel|delete|remove|scrap|drop|wipe|get\s+rid\s+of)(?:\s+out)?\s+(?:everything"
    r"|all\s+(?:of\s+)?(?:my\s+)?"
    r"(?:plans|events|meetings|appointments|appts))(?:\s+(?:i\s+have|i've\s+got|planned|scheduled))?"
    r")(?P<rest>(?:\s+.*)?)$",
    re.IGNORECASE,
)
"""A clear-out of a day or part of one (`rest`: the day or its part said after it, if any)."""
_REST = lazy_pattern(
    r"^(?:\s*(?:on|off|for|of|from|in|my|the|calendar|schedule|diary|agenda|day|please|out|up)\b)*"
    r"\s*(?P<day>.*?)(?:\s+(?:please|for\s+me|then))?\s*[.!?]*$",
    re.IGNORECASE,
)


_BOUND = lazy_pattern(r"\b(?:after|before|from|until|till|since|between|at|by)\b")
_LEFT = lazy_pattern(
    r"\b(?:this|next|the|whole|entire|week|weekend|morning|afternoon|evening|night|please|of|on"
    r"|for|all|day)\b"
)


def cleared_day(said: str, now: datetime) -> RoleCall | Clarification | None:
    """The call clearing the day `said` (normalized) names.

    A question when it names none; None when `said` clears no day ("clear the dentist
    appointment").
    """
    found = CLEAR_DAY.match(said)
    if found is None:
        return None
    head = said[: found.start("rest")]
    day = rest["day"] if (rest := _REST.match(found["rest"])) else ""
    if _LEFT.sub(" ", strip_when(day)).strip():
        return None  # "clear today's items from my to do list": not a day of the calendar
    named_day = re.search(_DAYS, head, re.IGNORECASE)
    words = f"{named_day[0]} {day}".strip() if named_day else day
    if not words:
        if week := re.search(r"\b(?:week|weekend)\b", head):
            words = f"this {week[0]}"  # "clear my week"
        elif re.search(r"\b(?:day|morning|afternoon|evening|night|tonight)\b", head):
            words = "today"  # "clear my day", "free up my afternoon"
        elif _CALENDAR.search(said):  # "clear my calendar", "delete all my meetings"
            start, end = now.isoformat(), (now + FROM_NOW_ON).isoformat()
            return RoleCall("calendar.delete", {"start": start, "end": end})
        else:
            return Clarification(WHICH_DAY_TO_CLEAR, missing=("date",))
    span = parse_date_range(re.sub(r"^(?:the\s+)?weekend$", "this weekend", words), now)
    if span is None:
        return None  # "clear the dentist appointment": an event, not a day
    part = day_window(f"{head} {words}", span[0]) if span[1] - span[0] <= timedelta(1) else None
    if part is None and _BOUND.search(words):
        return None  # "after seven pm" read as no window: never clear more than was asked
    span = part or span
    start, end = (moment.isoformat() for moment in span)
    return RoleCall("calendar.delete", {"start": start, "end": end})


_CALENDAR = lazy_pattern(
    r"\b(?:calendar|schedule|diary|agenda|plans|events|meetings|appointments)\b"
)


def clears_a_day(said: str, now: datetime) -> bool:
    """Whether `said` (normalized) clears a day of the calendar.

    "clear my friday", "clean my calendar"; not "clear everything" (a list, a timer...), which
    names no day or calendar.
    """
    found = cleared_day(said, now)
    if isinstance(found, RoleCall):
        return True
    return found is not None and _CALENDAR.search(said) is not None

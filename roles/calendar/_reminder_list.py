"""Questions about the reminders, asked of the calendar (`roles.calendar.role`).

"what are my reminders for this week", "do i have any reminders pending", "show today's
reminders": the calendar lists the reminders due in the period asked (every pending one when no
period is said), the way a calendar app shows them beside the events, and only them (an event
asked about by no one is left out). The timer keeps the reminders and reads the question
(`roles.timer`); this turns its reading into the calendar's listing. Counting them ("how many
reminders") and anything about timers or alarms stay the timer's.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from roles.calendar._reading import asked_plainly, asks_reminders, strip_courtesy

if TYPE_CHECKING:
    from agent_system.runtime import Runtime

__all__ = ["reminder_listing", "reminder_question"]

_QUESTION_KEYS = frozenset({"kind", "when", "target"})
_NOBODY = lazy_pattern(r"(?:me|my|mine|for me)?", re.IGNORECASE)
_SPAN = lazy_pattern(r"^(?P<a>\d{4}-\d{2}-\d{2}T[^/]+)/(?P<b>\d{4}-\d{2}-\d{2}T[^/]+)$")
_DAY = lazy_pattern(r"^\d{4}-\d{2}-\d{2}$")
_REMINDERS = lazy_pattern(r"\breminders?\b")
_NOT_ASKED_HERE = lazy_pattern(
    r"\b(?:timers?|alarms?|(?:next|first|last)\s+reminder|reminders?\s+list|lists?\s+of)\b"
)
"""Timers, alarms, "my next reminder" (`roles.timer._stage`) and "my reminder list" are the
timer's to claim."""
_WHEN_DUE = lazy_pattern(
    r"\b(?:pending|outstanding|upcoming|up\s*coming|coming\s+up|left|due|today|tonight|tomorrow"
    r"|this|next|week|weekend|month|morning|afternoon|evening|(?:mon|tues|wednes|thurs|fri|satur"
    r"|sun)days?)\b"
)
"""When the reminders asked about are due: a period, or still to come."""


def reminder_question(said: str, runtime: Runtime) -> bool:
    """Whether `said` (normalized) asks which reminders are due in a period or still to come.

    "any reminders tomorrow?", "what are the upcoming reminders": the calendar lists them.
    """
    said = strip_courtesy(said)
    if not _REMINDERS.search(said) or _NOT_ASKED_HERE.search(said) or not asks_reminders(said):
        return False
    if not _WHEN_DUE.search(said):
        return False  # "what reminders have i set": the timer's list
    from roles.timer.role import ROLE as TIMER

    read = TIMER.interpret(asked_plainly(said), {}, runtime, [])
    return isinstance(read, RoleCall) and reminder_listing(read) is not None


def reminder_listing(call: RoleCall) -> RoleCall | None:
    """The calendar's listing for the timer's reading of a question about reminders, or None.

    {"kind": "reminder", "when": "2026-01-06"} lists that day's reminders; a clock time
    ("07:30", any day), a count or a reminder named by its label stay the timer's.
    """
    arguments = call.arguments
    if call.tool != "timer.list" or arguments.get("kind") != "reminder":
        return None
    if set(arguments) - _QUESTION_KEYS or not _NOBODY.fullmatch(str(arguments.get("target", ""))):
        return None
    when = str(arguments.get("when", "")).strip()
    listing: dict[str, object] = {"reminders": True}
    if _DAY.match(when):
        day = date.fromisoformat(when)
        return RoleCall("calendar.list", listing | {"start": day.isoformat()})
    if span := _SPAN.match(when):
        begin, end = datetime.fromisoformat(span["a"]), datetime.fromisoformat(span["b"])
        if end <= begin or end - begin > timedelta(days=400):
            return None
        return RoleCall(
            "calendar.list", listing | {"start": begin.isoformat(), "end": end.isoformat()}
        )
    return RoleCall("calendar.list", listing) if not when else None

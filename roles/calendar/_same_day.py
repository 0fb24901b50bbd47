"""A follow-up that adds an event with a time and no day keeps the day of the turn before.

"add meeting with tom at 2pm tomorrow" ... "and one with sara at 4": "Meeting with sara",
tomorrow at 16:00.

"book yoga at 6pm friday" ... "and dinner at 8": dinner is on Friday at 20:00 (not today);
"what's on my calendar friday" ... "add lunch at 1": lunch on Friday. A day said ("and dinner
tomorrow at 8"), a repeat, or a turn before that was not about one day keep the day as said.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from agent_system.routing.slots import parse_when
from agent_system.understanding import normalize

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["day_before", "keep_the_day"]

_ONE = lazy_pattern(r"(?:another|one(?:\s+more)?|a\s+second\s+one)(?=\s+with\b)", re.I)
_ON_A_DAY = ("calendar.create", "calendar.update", "calendar.list", "calendar.free_time")


def _day_of(call: dict[str, Any]) -> date | None:
    """The one day an earlier calendar call was about, or None."""
    arguments = call.get("arguments") or {}
    tool = call.get("tool")
    if tool == "calendar.free_time":
        arguments = {"start": arguments.get("date", "")}
    if tool not in _ON_A_DAY or arguments.get("repeat"):
        return None
    try:
        start = datetime.fromisoformat(str(arguments.get("start", ""))[:10])
    except ValueError:
        return None
    if tool == "calendar.list":
        try:
            end = datetime.fromisoformat(str(arguments.get("end", "")))
        except ValueError:
            return None
        if end.replace(tzinfo=None) - start > timedelta(days=1):
            return None  # a week listed: no one day
    return start.date()


def day_before(history: list[Turn]) -> date | None:
    """The day the calendar's last turn was about ("add yoga on friday at 6": Friday), or None."""
    if not history or history[-1].role != "calendar" or not history[-1].calls:
        return None
    days = {_day_of(call) for call in history[-1].calls}
    return days.pop() if len(days) == 1 else None


def _said_a_day(text: str, now: datetime) -> bool:
    return any(
        (when := parse_when(said, now)) is not None and when.has_date
        for said in (text, normalize(text))
    )


def _moved(value: Any, old: str, new: str) -> Any:
    said = str(value)
    return new + said[len(old) :] if said.startswith(old) else value


def _kind_before(history: list[Turn]) -> str:
    """What the event the turn before added is ("Meeting with tom": "Meeting"), or ""."""
    if not history or history[-1].role != "calendar":
        return ""
    titles = [
        str((c.get("arguments") or {}).get("title", ""))
        for c in history[-1].calls
        if c.get("tool") == "calendar.create"
    ]
    return titles[-1].split(" with ")[0].strip() if titles else ""


def _one_named(call: RoleCall, history: list[Turn]) -> RoleCall:
    """'and one with sara at 4' after 'add meeting with tom at 2': "Meeting with sara"."""
    title = str(call.arguments.get("title", ""))
    one = _ONE.match(title)
    kind = _kind_before(history) if one else ""
    if one is None or not kind:
        return call
    return RoleCall(call.tool, call.arguments | {"title": kind + title[one.end() :]})


def keep_the_day(call: RoleCall, text: str, history: list[Turn], now: datetime) -> RoleCall:
    """`call` (an event to add) on the day of the turn before, when `text` says no day.

    "one with sara" is named as the one before ("Meeting with sara").
    """
    if call.tool != "calendar.create" or call.arguments.get("repeat"):
        return call
    call = _one_named(call, history)
    day = day_before(history)
    if day is None or _said_a_day(text, now):
        return call
    old = str(call.arguments.get("start", ""))[:10]
    new = day.isoformat()
    said = call.arguments
    moved = {k: _moved(said[k], old, new) for k in ("start", "end") if k in said}
    return RoleCall(call.tool, call.arguments | moved)

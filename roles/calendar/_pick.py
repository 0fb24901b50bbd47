"""A removal that names no event: ask which, listing the next few, and read the answer.

"delete this event", "take out event from calendar", "event remove" with no event in the
conversation: `calendar.delete` with no event asks "Which event should I delete: 'Dentist' (Thu 5
Mar 10:00) or 'Gym' (Fri 6 Mar 07:00)?"; the next turn ("the dentist", "the second one", "the
first", "that one" when one was listed) deletes it. Nothing coming up: it says so.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import format_day
from agent_system.understanding._format import said_together
from agent_system.understanding.locale import format_clock

if TYPE_CHECKING:
    from roles.calendar.store import CalendarStore, Event

__all__ = ["PICK", "picked_answered", "which_to_delete"]

PICK = "Which event should I delete: "
"""How the question listing the next events starts (the answer's turn looks for it)."""
_SHOWN = 3
_LISTED = lazy_pattern(
    r"'(?P<title>.+?)' \((?P<day>today|tomorrow|\w{3} \d{1,2} \w{3})(?: (?P<at>\d\d:\d\d))?\)"
)
_ORDINAL = {
    "first": 0,
    "1st": 0,
    "one": 0,
    "1": 0,
    "earliest": 0,
    "next": 0,
    "second": 1,
    "2nd": 1,
    "two": 1,
    "2": 1,
    "third": 2,
    "3rd": 2,
    "three": 2,
    "3": 2,
}
_BY_ORDER = lazy_pattern(
    r"^(?:(?:um|uh|oh|well|ok|okay)\s+)?(?:the\s+)?(?:(?P<nth>first|1st|second|2nd|third|3rd|"
    r"earliest|next|last)(?:\s+(?:one|event))?|(?:number|no\.?|#)\s*(?P<num>[123]|one|two|three)"
    r"|(?P<this>that\s+one|this\s+one|that|it|yes|yeah|yep|sure|ok|okay))[\s.!]*$",
    re.IGNORECASE,
)
_NOT_AN_ANSWER = lazy_pattern(
    r"^(?:what|when|where|who|how|why|is|are|do|does|can|could|will|would|set|add|turn|play|"
    r"cancel|never\s*mind|nothing|none|no|nope|forget|neither|all|both|don't|stop)\b",
    re.IGNORECASE,
)


def _shown(event: Event, now: datetime) -> str:
    day = event.start.date()
    said = (
        "today"
        if day == now.date()
        else "tomorrow"
        if day == now.date() + timedelta(days=1)
        else format_day(day)
    )
    at = "" if event.all_day else f" {format_clock(event.start)}"
    return f"'{event.title}' ({said}{at})"


async def which_to_delete(store: CalendarStore, user: str, now: datetime) -> str:
    """The question naming the next few events, or that nothing is coming up."""
    coming = [e for e in await store.between(user, now, now + timedelta(days=365)) if e.end > now]
    if not coming:
        return "Your calendar has nothing coming up to delete."
    shown = [_shown(e, now) for e in coming[:_SHOWN]]
    listed = said_together(shown, "or")
    return f"{PICK}{listed}?"


def picked_answered(text: str, history: list[Any]) -> str | None:
    """The removal the answer `text` asks for, when the turn before listed events to pick from.

    "the dentist" -> "delete the dentist"; "the second one" -> the second listed, by its title,
    day and hour; a question, a new request or a "no" is no answer (None).
    """
    if not history or history[-1].role != "calendar":
        return None
    reply = str(history[-1].reply).strip()
    if not reply.startswith(PICK):
        return None
    listed = list(_LISTED.finditer(reply))
    answer = text.strip()
    if not listed or not answer or len(answer.split()) > 6 or _NOT_AN_ANSWER.match(answer):
        return None
    if (order := _BY_ORDER.match(answer)) is not None:
        if order["this"] and len(listed) > 1:
            return None
        nth = order["nth"] or order["num"] or "first"
        index = len(listed) - 1 if nth.lower() == "last" else _ORDINAL[nth.lower()]
        return _removal(listed[index]) if index < len(listed) else None
    answer = re.sub(r"^(?:um|uh|oh|well|ok|okay)\s+|[\s.!]+$", "", answer, flags=re.IGNORECASE)
    name = re.sub(r"^(?:the|my|our)\s+|\s+(?:one|event)$", "", answer.lower())
    named = [one for one in listed if name == one["title"].lower()]
    return _removal(named[0]) if len(named) == 1 else f"delete {answer}"


def _removal(listed: re.Match[str]) -> str:
    """The removal of one listed event, by its title, day and hour.

    "delete Gym on Fri 6 Mar at 07:00": that occurrence of a repeating one.
    """
    at = f" at {listed['at']}" if listed["at"] else ""
    day = listed["day"] if listed["day"] in ("today", "tomorrow") else f"on {listed['day']}"
    return f"delete {listed['title']} {day}{at}"

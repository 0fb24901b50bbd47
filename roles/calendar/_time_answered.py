"""Answers to the calendar's "What time is 'Dentist'?", said the way people answer.

"it's at 11 in the morning", "in the morning", "the afternoon", "all day", "it's an all-day
thing", "around 7": the words that say when, joined by the role to the request they answer
(`agent_system.roles.with_previous_turn`). "it's at 11" alone is no event called "It's".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import parse_when, strip_when
from agent_system.understanding import normalize
from roles.calendar._shapes import loose_time

if TYPE_CHECKING:
    from datetime import datetime

__all__ = ["time_answered"]

_ASKED = lazy_pattern(r"^(?:What time is|When is|Which day)\b")
_LEAD = lazy_pattern(
    r"^(?:(?:um|uh|oh|ok|okay|well|so|hmm|yes|yeah|i\s+think|probably|maybe)[\s,]+)*"
    r"(?:(?:it|that|they)(?:'s|\s+is|'ll\s+be|\s+will\s+be|\s+are|'re)\s+|(?:it|that|they)\s+"
    r"(?:starts?|begins?)\s+|make\s+it\s+|let's\s+say\s+|say\s+)?"
)
_ALL_DAY = lazy_pattern(
    r"(?:an?\s+)?all[\s-]day(?:\s+(?:event|thing|long))?|(?:the\s+)?whole\s+day|all\s+of\s+it"
)
_PART = lazy_pattern(
    r"(?:(?:in|during)\s+the\s+|the\s+|early\s+|late\s+)?(?P<part>morning|afternoon|evening|night)"
    r"|tonight"
)


def time_answered(text: str, history: list[Any], now: datetime) -> str | None:
    """The words of `text` that say when, or None.

    Only when `text` answers the calendar's question of the turn before ("What time is ...?",
    "When is ...?", "Which day ... is ...?").
    """
    if not history:
        return None
    last = history[-1]
    if last.role != "calendar" or last.calls or not _ASKED.match(last.reply.strip()):
        return None
    said = _LEAD.sub("", normalize(text).strip(" .!?"), count=1)
    if _ALL_DAY.fullmatch(said):
        return "all day"
    if found := _PART.fullmatch(said):
        return f"in the {found['part']}" if found["part"] else "tonight"
    said = loose_time(said)  # "around 7", "half six"
    if parse_when(said, now) is None:
        return None
    rest = strip_when(said).strip(" ,.")
    return said if rest in ("", "at", "on", "in the", "the", "for") else None

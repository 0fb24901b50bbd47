"""Answers to the timer role's own questions, said the short way.

A clock time said bare after "What time should the alarm go off?" (or "What time on Tue 3 Mar
...", "What time should I move the alarm to?", "When should I remind you?"): "six thirty", "7",
"seven please", "6 30 am", "half six" are that time ("at 6:30"). And after "What should I remind
you about?", an answer that says only when ("in an hour", "tomorrow at 9") is read with the
request it answers: it is the reminder's time, never a timer of its own. So is a time said
after the role asked when ("What time should the alarm go off?" ... "in 20 minutes": the alarm
rings in 20 minutes; "When should I remind you?" ... "in an hour").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize
from agent_system.understanding._labels import only_when

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["answer_said", "clock_answer", "message_asked", "time_asked"]

_ASKS_TIME = lazy_pattern(
    r"^(?:What time (?:on .+ )?should (?:the|I move the) .+\?|When should I remind you\?)$"
)
_BARE = lazy_pattern(
    r"^(?:(?:ok|okay|um|uh|erm|well|let'?s\s+say|make\s+it|how\s+about|at|for|around|about)\s+)*"
    r"(?P<h>\d{1,2})(?:[: ](?P<m>[0-5]\d))?(?:\s*(?P<ap>[ap])\.?\s?m\.?|\s+o'?clock"
    r"|\s+(?P<part>in\s+the\s+(?:morning|afternoon|evening)|tonight))?"
    r"(?:\s+(?:please|thanks|thank\s+you))?[.!]?$"
)
_LEAD = lazy_pattern(
    r"^(?:(?:ok|okay|well|um|uh|erm|oh|yes|yeah|so|then|actually|maybe|just|say|let'?s\s+say"
    r"|let\s+us\s+say|let'?s\s+make\s+it|let'?s\s+do|how\s+about|what\s+about"
    r"|make\s+(?:it|that)|do|it'?s|it\s+is)\s*,?\s+)+"
)
_TAIL = lazy_pattern(r"(?:\s*,?\s+(?:please|thanks|thank\s+you|then))+[.!]?$")


def answer_said(text: str, history: list[Turn]) -> str:
    """`text` said as a bare answer ("make it tomorrow at 10": "tomorrow at 10").

    Only when the timer role just asked when (or what to remind of) and what is left says only
    when ("how about friday at noon please"); else `text` as it was.
    """
    if not history:
        return text
    last = history[-1]
    asked = last.reply.strip()
    if last.role != "timer" or last.calls:
        return text
    if _ASKS_TIME.match(asked) is None and asked != "What should I remind you about?":
        return text
    bare = _TAIL.sub("", _LEAD.sub("", normalize(text).strip(), count=1)).strip()
    return bare if bare and bare != normalize(text).strip() and only_when(bare) else text


def clock_answer(text: str, history: list[Turn]) -> str | None:
    """The time a bare answer says ("six thirty": "at 6:30") after the timer asked for one."""
    if not history:
        return None
    last = history[-1]
    if last.role != "timer" or last.calls or _ASKS_TIME.match(last.reply.strip()) is None:
        return None
    found = _BARE.match(normalize(text).strip())
    if found is None or not 0 <= int(found["h"]) <= 23:
        return None
    clock = f"{int(found['h'])}:{found['m'] or '00'}"
    if found["ap"]:
        clock += f" {found['ap']}m"
    elif found["part"]:
        clock += f" {found['part']}"
    return f"at {clock}"


def message_asked(history: list[Turn], asked: str, text: str) -> Turn | None:
    """The timer turn just before, when it asked `asked` and `text` answers only when.

    "What should I remind you about?" ... "in an hour", "tomorrow at 9".
    """
    if not history or not only_when(normalize(text)):
        return None
    last = history[-1]
    if last.role != "timer" or last.calls or last.reply.strip() != asked:
        return None
    return last


def time_asked(history: list[Turn], text: str) -> Turn | None:
    """The timer turn just before, when it asked what time and `text` answers only when.

    "What time should the alarm go off?" ... "in 20 minutes": the alarm's time, not a timer.
    """
    if not history or not only_when(normalize(text)):
        return None
    last = history[-1]
    if last.role != "timer" or last.calls or _ASKS_TIME.match(last.reply.strip()) is None:
        return None
    return last

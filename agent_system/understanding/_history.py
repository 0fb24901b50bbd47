"""The turns a follow-up looks back at: a turn that was not understood is skipped.

"what time is it in tokyo" ... "blah blah" (not understood) ... "and in london?" is still a
follow-up of the time in Tokyo, and "set a timer for 10 minutes" ... a miss ... "cancel it"
still cancels that timer: every role's frame reads the last turns it finds here, so one
not-understood turn does not break the thread.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import CANNOT_OFFLINE

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["NOTHING_BEFORE", "follows_nothing", "not_understood", "understood"]

NOTHING_BEFORE = "Sorry, I'm not sure what that refers to. Could you say the whole request?"
"""The reply to a bare follow-up ("and in Boston?", "make it 10") with nothing before it."""
_FOLLOW_UP = lazy_pattern(
    r"^(?:(?:ok|okay|so|then|now|but)[\s,]+)*(?:and|also|(?:what|how)\s+about|what\s+of"
    r"|(?:the\s+)?same\s+(?:again|for|with|thing)|(?:do|try)\s+(?:that|it|the\s+same)\s+again"
    r"|(?:once\s+)?again|one\s+more\s+time|make\s+it)\b",
    re.IGNORECASE,
)


def not_understood(turn: Turn) -> bool:
    """True for a turn nothing understood: no role took it and nothing ran, or its whole
    reply was the plain "I can't do that offline ..." (a chat role's catch-all too)."""
    return (not turn.role and not turn.calls) or turn.reply.strip() == CANNOT_OFFLINE


def understood(history: Sequence[Turn]) -> list[Turn]:
    """`history` without the turns that were not understood, in order."""
    return [turn for turn in history if not not_understood(turn)]


def follows_nothing(text: str, history: Sequence[Turn]) -> bool:
    """Whether `text` only follows up and nothing understood came before it in the thread.

    "and in Boston?", "what about tomorrow?", "make it 10", "same again" as a thread's first
    words (or after misses only).
    """
    said = " ".join(text.split())
    if understood(history) or len(said.split()) > 8:
        return False
    return _FOLLOW_UP.match(said) is not None

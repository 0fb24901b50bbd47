"""The turns a follow-up looks back at: a turn that was not understood is skipped.

"what time is it in tokyo" ... "blah blah" (not understood) ... "and in london?" is still a
follow-up of the time in Tokyo, and "set a timer for 10 minutes" ... a miss ... "cancel it"
still cancels that timer: every role's frame reads the last turns it finds here, so one
not-understood turn does not break the thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from agent_system.roles import CANNOT_OFFLINE

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["not_understood", "understood"]


def not_understood(turn: Turn) -> bool:
    """True for a turn nothing understood: no role took it and nothing ran, or its whole
    reply was the plain "I can't do that offline ..." (a chat role's catch-all too)."""
    return (not turn.role and not turn.calls) or turn.reply.strip() == CANNOT_OFFLINE


def understood(history: Sequence[Turn]) -> list[Turn]:
    """`history` without the turns that were not understood, in order."""
    return [turn for turn in history if not not_understood(turn)]

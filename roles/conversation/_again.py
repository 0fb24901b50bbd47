"""One more joke: "another one" right after a joke tells the next joke, not the fallback.

Only the turn just before counts (past a laugh or "i don't get it" about the joke): its reply
was one of the jokes (or its request asked for one),
and the new request is a bare "another one", "one more", "tell me another", "again".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["ANOTHER_JOKE", "wants_another_joke"]

ANOTHER_JOKE = "tell me another joke"
"""What a bare "another one" after a joke asks for."""

_AGAIN = lazy_pattern(
    r"^(?:(?:ok|okay|ha|haha|hahaha|lol|nice|good\s+one|that's\s+(?:funny|good)|and|now|"
    r"please|go\s+on)[\s,!.]+)*"
    r"(?:(?:tell|give)\s+(?:me|us)\s+)?(?:another(?:\s+(?:one|joke))?|one\s+more(?:\s+joke)?|"
    r"more|again|(?:do|say)\s+another(?:\s+one)?|(?:tell|give)\s+(?:me|us)\s+one\s+more)"
    r"(?:\s+(?:please|then))?[\s!?.]*$",
    re.IGNORECASE,
)


def wants_another_joke(text: str, history: list[Turn]) -> bool:
    """The request asks for one more joke right after one was told."""
    if not history or _AGAIN.match(text.strip()) is None:
        return False
    from roles.conversation._acts import JOKE_TALK
    from roles.conversation.tools import JOKES, classify

    turns = list(history)
    while len(turns) > 1 and turns[-1].reply in JOKE_TALK:  # "haha" ... "another one"
        turns.pop()
    last = turns[-1]
    return last.reply in JOKES or classify(last.text) == "joke"

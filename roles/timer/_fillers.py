"""Politeness and fillers are never part of a name or a message.

"timer for twenty minutes please" is a timer with no name (it was called 'please'), "set a
timer for five minutes will you", "set a reminder to call mom at 5pm for me" ("call mom"),
"start a 5 minute timer real quick", "an alarm for 7 ok thanks".
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = ["without_fillers"]

_FILLER = (
    r"(?:please|pls|plz|thanks|thank\s+you|thanks\s+a\s+lot|thank\s+you\s+(?:so|very)\s+much"
    r"|cheers|ta|ok|okay|alright|now|right\s+now|for\s+(?:me|us)|will\s+you|would\s+you"
    r"|can\s+you|could\s+you|if\s+you\s+(?:can|could|would|will|don'?t\s+mind|please)"
    r"|real\s+quick|quickly|quick|asap|straight\s+away|right\s+away|mate|buddy|pal|then|just"
    r"|already|again|as\s+well|too|starting\s+(?:now|from\s+now))"
)
_ASKING = (
    r"(?:please|pls|for\s+(?:me|us)|will\s+you|would\s+you|can\s+you|could\s+you"
    r"|if\s+you\s+(?:can|could|would|will|don'?t\s+mind|please))"
)
"""The fillers a message can end with: no "thanks" ("remind me to say thanks")."""
_TRAILING = lazy_pattern(rf"(?:[\s,]+{_FILLER})+$", re.IGNORECASE)
_ASKED = lazy_pattern(rf"(?:[\s,]+{_ASKING})+$", re.IGNORECASE)
_LEADING = lazy_pattern(rf"^(?:{_FILLER}[\s,]+)+", re.IGNORECASE)
_ONLY = lazy_pattern(rf"^(?:(?:me|us|{_FILLER})[\s,]*)+$", re.IGNORECASE)


def without_fillers(said: str, *, message: bool = False) -> str:
    """`said` (a name, or a reminder's `message`) without the politeness around it.

    "" when that is all. A message keeps what could be its own words ("say thanks").
    """
    text = said.strip(" ,.!?")
    if _ONLY.match(text):
        return ""
    if message:
        return _ASKED.sub("", text).strip(" ,.!?")
    return _LEADING.sub("", _TRAILING.sub("", text)).strip(" ,.!?")

"""A list add said once, carried to the next clause (`item_again`).

"add milk to my shopping list and call mom to my to do list": "call mom" opens like a request of
its own, but "to my to do list" says it is an item: "add call mom to my to do list". (Two events
said with one verb, "add dentist tomorrow at 3pm and gym friday at 7am", stay one clause: the
calendar role reads both, `roles/calendar/_several.py`.)
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = ["item_again"]

_LIST_ADD = lazy_pattern(
    r"^(?P<verb>(?:please\s+)?(?:add|put|write|stick|pop|throw|jot|include))\s+.+?\s+"
    r"(?:to|on|onto|in|into)\s+(?:my|the|our)\s+(?:[\w'-]+\s+){0,3}?lists?$",
    re.IGNORECASE,
)
_TO_A_LIST = lazy_pattern(
    r"^(?P<item>.+?)\s+(?:to|on|onto|in|into)\s+(?:my|the|our)\s+(?:[\w'-]+\s+){0,3}?lists?$",
    re.IGNORECASE,
)
_LIST_VERB = lazy_pattern(
    r"^(?:please\s+)?(?:add|put|write|stick|pop|throw|jot|include|remove|take|cross|move|delete"
    r"|copy|transfer|show|read|what|which|is|are|do|does|create|make|start|clear|empty)\b",
    re.IGNORECASE,
)


def item_again(piece: str, before: str) -> str | None:
    """ "call mom to my to do list" after "add milk to my shopping list" -> "add call mom to my
    to do list": an item for another list, the add verb said once; None when `piece` names no
    list or has a list verb of its own."""
    done = _LIST_ADD.match(before.strip())
    target = _TO_A_LIST.match(piece.strip())
    if done is None or target is None or _LIST_VERB.match(target["item"]):
        return None
    return f"{done['verb']} {piece.strip()}"

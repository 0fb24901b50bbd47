"""What a clause asks a role to do, in the words tools are named with.

"remove my 7am alarm" asks for a cancel, "any alarms tomorrow?" for a list, "make the lights
green" for a color: `with_actions` adds those words to a clause before a role's own tools are
ranked for it (`_selection.choose_tools`), so the role's cancel tool is not outranked by its
alarm tool only because the clause says "alarm". English only, like the rest of the product.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = ["with_actions"]


_ACTIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (lazy_pattern(pattern, re.IGNORECASE), words)
    for pattern, words in (
        (
            r"\b(?:remove|delete|clear|erase|stop|cancel|drop|dismiss|disable|unset|kill|"
            r"no\s+longer|get\s+rid|take\s+(?:off|out|away)|turn\s+off|switch\s+off|"
            r"don'?t\s+need|scrap|wipe)\b",
            "cancel delete remove",
        ),
        (
            r"^(?:(?:please|hey|can\s+you|could\s+you)\s+)*(?:what|what's|whats|which|when|"
            r"where|how|is|are|am|was|were|do|does|did|have|has|any|check|show|list|read|tell|"
            r"confirm|give\s+me|let\s+me\s+know)\b|\b(?:any|status|pending|upcoming|left)\b",
            "list show get state current",
        ),
        (
            r"\b(?:change|reschedule|push|shift|postpone|move|delay|bring\s+forward)\b",
            "move update",
        ),
        (r"\b(?:rename|reword|call\s+it)\b", "reword rename"),
        (r"\b(?:add|put|append|include)\b", "add"),
        (r"\b(?:roomba|hoover|vacuum|clean(?:ing|er)?)\b", "vacuum"),
        (
            r"\b(?:red|green|blue|yellow|orange|purple|pink|white|warm|cool|colou?rs?|mood|"
            r"romantic)\b",
            "color",
        ),
        (r"\b(?:dark|darker|bright|brighter|dim|dimmer|lights?\s+(?:up|down))\b", "brightness"),
        (r"\b(?:louder|quieter|quiet|loud|mute|unmute|volume)\b", "volume"),
        (r"\b(?:new|create|make|start)\b", "create"),
    )
)


def with_actions(clause: str) -> str:
    """`clause` and the tool words of the actions it asks for (see `_ACTIONS`)."""
    extra = [words for pattern, words in _ACTIONS if pattern.search(clause)]
    return " ".join([clause, *extra])

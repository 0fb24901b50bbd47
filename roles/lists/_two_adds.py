"""Two adds in one request, each onto its own list.

"add milk to shopping and batteries to the todo list", "put eggs on the shopping list and call
the bank on my to-do list": milk goes on the shopping list, batteries on the to-do list (the
whole "milk to shopping" was one item on the to-do list). The first list needs the word "list"
unless it is one everyone has (shopping, grocery, to-do).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall, RolePlan

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["two_adds"]

_ONTO = r"\s+(?:to|on|onto)\s+(?:the\s+|my\s+|our\s+)?"
_TWO = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|and|also|ok|okay)\s+)*(?:add|put)\s+(?P<a>.+?)"
    rf"{_ONTO}(?P<la>[\w'-]+(?:\s+[\w'-]+)?)(?P<word>\s+list)?\s*,?\s+and\s+(?:(?:add|put)\s+)?"
    rf"(?P<b>.+?){_ONTO}(?P<lb>[\w'-]+(?:\s+[\w'-]+)?)\s+list(?:\s+please)?$",
    re.I,
)
_KNOWN = lazy_pattern(r"^(?:shopping|grocery|groceries|to-?\s?do|todo)$", re.I)


def two_adds(
    text: str, split_items: Callable[[str], list[str]], name: Callable[[str | None], str | None]
) -> RolePlan | None:
    """The two adds "add milk to shopping and batteries to the todo list" means, or None."""
    found = _TWO.match(text.strip())
    if found is None or (not found["word"] and _KNOWN.match(found["la"]) is None):
        return None
    first, second = name(found["la"]), name(found["lb"])
    if not first or not second or first == second:
        return None
    items_a, items_b = split_items(found["a"]), split_items(found["b"])
    if not items_a or not items_b:
        return None
    return RolePlan(
        (
            RoleCall("lists.add", {"items": items_a, "list_name": first}),
            RoleCall("lists.add", {"items": items_b, "list_name": second}),
        )
    )

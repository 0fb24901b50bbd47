"""An item moved from one list to another: taken off where it is, added where it goes.

"move milk to the to do list", "move the charger from my packing list to the shopping list",
"can you move call the bank over to my to-do list": one add that takes the item off the list it
was on (`lists.add`'s `moved_from`), said back as a move.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["move_call"]

_MOVE = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you|and|now|ok|okay|actually|then)\s+)*"
    r"(?:move|transfer|shift)\s+(?P<item>.+?)"
    r"(?:\s+(?:from|off|out\s+of)\s+(?:the\s+|my\s+|our\s+)?(?P<source>[\w' -]+?)(?:\s+list)?)?"
    r"\s+(?:to|onto|on\s+to|into|over\s+to|across\s+to)\s+(?:the\s+|my\s+|our\s+)?"
    r"(?P<target>[\w' -]+?)\s+list(?:\s+(?:instead|please|for\s+me))*$",
    re.I,
)
_NOT_AN_ITEM = lazy_pattern(
    r"^(?:it|that|this|them|those|these|everything|all|the\s+list|my\s+list)$|\b(?:alarm|timer"
    r"|reminder|meeting|event|appointment)s?\b",
    re.I,
)

_NO_LIST = lazy_pattern(r"\b(?:from|off|trash|bin|garbage|rubbish|recycl\w*|junk|deleted)\b", re.I)


def move_call(text: str, name: Callable[[str | None], str | None]) -> RoleCall | None:
    """The two calls "move milk to the to do list" means, or None when it says no such move."""
    found = _MOVE.match(text.strip())
    if found is None:
        return None
    if _NO_LIST.search(found["target"]):
        return None  # "move buying eggs to the trash from my to do list": a removal
    item = re.sub(r"^(?:the|my|our)\s+", "", found["item"].strip(), flags=re.I)
    target = name(found["target"])
    if not item or _NOT_AN_ITEM.search(item) or not target:
        return None
    source = (name(found["source"]) if found["source"] else None) or "any"
    return RoleCall("lists.add", {"items": [item], "list_name": target, "moved_from": source})

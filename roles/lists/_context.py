"""The list a thread is about: "my list" / "the list" after a turn on one list is that list.

"add milk, eggs and bread to my shopping list" ... "how many items are on my list" counts the
shopping list (it counted every list); "what's on the list", "read me my list", "is milk on the
list", "add eggs to my list" work on it too. The list is the one the
thread's latest lists call named, within the last few turns; when that call named none (it
read every list), or the thread has none, "my list" keeps its plain meaning. Taking an item
off is left as it is (the tool finds it on whichever list has it), and so is clearing "my list"
(the only list with items, else the tool asks which).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["last_named", "on_the_list", "talked_about"]

_THE_LIST = lazy_pattern(r"\b(?:my|the|this|that|our)\s+list\b(?!\s+of\b)(?!s)", re.IGNORECASE)
"""One list said without its name ("my list", "the list"; not "my lists", "my list of ...")."""
_ON_ONE = ("lists.show", "lists.add")
_TURNS = 6
"""How many turns back the list talked about may be."""


def talked_about(history: list[Turn]) -> str | None:
    """The list the latest lists call of the last `_TURNS` turns named, or None."""
    for turn in reversed(history[-_TURNS:]):
        for call in reversed(turn.calls or []):
            tool = str(call.get("tool", ""))
            if not tool.startswith("lists."):
                continue
            name = (call.get("arguments") or {}).get("list_name")
            return str(name) if name and tool != "lists.delete" else None
    return None


def last_named(history: list[Turn]) -> str | None:
    """The list the thread's latest lists call naming one named (within `_TURNS` turns).

    "create a packing list" ... "remove the charger" ... "delete the list": the packing list
    (the removal named none; a list deleted since is no list to talk about).
    """
    for turn in reversed(history[-_TURNS:]):
        for call in reversed(turn.calls or []):
            tool = str(call.get("tool", ""))
            name = (call.get("arguments") or {}).get("list_name")
            if tool == "lists.delete":
                return None
            if tool.startswith("lists.") and name:
                return str(name)
    return None


def on_the_list(found: RoleCall, text: str, history: list[Turn]) -> RoleCall:
    """`found` on the list the thread is about, when `text` says "my list" / "the list"."""
    if found.tool not in _ON_ONE or found.arguments.get("list_name"):
        return found
    if _THE_LIST.search(text) is None or (name := talked_about(history)) is None:
        return found
    return RoleCall(found.tool, {**found.arguments, "list_name": name})

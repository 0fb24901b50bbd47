"""An add of groceries that names no list.

"add bread, butter, jam", "add tomatoes, onions and garlic please", "put down two cartons of milk
and a loaf of bread".

Like "add milk", it goes on the shopping list (the lists tools' default list). The role's first
stage claims it whole, so its commas never split it into several requests, and only when every
item is a known grocery or household thing (`roles/lists/_groceries.py`) or a task ("add call
mom, pay rent, book the vet": `roles/lists/_tasks.py`, the to-do list): "add 5 and 3", "add an
event", "add john to the call" are not the lists role's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from agent_system._lazy import lazy_pattern
from roles.lists._groceries import is_grocery
from roles.lists._tasks import is_task

__all__ = ["bare_groceries"]

_BARE = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you|go\s+ahead\s+and|and|also|oh|ok|okay|now"
    r"|just)\s+)*(?:add|put\s+down)\s+"
    r"(?P<items>[a-z0-9][\w' ,-]*?)(?:[\s,]+(?:please|for\s+me|too|as\s+well|thanks|now))*$",
    re.IGNORECASE,
)


def bare_groceries(text: str, split_items: Callable[[str], list[str]]) -> bool:
    """Whether `text` adds only groceries or tasks and names no list.

    "add bread, butter, jam"; "add call mom, pay rent" (tasks: `roles.lists._tasks`).
    """
    found = _BARE.match(text.strip(" .!"))
    if found is None:
        return False
    items = split_items(found["items"])
    return bool(items) and all(is_grocery(item) or is_task(item) for item in items)

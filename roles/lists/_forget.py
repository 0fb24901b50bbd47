"""An item taken off with no list named: "forget the milk", "take off the sugar", "scratch eggs".

Said bare, these name a thing people keep on a shopping or to-do list (a grocery or household
thing, `roles.lists._groceries`, or a task, `roles.lists._tasks`): the lists role takes them and
`lists.remove` looks on every list, saying so when the item is on none ("cross off the bread"
ticks it off instead: the role's own reading). "forget it", "forget my birthday" or "forget that
my code is 1234" name nothing kept on a list: the dismissal rule and memory keep them.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from roles.lists._groceries import is_grocery
from roles.lists._said import bare_item
from roles.lists._tasks import is_task

__all__ = ["forgotten_item"]

_GONE = lazy_pattern(
    r"^(?:(?:please|ok|okay|oh|and|also|actually|just|now|you\s+can|can\s+you|could\s+you)\s+)*"
    r"(?:forget(?:\s+about)?|scratch|strike|take\s+off|knock\s+off)\s+"
    r"(?P<item>[a-z][\w' -]*?)(?:\s+(?:off|too|as\s+well|please|then|now|after\s+all))*$",
    re.IGNORECASE,
)


def forgotten_item(text: str) -> str | None:
    """The one grocery or task `text` takes off with no list named, or None."""
    found = _GONE.match(text.strip(" .!"))
    if found is None:
        return None
    item = bare_item(found["item"])
    return item if is_grocery(item) or is_task(item) else None

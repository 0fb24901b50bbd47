"""Items that are tasks go on the to-do list: "add call mom, pay rent, book the vet".

An item is a task when it starts with a verb of something to do ("call mom", "pay rent", "book
the vet", "pick up the dry cleaning") and goes on to say what: "water" or "milk" alone are
groceries. When a request adds only tasks and names no list, they go on the to-do list (it
always exists), not the shopping list the thread was about or the tools' default: after "add
milk to my shopping list", "add call mom, pay rent" added the calls to the shopping list; with
no thread it was not understood at all (the commas made three requests, each "add pay rent").
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from roles.lists._groceries import is_grocery

__all__ = ["all_tasks", "is_task", "tasks_to_do"]

_VERBS = frozenset(
    """
    call ring phone text email e-mail message reply answer pay book renew cancel schedule
    reschedule send post mail return collect drop pick clean tidy vacuum hoover mop sweep dust
    wash iron fold fix repair replace mend paint mow water walk feed bathe finish start write
    sign file submit print scan apply register visit see meet fill sort organize organise
    pack unpack empty take change charge update prepare plan check backup renew inspect
    service recycle declutter hang install assemble defrost cook bake make
    """.split()
)
"""Verbs a to-do item starts with ("call", "pay", "book"); not "buy" or "get" (groceries)."""
_ALSO_NOUNS = frozenset(
    """
    water dust iron paint file mop ring print plan change charge check return service scan
    sort mail walk fold hang pack fill cook bake make take see meet start empty post
    """.split()
)
"""Verbs that are also things to buy ("water bottles", "paint brushes"): a task only when a
word like "the", "my" or "out" comes next ("water the plants", "take out the bins")."""
_NEXT = frozenset(
    "the my a an our his her their some all up out off back in down over through".split()
)
_ELSEWHERE = lazy_pattern(
    r"\b(?:to|on|in|into|onto|from|off)\s+(?:my|the|our|a)\b|\b(?:calendar|timer|alarm|reminder"
    r"|event|meeting|playlist)s?\b",
    re.I,
)
"""An item that says where it goes or names another role's thing is no bare task."""
_SHOPPING = lazy_pattern(r"^(?:shopping|groceries|grocery)$", re.I)
_BACK = lazy_pattern(
    r"\b(?:to|on|onto|in|into)\s+(?:it|that|this|there|(?:that|this|the\s+same)\s+(?:one|list))\b",
    re.I,
)
"""The list the thread is about, pointed at ("add eggs to it", "put that on this list")."""
_TO_DO = lazy_pattern(r"^to[-\s]?do$", re.I)


def is_task(item: str) -> bool:
    """Whether `item` is a thing to do: a to-do verb, then what ("pay rent", "call the vet")."""
    words = item.strip().lower().split()
    if len(words) < 2 or words[0] not in _VERBS or _ELSEWHERE.search(item) is not None:
        return False
    return words[0] not in _ALSO_NOUNS or words[1] in _NEXT


def all_tasks(items: list[str]) -> bool:
    """Whether every one of `items` is a task (and there is one)."""
    return bool(items) and all(is_task(item) for item in items)


def tasks_to_do(found: RoleCall, text: str, named: str | None) -> RoleCall:
    """`found` on the to-do list when it adds only tasks and the request named no list.

    `named` is the list the request `text` names (None when it names none): a list it names, or
    points at ("add eggs to it"), is
    kept; a shopping list it did not name (the thread's, or none) gives way to the to-do list,
    and the thread's to-do list to the shopping list when every item is a grocery ("add eggs,
    bread" after a turn on the to-do list).
    """
    if found.tool != "lists.add" or named is not None or _BACK.search(text):
        return found
    items = [str(i) for i in found.arguments.get("items") or []]
    kept = str(found.arguments.get("list_name") or "shopping")
    if _SHOPPING.match(kept) and all_tasks(items):
        return RoleCall("lists.add", {**found.arguments, "list_name": "to do"})
    if _TO_DO.match(kept) and items and all(is_grocery(i) for i in items):
        return RoleCall("lists.add", {**found.arguments, "list_name": "shopping"})
    return found

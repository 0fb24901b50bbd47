"""Whether an item is on a list, asked and answered (issue 15).

"do i have eggs on my shopping list", "is milk on the grocery list", "are there batteries on my
list", "have i already added bread", "does my camping list have a tent", "is the tent still on
there", "do i need milk": the role reads the item and the list (`has_call`), and
`lists.show(item=...)` answers yes or no ("Yes, your shopping list has eggs.", "No, none of
your lists has bread."). A question never adds or changes anything; a vague thing
("anything", "something") is no item, so "do i have anything on my list" still reads the list.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rapidfuzz import fuzz, process

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall

if TYPE_CHECKING:
    from collections.abc import Callable

    from roles.lists.store import TodoList

__all__ = ["has_call", "has_text"]

_THING = (
    r"(?!.*\b(?:remove|delete|add|put|take|please|cross|tick|check|buy|bought|given|gave)\b)"
    r"(?:(?!\b(?:list|lists|on|in|there|it)\b)[\w' -])+?"
)
_WHERE = (
    r"(?:\s+(?:on|in)\s+(?:(?:there|it)|(?:any|one)\s+(?:of\s+)?(?:my\s+|the\s+|our\s+)?lists?"
    r"|(?:my|the|our|this|that)\s+(?P<list>[\w' -]*?)\s*list"
    r"|(?:my|the|our)\s+(?P<known>groceries|to-?\s?do|todos?|chores)))"
)
_TAIL = r"(?:\s+(?:already|yet|still|anymore|any\s*more|right\s+now|now|please))*$"
_HAS = lazy_pattern(
    r"^(?:(?:hey|ok(?:ay)?|so|and|please|can\s+you\s+(?:check|tell\s+me)|could\s+you\s+check"
    r"|check)\s+)*(?:if\s+|whether\s+)?"
    r"(?:(?:do|did)\s+(?:i|we)\s+(?:already\s+|still\s+)?(?:have|got)\s+(?:any\s+)?"
    r"|have\s+(?:i|we)\s+(?:already\s+|still\s+)?got\s+(?:any\s+)?"
    r"|(?:is|are)\s+(?:there\s+)?(?:any\s+)?)"
    rf"(?P<item>{_THING})(?:\s+(?:already|still))?{_WHERE}{_TAIL}"
    r"|^(?:(?:hey|ok(?:ay)?|so|and|please)\s+)*(?:does|do)\s+(?:my|the|our)\s+"
    r"(?P<list2>[\w' -]*?)\s*list\s+(?:already\s+|still\s+)?(?:have|include|contain|list)\s+"
    rf"(?:any\s+)?(?P<item3>{_THING}){_TAIL}"
    r"|^(?:(?:hey|ok(?:ay)?|so|and)\s+)*(?:do|did)\s+(?:i|we)\s+(?:still\s+)?need\s+(?:to\s+"
    r"(?:buy|get|pick\s+up)\s+)?(?:any\s+more\s+|any\s+|more\s+|some\s+)?"
    rf"(?P<item4>{_THING})(?:\s+(?:from\s+the\s+(?:shops?|store|supermarket)|today|this\s+week))?"
    r"(?:\s+(?:on|in)\s+(?:my|the|our)\s+(?P<list4>[\w' -]*?)\s*list)?"
    rf"{_TAIL}"
    r"|^(?:have|did)\s+(?:i|we)\s+(?:already\s+)?(?:added|add|put)\s+"
    r"(?P<item2>(?:(?!\b(?:list|to|on)\b)[\w' -])+?)(?:\s+(?:already|yet))?"
    r"(?:\s+(?:to|on)\s+(?:my|the|our)\s+(?P<list3>[\w' -]*?)\s*list)?(?:\s+(?:already|yet))?$",
    re.I,
)
_VAGUE = lazy_pattern(
    r"^(?:a|an|the|some|any|more)?\s*(?:anything|something|everything|nothing|stuff|things?"
    r"|items?|entries|one|that|this|it|what|lists?)(?:\s+else|\s+left)?$",
    re.I,
)


def has_call(text: str, clean: Callable[[str | None], str | None]) -> RoleCall | None:
    """`lists.show(item=...)` for a question whether an item is on a list, or None.

    `clean` tidies a list's name ("my shopping list" -> "shopping").
    """
    found = _HAS.match(text)
    if found is None:
        return None
    item = (found["item"] or found["item2"] or found["item3"] or found["item4"] or "").strip()
    item = re.sub(r"^(?:the|my|our|some|any|an?)\s+", "", item, flags=re.I)
    if not item or _VAGUE.match(item):
        return None  # "do i have anything on my list": read it
    said = found["list"] or found["known"] or found["list2"] or found["list3"] or found["list4"]
    name = clean(said)
    return RoleCall("lists.show", {"item": item, **({"list_name": name} if name else {})})


def _on(todo: TodoList, item: str) -> bool:
    pending = {i.id: i.text.lower() for i in todo.items if not i.done}
    wanted = item.lower().strip()
    if wanted in pending.values():
        return True
    return process.extractOne(wanted, pending, scorer=fuzz.WRatio, score_cutoff=85) is not None


def has_text(
    lists: list[TodoList],
    item: str,
    todo: TodoList | None,
    called: Callable[[str], str],
) -> tuple[bool, str]:
    """Whether `item` is on `todo` (on any of `lists` when None), and the answer to say."""
    holding = [t for t in lists if _on(t, item)]
    if todo is not None:
        if any(t.name == todo.name for t in holding):
            return True, f"Yes, your {called(todo.name)} list has {item}."
        elsewhere = f" It's on your {called(holding[0].name)} list." if holding else ""
        return False, f"No, your {called(todo.name)} list doesn't have {item}.{elsewhere}"
    if holding:
        return True, f"Yes, your {called(holding[0].name)} list has {item}."
    return False, f"No, none of your lists has {item}."

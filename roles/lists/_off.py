"""Items taken off a list, said every way people say it.

The last entry: "drop the last item", "remove the last thing i added to my list", "undo the
latest entry on the shopping list" take off the newest item (of the list named, or of the only
list with items). An item no longer wanted: "i don't want the eggs on my list", "we won't need
eggs on the shopping list", "no more eggs on the list please". Other verbs: "get the eggs off my
list", "knock eggs off the groceries", "lose the eggs from the shopping list", "leave eggs off the
list"; and the item first: "eggs can come off the list", "the eggs can be taken off my to do list".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["off_call"]

_ON_LIST = (
    r"(?:\s+(?:from|off|on|in|to|onto)\s+(?:of\s+)?(?:my|the|our|this|that)\s+"
    r"(?:(?P<list>[\w' -]+?)\s+)?(?:check)?list)"
)
"""Where the item is: "on my list", "from the shopping list" (the name is optional)."""
_ON_NAMED = (
    r"(?:\s+(?:from|off|on|in)\s+(?:of\s+)?(?:my|the|our)\s+"
    r"(?:(?P<list>[\w' -]+?)\s+list|(?P<known>groceries|grocery\s+list|to-?\s?do))"
    r"|\s+(?:from|off|on|in)\s+(?:of\s+)?(?:my|the|our)\s+list)"
)
"""A list said with or without "list": "off the groceries", "from my to do"."""
_ITEM = r"(?P<item>(?!(?:it|that|this|them|everything|all)\b)[a-z][\w' -]*?)"
_POLITE = r"^(?:(?:please|can\s+you|could\s+you|would\s+you|just)\s+)*"
_LAST = lazy_pattern(
    _POLITE + r"(?:remove|delete|drop|scratch|erase|undo|cancel|take\s+(?:off|out|away)|take"
    r"|get\s+rid\s+of|cross\s+(?:off|out)|lose|strike)\s+(?:the\s+|my\s+)?(?:very\s+)?"
    r"(?:last|latest|newest|most\s+recent|final)\s+(?:item|thing|entry|one|addition)"
    r"(?:\s+(?:i|we|you)\s+(?:just\s+)?(?:added|put(?:\s+(?:on|in|down))?|wrote(?:\s+down)?))?"
    + _ON_LIST
    + r"?(?:\s+off)?(?:\s+please)?$",
    re.I,
)
_UNWANTED_ON = lazy_pattern(
    r"^(?:(?:i|we)\s+(?:really\s+|actually\s+)?(?:don'?t|do\s+not|won'?t|will\s+not|no\s+longer)"
    r"\s+(?:want|need|be\s+needing)|(?:i|we)\s+(?:changed\s+(?:my|our)\s+mind\s+about))"
    r"\s+(?:the\s+|any\s+)?" + _ITEM + _ON_LIST + r"(?:\s+(?:any\s*more|after\s+all))?$",
    re.I,
)
_NO_MORE = lazy_pattern(
    r"^no\s+(?:more\s+)?" + _ITEM + _ON_LIST + r"(?:\s+(?:please|thanks|thank\s+you))?$", re.I
)
_GET_OFF = lazy_pattern(
    _POLITE + r"(?:get|knock|pull|strike|leave|keep|rub)\s+(?:the\s+)?" + _ITEM + r"\s+off"
    r"(?:\s+(?:of\s+)?(?:my|the|our)\s+(?:(?P<list>[\w' -]+?)\s+list|(?P<known>groceries|to-?\s?do)"
    r"|list))(?:\s+please)?$"
    r"|" + _POLITE.replace("^", "") + r"(?:lose|ditch|nix|bin|dump)\s+(?:the\s+)?"
    r"(?P<item2>(?!(?:it|that|this|them|everything|all)\b)[a-z][\w' -]*?)"
    r"\s+(?:from|on|off)\s+(?:of\s+)?(?:my|the|our)\s+(?:(?P<list2>[\w' -]+?)\s+list"
    r"|(?P<known2>groceries|to-?\s?do)|list)(?:\s+please)?$",
    re.I,
)
_COMES_OFF = lazy_pattern(
    r"^(?:the\s+)?" + _ITEM + r"\s+(?:can|should|could|needs?\s+to|has\s+to|must|may)\s+"
    r"(?:come|go|be\s+(?:taken|crossed|struck|removed|deleted|dropped))\s+"
    r"(?:off|from|out\s+of)(?:\s+of)?\s+(?:my|the|our)\s+(?:(?P<list>[\w' -]+?)\s+)?list$",
    re.I,
)


def _where(found: re.Match[str], clean: Callable[[str | None], str | None]) -> dict[str, Any]:
    said = found.groupdict()
    raw = said.get("list") or said.get("known") or said.get("list2") or said.get("known2")
    name = clean(raw)
    return {"list_name": name} if name else {}


def _item(raw: str) -> str:
    return re.sub(r"^(?:the|my|some|any)\s+", "", raw.strip(), flags=re.I)


def off_call(
    text: str, clean: Callable[[str | None], str | None], vague: Callable[[list[str]], bool]
) -> RoleCall | None:
    """The removal `text` says in one of the ways above, or None.

    `clean` tidies a list name ("my shopping" -> "shopping"), `vague` tells items that name
    nothing ("this one").
    """
    if (found := _LAST.match(text)) is not None:
        return RoleCall("lists.remove", {"last": True, **_where(found, clean)})
    for pattern in (_UNWANTED_ON, _NO_MORE, _GET_OFF, _COMES_OFF):
        if (found := pattern.match(text)) is None:
            continue
        item = _item(found["item"] or found.groupdict().get("item2") or "")
        if item and not vague([item]):
            return RoleCall("lists.remove", {"item": item, **_where(found, clean)})
    return None

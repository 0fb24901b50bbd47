"""Follow-ups on the list the previous turn used.

"add milk too", "and eggs" after adding; "what's on it now?" after any change or reading; "and
the bread" after taking eggs off; "and the to-do list?" after reading another list; "clear it" /
"take everything off it" empties it. Only the turn just before counts, and only its last lists
call: a follow-up says what changes (the items, or "read it") and keeps that call's list. A
question never adds or removes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agent_system.roles import RoleCall

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["follow_up"]

_ASKS = re.compile(r"^(?:and\s+)?(?:what|which|how|is|are|do|does|did|any|where)\b", re.I)
_MORE = re.compile(
    r"^(?:and|also|plus)?\s*(?:add\s+|put\s+)?(?P<items>.+?)\s+(?:too|as well|also)$"
    r"|^(?:and|also|plus)\s+(?:add\s+|put\s+)?(?P<items2>.+)$",
    re.I,
)
_READ_IT = re.compile(
    r"^(?:(?:and|so|ok|okay|now)\s+)*(?:"
    r"what(?:'s|\s+is|\s+else\s+is|\s+have\s+i\s+got|\s+do\s+i\s+have)\s+(?:on|in)\s+(?:it|there|that(?:\s+one)?)"
    r"|what(?:'s|\s+is)\s+(?:left|still)\s+(?:on\s+(?:it|there)|to\s+(?:get|buy|do))"
    r"|(?:read|show|tell)\s+(?:it|that(?:\s+one)?)(?:\s+(?:back\s+)?to\s+me)?(?:\s+back)?"
    r"|(?:read|show)\s+me\s+(?:it|that(?:\s+one)?|what'?s\s+on\s+(?:it|there))"
    r")(?:\s+(?:now|then|please))*$",
    re.I,
)
_COUNT_IT = re.compile(
    r"^(?:(?:and|so|ok|okay|now)\s+)*(?:how\s+many\s+(?:things|items|entries)\s+(?:are\s+)?"
    r"(?:on\s+(?:it|there)|in\s+it|now|left)|how\s+(?:long|big)\s+is\s+it)(?:\s+(?:now|then))*$",
    re.I,
)
_CLEAR_IT = re.compile(
    r"^(?:(?:and|so|ok|okay|now|then|actually)\s+)*(?:clear|empty|wipe|clean\s+out)\s+"
    r"(?:it|that(?:\s+one)?|the\s+(?:whole\s+)?(?:thing|lot|list))(?:\s+(?:out|now|please))*"
    r"|^(?:(?:and|so|ok|okay|now|then|actually)\s+)*(?:take|cross)\s+(?:everything|it\s+all)"
    r"\s+off(?:\s+(?:it|there|that(?:\s+one)?))?(?:\s+(?:now|please))*$",
    re.I,
)
_OTHER_LIST = re.compile(
    r"^(?:and|what\s+about|how\s+about|and\s+what\s+about|and\s+how\s+about|now)\s+(?P<list>.+)$",
    re.I,
)
_SAME_AGAIN = re.compile(
    r"^(?:and|also|plus)\s+(?P<items>.+?)(?:\s+(?:too|as well|also))?$"
    r"|^(?P<items2>.+?)\s+(?:too|as\s+well|also)$",
    re.I,
)
_REMOVES = ("lists.remove", "lists.complete")
_LISTS_TOOLS = (
    "lists.add",
    "lists.remove",
    "lists.complete",
    "lists.show",
    "lists.create",
    "lists.clear",
)


def _previous(history: list[Turn]) -> dict[str, Any] | None:
    """The last lists call of the turn just before, if that turn's last call was one."""
    calls = history[-1].calls if history else None
    if not calls:
        return None
    last = calls[-1]
    return last if last.get("tool") in _LISTS_TOOLS else None


def follow_up(
    text: str,
    history: list[Turn],
    split_items: Callable[[str], list[str]],
    names_a_list: Callable[[str], bool],
) -> RoleCall | None:
    """The call a follow-up on the previous turn's list means, or None when it is none."""
    previous = _previous(history)
    if previous is None:
        return None
    arguments = previous.get("arguments") or {}
    name = arguments.get("list_name")
    on_list: dict[str, Any] = {"list_name": name} if name else {}
    if _READ_IT.match(text):  # "what's on it now?"
        return RoleCall("lists.show", on_list)
    if _COUNT_IT.match(text):  # "how many things are on it?"
        return RoleCall("lists.show", {**on_list, "count": True})
    if _CLEAR_IT.match(text):  # "clear it": every item off, the list stays
        return RoleCall("lists.clear", on_list)
    tool = previous.get("tool")
    other = _OTHER_LIST.match(text)
    if tool == "lists.show" and other and names_a_list(other["list"]):
        return RoleCall("lists.show", {"list_name": other["list"]})  # "and the to-do list?"
    if _ASKS.match(text):
        return None  # "and what about the shopping list?" asks; it never adds
    if tool == "lists.add":
        found = _MORE.match(text)
        if found is None:
            return None
        items = found["items"] or found["items2"]
        if names_a_list(items):
            return None
        return RoleCall("lists.add", {"items": split_items(items), **on_list})
    if tool in _REMOVES:  # "take the eggs off" ... "and the bread"
        again = _SAME_AGAIN.match(text)
        if again is None:
            return None
        items = split_items(again["items"] or again["items2"])
        if len(items) != 1 or names_a_list(items[0]):
            return None
        return RoleCall(str(tool), {"item": items[0], **on_list})
    return None

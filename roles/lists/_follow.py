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

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from agent_system.understanding import numbers_to_digits
from roles.lists._ask import ask_items, ask_remove, ask_which_done
from roles.lists._phrasing import is_vague

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["follow_up"]

_ASKS = lazy_pattern(r"^(?:and\s+)?(?:what|which|how|is|are|do|does|did|any|where)\b", re.I)
_MORE = lazy_pattern(
    r"^(?:and|also|plus)?\s*(?:add\s+|put\s+)?(?P<items>.+?)\s+(?:too|as well|also)$"
    r"|^(?:and|also|plus)\s+(?:add\s+|put\s+)?(?P<items2>.+)$",
    re.I,
)
_READ_IT = lazy_pattern(
    r"^(?:(?:and|so|ok|okay|now)\s+)*(?:"
    r"what(?:'s|\s+is|\s+else\s+is|\s+have\s+i\s+got|\s+do\s+i\s+have)\s+(?:on|in)\s+(?:it|there|that(?:\s+one)?)"
    r"|what(?:'s|\s+is)\s+(?:left|still)\s+(?:on\s+(?:it|there)|to\s+(?:get|buy|do))"
    r"|what(?:'s|\s+is)\s+(?:still\s+)?(?:left|remaining)|what\s+else\s+is\s+(?:there|on\s+it)"
    r"|(?:is\s+there\s+)?anything\s+(?:else\s+|left\s+|still\s+)*(?:on|in)\s+(?:it|there)"
    r"|(?:read|show|tell)\s+(?:it|that(?:\s+one)?)(?:\s+(?:back\s+)?to\s+me)?(?:\s+back)?"
    r"|(?:read|show)\s+me\s+(?:it|that(?:\s+one)?|what'?s\s+on\s+(?:it|there))"
    r")(?:\s+(?:now|then|please))*$",
    re.I,
)
_COUNT_IT = lazy_pattern(
    r"^(?:(?:and|so|ok|okay|now)\s+)*(?:how\s+many\s+(?:things|items|entries)\s+(?:are\s+)?"
    r"(?:on\s+(?:it|there)|in\s+it|now|left)|how\s+(?:long|big)\s+is\s+it)(?:\s+(?:now|then))*$",
    re.I,
)
_CLEAR_IT = lazy_pattern(
    r"^(?:(?:and|so|ok|okay|now|then|actually)\s+)*(?:clear|empty|wipe|clean\s+out)\s+"
    r"(?:it|that(?:\s+one)?|the\s+(?:whole\s+)?(?:thing|lot|list))(?:\s+(?:out|now|please))*"
    r"|^(?:(?:and|so|ok|okay|now|then|actually)\s+)*(?:take|cross)\s+(?:everything|it\s+all)"
    r"\s+off(?:\s+(?:it|there|that(?:\s+one)?))?(?:\s+(?:now|please))*$",
    re.I,
)
_OTHER_LIST = lazy_pattern(
    r"^(?:and|what\s+about|how\s+about|and\s+what\s+about|and\s+how\s+about|now)\s+(?P<list>.+)$",
    re.I,
)
_SAME_AGAIN = lazy_pattern(
    r"^(?:and|also|plus)\s+(?P<items>.+?)(?:\s+(?:too|as well|also))?$"
    r"|^(?P<items2>.+?)\s+(?:too|as\s+well|also)$",
    re.I,
)
_FILLER = (
    r"(?:(?:please|can\s+you|could\s+you|and|also|now|ok|okay|then|oh|so|actually|wait|sorry"
    r"|oops)\s+)*"
)
_THERE = r"(?:\s+(?:to|on|onto|in|into|off|from)\s+(?:it|there|that(?:\s+one)?))?"
_POLITE = r"(?:\s+(?:too|as\s+well|also|please|for\s+me|thanks|now))*$"
_ADD_HERE = lazy_pattern(
    rf"^{_FILLER}(?:add|put|include|stick|throw|pop|write|jot\s+down)\s+(?P<items>.+?)"
    rf"(?:\s+(?:down|in|on))?{_THERE}{_POLITE}",
    re.I,
)
"""An add naming no list, after a turn on a list: "add a stove" after reading the camping list."""
_OFF_HERE = lazy_pattern(
    rf"^{_FILLER}(?:(?P<off>remove|delete|drop|scratch|erase|strike|kill|get\s+rid\s+of|take\s+off"
    r"|cross\s+out)\s+(?P<item>.+?)"
    r"|take\s+(?P<item2>.+?)\s+(?:off|out)"
    r"|(?P<done>cross|tick|check)\s+(?P<item3>.+?)\s+off"
    r"|(?P<done2>cross\s+off|tick\s+off|check\s+off|mark\s+off)\s+(?P<item4>.+?))"
    rf"{_THERE}{_POLITE}",
    re.I,
)
"""A removal or a check-off naming no list, after a turn on a list: "remove the tent"."""
_UNWANTED = lazy_pattern(
    r"^(?:(?:oh|actually|and|so)\s+)*(?:i|we)\s+(?:don'?t|do\s+not|no\s+longer|won'?t)\s+"
    r"(?:want|need)\s+(?P<item>.+?)(?:\s+(?:any\s*more|after\s+all|now))*$",
    re.I,
)
"""An item no longer wanted, after a turn on a list: "i don't want the lantern after all"."""
_NOT_ITEMS = lazy_pattern(
    r"\b(?:(?:\d+|an?|half\s+an?|another)\s*(?:minutes?|mins?|hours?|seconds?|secs?)|timers?|alarms?|remind(?:ers?)?"
    r"|events?|meetings?|appointments?|calendar|lights?|songs?|playlists?|music|volume"
    r"|devices?|everything|all)\b",
    re.I,
)
"""What is never a list item said after a list turn: a timer's minutes, an alarm, a light."""
_IT = r"(?:it|that|this|them(?:\s+all|\s+both)?|those|all\s+of\s+them|both(?:\s+of\s+them)?)"
_DONE_IT = lazy_pattern(
    rf"^{_FILLER}(?:(?:mark|set)\s+(?P<it>{_IT})\s+(?:as\s+)?(?:done|complete[d]?|bought|finished)"
    rf"|(?:check|tick|cross)\s+(?P<it2>{_IT})\s+off"
    rf"|(?:check|tick|cross)\s+off\s+(?P<it3>{_IT})"
    rf"|(?:i|we)(?:'ve|\s+have)?\s+(?:got|bought|picked\s+up|done)\s+(?P<it4>{_IT})"
    r"(?:\s+already)?)"
    rf"{_POLITE}",
    re.I,
)
"""The items just added, done: "mark it done", "tick them off", "i've bought it"."""
_OFF_IT = lazy_pattern(
    rf"^{_FILLER}(?:(?:remove|delete|drop|scratch|erase|undo|cancel|take\s+back)\s+{_IT}"
    rf"(?:\s+(?:off|out))?|take\s+{_IT}\s+(?:back\s+)?(?:off|out|back)){_THERE}(?:\s+again)?"
    rf"{_POLITE}",
    re.I,
)
"""The items just added, taken off again: "remove it", "scratch that", "take them back off",
"oops, delete that"."""
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
) -> RoleCall | RolePlan | Clarification | None:
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
        asked = re.sub(r"^(?:on|in|for)\s+", "", other["list"].strip(" ?.!"), flags=re.I)
        return RoleCall("lists.show", {"list_name": asked})  # "and (on) the to-do list?"
    if _ASKS.match(text):
        return None  # "and what about the shopping list?" asks; it never adds
    if tool == "lists.add" and (done := _DONE_IT.match(text)) is not None:
        return _done(arguments.get("items"), done, on_list)  # "mark it done" after an add
    if tool == "lists.add" and _OFF_IT.match(text.replace(",", "")) is not None:
        return _taken_back(arguments.get("items"), on_list)  # "remove it", "undo that"
    if (here := _on_this_list(text, split_items, names_a_list, on_list)) is not None:
        return here  # "add a stove" / "remove the tent" after a turn on the camping list
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


def _on_this_list(
    text: str,
    split_items: Callable[[str], list[str]],
    names_a_list: Callable[[str], bool],
    on_list: dict[str, Any],
) -> RoleCall | Clarification | None:
    """An add, removal or check-off naming no list, on the previous turn's list."""
    if (added := _ADD_HERE.match(text)) is not None:
        items = added["items"]
        if is_vague([items]) and not names_a_list(items):  # "include this": asks what to add
            return ask_items(on_list.get("list_name"))
        if names_a_list(items) or _NOT_ITEMS.search(numbers_to_digits(items)):
            return None
        return RoleCall("lists.add", {"items": split_items(items), **on_list})
    if (unwanted := _UNWANTED.match(text)) is not None:
        item = re.sub(r"^(?:the|my|our|some|any)\s+", "", unwanted["item"].strip(), flags=re.I)
        if names_a_list(item) or _NOT_ITEMS.search(item) or is_vague([item]):
            return None
        return RoleCall("lists.remove", {"item": item, **on_list})
    if (off := _OFF_HERE.match(text)) is None:
        return None
    item = next(off[g] for g in ("item", "item2", "item3", "item4") if off[g])
    item = re.sub(r"^(?:the|my|our|some)\s+", "", item.strip(), flags=re.I)
    if is_vague([item]) and not off["done"] and not off["done2"] and not names_a_list(item):
        return ask_remove(on_list.get("list_name"))  # "remove an item": asks which
    if names_a_list(item) or _NOT_ITEMS.search(item) or is_vague([item]):
        return None
    tool = "lists.complete" if off["done"] or off["done2"] else "lists.remove"
    return RoleCall(tool, {"item": item, **on_list})


def _taken_back(items: Any, on_list: dict[str, Any]) -> RoleCall | RolePlan | None:
    """Take off what the add before added: "remove it", "undo that", "take them off"."""
    added = [str(i) for i in items] if isinstance(items, list) else []
    calls = tuple(RoleCall("lists.remove", {"item": item, **on_list}) for item in added)
    if not calls:
        return None
    return calls[0] if len(calls) == 1 else RolePlan(calls)


def _done(
    items: Any, said: re.Match[str], on_list: dict[str, Any]
) -> RoleCall | RolePlan | Clarification | None:
    """Check off what the add before added: "it" one item, "them" every one.

    "it" after several items asks which one ("Which one should I check off: eggs, milk or
    bread?"; the answer is `roles.lists._ask`'s).
    """
    added = [str(i) for i in items] if isinstance(items, list) else []
    word = next(said[g] for g in ("it", "it2", "it3", "it4") if said[g]).lower()
    if not added:
        return None
    if word in ("it", "that", "this") and len(added) != 1:
        return ask_which_done(added, on_list.get("list_name"))
    calls = tuple(RoleCall("lists.complete", {"item": item, **on_list}) for item in added)
    return calls[0] if len(calls) == 1 else RolePlan(calls)

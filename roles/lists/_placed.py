"""An item named by its place: "the last one", "the first one", "the second item".

The place counts the items not done yet, in the order the list is read out (the order they were
added), so "what's on it" ... "remove the second one" takes off the second one read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.roles import RoleCall
from agent_system.understanding import normalize, numbers_to_digits
from roles.lists._context import talked_about
from roles.lists._lookup import called, find_list, names
from roles.lists.store import Item, TodoList

if TYPE_CHECKING:
    from collections.abc import Callable

    from agent_system.routing.models import Turn

__all__ = ["PLACES", "by_place", "item_at", "placed_call"]

PLACES = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
          "4th": 4, "fifth": 5, "5th": 5, "sixth": 6, "6th": 6, "seventh": 7, "7th": 7,
          "eighth": 8, "8th": 8, "ninth": 9, "9th": 9, "tenth": 10, "10th": 10, "last": -1,
          "latest": -1, "newest": -1, "final": -1, "top": 1, "bottom": -1}  # fmt: skip
"""The words that say a place (1 the first, -1 the last)."""
_ORDINAL = {1: "first", 2: "second", 3: "third", -1: "last"}


def _place(position: int) -> str:
    return _ORDINAL.get(position, f"number {position}")


def item_at(
    lists: list[TodoList], list_name: str | None, position: int, *, done: bool = False
) -> tuple[TodoList, Item]:
    """The item at `position` (1-based; -1 the last) of `list_name`, or of the only list with items.

    When several lists have items the question says which list (`done`: to check it off).
    """
    if list_name:
        todo = find_list(lists, list_name)
        if todo is None:
            raise ToolExecutionError(
                f"You have no list called {list_name!r}; your lists: {names(lists)}."
            )
        full = [todo] if any(not i.done for i in todo.items) else []
        if not full:
            raise ToolExecutionError(
                f"Your {called(todo.name)} list is empty; nothing was changed."
            )
    else:
        full = [t for t in lists if any(not i.done for i in t.items)]
        if not full:
            raise ToolExecutionError("Your lists are empty; nothing was changed.")
        if len(full) > 1:
            choices = " or ".join(called(t.name) for t in full)
            doing = "check off the {} item on" if done else "take the {} item off"
            raise ToolExecutionError(
                f"Which list should I {doing.format(_place(position))}: {choices}? "
                "Nothing was changed.",
                code=ErrorCode.NEEDS_INPUT,
            )
    pending = [i for i in full[0].items if not i.done]
    if position == 0 or abs(position) > len(pending) or position < -1:
        raise ToolExecutionError(
            f"Your {called(full[0].name)} list has only {len(pending)} "
            f"item{'s' if len(pending) != 1 else ''}; nothing was changed."
        )
    return full[0], pending[position - 1 if position > 0 else position]


_LEAD = (
    r"^(?:(?:and|also|ok|okay|now|please|can\s+you|could\s+you|would\s+you|actually|then|so|oh"
    r"|just|go\s+ahead\s+and|sorry|oops|wait|no)\s+)*"
)
_PLACE = rf"(?P<place>{'|'.join(PLACES)})"
_ITEM = (
    r"(?:(?:the|my|that)\s+)?(?:very\s+)?(?:"
    rf"{_PLACE}(?:\s+(?:one|item|thing|entry|line|bit))?"
    r"|(?:item|entry|line|number)\s+(?:number\s+)?(?P<n>\d{1,2}))"
    r"(?:\s+(?:i|we|you)\s+(?:just\s+)?(?:added|put(?:\s+(?:on|in|down))?|wrote(?:\s+down)?"
    r"|said|read(?:\s+out)?|mentioned))?"
)
_LIST = r"(?:(?P<there>it|there|that|the\s+list)|(?:my|the|our)\s+(?P<list>[\w' -]+?)\s+list)"
_WHAT = rf"{_ITEM}(?:\s+(?:on|from|off|in|to|onto)\s+{_LIST})?"
_END = r"(?:\s+(?:please|for\s+me|thanks|now|too|as\s+well|then))*$"
_ORDERS = (
    (rf"(?:remove|delete|drop|scratch|erase|strike|kill|lose|ditch|take\s+(?:off|out)"
     rf"|get\s+rid\s+of|cross\s+out|undo)\s+{_WHAT}", "lists.remove"),
    (rf"take\s+{_ITEM}\s+(?:off|out)(?:\s+(?:of\s+)?{_LIST})?", "lists.remove"),
    (rf"(?:cross|tick|check|mark)\s+{_ITEM}\s+off(?:\s+(?:of\s+)?{_LIST})?", "lists.complete"),
    (rf"(?:cross|tick|check|mark)\s+off\s+{_WHAT}", "lists.complete"),
    (rf"(?:mark|set)\s+{_WHAT}\s+(?:as\s+)?(?:done|complete[d]?|bought|finished)",
     "lists.complete"),
    (rf"(?:i|we)(?:'ve|\s+have)?\s+(?:got|bought|picked\s+up|done)\s+{_WHAT}(?:\s+already)?",
     "lists.complete"),
)  # fmt: skip
_PATTERNS = tuple((lazy_pattern(_LEAD + said + _END), tool) for said, tool in _ORDERS)


def placed_call(said: str) -> tuple[str, int, str | None, bool] | None:
    """How `said` names an item by its place ("remove the last one", "tick off the first item").

    The tool, the place, the list named and whether a list was said at all ("on it", "on the
    list", "on my shopping list"); None when `said` (normalized, numbers as digits) is no such
    order.
    """
    for pattern, tool in _PATTERNS:
        if (found := pattern.match(said)) is not None:
            place = PLACES[found["place"]] if found["place"] else int(found["n"])
            named = found["list"]
            return tool, place, named, bool(named or found["there"])
    return None


def by_place(
    text: str, history: list[Turn], clean: Callable[[str | None], str | None], *, claim: bool
) -> RoleCall | None:
    """The call `text` means when it names an item by its place ("remove the second one").

    On the list it names or the thread is about; with `claim`, only right after a list turn or
    with a list said.
    """
    found = placed_call(numbers_to_digits(normalize(text)).strip(" ?.!,"))
    if found is None:
        return None
    tool, place, named, said_list = found
    if claim and not said_list and not (history and history[-1].role == "lists"):
        return None  # "remove the first one" after a timer turn is not the list's
    name = clean(named) if named else talked_about(history)
    where = {"list_name": name} if name else {}
    if tool == "lists.remove" and place == -1:
        return RoleCall(tool, {"last": True, **where})  # "drop the last item": the newest one
    return RoleCall(tool, {"position": place, **where})

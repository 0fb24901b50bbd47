"""The lists role's questions, and their answers completing the request they answer.

"create a new list" ... "What should I call the new list?" ... "groceries" starts the groceries
list; "delete the list" ... "Which list should I delete?" ... "the packing one" deletes it;
"add to my shopping list" ... "What should I add to your shopping list?" ... "eggs and milk"
adds both. The role's first stage claims such an answer (`answer_claim`) so that a bare name,
which means nothing alone, goes back to the lists role.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from agent_system.understanding._format import said_together
from roles.lists._phrasing import is_vague

if TYPE_CHECKING:
    from collections.abc import Callable

    from agent_system.routing.models import Turn

__all__ = [
    "ASK_DELETE",
    "ASK_NAME",
    "answer_call",
    "ask_items",
    "ask_remove",
    "ask_which_done",
]

ASK_NAME = "What should I call the new list?"
ASK_DELETE = "Which list should I delete?"
_ITEMS = lazy_pattern(r"^What should I add to your (?:(?P<list>.+?) )?list\?$")
_REMOVE = lazy_pattern(r"^What should I take off your (?:(?P<list>.+?) )?list\?$")
_WHICH_DONE = lazy_pattern(
    r"^Which one should I check off(?: your (?P<list>.+?) list)?: (?P<items>.+) or (?P<last>.+)\?$"
)
_OTHER_ORDER = {
    "lists.add": lazy_pattern(
        r"^(?:remove|delete|take|kill|drop|cross|tick|check|mark|clear|empty|read|show)\b", re.I
    ),
    "lists.remove": lazy_pattern(r"^(?:add|put|include|insert|read|show)\b", re.I),
}
"""An answer that is another order: "remove an item" after "What should I add ...?"."""
_PICKED = lazy_pattern(r"^(?:(?:mark|check(?:\s+off)?|tick(?:\s+off)?|just|only)\s+)+", re.I)
_EVERY = lazy_pattern(
    r"^(?:(?:all|both|every(?:thing|\s+one)?|each(?:\s+one)?)(?:\s+of\s+them)?|them\s+(?:all|both)"
    r"|all\s+(?:three|four|five|\d+)(?:\s+of\s+them)?)(?:\s+(?:please|of\s+them))*$",
    re.I,
)
_NOT_AN_ANSWER = lazy_pattern(
    r"^(?:(?:no|nope|cancel|stop|never\s*mind|forget\s+it|nothing|none)\b|"
    r"(?:what|which|how|why|when|where|who|is|are|do|does|can|could|will|would)\b"
    r"|(?:go\s+to|open|find|pull\s+up|bring\s+up)\s+(?:my|the|our)\b)",
    re.I,
)
_OTHER_ROLES = lazy_pattern(
    r"\b(?:timers?|alarms?|remind(?:ers?)?|weather|calendar|meetings?|lights?|turn\s+(?:on|off)"
    r"|play|music|songs?|search|look\s+up)\b",
    re.I,
)
_NAME_WORDS = lazy_pattern(
    r"^(?:(?:call\s+it|name\s+it|it'?s|it\s+is|the|my|a|an|one\s+(?:called|named)|called"
    r"|named|just)\s+)+|\s+(?:list|one|please)$",
    re.I,
)


def ask_items(list_name: str | None) -> Clarification:
    """The question for an add that names no item ("add to my groceries")."""
    where = f"{list_name} " if list_name else ""
    return Clarification(f"What should I add to your {where}list?", ("items",))


def ask_remove(list_name: str | None) -> Clarification:
    """The question for a removal that names no item ("delete this item")."""
    where = f"{list_name} " if list_name else ""
    return Clarification(f"What should I take off your {where}list?", ("item",))


def ask_which_done(items: list[str], list_name: str | None) -> Clarification:
    """The question for "mark it done" after adding several items."""
    where = f" your {list_name} list" if list_name else ""
    listed = said_together(items, "or")
    return Clarification(f"Which one should I check off{where}: {listed}?", ("item",))


def _which_done(
    said: str, asked: re.Match[str], items: Callable[[str], list[str]]
) -> RoleCall | RolePlan | None:
    """The check-offs an answer to `ask_which_done` means: one, several, or every one."""
    offered = [*asked["items"].split(", "), asked["last"]]
    on_list = {"list_name": asked["list"]} if asked["list"] else {}
    what = _PICKED.sub("", said)
    chosen = offered if _EVERY.match(what) else [_name(i) for i in items(what)]
    calls = [RoleCall("lists.complete", {"item": item, **on_list}) for item in chosen if item]
    if not calls:
        return None
    return calls[0] if len(calls) == 1 else RolePlan(tuple(calls))


def _name(answer: str) -> str:
    for _ in range(3):
        answer = _NAME_WORDS.sub("", answer.strip()).strip()
    return answer


def answer_call(
    text: str, history: list[Turn], items: Callable[[str], list[str]]
) -> RoleCall | RolePlan | None:
    """The call `text` completes when it answers the lists role's question of the last turn.

    `items` splits an answer into entries ("eggs and milk" -> ["eggs", "milk"]).
    """
    if not history:
        return None
    last = history[-1]
    if last.role != "lists" or last.calls or not last.reply.rstrip().endswith("?"):
        return None
    said = " ".join(text.strip().rstrip("?!.").split())
    if not said or len(said.split()) > 8 or _NOT_AN_ANSWER.match(said) or _OTHER_ROLES.search(said):
        return None
    question = last.reply.strip()
    if (which := _WHICH_DONE.match(question)) is not None:  # "the bread", "both of them"
        return _which_done(said, which, items)
    if question in (ASK_NAME, ASK_DELETE):
        name = _name(said)
        if not name:
            return None
        tool = "lists.create" if question == ASK_NAME else "lists.delete"
        return RoleCall(tool, {"list_name": name})
    for pattern, tool in ((_ITEMS, "lists.add"), (_REMOVE, "lists.remove")):
        if (asked := pattern.match(question)) is not None:
            if _OTHER_ORDER[tool].match(said):  # "remove an item" after "What should I add?"
                return None
            what = re.sub(
                r"^(?:(?:add|put|remove|take(?:\s+off)?|delete)\s+)", "", said, flags=re.I
            )
            arguments: dict[str, Any] = (
                {"items": items(what)} if tool == "lists.add" else {"item": _name(what)}
            )
            if is_vague(arguments.get("items") or [arguments.get("item") or ""]):
                return None  # "something", "this one": still no item
            if asked["list"]:
                arguments["list_name"] = asked["list"]
            return RoleCall(tool, arguments)
    return None

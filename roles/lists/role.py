"""The lists role: "put oat milk on the groceries list", "what's on my to-do list"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system.roles import Clarification, RoleCall
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["ROLE", "ListsRole"]

_LIST = r"(?:my|the|our|a)?\s*(?P<list>[\w' -]+?)(?:\s+list)?"
_ADD = re.compile(
    rf"^(?:(?:please|can you|could you|would you)\s+)*(?:add|put|include|stick|throw|write|"
    rf"append|pop)\s+(?P<items>.+?)\s+(?:to|on|onto|in|into)\s+{_LIST}$",
    re.I,
)
_ADD_BARE = re.compile(r"^(?:add|put)\s+(?P<items>.+?)\s+(?:to|on)\s+(?:my|the)\s+list$", re.I)
_NEED = re.compile(r"^(?:i|we)\s+need\s+(?:to\s+buy\s+)?(?P<items>.+)$", re.I)
_COMPLETE = re.compile(
    rf"^(?:(?:please|can you)\s+)*(?:check off|cross off|tick off|mark|complete|check)\s+"
    rf"(?P<item>.+?)(?:\s+(?:as\s+)?(?:done|complete|completed|finished|bought))?"
    rf"(?:\s+(?:on|from|in|off)\s+{_LIST})?$",
    re.I,
)
_DONE = re.compile(
    rf"^(?:i|we)\s+(?:bought|got|picked up|finished|did|have bought|have done)\s+(?P<item>.+?)"
    rf"(?:\s+(?:on|from)\s+{_LIST})?$",
    re.I,
)
_REMOVE = re.compile(
    rf"^(?:(?:please|can you)\s+)*(?:remove|delete|take|drop|scratch|erase)\s+(?P<item>.+?)"
    rf"\s+(?:from|off|off of)\s+{_LIST}$",
    re.I,
)
_SHOW = re.compile(
    rf"^(?:what'?s|what is|what are|what do i have|read|read me|show|show me|tell me|list)"
    rf"(?:\s+(?:on|in|me|out))?\s+(?:on\s+|in\s+)?{_LIST}(?:\s+list)?$",
    re.I,
)
_WHICH_LISTS = re.compile(r"\b(?:what|which)\s+lists\b|\bmy lists\b", re.I)
_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.I)
_LIST_WORD = re.compile(r"\b(?:list|lists|groceries|grocery|to-?do|todo|chores|checklist)\b", re.I)


def _items(text: str) -> list[str]:
    parts = [p.strip(" .") for p in _SPLIT.split(text) if p.strip(" .")]
    return [re.sub(r"^(?:some|a|an|the|more)\s+", "", p, flags=re.I) for p in parts]


def _list(name: str | None) -> str | None:
    if not name:
        return None
    name = re.sub(r"^(?:my|the|our)\s+", "", name.strip(), flags=re.I)
    name = re.sub(r"\s+list$", "", name, flags=re.I)
    return name or None


class ListsRole:
    """Shopping and to-do lists, several named lists, add / check off / remove / read back."""

    name = "lists"
    description = (
        "Shopping and to-do lists: add items, check them off, remove them, read a list back; "
        "several named lists (groceries, hardware store, work)."
    )
    tool_modules = ("roles.lists.tools",)
    examples = (
        "add milk to my shopping list",
        "put oat milk on the groceries list",
        "add eggs, bread and butter to the shopping list",
        "add call the plumber to my to-do list",
        "put screws on the hardware store list",
        "what's on my shopping list",
        "read me my to-do list",
        "what is on the groceries list",
        "check off milk on the shopping list",
        "mark call the plumber as done",
        "i bought the eggs",
        "remove bread from my shopping list",
        "take the batteries off the hardware store list",
        "what lists do i have",
        "add finish the report to my work list",
        "cross off eggs",
    )

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | Clarification:
        """Pick add / complete / remove / show and the items and list."""
        text = " ".join(text.strip().rstrip("?!.").split())
        if _WHICH_LISTS.search(text):
            return RoleCall("lists.show", {})
        for pattern, tool in ((_REMOVE, "lists.remove"), (_COMPLETE, "lists.complete")):
            match = pattern.match(text)
            if match:
                return RoleCall(tool, _where(match, {"item": _one(match["item"])}))
        if (match := _DONE.match(text)) is not None:
            return RoleCall("lists.complete", _where(match, {"item": _one(match["item"])}))
        if (match := _SHOW.match(text)) is not None:
            return RoleCall("lists.show", _where(match, {}))
        if (match := _ADD_BARE.match(text)) is not None:
            return RoleCall("lists.add", {"items": _items(match["items"])})
        if (match := _ADD.match(text)) is not None:
            return RoleCall("lists.add", _where(match, {"items": _items(match["items"])}))
        if (match := _NEED.match(text)) is not None:
            return RoleCall("lists.add", {"items": _items(match["items"])})
        if re.match(r"^(?:add|put)\b", text, re.I):
            return Clarification("What should I add, and to which list?", ("items",))
        return Clarification(
            "Should I add something to a list, check something off, or read a list?", ("action",)
        )

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim clear list requests before the classifier ("... to my shopping list")."""
        return _claim


def _one(item: str) -> str:
    return re.sub(r"^(?:the|my|some)\s+", "", item.strip(), flags=re.I)


def _where(match: re.Match[str], args: dict[str, Any]) -> dict[str, Any]:
    name = _list(match.groupdict().get("list"))
    if name:
        args["list_name"] = name
    return args


def _claim(request: RouteRequest) -> RouteDecision | None:
    text = " ".join(request.text.strip().rstrip("?!.").split())
    if not _LIST_WORD.search(text):
        return None
    if re.search(
        r"\b(?:timers?|alarms?|remind(?:ers?)?|playlists?|devices?|lights?|events?|calendar|"
        r"meetings?|appointments?|songs?|music|notes?|memories|tools?|threads?)\b",
        text,
        re.I,
    ):
        return None
    role = ROLE
    answer = role.interpret(text, {}, None, [])  # type: ignore[arg-type]
    if isinstance(answer, Clarification):
        return None
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role="lists",
        confidence=0.97,
        reason="Names a list and what to do with it.",
        scores={"lists": 0.97},
    )


ROLE = ListsRole()

"""The lists role: "put oat milk on the groceries list", "what's on my to-do list"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system.roles import Clarification, RoleCall
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from roles.lists._ask import ASK_DELETE, ASK_NAME, answer_call, ask_items, ask_remove
from roles.lists._everyday import OPEN_THEN, everyday_call, plain, reads_whole, unless_listed
from roles.lists._phrasing import (
    BARE_ADD,
    BARE_REMOVE,
    BUY_QUESTION,
    CLEAR,
    HAVE_LIST,
    LEAD,
    NOT_NEEDED,
    about_the_world,
    is_vague,
)
from roles.lists._talk import talk_call, talk_claim
from roles.lists._whole import TO_BUY, TO_DO, bare_verb, whole_call
from roles.lists._whole import clean_name as _list

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["ROLE", "ListsRole", "list_name_in"]

_LIST = r"(?:(?:my|the|our|a)\b)?\s*(?P<list>[\w' -]+?)(?:\s+list)?"
_ADD = re.compile(
    rf"^(?:(?:please|can you|could you|would you)\s+)*(?:add|put|include|stick|throw|write|"
    rf"append|pop|chuck|bung|toss|slap|jot)\s+(?P<items>.+?)\s+(?:to|on|onto|in|into)\s+{_LIST}$",
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
    rf"^(?:(?:please|can you)\s+)*(?:remove|delete|take|drop|scratch|erase|cross\s+out|cancel"
    rf"|strike|get\s+rid\s+of|eliminate)\s+(?P<item>.+?)\s+(?:from|off|off of|in|on)\s+{_LIST}$",
    re.I,
)
_SHOW = re.compile(
    rf"^(?:what'?s|what is|what are|what do i have|read|read me|show|show me|tell me|list)"
    rf"(?:\s+(?:on|in|me|out))?\s+(?:(?:the\s+|all\s+(?:the\s+)?)?(?:items|things|stuff|everything"
    rf"|entries)\s+(?:on|in|from)\s+)?(?:on\s+|in\s+)?{_LIST}(?:\s+list)?$",
    re.I,
)
_ADD_AFTER = re.compile(  # "on my grocery list please add oranges", "grocery list: add eggs"
    r"^(?:(?:on|to|in)\s+)?(?:my|the|our)?\s*(?P<list>[\w' -]+?)\s+list\s*,?\s*(?:please\s+)?"
    r"(?:add|put|include)\s+(?P<items>.+)$",
    re.I,
)
_UPDATE_WITH = re.compile(
    r"^(?:please\s+)?update\s+(?:my|the|our)?\s*(?P<list>[\w' -]*?)\s*list\s+with\s+(?P<items>.+)$",
    re.I,
)
_CREATE = re.compile(
    r"^(?:(?:please|hey|ok|can you|could you|would you|i want to|i'd like to|i would like to"
    r"|i need to|let's|lets|i\s+(?:want|need|would\s+like|'d\s+like)\s+(?:a|an|another))\s+)*"
    r"(?:create|make|start|open|begin|generate|produce|bring\s+up"
    r"|set\s+up|new|fresh|add)\b(?=.*\b(?:list|checklist|register)\b)",
    re.I,
)
_DELETE_LIST = re.compile(
    r"^(?:(?:please|can you|could you|i want to|i'd like to)\s+)*(?:delete|remove|erase|clear"
    r"|empty|wipe|scrap|trash|get\s+rid\s+of|abolish|throw\s+away|eliminate)\b"
    r"(?!.*\b(?:from|off)\b)"
    r"(?=.*\b(?:list|checklist|groceries)\b)",
    re.I,
)
_NO_LIST = re.compile(
    r"\bi\s+(?:don'?t|do not)\s+(?:want|need)\s+(?:this|that|the|my)\s+list\b", re.I
)
_SHOW_ANY = re.compile(
    r"^(?:(?:please|can you|could you|hey|ok)\s+)*(?:what|which|how|is|are|do|did|does|any"
    r"|there|give|can i have|display|open|read|show|tell|provide|send|let me|check|bring|get"
    r"|pull|my|to\s*do|lists?\b|describe|refresh|make sure|count|say|recite|look(?:\s+up)?"
    r"|go\s+(?:through|over))\b",
    re.I,
)
_NAME_BEFORE = re.compile(r"(?P<pre>(?:[\w'-]+\s+){1,4}?)(?:check)?lists?\b", re.I)
_NAME_AFTER = re.compile(
    r"\b(?:check)?list\s+(?:called|named|of|for)\s+(?P<name>.+?)(?:\s+(?:please|for me))*$", re.I
)
_NAME_STOP = frozenset(
    "a an the my our your this that these on in of from for with up me new fresh current how many "
    "old any all is are what whats which there anything items item have has did i we you "
    "please create make start open read show give display describe provide tell add put "
    "delete remove clear empty erase wipe bring up available number count contents kind "
    "can could would want like need get some every one".split()
)
_WHICH_LISTS = re.compile(r"\b(?:what|which)\s+lists\b|\bmy lists\b", re.I)
_OTHER_ROLES = re.compile(
    r"\b(?:timers?|alarms?|remind(?:ers?)?|playlists?|devices?|lights?|events?|calendar|"
    r"meetings?|appointments?|songs?|music|notes?|memories|tools?|threads?)\b",
    re.I,
)
_ASKS = re.compile(
    r"^(?:what|what'?s|whats|which|is|are|do|does|did|any|anything|how\s+many|have|has|tell\s+me"
    r"|show\s+me|read|can\s+i\s+see|let\s+me\s+(?:see|know|hear))\b",
    re.I,
)
_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.I)
_LIST_WORD = re.compile(r"\b(?:list|lists|groceries|grocery|to-?do|todo|chores|checklist)\b", re.I)


def _items(text: str) -> list[str]:
    parts = [p.strip(" .") for p in _SPLIT.split(text) if p.strip(" .")]
    return [re.sub(r"^(?:some|a|an|the|more)\s+", "", p, flags=re.I) for p in parts]


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
        """Pick add / complete / remove / show / create / delete and the items and list."""
        text = " ".join(text.strip().rstrip("?!.").split())
        if (answered := answer_call(text, history, _items)) is not None:
            return answered
        if (follow := _follow_up(text, history)) is not None:
            return follow
        found = self._interpret(text)
        if isinstance(found, Clarification) and (rest := LEAD.match(text)) is not None:
            # "we're out of paint so take the paint off the list": the request after the reason
            after = self._interpret(rest["rest"])
            if not isinstance(after, Clarification):
                return after
        return found

    def _interpret(self, text: str) -> RoleCall | Clarification:
        found = self._read(plain(text))  # "go ahead and ...", "my list of things to do"
        if unless_listed(text) and isinstance(found, RoleCall) and found.tool == "lists.add":
            return RoleCall("lists.add", {**found.arguments, "unless_listed": True})
        return found

    def _read(self, text: str) -> RoleCall | Clarification:
        if (opened := OPEN_THEN.match(text)) is not None:
            return self._there(_list(opened["list"]), opened["rest"])
        if (everyday := everyday_call(text, _items, _list, list_name_in)) is not None:
            return everyday
        if (as_whole := whole_call(text, _list)) is not None:
            return as_whole
        if (talked := talk_call(text, _items)) is not None:  # "we're out of coffee"
            return talked
        if (match := CLEAR.match(text)) is not None:  # "clear my list": empty it, keep it
            name = _list(match["list"] or match["list2"])
            return RoleCall("lists.clear", {"list_name": name} if name else {})
        if _WHICH_LISTS.search(text) and not (_CREATE.match(text) or _REMOVE.match(text)):
            return RoleCall("lists.show", {})
        if BUY_QUESTION.match(text):
            return RoleCall("lists.show", {"list_name": list_name_in(text) or "shopping"})
        if (match := HAVE_LIST.match(text)) is not None and (name := _list(match["list"])):
            return RoleCall("lists.show", {"list_name": name})  # "do I have a to do list"
        if (match := NOT_NEEDED.match(text)) is not None and not is_vague([match["item"]]):
            return RoleCall("lists.remove", _where(match, {"item": _one(match["item"])}))
        for pattern, tool in ((_REMOVE, "lists.remove"), (_COMPLETE, "lists.complete")):
            match = pattern.match(text)
            if match:
                if is_vague([match["item"]]):  # "remove this item from the list"
                    return ask_remove(_list(match.groupdict().get("list")))
                if tool == "lists.remove" and (whole := _list_named(match["item"])):
                    return RoleCall("lists.delete", {"list_name": whole})  # "remove the X list"
                return RoleCall(tool, _where(match, {"item": _one(match["item"])}))
        if (match := _DONE.match(text)) is not None:
            return RoleCall("lists.complete", _where(match, {"item": _one(match["item"])}))
        if (match := _SHOW.match(text)) is not None:
            return RoleCall("lists.show", _where(match, {}))
        for pattern in (_ADD_AFTER, _UPDATE_WITH, _ADD_BARE, _ADD):
            if (match := pattern.match(text)) is not None:
                items = _items(match["items"])
                if is_vague(items):  # "add this one to my list", "add an item to the list"
                    return ask_items(_list(match.groupdict().get("list")))
                return RoleCall("lists.add", _where(match, {"items": items}))
        if (match := _NEED.match(text)) is not None:
            return RoleCall("lists.add", {"items": _items(match["items"])})
        return self._whole_list(text)

    def _there(self, name: str | None, rest: str) -> RoleCall | Clarification:
        """What to do on a list just opened: "go to my shopping list and add eggs"."""
        where = {"list_name": name} if name else {}
        if re.fullmatch(
            r"(?:delete|remove|erase|trash|scrap|get\s+rid\s+of)\s+(?:it|that)", rest, re.I
        ):
            return (
                RoleCall("lists.delete", where)
                if name
                else Clarification(ASK_DELETE, ("list_name",))
            )
        if re.fullmatch(r"(?:clear|empty)\s+(?:it|that)(?:\s+out)?", rest, re.I):
            return RoleCall("lists.clear", where)
        if (verb := bare_verb(rest)) is not None:  # "bring up the grocery list and add"
            return ask_items(name) if verb == "add" else ask_remove(name)
        found = self._read(rest)
        if isinstance(found, Clarification) and found.missing in (("items",), ("item",)):
            return ask_items(name) if found.missing == ("items",) else ask_remove(name)
        if isinstance(found, RoleCall) and name and found.tool != "lists.create":
            return RoleCall(found.tool, {**found.arguments, **where})
        return found

    def _whole_list(self, text: str) -> RoleCall | Clarification:
        """Requests about a list as a whole: start one, delete one, read one back."""
        name = list_name_in(text)
        if re.match(
            r"^(?:please\s+)?open\s+(?:up\s+)?(?:(?:my|the|our)\b|note\s*pad\b)", text, re.I
        ):
            return RoleCall("lists.show", {"list_name": name} if name else {})  # "open my list"
        if _CREATE.match(text):
            if re.match(r"^(?:add|put)\b(?!\s+(?:a|an|another|new|fresh)\b)", text, re.I):
                return ask_items(_list(name))  # "add to my camping list"
            if name is None:
                return Clarification(ASK_NAME, ("list_name",))
            return RoleCall("lists.create", {"list_name": name})
        if _DELETE_LIST.match(text) or _NO_LIST.search(text):
            named = re.search(
                r"\blist\s+(?!of\b|for\b)(?P<name>[\w' ]+?)(?:\s+but\b.*)?$", text, re.I
            )
            if name is None and named is not None:
                name = named["name"]
            if name is None:
                return Clarification(ASK_DELETE, ("list_name",))
            return RoleCall("lists.delete", {"list_name": name})
        if re.match(r"^(?:add|put|include)\s+to\b", text, re.I):
            return ask_items(_list(name))  # "add to my groceries"
        if (match := BARE_ADD.match(text)) is not None:  # "add bread": the shopping list
            items = _items(match["items"])
            return ask_items(None) if is_vague(items) else RoleCall("lists.add", {"items": items})
        if (match := BARE_REMOVE.match(text)) is not None:  # "delete this item", "kill item"
            where = _list(match["list"])
            if is_vague([match["item"]]):
                return ask_remove(where)
            return RoleCall("lists.remove", _where(match, {"item": _one(match["item"])}))
        if _SHOW_ANY.match(text) and _LIST_WORD.search(text):
            if re.search(r"\blists\b", text, re.I) and name is None:
                return RoleCall("lists.show", {})
            return RoleCall("lists.show", {"list_name": name} if name else {})
        if _ASKS.match(text):  # a question the role was chosen for: read ("what's there")
            return RoleCall("lists.show", {"list_name": name} if name else {})
        return Clarification(
            "Should I add something to a list, check something off, or read a list?", ("action",)
        )

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim clear list requests before the classifier ("... to my shopping list")."""
        return _claim


def list_name_in(text: str) -> str | None:
    """The list a request names ("the hardware store list", "a list of dog names"), or None."""
    for found in _NAME_BEFORE.finditer(text):
        words = found["pre"].split()
        kept: list[str] = []
        for word in reversed(words):
            if word.lower() in _NAME_STOP:
                break
            kept.insert(0, word)
        if kept and " ".join(kept).lower() not in ("to", "do"):
            return " ".join(kept)
    if after := _NAME_AFTER.search(text):
        name = re.sub(r"^(?:the|my|a|an)\s+", "", after["name"].strip(), flags=re.I)
        if name and name.lower() not in _NAME_STOP:
            return name
    if known := re.search(r"\b(groceries|grocery|shopping|to-?\s?do|chores)\b", text, re.I):
        return known[1]
    return None


def _follow_up(text: str, history: list[Turn]) -> RoleCall | None:
    """More for the list the previous turn added to: "add milk too", "and eggs"."""
    previous = next(
        (c for turn in reversed(history[-1:]) for c in reversed(turn.calls or [])), None
    )
    if not previous or previous.get("tool") != "lists.add":
        return None
    if re.match(r"^(?:and\s+)?(?:what|which|how|is|are|do|does|did|any|where)\b", text, re.I):
        return None  # "and what about the shopping list?" asks; it never adds
    found = re.match(
        r"^(?:and|also|plus)?\s*(?:add\s+|put\s+)?(?P<items>.+?)\s+(?:too|as well|also)$"
        r"|^(?:and|also|plus)\s+(?:add\s+|put\s+)?(?P<items2>.+)$",
        text,
        re.I,
    )
    if found is None:
        return None
    items = found["items"] or found["items2"]
    if _LIST_WORD.search(items):
        return None
    arguments: dict[str, Any] = {"items": _items(items)}
    if name := (previous.get("arguments") or {}).get("list_name"):
        arguments["list_name"] = name
    return RoleCall("lists.add", arguments)


def _list_named(item: str) -> str | None:
    """The list an "item" is when it is a whole list ("the grocery list" -> "grocery")."""
    found = re.fullmatch(r"(?:the|my|our|that|this)?\s*(?P<name>[\w' -]+?)\s+list", item, re.I)
    return _list(found["name"]) if found else None


def _one(item: str) -> str:
    return re.sub(r"^(?:the|my|some)\s+", "", item.strip(), flags=re.I)


def _where(match: re.Match[str], args: dict[str, Any]) -> dict[str, Any]:
    name = _list(match.groupdict().get("list"))
    if name:
        args["list_name"] = name
    return args


def _claim(request: RouteRequest) -> RouteDecision | None:
    text = " ".join(request.text.strip().rstrip("?!.").split())
    if answer_call(text, list(request.history), _items) is not None:
        return RouteDecision(
            target=RouteTarget.FAST_REPLY,
            role="lists",
            confidence=0.95,
            reason="The answer to the lists role's question of the turn before.",
            scores={"lists": 0.95},
        )
    if _follow_up(text, list(request.history)) is not None:
        return RouteDecision(
            target=RouteTarget.FAST_REPLY,
            role="lists",
            confidence=0.95,
            reason="Adds more to the list the previous turn added to.",
            scores={"lists": 0.95},
        )
    if isinstance(everyday_call(plain(text), _items, _list, list_name_in), RoleCall):
        return _claimed(whole=True)  # anchored: "remind me to buy bread when i go shopping"
    if TO_BUY.match(plain(text)) or TO_DO.match(plain(text)):  # "what else do i need to buy"
        return _claimed(whole=True, guess=False)
    if talked := talk_claim(plain(text), _items, _OTHER_ROLES):  # "we're out of coffee"
        return _claimed(whole=True, guess=talked == "guess")
    if _OTHER_ROLES.search(text):
        return None
    if not _LIST_WORD.search(plain(text)) or about_the_world(text):
        return None  # "give me a list of things to do in orlando" is no list of the user's
    role = ROLE
    answer = role.interpret(text, {}, None, [])  # type: ignore[arg-type]
    if isinstance(answer, Clarification) and not OPEN_THEN.match(text):
        return None  # "go to the list and remove item" is the role's, and it asks what
    # "i'm out of apples, add them to my list": a reason and the request, read whole
    return _claimed(whole=reads_whole(text, _items, _list, list_name_in))


def _claimed(*, whole: bool, guess: bool = True) -> RouteDecision:
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role="lists",
        confidence=0.97,
        slots={"whole": True} if whole else {},
        guess=guess,  # the router drops a guess when its classifier says no role owns it
        reason="Names a list and what to do with it.",
        scores={"lists": 0.97},
    )


ROLE = ListsRole()

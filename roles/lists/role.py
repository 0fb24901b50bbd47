"""The lists role: "put oat milk on the groceries list", "what's on my to-do list"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from agent_system.understanding._gate import StageGate
from roles.lists._ask import ASK_DELETE, ASK_NAME, answer_call, ask_items, ask_remove
from roles.lists._bare import bare_groceries
from roles.lists._context import last_named, on_the_list
from roles.lists._days import day_arguments
from roles.lists._everyday import OPEN_THEN, everyday_call, plain, reads_whole, unless_listed
from roles.lists._everything import everything_call
from roles.lists._follow import follow_up
from roles.lists._forget import forgotten_item
from roles.lists._has import has_call
from roles.lists._move import move_call
from roles.lists._off import off_call
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
from roles.lists._placed import by_place
from roles.lists._said import (
    ADD,
    ADD_AFTER,
    ADD_BARE,
    ADD_COLON,
    ASKS,
    CALLED,
    COMPLETE,
    CREATE,
    DELETE_LIST,
    DONE,
    HOW_MANY,
    LIST_WORD,
    NEED,
    NO_LIST,
    OTHER_ROLES,
    REMOVE,
    SHOW,
    SHOW_ANY,
    UPDATE_WITH,
    WHICH_LISTS,
    bare_item,
    list_name_in,
    list_named,
    split_items,
    with_list,
)
from roles.lists._talk import talk_call, talk_claim
from roles.lists._tasks import tasks_to_do
from roles.lists._two_adds import two_adds
from roles.lists._whole import TO_BUY, TO_DO, bare_verb, fronted, whole_call
from roles.lists._whole import clean_name as _list

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["ROLE", "ListsRole", "list_name_in"]

_LISTS_COUNTED = lazy_pattern(
    r"\bhow\s+many\s+(?:different\s+|separate\s+)?lists\b|\bnumber\s+of\s+lists\b", re.I
)
"""A count of the lists themselves, not of what is on them ("how many lists do i have")."""


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
    ) -> RoleCall | RolePlan | Clarification:
        """Pick add / complete / remove / show / create / delete and the items and list."""
        text = " ".join(text.strip().rstrip("?!.").split())
        if (answered := answer_call(text, history, split_items)) is not None:
            return answered
        if (both := two_adds(text, split_items, _list)) is not None:
            return both  # "add milk to shopping and batteries to the todo list"
        if (moved := move_call(text, _list)) is not None:
            return moved  # "move milk to the to do list": off one list, onto the other
        if (placed := by_place(text, history, _list, claim=False)) is not None:
            return placed  # "remove the last one", "tick off the second item"
        if (follow := _follow_up(text, history)) is not None:
            return (
                tasks_to_do(follow, text, list_name_in(text))
                if isinstance(follow, RoleCall)
                else follow
            )
        found = self._interpret(text)
        if isinstance(found, Clarification) and (rest := LEAD.match(text)) is not None:
            # "we're out of paint so take the paint off the list": the request after the reason
            after = self._interpret(rest["rest"])
            if not isinstance(after, Clarification):
                found = after
        if (
            isinstance(found, Clarification)
            and found.question == ASK_DELETE
            and (named := last_named(history)) is not None
        ):
            return RoleCall("lists.delete", {"list_name": named})  # "delete the list": that one
        if isinstance(found, RoleCall):  # "my list" after a turn on the shopping list: that one
            found = tasks_to_do(on_the_list(found, text, history), text, list_name_in(text))
        if isinstance(found, RoleCall) and runtime is not None:  # "... for today"
            if day := day_arguments(text, found.tool, runtime.clock.now()):
                return RoleCall(found.tool, {**found.arguments, **day})
        return found

    def _interpret(self, text: str) -> RoleCall | Clarification:
        found = self._read(plain(text))  # "go ahead and ...", "my list of things to do"
        if unless_listed(text) and isinstance(found, RoleCall) and found.tool == "lists.add":
            return RoleCall("lists.add", {**found.arguments, "unless_listed": True})
        if (
            isinstance(found, RoleCall)
            and found.tool == "lists.show"
            and _LISTS_COUNTED.search(text)
        ):
            return RoleCall("lists.show", {"lists": True})  # "how many lists do i have"
        if isinstance(found, RoleCall) and found.tool == "lists.show" and HOW_MANY.search(text):
            return RoleCall("lists.show", {**found.arguments, "count": True})  # "how many ..."
        return found

    def _read(self, text: str) -> RoleCall | Clarification:
        if (gone := forgotten_item(text)) is not None:  # "forget the milk", "scratch eggs"
            return RoleCall("lists.remove", {"item": gone})
        if (opened := OPEN_THEN.match(text)) is not None:
            return self._there(_list(opened["list"]), opened["rest"])
        if (has := has_call(text, _list)) is not None:  # "is milk on my grocery list"
            return has
        if (every := everything_call(text, _list)) is not None:  # "clear today's items"
            return every
        if (off := off_call(text, _list, is_vague)) is not None:  # "drop the last item"
            return off
        if (everyday := everyday_call(text, split_items, _list, list_name_in)) is not None:
            return everyday
        if (as_whole := whole_call(text, _list)) is not None:
            return as_whole
        if (talked := talk_call(text, split_items)) is not None:  # "we're out of coffee"
            return talked
        if (match := CLEAR.match(text)) is not None:  # "clear my list": empty it, keep it
            name = _list(match["list"] or match["list2"])
            return RoleCall("lists.clear", {"list_name": name} if name else {})
        if WHICH_LISTS.search(text) and not (CREATE.match(text) or REMOVE.match(text)):
            return RoleCall("lists.show", {})
        if BUY_QUESTION.match(text):
            return RoleCall("lists.show", {"list_name": list_name_in(text) or "shopping"})
        if (match := HAVE_LIST.match(text)) is not None and (name := _list(match["list"])):
            return RoleCall("lists.show", {"list_name": name})  # "do I have a to do list"
        if (match := NOT_NEEDED.match(text)) is not None and not is_vague([match["item"]]):
            return RoleCall("lists.remove", with_list(match, {"item": bare_item(match["item"])}))
        for pattern, tool in ((REMOVE, "lists.remove"), (COMPLETE, "lists.complete")):
            match = pattern.match(text)
            if match:
                if is_vague([match["item"]]):  # "remove this item from the list"
                    return ask_remove(_list(match.groupdict().get("list")))
                if tool == "lists.remove" and (whole := list_named(match["item"])):
                    return RoleCall("lists.delete", {"list_name": whole})  # "remove the X list"
                return RoleCall(tool, with_list(match, {"item": bare_item(match["item"])}))
        if (match := DONE.match(text)) is not None:
            return RoleCall("lists.complete", with_list(match, {"item": bare_item(match["item"])}))
        if (match := SHOW.match(text)) is not None:
            return RoleCall("lists.show", with_list(match, {}))
        for pattern in (ADD_COLON, ADD_AFTER, UPDATE_WITH, ADD_BARE, ADD):
            if (match := pattern.match(text)) is not None:
                items = split_items(match["items"])
                if is_vague(items):  # "add this one to my list", "add an item to the list"
                    return ask_items(_list(match.groupdict().get("list")))
                return RoleCall("lists.add", with_list(match, {"items": items}))
        if (match := NEED.match(text)) is not None:
            return RoleCall("lists.add", {"items": split_items(match["items"])})
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
        if CREATE.match(text):
            # "create a packing list with socks, charger and passport": its first items
            if (first := re.search(r"\blist\b(?:.*?)\s+with\s+(?P<items>.+)$", text, re.I)) and (
                name := list_name_in(text[: first.start("items")].removesuffix(" with "))
            ):
                items = split_items(first["items"])
                if not is_vague(items):
                    return RoleCall("lists.create", {"list_name": name, "items": items})
            if re.match(r"^(?:add|put)\b(?!\s+(?:a|an|another|new|fresh|list)\b)", text, re.I):
                return ask_items(_list(name))  # "add to my camping list"
            if name is None:
                return Clarification(ASK_NAME, ("list_name",))
            return RoleCall("lists.create", {"list_name": name})
        if DELETE_LIST.match(text) or NO_LIST.search(text):
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
            items = split_items(match["items"])
            return ask_items(None) if is_vague(items) else RoleCall("lists.add", {"items": items})
        if (match := BARE_REMOVE.match(text)) is not None:  # "delete this item", "kill item"
            where = _list(match["list"])
            if is_vague([match["item"]]):
                return ask_remove(where)
            return RoleCall("lists.remove", with_list(match, {"item": bare_item(match["item"])}))
        if SHOW_ANY.match(text) and LIST_WORD.search(text):
            if re.search(r"\blists\b", text, re.I) and name is None:
                return RoleCall("lists.show", {})
            return RoleCall("lists.show", {"list_name": name} if name else {})
        if ASKS.match(text):  # a question the role was chosen for: read ("what's there")
            return RoleCall("lists.show", {"list_name": name} if name else {})
        return Clarification(
            "Should I add something to a list, check something off, or read a list?", ("action",)
        )

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim clear list requests before the classifier ("... to my shopping list")."""
        return GATE.wrap(_claim)


GATE = StageGate.of(
    "lists",
    r"lists?\b|checklists?\b|to-?dos?\b|to do\b|tasks?\b|chores?\b|errands?\b|jobs?\b|buy"
    r"|get\b|got\b|need|out of\b|run out|ran out|grocer|shop|pick up|add|put\b|remove"
    r"|bought|picked|running low|low on|no more|on there|already"
    r"|delete|take\b|cross|check|tick|clear|forget|playlist|items?\b|scratch|strike|knock|mark",
)
"""The words without which `_claim` cannot claim a request; a follow-up or an answer to
the role's question is asked anyway (agent_system/understanding/_gate.py)."""


def _follow_up(text: str, history: list[Turn]) -> RoleCall | RolePlan | Clarification | None:
    """A follow-up on the previous turn's list ("and eggs", "what's on it now")."""
    return follow_up(text, history, split_items, lambda said: LIST_WORD.search(said) is not None)


_MARKED_DONE = lazy_pattern(
    r"^(?:(?:please|ok|okay|can\s+you|could\s+you|you\s+can)\s+)*(?:mark|set|tick)\s+(?!it\b|that\b)"
    r"[a-z][\w' -]*?\s+(?:as\s+)?(?:done|complete|completed|finished|bought|purchased|got(?:ten)?"
    r"|picked\s+up)(?:\s+please)?$",
    re.IGNORECASE,
)
"""A thing marked done with no list named ("mark call mom as done", "mark rice as bought"): ticked
off the list it is on."""


_BOUGHT = lazy_pattern(r"\b(?:bought|purchased|got(?:ten)?|picked\s+up)(?:\s+please)?\W*$", re.I)


def _after_timer(request: RouteRequest) -> bool:
    """The turn before was the timer role's ("forget the pasta" may name a timer there)."""
    return bool(request.history) and request.history[-1].role == "timer"


def _claim(request: RouteRequest) -> RouteDecision | None:
    text = " ".join(request.text.strip().rstrip("?!.").split())
    if answer_call(text, list(request.history), split_items) is not None:
        return RouteDecision(
            target=RouteTarget.FAST_REPLY,
            role="lists",
            confidence=0.95,
            reason="The answer to the lists role's question of the turn before.",
            scores={"lists": 0.95},
        )
    if by_place(text, list(request.history), _list, claim=True) is not None:
        return _claimed(whole=True, guess=False)  # "remove the second one" after a list turn
    if _MARKED_DONE.match(plain(text)):  # "mark call mom as done": a to-do ticked off
        return _claimed(whole=True, guess=_BOUGHT.search(text) is None)  # "as bought": surely
    if forgotten_item(plain(text)) and not _after_timer(request):
        return _claimed(whole=True, guess=False)  # "forget the milk": off the list it is on
    if bare_groceries(plain(text), split_items):  # "add bread, butter, jam": the shopping list
        return _claimed(whole=True, guess=False)  # (a follow-up's commas split it no more)
    if _follow_up(text, list(request.history)) is not None:
        return RouteDecision(
            target=RouteTarget.FAST_REPLY,
            role="lists",
            confidence=0.95,
            reason="A follow-up on the list the previous turn used.",
            scores={"lists": 0.95},
        )
    if isinstance(everyday_call(plain(text), split_items, _list, list_name_in), RoleCall):
        return _claimed(whole=True)  # anchored: "remind me to buy bread when i go shopping"
    if (
        TO_BUY.match(plain(text))
        or TO_DO.match(plain(text))
        or fronted(plain(text))
        or _to_buy(text)
    ):
        return _claimed(whole=True, guess=False)
    if talked := talk_claim(plain(text), split_items, OTHER_ROLES):  # "we're out of coffee"
        return _claimed(whole=True, guess=talked == "guess")
    if _onto_known(text):  # "put the meeting with carla on my to do list": the list says
        return _claimed(whole=True, guess=False)
    if OTHER_ROLES.search(text):
        return None
    if everything_call(plain(text), _list) is not None:  # "clear all of today's tasks"
        return _claimed(whole=True)
    if _AN_ITEM.match(plain(text)) and isinstance(
        ROLE.interpret(text, {}, None, []),  # type: ignore[arg-type]
        Clarification,
    ):  # "kill item", "remove an item": the role asks which
        return _claimed(whole=True, guess=False)
    if not LIST_WORD.search(plain(text)) or about_the_world(text):
        return None  # "give me a list of things to do in orlando" is no list of the user's
    role = ROLE
    answer = role.interpret(text, {}, None, [])  # type: ignore[arg-type]
    if isinstance(answer, Clarification) and not OPEN_THEN.match(text):
        return None  # "go to the list and remove item" is the role's, and it asks what
    if isinstance(answer, RoleCall) and answer.tool == "lists.create" and CALLED.search(text):
        return _claimed(whole=True, guess=False)  # "let's start a new list called road trip"
    # "i'm out of apples, add them to my list": a reason and the request, read whole
    whole = reads_whole(text, split_items, _list, list_name_in) or _one_add(text)
    return _claimed(whole=whole)


_AN_ITEM = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you)\s+)*(?:kill|remove|delete|drop|erase|scratch|strike"
    r"|get\s+rid\s+of|take\s+off|cross\s+off|add|insert)\s+(?:an?\s+|one\s+|the\s+|this\s+)?"
    r"(?:item|entry|list\s+item)(?:\s+(?:please|now))*$",
    re.I,
)
"""An order on an item it does not name: the lists role asks which ("kill item")."""
_FOR_A_DAY = lazy_pattern(
    r"\s+(?:(?:for|on|by|due)\s+)?(?:today|tonight|tomorrow|this\s+week(?:end)?|next\s+week"
    r"|(?:this\s+|next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day)$",
    re.I,
)


def _one_add(text: str) -> bool:
    """An add of several items that ends on its list, one request.

    "put call the bank and book the dentist on my to do list (for today)": the items are the
    clauses.
    """
    said = _FOR_A_DAY.sub("", plain(text))
    found = ADD.match(said) or ADD_COLON.match(said)
    return (
        found is not None
        and len((found["list"] or "").split()) <= 3
        and bool(re.search(r"\blist$|^[^:]+:", said, re.I))
        and OTHER_ROLES.search(found["items"]) is None
    )


def _to_buy(text: str) -> bool:
    """A question of what to buy, ending there: the shopping list.

    "what items did i plan to buy", "which groceries should we get" (not "what do i need to buy
    to make pierogi").
    """
    said = plain(text)
    return (
        BUY_QUESTION.match(said) is not None
        and re.search(r"\b(?:buy|get|pick\s+up|shop\s+for)$", said, re.I) is not None
    )


_KNOWN_LIST = lazy_pattern(r"^(?:to-?\s?do|todo|shopping|grocery|groceries)$", re.I)


def _onto_known(text: str) -> bool:
    """An add onto the to-do or shopping list by its name, whatever the item names.

    "please put the meeting with carla on my to do list" is the list's, not the calendar's.
    """
    said = _FOR_A_DAY.sub("", plain(text))
    found = ADD.match(said)
    return (
        found is not None
        and re.search(r"\blist$", said, re.I) is not None
        and _KNOWN_LIST.match(_list(found["list"]) or "") is not None
        and re.search(r"\bremind", found["items"], re.I) is None
    )


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

"""More everyday list phrasing: a reason before the request, fillers, passive and vague asks.

"i'm out of apples, add them to my list" adds apples (the reason names what "them" is);
"i no longer need milk, so forget that" takes milk off; "go ahead and ..." / "do me a favour
and ..." are fillers; "my list of things to do" is the to-do list; "for the shopping list, add
ham as well" adds ham there; "update my shopping list, delete olives" takes olives off; "this
item should be added to the list" / "can an extra item be added to my grocery list" name nothing,
so the role asks what (as it does for "add this one").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall
from agent_system.understanding._memo import per_request
from roles.lists._ask import ASK_NAME, ask_items, ask_remove

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["OPEN_THEN", "everyday_call", "plain", "reads_whole", "unless_listed"]

_FILLER = lazy_pattern(
    r"^(?:(?:please|hey|ok(?:ay)?|so|go\s+ahead\s+and|do\s+me\s+a\s+favou?r\s+and|i\s+want\s+you"
    r"\s+to|i\s+need\s+you\s+to|can\s+you|could\s+you|would\s+you|will\s+you"
    r"|(?:is|would)\s+it\s+(?:be\s+)?possible\s+(?:for\s+you\s+)?to|olly|ollie|alexa|siri"
    r"|(?:i\s+want|i'?d\s+like|i\s+would\s+like)\s+to(?=\s+(?:add|put|remove|delete|take|cross)\b))"
    r"[\s,]+)+",
    re.I,
)
"""Openings that are no part of the request: politeness, a wake word ("olly, what's on the
list"), "i want to" before an order on an item ("i want to add chocolate to my list")."""
_TODO = lazy_pattern(
    r"\blist\s+of\s+(?:(?:things|stuff|tasks)\s+to\s+do|to-?\s?do'?s)\b|\bto-?do'?s\s+list\b", re.I
)


_SHOPPING = lazy_pattern(  # "add garland to my christmas shopping": the christmas shopping list
    r"^(?:(?:please|can\s+you|could\s+you)\s+)*(?:add|put|stick|pop|throw|remove|take|delete"
    r"|cross|scratch|what'?s\s+(?:on|in)|what\s+is\s+(?:on|in)|show\s+me|read(?:\s+me)?|check)\b.*\b"
    r"(?:to|on|onto|from|off|in|me)\s+(?:my|our|the)\s+(?:[\w'-]+\s+){0,2}shopping$",
    re.I,
)
_MY_TODO = lazy_pattern(r"\b(my|our)\s+to[- ]?do'?s?\b(?!\s+(?:[\w'-]+\s+)?lists?\b)", re.I)


_POLITE_END = lazy_pattern(
    r"\b(list|groceries)(?:[\s,]+(?:please|thanks|thank\s+you|for\s+me|now|right\s+now))+$", re.I
)
"""Thanks after a list's name: "take milk off the shopping list please" names "shopping"."""


@per_request
def plain(text: str) -> str:
    """`text` without opening fillers, as a list is named.

    "list of things to do" and "my to do" (or "my todos") are said as "to do list". Read once
    per request (`per_request`): the lists stage asks for it several times.
    """
    said = _MY_TODO.sub(r"\1 to do list", _TODO.sub("to do list", text))
    said = _SHOPPING.sub(r"\g<0> list", said)
    said = _IF_MISSING.sub("", said)
    said = _POLITE_END.sub(r"\1", said)
    return _FILLER.sub("", said).strip() or text


OPEN_THEN = lazy_pattern(
    r"^(?:go\s+to|open(?:\s+up)?|find|pull\s+up|bring\s+up|look\s+at|check)\s+(?:my|the|our)\s+"
    r"(?P<list>[\w' -]*?)\s*list\s*,?\s+and\s+(?:then\s+)?(?P<rest>.+)$",
    re.I,
)
"""A list opened, then what to do there: "go to my shopping list and add eggs"."""
_JOINING_FILLER = lazy_pattern(r"^(?:go\s+ahead|do\s+me\s+a\s+favou?r)\s+and\b", re.I)


def reads_whole(
    text: str,
    items: Callable[[str], list[str]],
    clean: Callable[[str | None], str | None],
    list_name_in: Callable[[str], str | None],
) -> bool:
    """Whether a request the role understood holds no other clause although it looks so.

    A reason before it ("i'm out of apples, add them to my list"), a list named before a comma
    ("for the shopping list, add ham"), or "go ahead and ...".
    """
    if _JOINING_FILLER.match(text) or _IF_MISSING.search(text) or OPEN_THEN.match(text):
        return True
    return isinstance(everyday_call(plain(text), items, clean, list_name_in), RoleCall)


_LIST = r"(?:my|the|our|a)?\s*(?P<list>[\w' -]*?)\s*list"
_OUT_OF = lazy_pattern(
    r"^(?:(?:i'?m|we'?re|i\s+am|we\s+are)\s+(?:all\s+|completely\s+)?out\s+of"
    r"|(?:i|we)(?:'ve|\s+have)?\s+(?:ran|run)\s+out\s+of"
    r"|(?:i|we)\s+(?:have|got)\s+no(?:\s+more)?"
    r"|(?:i|we)\s+(?:don'?t|do\s+not)\s+have\s+any(?:\s+more)?"
    r"|there'?s\s+no(?:\s+more)?|there\s+is\s+no(?:\s+more)?)\s+(?P<items>.+?)\s*[,;]?\s*"
    r"(?:(?:so|and|please|then)\s+)*(?:(?:add|put|stick|write|pop)\s+(?:it|that|them|those|some"
    r"(?:\s+more)?|more)|remind\s+(?:me|us)(?:\s+of\s+(?:it|that|them))?)\s+(?:on|to|onto|in"
    rf"|into)\s+{_LIST}(?:\s+please)?$",
    re.I,
)
_CREATE_AND_ADD = lazy_pattern(  # "create a packing list and add socks": the new list's items
    r"^(?:create|start|make|begin|open)\s+(?:a\s+|an\s+|my\s+)?(?:new\s+)?(?P<list>[\w' -]+?)\s+"
    r"list\s*,?\s+(?:and\s+)?(?:then\s+)?(?:add|put)\s+(?P<items>.+?)(?:\s+(?:to|on|in|onto)\s+"
    r"(?:it|that|there|the\s+list))?(?:\s+please)?$",
    re.I,
)
_UNLESS_THERE = lazy_pattern(  # "are eggs on my list, if not add them"
    r"^(?:is|are|do\s+(?:i|we)\s+have|have\s+(?:i|we)\s+got)\s+(?P<items>.+?)\s+(?:listed\s+)?"
    rf"(?:on|in)\s+{_LIST}\s*[,;]?\s*(?:(?:and|please|if\s+not|otherwise|or)\s*,?\s*)+"
    r"(?:add|put)\s+(?:it|them|that|those)(?:\s+(?:on|to)\s+(?:it|the\s+list))?(?:\s+please)?$",
    re.I,
)
_IF_MISSING = lazy_pattern(  # "add milk to my shopping list, if it is not already on it"
    r"\s*,?\s*(?:if|unless)\s+(?:it'?s|it\s+is|they\s+are|they'?re|it\s+isn'?t|they\s+aren'?t)"
    r"\s+(?:not\s+)?(?:already\s+)?(?:not\s+)?(?:on|in|there)(?:\s+(?:it|there|the\s+list))?"
    r"(?:\s+already)?$",
    re.I,
)
_DROPPED = lazy_pattern(
    r"^(?:i|we)\s+(?:no\s+longer|don'?t|do\s+not)\s+need\s+(?:to\s+)?(?:the\s+|any\s+)?(?P<item>.+?)"
    r"(?:\s+any\s*more)?\s*[,;]?\s*(?:(?:so|and|please|then)\s+)*"
    r"(?:forget\s+(?:about\s+)?(?:that|it|them)|(?:take|cross|get|remove|delete|drop)\s+"
    r"(?:it|that|them)(?:\s+off)?(?:\s+(?:of|from|off)\s+(?:my|the|our)?\s*"
    r"(?P<list>[\w' -]*?)\s*list)?)$",
    re.I,
)
_DONE_THEN = lazy_pattern(  # "i finished the ironing, so cross that off my to do list"; "i
    # already bought the milk remove it from the list" (bought: checked off)
    r"^(?:i|we)\s+(?:just\s+|already\s+)?(?:finished|did|done|completed|have\s+done|bought|got"
    r"|picked\s+up)\s+(?P<item>.+?)\s*[,;]?\s*(?:(?:so|and|please|then|you\s+can)\s+)*"
    r"(?:(?:cross|tick|check|mark|take)\s+(?:it|that|them)\s+off|(?:remove|delete|drop|scratch"
    r"|erase|take)\s+(?:it|that|them)(?=\s+(?:from|off)\b|$))(?:\s+(?:of\s+|from\s+|off\s+)?"
    r"(?:my|the|our)?\s*(?P<list>[\w' -]*?)\s*list)?$",
    re.I,
)
_ADDED = lazy_pattern(  # "i need you to get bananas added to my shopping list; we're out"
    r"^(?:(?:i\s+need|i\s+want|i'?d\s+like)\s+(?:for\s+)?(?:you\s+)?to\s+)?(?:get|have)\s+"
    rf"(?P<items>.+?)\s+added\s+(?:to|on|onto)\s+{_LIST}"
    r"(?:\s*[;,]\s*(?:(?:i'?m|we'?re|i\s+am|we\s+are)\s+(?:all\s+)?out|(?:i|we)\s+ran\s+out))?$"
    r"|^(?:on|to|for|in)\s+(?:my|the|our)?\s*(?P<list2>[\w' -]*?)\s*list\s*[,:;]\s*(?:i|we)\s+"
    r"(?:need|want)\s+(?P<items2>.+?)\s+added$",
    re.I,
)
_THEN_DO = lazy_pattern(  # "for the shopping list, add ham", "update my list, delete olives"
    r"^(?:(?:for|on|in|to|from|update|edit|change)\s+)?(?:my|the|our)?\s*(?P<list>[\w' -]*?)\s*"
    r"list\s*[,:;]\s*(?:please\s+)?(?P<verb>add|put|include|remove|delete|take\s+off|cross\s+off"
    r"|drop|scratch)\s+(?P<items>.+?)(?:\s+(?:as\s+well|too|also|please))*$",
    re.I,
)
_CROSS = lazy_pattern(  # "cross the gym off my to do list", "tick eggs off the list"
    rf"^(?:cross|tick|check|mark)\s+(?P<item>.+?)\s+off\s+(?:of\s+)?{_LIST}$", re.I
)
_TRASH = lazy_pattern(  # "move buying eggs to trash from my to do list"
    r"^(?:move|put|send|throw)\s+(?P<item>.+?)(?:\s+item)?\s+(?:to|in|into)\s+(?:the\s+)?"
    rf"(?:trash|bin|rubbish|garbage)\s+(?:from|off|on)\s+{_LIST}$",
    re.I,
)
_ACCORDING = lazy_pattern(  # "what do i have to do tomorrow, according to my to do list"
    r"^(?:what|which)\b.*?[,;]?\s+(?:according\s+to|on|in|from)\s+(?:my|the|our)\s+"
    r"(?P<list>[\w' -]*?)\s*list$",
    re.I,
)
_WHEN_SHOPPING = lazy_pattern(  # "remind me to buy bread next time i go shopping": no time to ring
    r"^(?:remind\s+(?:me|us)|(?:don'?t|do\s+not)\s+let\s+(?:me|us)\s+forget)\s+to\s+"
    r"(?:buy|get|pick\s+up|grab)\s+(?:some\s+|more\s+)?(?P<items>.+?)\s+(?:the\s+)?"
    r"(?:next\s+time|when(?:ever)?|once)\s+(?:i|we)(?:'m|'re|\s+am|\s+are)?\s+"
    r"(?:go(?:ing)?\s+|get\s+|am\s+)?(?:to\s+|at\s+|in\s+)?(?:the\s+)?(?:grocery\s+)?"
    r"(?:shopping|stores?|supermarket|shops?|market|groceries)$",
    re.I,
)
_VAGUE_OBJECT = (
    r"(?:(?:an?|the|this|that|it|one|some|extra|new|another|other|more)\s+)*"
    r"(?:items?|things?|entry|entries|this|that|it|one|something|stuff)"
)
_VAGUE_ADD = lazy_pattern(
    rf"(?:^|\s)(?:{_VAGUE_OBJECT})\s+(?:(?:should|must|can|could|has\s+to|needs?\s+to|to)\s+)?"
    rf"be\s+added\b"
    rf"|\b(?:add|put|include|enter|insert|append)\s+{_VAGUE_OBJECT}(?:\s+(?:also|too|please))*"
    rf"\s+(?:to|on|onto|in|into)\b",
    re.I,
)
_VAGUE_REMOVE = lazy_pattern(
    rf"\b(?:remove|delete|erase|drop|take|rearrange|move|get\s+rid\s+of)\s+{_VAGUE_OBJECT}"
    rf"(?:\s+(?:off|from|out\s+of)\b|$)|\bhow\s+(?:can|do)\s+i\s+(?:remove|delete)\s+{_VAGUE_OBJECT}$",
    re.I,
)
_CREATE_LATER = lazy_pattern(
    r"^(?:an?\s+)?(?:new\s+)?list\s+(?:should|must|needs?\s+to|to)\s+be\s+(?:created|made|started)"
    r"\b",
    re.I,
)


def unless_listed(text: str) -> bool:
    """Whether an add says to leave out what is there ("..., if it is not already on it")."""
    return _IF_MISSING.search(text) is not None


def _name(raw: str | None, clean: Callable[[str | None], str | None]) -> dict[str, Any]:
    name = clean(raw)
    return {"list_name": name} if name else {}


def everyday_call(
    text: str,
    items: Callable[[str], list[str]],
    clean: Callable[[str | None], str | None],
    list_name_in: Callable[[str], str | None],
) -> RoleCall | Clarification | None:
    """The call for the phrasings above, or None.

    `items` splits "eggs and milk", `clean` tidies a list name ("my shopping" -> "shopping"),
    `list_name_in` finds one in a request.
    """
    if (
        (found := _CREATE_AND_ADD.match(text)) is not None
        and (name := clean(found["list"]))
        and name.lower() not in ("new", "fresh", "another", "other")
    ):
        return RoleCall("lists.create", {"list_name": name, "items": items(found["items"])})
    if (found := _UNLESS_THERE.match(text)) is not None:  # an item on it already stays once
        where = _name(found["list"], clean)
        return RoleCall(
            "lists.add", {"items": items(found["items"]), **where, "unless_listed": True}
        )
    if (found := _OUT_OF.match(text)) is not None:
        return RoleCall(
            "lists.add", {"items": items(found["items"]), **_name(found["list"], clean)}
        )
    if (found := _DROPPED.match(text)) is not None:
        item = re.sub(r"^(?:the|my|some)\s+", "", found["item"], flags=re.I)
        where = _name(found["list"], clean)
        return RoleCall("lists.remove", {"item": item, **where})
    if (found := _DONE_THEN.match(text)) is not None:
        item = re.sub(r"^(?:the|my|some)\s+", "", found["item"], flags=re.I)
        return RoleCall("lists.complete", {"item": item, **_name(found["list"], clean)})
    if (found := _ADDED.match(text)) is not None:
        listed = found["items"] or found["items2"]
        where = _name(found["list"] or found["list2"], clean)
        return RoleCall("lists.add", {"items": items(listed), **where})
    if (found := _THEN_DO.match(text)) is not None:
        verb = found["verb"].lower()
        where = _name(found["list"], clean)
        if verb in ("add", "put", "include"):
            return RoleCall("lists.add", {"items": items(found["items"]), **where})
        item = re.sub(r"^(?:the|my|some)\s+", "", found["items"], flags=re.I)
        tool = "lists.complete" if verb == "cross off" else "lists.remove"
        return RoleCall(tool, {"item": item, **where})
    if (found := _CROSS.match(text)) is not None:
        item = re.sub(r"^(?:the|my|some)\s+", "", found["item"], flags=re.I)
        return RoleCall("lists.complete", {"item": item, **_name(found["list"], clean)})
    if (found := _TRASH.match(text)) is not None:
        item = re.sub(r"^(?:the|my|some)\s+", "", found["item"], flags=re.I)
        return RoleCall("lists.remove", {"item": item, **_name(found["list"], clean)})
    if (found := _WHEN_SHOPPING.match(text)) is not None:
        return RoleCall("lists.add", {"items": items(found["items"]), "list_name": "shopping"})
    if (found := _ACCORDING.match(text)) is not None and (where := _name(found["list"], clean)):
        return RoleCall("lists.show", where)
    if _CREATE_LATER.match(text):
        return Clarification(ASK_NAME, ("list_name",))
    if _VAGUE_ADD.search(text):
        return ask_items(clean(list_name_in(text)))
    if _VAGUE_REMOVE.search(text):
        return ask_remove(clean(list_name_in(text)))
    return None

"""Everyday list phrasing beyond "add X to my Y list": clearing, bare adds, vague items.

"clear my shopping list" / "remove everything from the to-do list" empty a list and keep it;
"add bread" (already routed to lists) adds to the shopping list; "delete this item" or "add
something" name nothing, so the role asks what; "we're out of paint so take the paint off the
list" is read from the request after the reason.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = [
    "BARE_ADD",
    "BARE_REMOVE",
    "BUY_QUESTION",
    "CLEAR",
    "HAVE_LIST",
    "LEAD",
    "NOT_NEEDED",
    "about_the_world",
    "is_vague",
]

LEAD = lazy_pattern(
    r"^.+?\b(?:so|please|and\s+then|then|anyway|ok(?:ay)?|actually)\s+(?P<rest>(?:\w+\s+)+\w+)$",
    re.I,
)
"""A reason or filler before the request itself ("... so take X off the list")."""

CLEAR = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you|i\s+want\s+(?:you\s+)?to|i'?d\s+like"
    r"\s+(?:you\s+)?to)\s+)*"
    r"(?:(?:clear|empty|wipe|clean)(?:\s+out)?\s+(?:(?:all\s+of\s+)?(?:my|the|our|this|that)\s+)?"
    r"(?P<list>[\w' -]*?)\s*(?:check)?list"
    r"|(?:remove|delete|clear|erase|take|cross\s+off|scratch)\s+(?:everything|all\s+(?:the\s+)?"
    r"(?:items|things|entries)|it\s+all|all)\s+(?:from|off|on|in)\s+(?:my|the|our|this|that)?\s*"
    r"(?P<list2>[\w' -]*?)\s*(?:check)?list)$",
    re.I,
)
"""Take everything off a list and keep it: "clear my list", "empty the shopping list"."""

BARE_ADD = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you|also|and)\s+)*(?:add|put(?:\s+down)?|include)\s+"
    r"(?P<items>.+?)(?:\s+(?:too|as\s+well|also|please|for\s+me))*$",
    re.I,
)
"""An add naming no list ("add bread and jam"): the shopping list."""

BARE_REMOVE = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|i\s+want\s+you\s+to)\s+)*(?:remove|delete|kill|erase"
    r"|abolish|drop|scratch|cross\s+(?:off|out)|take\s+off)\s+(?P<item>.+?)"
    r"(?:\s+(?:from|off|on|in)\s+(?:my|the|a|this|that)?\s*(?P<list>[\w' -]*?)\s*list)?$",
    re.I,
)
"""A removal, with or without a list ("delete this item", "kill item")."""

BUY_QUESTION = lazy_pattern(
    r"^(?:what|which)\s+(?:items|things|stuff|groceries)?\s*(?:do|did|should|shall)\s+(?:i|we)"
    r"\s+(?:need|plan|have|want)\s+to\s+(?:buy|get|pick\s+up|shop\s+for)\b",
    re.I,
)
"""What is on the shopping list: "what do I need to buy", "what items did I plan to buy"."""

HAVE_LIST = lazy_pattern(
    r"^(?:i\s+|we\s+)?(?:do|have|did)\s+(?:i|we)?\s*(?:have|got)\s+(?:a|an|my|the|any)\s+"
    r"(?P<list>[\w' -]+?)\s+list\b",
    re.I,
)
"""A question whether a list exists, answered by reading it: "do I have a to do list"."""

NOT_NEEDED = lazy_pattern(
    r"^(?:i|we)\s+(?:don'?t|do\s+not|no\s+longer)\s+(?:want|need)\s+(?:the\s+|any\s+)?"
    r"(?P<item>(?:(?!\blist\b)[\w' -])+?)(?:\s+any\s*more)?"
    r"(?:\s+(?:on|from)\s+(?:my|the|our)\s+(?P<list>[\w' -]+?)\s+list)?(?:\s+any\s*more)?$",
    re.I,
)
"""An item no longer needed, said to the lists role: "i don't need eggs any more"."""

_VAGUE = lazy_pattern(
    r"^(?:(?:this|that|these|those|it|them|one|an?|the|some|another|other|new|more|extra"
    r"|last|first|next|single|few)\s+)*(?:this|that|these|those|it|them|one|items?|things?"
    r"|entry|entries|line|stuff|something|anything|what\s+i\s+said|to\s+(?:it|this|that))?$",
    re.I,
)


def is_vague(items: list[str]) -> bool:
    """True when the items name nothing ("this one", "an item", "something", "it")."""
    return not items or all(_VAGUE.match(item.strip()) for item in items)


_LIST_VERB = lazy_pattern(
    r"^(?:(?:can|could|would|will)\s+you\s+|please\s+)*list\s+(?:off\s+|out\s+|me\s+|for\s+me\s+)*"
    r"(?!(?:all\s+(?:of\s+)?)?(?:my|our)\b)(?P<rest>.+)$",
    re.I,
)
_A_LIST_OF = lazy_pattern(
    r"\b(?:give\s+me|do\s+you\s+(?:have|know)|is\s+there|find(?:\s+me)?|get\s+me|show\s+me"
    r"|tell\s+me|what\s+is|what'?s|i\s+(?:need|want|would\s+like)|send\s+me)\s+(?:a|an|the)\s+"
    r"(?:\w+\s+){0,2}?list\s+(?:of|for)\s+(?!my\b|our\b|(?:things|stuff|tasks)\s+(?:i|we)\b)"
    r"(?P<what>.+)$",
    re.I,
)
_MINE = lazy_pattern(r"\b(?:my|our|lists?|groceries|grocery|to-?\s?do|chores|checklist)\b", re.I)
_LIST_THINGS = lazy_pattern(r"\b(?:lists?|groceries|grocery|to-?\s?do|chores|checklist)\b", re.I)
_MY_FIRST = lazy_pattern(r"^(?:(?:all|each|every)\s+(?:of\s+)?)?(?:my|our)\b", re.I)
_SOMEWHERE = lazy_pattern(r"\b(?:in|at|near|around)\s+(?!my\b|the\s+list\b)\w+", re.I)


def about_the_world(text: str) -> bool:
    """A request for a list of things in the world, not one of the user's lists.

    "can you list off 4 star restaurants", "list some neat stuff about rats", "give me a list of
    things to do in orlando", "what is the ingredient list for an omelette" (but "list my lists",
    "list the items on my shopping list", "give me a list of my to do items" are the user's; "i
    need a list of ways to build my credit score" is not).
    """
    if (verb := _LIST_VERB.match(text)) is not None:
        return _MINE.search(verb["rest"]) is None
    if (asked := _A_LIST_OF.search(text)) is not None:
        what = asked["what"]  # "... of my to do items" is mine, "... for building my credit" not
        mine = _LIST_THINGS.search(what) is not None or _MY_FIRST.match(what) is not None
        return not mine or _SOMEWHERE.search(what) is not None
    return False

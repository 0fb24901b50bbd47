"""How list requests are said: the patterns of the lists role, a list's name, the items.

"add eggs, milk and bread to the groceries" (`ADD`; `split_items` splits "eggs, milk and
bread"), "check off milk on the shopping list" (`COMPLETE`), "i bought the eggs" (`DONE`), "take
the batteries off the hardware store list" (`REMOVE`), "what's on my shopping list" (`SHOW`),
"start a packing list" (`CREATE`), "delete my packing list" (`DELETE_LIST`); `list_name_in` finds
the list a request names ("the hardware store list", "a list of dog names").
"""

from __future__ import annotations

import re
from typing import Any

from agent_system._lazy import lazy_pattern
from roles.lists._groceries import split_run
from roles.lists._whole import clean_name as _list

__all__ = [
    "ADD",
    "ADD_AFTER",
    "ADD_BARE",
    "ADD_COLON",
    "ASKS",
    "CALLED",
    "COMPLETE",
    "CREATE",
    "DELETE_LIST",
    "DONE",
    "HOW_MANY",
    "LIST_WORD",
    "NEED",
    "NO_LIST",
    "OTHER_ROLES",
    "REMOVE",
    "SHOW",
    "SHOW_ANY",
    "UPDATE_WITH",
    "WHICH_LISTS",
    "bare_item",
    "list_name_in",
    "list_named",
    "split_items",
    "with_list",
]

_LIST = r"(?:(?:my|the|our|a)\b)?\s*(?P<list>[\w' -]+?)(?:\s+list)?"
ADD = lazy_pattern(
    rf"^(?:(?:please|can you|could you|would you)\s+)*(?:add|put|include|stick|throw|write|"
    rf"append|pop|chuck|bung|toss|slap|jot)\s+(?P<items>(?:(?!\blist\b).)+?)\s+(?:to|on|onto|in|into)\s+"
    rf"(?!.*\s(?:to|on|onto|into)\s+(?:my|the|our)\s){_LIST}$",
    re.I,
)
ADD_BARE = lazy_pattern(r"^(?:add|put)\s+(?P<items>.+?)\s+(?:to|on)\s+(?:my|the)\s+list$", re.I)
NEED = lazy_pattern(r"^(?:i|we)\s+need\s+(?:to\s+buy\s+)?(?P<items>.+)$", re.I)
COMPLETE = lazy_pattern(
    rf"^(?:(?:please|can you)\s+)*(?:check off|cross off|tick off|mark|complete|check)\s+"
    rf"(?!(?:what|whats|what's|if|whether|how)\b)(?P<item>.+?)(?:\s+(?:as\s+)?(?:done|complete|completed|finished|bought))?"
    rf"(?:\s+(?:on|from|in|off)\s+{_LIST})?$",
    re.I,
)
DONE = lazy_pattern(
    rf"^(?:i|we)\s+(?:bought|got|picked up|finished|did|have bought|have done)\s+(?P<item>.+?)"
    rf"(?:\s+(?:on|from)\s+{_LIST})?$",
    re.I,
)
REMOVE = lazy_pattern(
    rf"^(?:(?:please|can you)\s+)*(?:remove|delete|take|drop|scratch|erase|cross\s+out|cancel"
    rf"|strike|get\s+rid\s+of|eliminate|discard|pull)\s+(?P<item>.+?)\s+(?:from|off|off of"
    rf"|out\s+of|in|on)\s+"
    rf"{_LIST}$",
    re.I,
)
SHOW = lazy_pattern(
    rf"^(?:what'?s|what is|what are|what do i have|read|read me|show|show me|tell me|list)"
    rf"(?:\s+(?:on|in|me|out))?\s+(?:(?:the\s+|all\s+(?:the\s+)?)?(?:items|things|stuff|everything"
    rf"|entries)\s+(?:on|in|from)\s+)?(?:on\s+|in\s+)?{_LIST}(?:\s+list)?$",
    re.I,
)
ADD_AFTER = lazy_pattern(  # "on my grocery list please add oranges", "grocery list: add eggs"
    r"^(?:(?:on|to|in)\s+)?(?:my|the|our)?\s*(?P<list>[\w' -]+?)\s+list\s*,?\s*(?:please\s+)?"
    r"(?:add|put|include)\s+(?P<items>.+)$",
    re.I,
)
ADD_COLON = lazy_pattern(  # "add to my to do list: call mom and pay rent"
    r"^(?:please\s+)?(?:add|put|write)\s+(?:to|on|onto|in)\s+(?:my|the|our)\s+"
    r"(?P<list>[\w' -]*?)\s*list\s*[,:;-]\s*(?P<items>.+)$",
    re.I,
)
CALLED = lazy_pattern(
    r"\b(?:check)?list\s+(?:called|named|titled)\s+\w"
    r"|^(?:(?:please|hey|ok|can\s+you|could\s+you|i\s+want\s+to|i'?d\s+like\s+to|let'?s)\s+)*"
    r"(?:start|create|make|begin|set\s+up|open)\s+(?:a|an|another)\s+(?:new\s+|fresh\s+)?"
    r"(?!new\b|fresh\b)[\w'-]+(?:\s+[\w'-]+){0,2}\s+(?:check)?list(?:\s+(?:please|for\s+me|now))*$",
    re.I,
)
"""A new list's name said outright: "start a new list called road trip", "start a road trip
list", "make a new packing list"."""
UPDATE_WITH = lazy_pattern(
    r"^(?:please\s+)?update\s+(?:my|the|our)?\s*(?P<list>[\w' -]*?)\s*list\s+with\s+(?P<items>.+)$",
    re.I,
)
CREATE = lazy_pattern(
    r"^(?:(?:please|hey|ok|can you|could you|would you|i want to|i'd like to|i would like to"
    r"|i need to|let's|lets|i\s+(?:want|need|would\s+like|'d\s+like)\s+(?:a|an|another))\s+)*"
    r"(?:create|make|start|open|begin|generate|produce|bring\s+up"
    r"|set\s+up|new|fresh|add)\b(?=.*\b(?:list|checklist|register)\b)",
    re.I,
)
DELETE_LIST = lazy_pattern(
    r"^(?:(?:please|can you|could you|i want to|i'd like to)\s+)*(?:delete|remove|erase|clear"
    r"|empty|wipe|scrap|trash|get\s+rid\s+of|abolish|throw\s+away|eliminate)\b"
    r"(?!.*\b(?:from|off)\b)"
    r"(?=.*\b(?:list|checklist|groceries)\b)",
    re.I,
)
NO_LIST = lazy_pattern(
    r"\bi\s+(?:don'?t|do not)\s+(?:want|need)\s+(?:this|that|the|my)\s+list\b", re.I
)
SHOW_ANY = lazy_pattern(
    r"^(?:(?:please|can you|could you|hey|ok)\s+)*(?:what|which|how|is|are|do|did|does|any"
    r"|there|give|can i have|display|open|read|show|tell|provide|send|let me|check|bring|get"
    r"|pull|my|to\s*do|lists?\b|describe|refresh|make sure|count|say|recite|look(?:\s+up)?"
    r"|go\s+(?:through|over))\b",
    re.I,
)
_NAME_BEFORE = lazy_pattern(r"(?P<pre>(?:[\w'-]+\s+){1,4}?)(?:check)?lists?\b", re.I)
_NAME_AFTER = lazy_pattern(
    r"\b(?:check)?list\s+(?:called|named|titled|of|for)\s+(?P<name>.+?)(?:\s+(?:please|for me))*$",
    re.I,
)
_NAME_STOP = frozenset(
    "a an the my our your this that these on in of from for with up me new fresh current how many "
    "old any all is are what whats which there anything items item have has did i we you "
    "please create make start open read show give display describe provide tell add put "
    "delete remove clear empty erase wipe bring up available number count contents kind "
    "can could would want like need get some every one".split()
)
WHICH_LISTS = lazy_pattern(r"\b(?:what|which)\s+lists\b|\bmy lists\b", re.I)
OTHER_ROLES = lazy_pattern(
    r"\b(?:timers?|alarms?|remind(?:ers?)?|playlists?|devices?|lights?|events?|calendar|"
    r"meetings?|appointments?|songs?|music|notes?|memories|tools?|threads?)\b",
    re.I,
)
ASKS = lazy_pattern(
    r"^(?:what|what'?s|whats|which|is|are|do|does|did|any|anything|how\s+many|have|has|tell\s+me"
    r"|show\s+me|read|can\s+i\s+see|let\s+me\s+(?:see|know|hear))\b",
    re.I,
)
HOW_MANY = lazy_pattern(
    r"\bhow\s+many\b|^count\b|\bnumber\s+of\s+(?:items|things|entries)\b|\bhow\s+long\s+is\b", re.I
)
"""A question of how many items a list holds ("how many things are on my list")."""
_SPLIT = lazy_pattern(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.I)
LIST_WORD = lazy_pattern(r"\b(?:list|lists|groceries|grocery|to-?do|todo|chores|checklist)\b", re.I)


def split_items(text: str) -> list[str]:
    """The entries said in `text`: "eggs, milk and bread" -> ["eggs", "milk", "bread"].

    A run of groceries with no comma splits too ("eggs milk and bread": `_groceries.py`).
    """
    parts = [p.strip(" .") for p in _SPLIT.split(text) if p.strip(" .")]
    said = [re.sub(r"^(?:some|a|an|the|more)\s+", "", p, flags=re.I) for p in parts]
    return [item for part in said for item in split_run(part)]  # "eggs milk": two items


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
        if name and name.lower() not in _NAME_STOP and _list(name):  # not "for the weekend"
            return name
    if known := re.search(r"\b(groceries|grocery|shopping|to-?\s?do|chores)\b", text, re.I):
        return known[1]
    return None


def list_named(item: str) -> str | None:
    """The list an "item" is when it is a whole list ("the grocery list" -> "grocery")."""
    found = re.fullmatch(r"(?:the|my|our|that|this)?\s*(?P<name>[\w' -]+?)\s+list", item, re.I)
    return _list(found["name"]) if found else None


def bare_item(item: str) -> str:
    """An item as said, without "the", "my", "some" or "the item"."""
    item = re.sub(r"^(?:the|my|some)\s+", "", item.strip(), flags=re.I)
    return re.sub(r"^(?:item|entry|thing|word)\s+(?=\w)", "", item, flags=re.I)  # "the item milk"


def with_list(match: re.Match[str], args: dict[str, Any]) -> dict[str, Any]:
    """`args` with the list `match` names (its `list` group), when it names one."""
    said = match.groupdict().get("list") or ""
    more = re.fullmatch(
        r"(?P<name>.+?)\s+list\s+(?:and|plus|&|as\s+well\s+as)\s+(?P<more>.+?)"
        r"(?:\s+(?:too|as\s+well|also|please))*",
        said,
    )
    if more is not None and "items" in args:  # "add eggs to my shopping list and milk"
        args["items"] = [*args["items"], *split_items(more["more"])]
        said = more["name"]
    name = _list(said)
    if name:
        args["list_name"] = name
    return args

"""A list as a whole, said in everyday words: bring it up, ask what is on it, be done with it.

"bring up my list" / "pull up the grocery list" read it (never start a new one); "tell me what is
on the packing list", "anything on my to do list for today" read it too ("today's to do list" is
the to-do list, read for today); "check my shopping list" looks at it (it checks nothing
off); "what else do i need to buy" / "what do i need from the store" read the shopping list;
"i'm done with the shopping list" empties it; "i don't need the camping list anymore" and "throw
out the party list" delete it; "take milk off" takes milk off the shopping list.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["TO_BUY", "TO_DO", "bare_verb", "clean_name", "fronted", "whole_call"]

_LIST = (
    r"(?:my|the|our|a|this|that)?\s*(?!.*\b(?:on|off|from|in|of)\s+(?:my|the|our)\b)"
    r"(?P<list>[\w' -]*?)\s*list"
)
"""A list's name: never one that holds an item and a list ("bread on the shopping list")."""
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
DAY_SAID = lazy_pattern(
    r"^(?:(?:today|tonight|tomorrow|this\s+week|next\s+week|this\s+weekend|"
    + _WEEKDAY
    + r")'?s\s+)"
    r"|(?:\s+(?:list\s+)?(?:for\s+|of\s+|on\s+)?(?:today|tonight|tomorrow|this\s+week|next\s+week"
    r"|(?:(?:this|next|the)\s+)?weekend|the\s+day|the\s+week|(?:this\s+|next\s+)?"
    + _WEEKDAY
    + r"))$",
    re.I,
)
"""A day said with a list's name ("today's to do", "to do list for today"): no part of the name
(the role reads the day apart, `roles/lists/_days.py`)."""
LATEST = lazy_pattern(
    r"(?:last|latest|newest|recent|most\s+recent)(?:\s+(?:list\s+)?(?:i|we)\s+(?:made|created|started))?",
    re.I,
)
"""A list named by when it was made ("my last list"): the role reads every list."""
_BRING_UP = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you)\s+)*(?:bring|pull|call|get)\s+up\s+(?:all\s+)?"
    r"(?:my|the|our)\s+(?!new\b|fresh\b)(?P<list>[\w' -]*?)\s*lists?"
    r"(?:\s+(?:please|for\s+me|now))*$",
    re.I,
)
_CHECK = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|let\s+me)\s+)*(?:check|look\s+(?:at|over|through)"
    r"|go\s+(?:over|through)|review|see)\s+(?:all\s+)?(?:my|the|our)\s+"
    r"(?!.*\b(?:on|off|from|in)\b)(?P<list>[\w' -]*?)\s*lists?(?:\s+(?:please|for\s+me|now))*$",
    re.I,
)
_WHAT_ON = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you)\s+)*(?:(?:tell|show|remind)\s+me\s+)?"
    r"(?:(?:is\s+there|do\s+i\s+have|have\s+i\s+got)\s+)?(?:what(?:'s|\s+is|\s+i\s+have|\s+else\s+is)"
    r"(?:\s+(?:still\s+)?(?:left|remaining|still|there))?|what\s+(?:remains|is\s+still|else)"
    rf"|anything(?:\s+(?:else|left|still))?(?:\s+left)?)\s+(?:on|in)\s+{_LIST}$",
    re.I,
)
TO_BUY = lazy_pattern(
    r"^(?:what|how\s+many\s+(?:more\s+)?(?:things|items))\s+(?:else\s+)?(?:do|should|did)\s+(?:i|we)\s+(?:still\s+)?(?:need|have)\s+to\s+"
    r"(?:buy|get|pick\s+up)(?:\s+(?:at|from)\s+the\s+(?:store|shops?|supermarket|market"
    r"|grocery\s+store)|\s+when\s+(?:i|we)\s+go\s+(?:shopping|to\s+the\s+store))?$"
    r"|^what(?:'s|\s+is)\s+(?:still\s+)?left\s+to\s+(?:buy|get)$"
    r"|^what\s+(?:else\s+)?(?:do|should)\s+(?:i|we)\s+(?:still\s+)?(?:need|get)\s+(?:at|from)"
    r"\s+the\s+(?:store|shops?|supermarket|market|grocery\s+store)$",
    re.I,
)
TO_DO = lazy_pattern(
    r"^what\s+(?:else\s+)?(?:do|did)\s+(?:i|we)\s+(?:still\s+)?(?:have|need|got)\s+to\s+do"
    r"(?:\s+(?:today|tonight|tomorrow|this\s+week))?$"
    r"|^what\s+(?:tasks|chores|to-?\s?dos?)\s+(?:do\s+(?:i|we)\s+(?:still\s+)?have|are\s+(?:left|there))"
    r"(?:\s+(?:today|tonight|tomorrow|this\s+week))?$",
    re.I,
)
"""What is on the to-do list: "what do i still have to do", "what tasks do i have"."""
_BARE_NAME = lazy_pattern(
    r"^(?:my\s+|the\s+|our\s+)?(?!(?:a|an|the|my|new|fresh|create|make|generate|start|edit|update"
    r"|delete|remove|clear|empty|erase|open|show|read|add|please|any|this|that|which|what)\b)"
    r"(?P<list>[\w'-]+(?:\s+[\w'-]+)?)\s+list$",
    re.I,
)
"""Only a list's name: "shopping list", "my grocery list" (read it)."""
_DONE_WITH = lazy_pattern(
    rf"^(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:all\s+)?(?:done|finished|through)\s+with\s+{_LIST}$",
    re.I,
)
_UNWANTED = lazy_pattern(
    r"^(?:(?:i|we)\s+(?:don'?t|do\s+not|no\s+longer)\s+(?:want|need)"
    r"|(?:please\s+)?(?:throw\s+(?:out|away)|toss|ditch|discard|bin|trash|scrap))"
    rf"\s+{_LIST}(?:\s+any\s*more)?(?:\s+please)?$",
    re.I,
)
_TAKE_OFF = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you)\s+)*take\s+(?P<item>(?:(?!\blist\b)[\w' -])+?)\s+off"
    r"(?:\s+(?:of\s+)?(?:my|the|our)\s+list)?(?:\s+please)?$",
    re.I,
)
_ADDED_YET = lazy_pattern(
    r"^(?:have|did)\s+(?:i|we)\s+(?:already\s+)?(?:added|add|put)\s+"
    r"(?P<item>(?:(?!\blist\b)[\w' -])+?)"
    r"(?:\s+(?:already|yet))?(?:\s+(?:to|on)\s+(?:my|the|our)\s+(?P<list>[\w' -]*?)\s*list)?"
    r"(?:\s+(?:already|yet))?$",
    re.I,
)
"""Whether an item is on a list already ("have i added eggs already"): the list is read."""
_FRONTED = lazy_pattern(
    r"^(?:(?:so|ok(?:ay)?|and|hey)\s+)?(?P<topic>[\w' -]+?)\s*[,:;-]+\s*(?:(?:so|and|then)\s+)?"
    r"(?:what(?:'s|\s+is|\s+are|\s+do\s+i\s+have)(?:\s+(?:on|in)\s+(?:it|there)|\s+they"
    r"|\s+those|\s+them)?|read\s+(?:it|them)(?:\s+(?:out|back))?(?:\s+to\s+me)?"
    r"|tell\s+me\s+what(?:'s|\s+is)\s+on\s+it)(?:\s+please)?$",
    re.I,
)
"""The list said first, then the question: "the shopping list, what's on it"."""
_TASKS = lazy_pattern(
    r"^(?:(?:my|the|our|all)\s+)*(?:tasks|chores|jobs|errands|to-?\s?dos|things\s+(?:i|we)\s+"
    r"(?:have|need)\s+to\s+do)(?:\s+(?:for\s+|on\s+)?(?:today|tonight|tomorrow|this\s+week))?$",
    re.I,
)
"""The to-do list said by what is on it: "the tasks for today", "my chores"."""


def fronted(text: str) -> bool:
    """Whether `text` names a list first, then asks about it.

    "the tasks for today, what are they", "my shopping list, read it to me".
    """
    found = _FRONTED.match(text)
    return found is not None and (
        _TASKS.match(found["topic"]) is not None
        or re.search(r"\blist$", _ON_A_DAY.sub("", found["topic"]), re.I) is not None
    )


_ON_A_DAY = lazy_pattern(r"\s+(?:for\s+)?(?:today|tonight|tomorrow|this\s+week)$", re.I)
_MORE_VERB = lazy_pattern(r"^(?:add|put|include|insert|append)(?:\s+(?:to|on)\s+it)?$", re.I)
_LESS_VERB = lazy_pattern(
    r"^(?:remove|delete|take\s+off|cross\s+off|erase)(?:\s+from\s+it)?$", re.I
)


def _where(raw: str | None, clean: Callable[[str | None], str | None]) -> dict[str, str]:
    name = clean(raw)
    return {"list_name": name} if name else {}


def whole_call(
    text: str, clean: Callable[[str | None], str | None]
) -> RoleCall | Clarification | None:
    """The call for the phrasings above, or None. `clean` tidies a list name."""
    if fronted(text) and (said := _FRONTED.match(text)) is not None:  # "my list, what's on it"
        if _TASKS.match(said["topic"]):
            return RoleCall("lists.show", {"list_name": "to-do"})
        return RoleCall("lists.show", _where(_ON_A_DAY.sub("", said["topic"]), clean))
    text = _ON_A_DAY.sub("", text)  # "anything on my to do list for today"
    for pattern in (_BRING_UP, _CHECK, _WHAT_ON):
        if (found := pattern.match(text)) is not None:
            return RoleCall("lists.show", _where(found["list"], clean))
    if TO_BUY.match(text):
        return RoleCall("lists.show", {"list_name": "shopping"})
    if (found := _ADDED_YET.match(text)) is not None:
        return RoleCall("lists.show", _where(found["list"], clean) or {"list_name": "shopping"})
    if TO_DO.match(text):
        return RoleCall("lists.show", {"list_name": "to-do"})
    if (found := _BARE_NAME.match(text)) is not None and (where := _where(found["list"], clean)):
        return RoleCall("lists.show", where)
    if (found := _DONE_WITH.match(text)) is not None and (where := _where(found["list"], clean)):
        return RoleCall("lists.clear", where)
    if (found := _UNWANTED.match(text)) is not None and (where := _where(found["list"], clean)):
        return RoleCall("lists.delete", where)
    if (found := _TAKE_OFF.match(text)) is not None:
        item = re.sub(r"^(?:the|my|some)\s+", "", found["item"].strip(), flags=re.I)
        return RoleCall("lists.remove", {"item": item})
    return None


def bare_verb(rest: str) -> str | None:
    """The verb ("add" or "remove") when an opened list is followed by it alone ("... and add")."""
    if _MORE_VERB.match(rest.strip()):
        return "add"
    if _LESS_VERB.match(rest.strip()):
        return "remove"
    return None


def clean_name(name: str | None) -> str | None:
    """A list's name as said, tidied ("my shopping list" -> "shopping").

    None for every list: "my lists", "the latest list i made".
    """
    if not name:
        return None
    if re.search(r"\blists\b", name, re.I):  # "the lists i have": every list
        return None
    name = re.sub(r"\s+list\s+(?:look|looks|seem|seems)\s+like$", "", name.strip(), flags=re.I)
    name = re.sub(  # "first thing on my": the list; not across "shopping list and ... from my"
        r"^(?:(?!\blist\b|\band\b).)*\b(?:on|in|from|off)\s+(?:my|the|our)(?:\s+|$)",
        "",
        name,
        flags=re.I,
    )
    name = re.sub(
        r"^(?:recite|repeat|say|list|check)\s+(?=my\b|the\b|our\b|$)", "", name, flags=re.I
    )
    name = re.sub(r"^(?:my|the|our)(?:\s+|$)", "", name.strip(), flags=re.I)
    name = re.sub(r"^(?:back|out|aloud)\s+(?:(?:my|the|our)\s+)?", "", name, flags=re.I)
    name = re.sub(r"(?:^|\s+)(?:list|it|that|them)\s+(?:to|for)\s+(?:me|us)$", "", name, flags=re.I)
    name = re.sub(r"\s+list$", "", name, flags=re.I)
    name = re.sub(r"^list\s+(?:for|of)\s+(?:the\s+|my\s+|our\s+)?", "", name, flags=re.I)
    name = re.sub(r"^(?:current|all|any|every)\s+", "", name, flags=re.I)
    name = DAY_SAID.sub("", name).strip()  # "today's to do list": the to-do list
    if DAY_SAID.search(" " + name) and not DAY_SAID.sub("", " " + name).strip():
        return None  # "what's on the list for the weekend": a day, no name
    if name.lower() in ("it", "that", "this", "there", "them"):  # "add eggs to it"
        return None
    if LATEST.fullmatch(name):  # "my last list", "the latest list i made": every list
        return None
    if re.search(r"\blists$", name, re.I) or name.lower() == "list":  # "my lists": all
        return None
    return name or None

"""Lists talked about without naming one, the way people say it at home.

Running out adds to the shopping list ("we're out of coffee", "we're running low on sugar", "we
ran out of milk", "there's no more bread"); so does needing more ("we need more milk", "i need
some more eggs", "we need bread", "i need to pick up batteries") and a note of it ("note down that
i need eggs", "make a note that we need bread", "remember we need butter"; "jot down that i need
to call the bank" is a to-do). Having bought something checks it off ("i picked up the bread",
"i've bought the eggs", "we got the milk already"); so does "cross bread off" / "tick off the
laundry". Questions read a list: "do i need anything from the store", "what else do we need",
"is bread on there", "what's left to do today", "tell me what i have to do".

Never read as a list: running out of time, money, patience or gas, needing help or information,
and anything to be ordered ("i'm out of lysol, could you order me some").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["talk_call", "talk_claim"]

_LEAD = (
    r"^(?:(?:oh|hey|well|so|ok(?:ay)?|also|and|just\s+so\s+you\s+know|fyi|by\s+the\s+way"
    r"|(?:it\s+)?looks\s+like|i\s+think|i\s+noticed|good\s+news)\s*,?\s+)*"
)
_ITEMS = (
    r"(?P<items>(?!(?:a|an|the|my|our|your|his|her|their|to|it|that|this|them|any|some|more)\b)"
    r"[a-z][\w' ,-]*?)"
)
_AT_HOME = (
    r"(?:\s+(?:left|anymore|any\s*more|again|too|as\s+well|now|at\s+home|in\s+the\s+(?:house"
    r"|fridge|pantry|cupboard|kitchen|bathroom|freezer)|from\s+the\s+(?:store|shops?|supermarket"
    r"|market|grocery\s+store)))*"
)
_OUT = lazy_pattern(
    _LEAD + r"(?:(?:i'?m|we'?re|i\s+am|we\s+are)\s+(?:all\s+|almost\s+|nearly\s+|completely\s+"
    r"|totally\s+|just\s+about\s+|pretty\s+much\s+|a\s+bit\s+|a\s+little\s+|really\s+|very\s+)?"
    r"(?:(?:running|getting|going)\s+)?(?:out\s+of|low\s+on|short\s+on)"
    r"|(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|almost\s+|nearly\s+)?(?:ran|run)\s+(?:out\s+of|low\s+on)"
    r"|(?:i|we)(?:'ve|\s+have)?\s+(?:got\s+|have\s+)?no\s+more"
    r"|there(?:'s|\s+is|\s+are|'re)\s+no\s+more)\s+" + _ITEMS + _AT_HOME + r"$",
    re.I,
)
"""Running out: the items go on the shopping list."""
_NONE_LEFT = lazy_pattern(
    _LEAD + r"(?:(?:i|we)(?:'ve|\s+have)?\s+(?:got\s+)?no|(?:i|we)\s+(?:don'?t|do\s+not)\s+have"
    r"\s+any|there(?:'s|\s+is|\s+are|'re)\s+no)\s+" + _ITEMS + r"\s+left" + _AT_HOME + r"$",
    re.I,
)
"""None left: "we've got no milk left", "there's no bread left"."""
_NEED = lazy_pattern(
    _LEAD + r"(?:(?:i|we)\s+(?:also\s+|still\s+|really\s+|definitely\s+)?(?:need|could\s+use)"
    r"\s+(?:some\s+more|more|extra)"
    r"|we\s+(?:also\s+|still\s+|really\s+|definitely\s+)?need(?:\s+some)?"
    r"|(?:i|we)\s+(?:also\s+|still\s+)?(?:need|have|got|gotta|must|should)\s+(?:to\s+)?"
    r"(?:buy|pick\s+up|grab|restock|get\s+(?:some\s+)?more|get\s+some)(?:\s+(?:some|more))*)\s+"
    + _ITEMS
    + _AT_HOME
    + r"$",
    re.I,
)
"""Needing more: the items go on the shopping list."""
_NOTE = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you)\s+)*(?:make\s+a\s+note|take\s+a\s+note|note(?:\s+down)?"
    r"|write\s+down|jot\s+down|put\s+down|remember|don'?t\s+forget|keep\s+in\s+mind)"
    r"\s*,?\s+(?:that\s+)?(?P<rest>.+)$",
    re.I,
)
_NOTED_NEED = lazy_pattern(r"^(?:i|we)\s+(?:also\s+)?need\s+" + _ITEMS + _AT_HOME + r"$", re.I)
_NOTED_TASK = lazy_pattern(
    r"^(?:i|we)\s+(?:also\s+|still\s+)?(?:need|have|got|must)\s+to\s+"
    r"(?!buy\b|get\b|pick\s+up\b|grab\b)(?P<task>[a-z][\w' -]*?)$",
    re.I,
)
_BOUGHT = lazy_pattern(
    _LEAD + r"(?!.*\blists?\b)(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|already\s+|finally\s+|now\s+)?"
    r"(?:(?:bought|purchased|picked\s+up|grabbed)\s+(?:the\s+|some\s+)?"
    r"|(?<!'ve\s)(?<!have\s)got\s+(?=(?:the|some)\s+|[\w' -]+\s+already$)(?:the\s+|some\s+)?)"
    r"(?P<item>(?!(?:a|an|my|our|your|it|that|this|them|to|home|back|paid|new)\b)[a-z][\w'-]*"
    r"(?:\s+(?!(?:from|for|at|in|on|to|with|yesterday|last|this|already|today|now|too|as)\b)"
    r"[\w'-]+){0,2}?)"
    r"(?:\s+(?:already|today|now|too|as\s+well|for\s+(?:you|us)))*$",
    re.I,
)
"""Bought: the item is checked off."""
_CROSS = lazy_pattern(
    r"^(?!.*\blists?\b)(?:(?:please|can\s+you|could\s+you)\s+)*(?:(?:cross|tick|check|strike)\s+off\s+"
    r"(?P<item>[a-z][\w' -]*?)|(?:cross|tick|check|strike)\s+(?P<item2>[a-z][\w' -]*?)\s+off)"
    r"(?:\s+(?:please|for\s+me|now))*$",
    re.I,
)
_STORE = r"(?:\s+(?:from|at)\s+the\s+(?:store|shops?|supermarket|market|grocery\s+store|grocer'?s))"
_BUY_HERE = r"(?:\s+to\s+(?:buy|get|pick\s+up)" + _STORE + r"?|" + _STORE + r")"
_SHOPPING = lazy_pattern(
    r"^(?:(?:do|did)\s+(?:i|we)\s+(?:still\s+)?need|(?:is|are)\s+there)\s+"
    r"(?:anything|something|stuff|things|any\s+(?:groceries|things|items))(?:\s+else)?"
    r"(?:\s+(?:i|we)\s+(?:still\s+)?need)?" + _BUY_HERE + r"$"
    r"|^(?:do|did)\s+(?:i|we)\s+(?:still\s+)?need\s+to\s+(?:buy|get|pick\s+up)\s+anything"
    r"(?:\s+else)?" + _STORE + r"?$"
    r"|^what\s+else\s+(?:do|should)\s+(?:i|we)\s+(?:still\s+)?need(?:\s+to\s+(?:buy|get))?"
    + _STORE
    + r"?$"
    r"|^what\s+(?:groceries|items)\s+do\s+(?:i|we)\s+(?:still\s+)?need" + _STORE + r"?$"
    r"|^what\s+(?:things|stuff)\s+do\s+(?:i|we)\s+(?:still\s+)?need" + _BUY_HERE + r"$",
    re.I,
)
"""What is on the shopping list: "do i need anything from the store", "what else do we need"."""
_ON_THERE = lazy_pattern(
    r"^(?:is|are|did\s+(?:i|we)\s+(?:put|add|write))\s+"
    r"(?P<item>(?!it\b)[a-z][\w'-]*(?:\s+(?!lists?\b)[\w'-]+){0,3}?)\s+"
    r"(?:on\s+there|on\s+it|in\s+there|(?:down\s+)?on\s+(?:my|the|our)\s+list|listed)"
    r"(?:\s+(?:already|yet|still))?$",
    re.I,
)
_DAY = r"(?:\s+(?:for\s+)?(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week)))?"
_TO_DO = lazy_pattern(
    r"^what(?:'s|\s+is|\s+else\s+is)\s+(?:still\s+)?left\s+(?:for\s+(?:me|us)\s+)?to\s+do"
    + _DAY
    + r"$"
    r"|^(?:(?:please|can\s+you|could\s+you)\s+)*(?:tell\s+me|let\s+me\s+know|remind\s+me"
    r"|i\s+(?:want|need|would\s+like|'d\s+like)\s+to\s+know|show\s+me)\s+what\s+(?:else\s+)?"
    r"(?:i|we)\s+(?:still\s+)?(?:have|need|got|'ve\s+got)\s+to\s+do" + _DAY + r"$"
    r"|^what\s+(?:are|were)\s+(?:my|the|our)\s+(?:tasks|chores|jobs|to-?\s?dos)"
    r"(?:\s+(?:to\s+be\s+done|to\s+do|left))?" + _DAY + r"$"
    r"|^(?:is\s+there\s+)?anything\s+(?:else\s+)?(?:left\s+)?(?:i|we)\s+(?:still\s+)?"
    r"(?:have|need)\s+to\s+do" + _DAY + r"$",
    re.I,
)
"""What is on the to-do list: "what's left to do today", "tell me what i have to do"."""
_NOT_GOODS = lazy_pattern(
    r"^(?:time|money|cash|luck|breath|ideas?|patience|energy|battery|power|options|space|room"
    r"|storage|sync|town|office|range|reach|control|work|gas|fuel|petrol|diesel|data|minutes"
    r"|credit|information|info|guidance|advice|help|suggestions?|recommendations?|details"
    r"|sleep|rest|practice|exercise|motivation|sight|touch|shape|date|checks|cheques"
    r"|checkbooks?|words|things\s+to\s+do|stuff\s+to\s+do|people|friends|staff|volume|light"
    r"|memory|service|signal|coverage|insurance|vacation|days?\s+off|pto|leave|hours|it"
    r"|here|there|school|order|stock|line|place|business|ammo|lives|fun|love|hope)\b",
    re.I,
)
"""Words that are no goods to buy ("we're out of time", "i need more information")."""
_ORDER = lazy_pattern(r"\border(?:ed|ing|s)?\b", re.I)


_NO_LONGER = lazy_pattern(
    _LEAD + r"(?:i|we)\s+(?:really\s+)?(?:(?P<longer>no\s+longer|won'?t|will\s+not)|don'?t"
    r"|do\s+not)\s+(?:want|need|be\s+needing)"
    r"\s+(?:the\s+|any\s+)?(?P<item>(?!(?:a|an|my|our|your|it|that|this|them|to|you|him|her)\b)"
    r"[a-z][\w'-]*(?:\s+[\w'-]+){0,2}?)(?P<more>\s+(?:any\s*more|after\s+all))?$",
    re.I,
)
"""No longer needed: the item comes off ("we don't need eggs anymore"; not claimed)."""


_IS_DONE = lazy_pattern(
    r"^(?:the\s+)?(?P<item>(?!(?:it|that|this|everything|all)\b)[a-z][\w'-]*(?:\s+[\w'-]+){0,2}?)"
    r"\s+(?:is|are|'s)\s+(?:all\s+)?(?:done|finished|bought|sorted|taken\s+care\s+of)"
    r"(?:\s*,?\s*(?:(?:so|please|you\s+can)\s+)*(?:cross|tick|check)\s+(?:it|that|them)\s+off)?$",
    re.I,
)
"""Said done: the item is checked off ("laundry is done, cross it off"; not claimed)."""


def _goods(items: list[str]) -> bool:
    return bool(items) and not any(_NOT_GOODS.match(i) or len(i.split()) > 4 for i in items)


_NOT_BOUGHT = lazy_pattern(
    r"^(?:job|promotion|raise|tickets?|kids|children|message|call|email|text|package|mail"
    r"|results?|news|point|idea|flu|cold|car|house|keys|grade|offer|chance|bonus|award|game"
    r"|show|movie|film|episode|channel|netflix|hulu|song|everything|anything|nothing)\b",
    re.I,
)
"""Things got or asked about that are no list items ("i got the job", "is netflix on there")."""


def talk_call(text: str, items: Callable[[str], list[str]]) -> RoleCall | None:
    """The call for the phrasings above, or None. `items` splits "eggs and milk"."""
    if _ORDER.search(text):
        return None  # "i'm out of lysol, could you order me some": an order, not a list
    for pattern in (_OUT, _NONE_LEFT, _NEED):
        if (found := pattern.match(text)) is not None:
            said = items(found["items"])
            return _add(said, "shopping") if _goods(said) else None
    if (noted := _NOTE.match(text)) is not None:
        rest = noted["rest"]
        if (task := _NOTED_TASK.match(rest)) is not None:
            return _add([task["task"]], "to-do")
        if (found := _NOTED_NEED.match(rest)) is not None and _goods(said := items(found["items"])):
            return _add(said, "shopping")
        return talk_call(rest, items) if rest != text else None
    if (
        (found := _NO_LONGER.match(text)) is not None
        and (found["longer"] or found["more"])
        and not _no_item(found["item"])
    ):
        return RoleCall("lists.remove", {"item": found["item"]})
    if (found := _IS_DONE.match(text)) is not None and not _no_item(found["item"]):
        return RoleCall("lists.complete", {"item": found["item"]})
    if (found := _BOUGHT.match(text)) is not None and not _no_item(found["item"]):
        return RoleCall("lists.complete", {"item": found["item"]})
    if (found := _CROSS.match(text)) is not None:
        item = re.sub(r"^(?:the|my|some)\s+", "", found["item"] or found["item2"], flags=re.I)
        return RoleCall("lists.complete", {"item": item})
    if _SHOPPING.match(text):
        return RoleCall("lists.show", {"list_name": "shopping"})
    if (found := _ON_THERE.match(text)) is not None and not _no_item(found["item"]):
        return RoleCall("lists.show", {})
    if _TO_DO.match(text):
        return RoleCall("lists.show", {"list_name": "to-do"})
    return None


_OFF = lazy_pattern(r"\boff$", re.I)
_I_SAY = lazy_pattern(_LEAD + r"i(?:'m|'ve|\s)", re.I)


def _no_item(item: str) -> bool:
    item = re.sub(r"^(?:the|some)\s+", "", item, flags=re.I)
    return bool(_NOT_GOODS.match(item) or _NOT_BOUGHT.match(item))


def _add(said: list[str], list_name: str) -> RoleCall:
    arguments: dict[str, Any] = {"items": said}
    if list_name != "shopping":  # the shopping list is the add's own default
        arguments["list_name"] = list_name
    return RoleCall("lists.add", arguments)


def talk_claim(text: str, items: Callable[[str], list[str]], other: re.Pattern[str]) -> str | None:
    """How the lists role claims `text`: "sure", "guess" or None.

    "sure": running out (said by "we"), a note of a need, bought or got, crossed
    off, what is needed from the store, "is bread on there"; "guess" (the router drops it when
    its classifier says no role owns it): "i ran out of milk", "we need milk", "what's left to do";
    None: not read as above, or naming something of another role's ("we're out of alarms").
    """
    noted = _NOTE.match(text)
    if other.search(noted["rest"] if noted else text) or talk_call(text, items) is None:
        return None
    if _NO_LONGER.match(text) or (_IS_DONE.match(text) and not _OFF.search(text)):
        return None  # read when routed here, never claimed: "i no longer need the reservation"
    if _OUT.match(text) or _NONE_LEFT.match(text):
        # "i'm out of lysol, order me some" is an order: when "i" runs out, the classifier has
        # its say ("we're out of coffee", "there's no more bread" are the household's)
        return "guess" if _I_SAY.match(text) else "sure"
    if noted or _SHOPPING.match(text):
        return "sure"
    if _CROSS.match(text) or _ON_THERE.match(text):
        return "sure"
    if _BOUGHT.match(text):
        return "sure"
    return "guess"

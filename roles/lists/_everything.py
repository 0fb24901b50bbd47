"""Everything on a list, or everything for a day, taken off at once: never more than is said.

"finished everything on my list", "clear all the items from the shopping list", "mark everything
on my to do list as done" take every item off that list (the list stays); "clear today's items",
"remove today's tasks from my to do list", "i've finished everything on my to do list for today",
"clear my to do list for today" take off only the items for that day (the role reads the day,
`roles/lists/_days.py`): items with no day or another day stay. "Everything" is never read as an
item called "everything".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["everything_call"]

_POLITE = (
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you|will\s+you|just|ok(?:ay)?|go\s+ahead\s+and"
    r"|i\s+want\s+(?:you\s+)?to|i'?d\s+like\s+(?:you\s+)?to|let'?s)\s+)*"
)
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_DAY = (
    rf"(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week(?:end)?)"
    rf"|next\s+week(?:end)?|(?:this\s+|next\s+)?{_WEEKDAY})"
)
_THINGS = r"(?:items?|things|tasks|entries|stuff|jobs|chores|errands|to-?\s?dos)"
_ALL = (
    rf"(?:everything|all\s+(?:of\s+)?(?:the\s+|my\s+|our\s+)?{_THINGS}|all\s+of\s+(?:it|them)"
    r"|it\s+all|all|the\s+whole\s+(?:thing|lot))"
)
"""Every item: "everything", "all the items", "all of it"."""
_DAYS_THINGS = (
    rf"(?:all\s+(?:of\s+)?)?(?:the\s+|my\s+|our\s+)?{_DAY}'?s\s+{_THINGS}"
    rf"|(?:all\s+(?:of\s+)?)?(?:the\s+|my\s+|our\s+)?{_THINGS}\s+(?:for|due|from)\s+{_DAY}"
    rf"|everything\s+(?:for|due|from)\s+{_DAY}"
)
"""The items for a day: "today's items", "the tasks for tomorrow", "everything due today"."""


def _where(tag: int) -> str:
    """The list the items are on: "on my to do list", "from the groceries".

    Its groups are `list<tag>` and `known<tag>`: a pattern says it in more than one place.
    """
    return (
        r"(?:\s+(?:on|in|from|off(?:\s+of)?|of)\s+(?:my|the|our|this|that)\s+"
        rf"(?:(?P<list{tag}>[\w' -]*?)\s*(?:check)?list|(?P<known{tag}>groceries|to-?\s?dos?)))"
    )


_WHEN = rf"(?:\s+(?:for\s+|of\s+|on\s+|due\s+|from\s+)?{_DAY})"
_END = r"(?:\s+(?:please|for\s+me|now|then|thanks))*$"
_CLEAR = (
    r"(?:clear(?:\s+(?:out|off|away))?|empty(?:\s+out)?|wipe(?:\s+(?:out|off))?|clean\s+out"
    r"|remove|delete|erase|get\s+rid\s+of|take\s+(?:off|away|out)|scratch(?:\s+off)?|drop"
    r"|ditch|strike(?:\s+off)?|cross\s+(?:off|out)|check\s+off|tick\s+off)"
)
_DONE = (
    r"(?:(?:i|we)(?:'?m|\s+am|'?re|\s+are)\s+(?:all\s+)?(?:done|finished|through)\s+with"
    r"|(?:i|we)(?:'?ve|\s+have)?\s+(?:just\s+|already\s+|now\s+)?(?:finished|completed|done"
    r"|did|got\s+through|ticked\s+off|checked\s+off|crossed\s+off)"
    r"|(?:all\s+)?(?:finished|completed|done)(?:\s+with)?)"
)
_NAMED = rf"(?:(?:{_DAYS_THINGS}){_where(1)}?|{_ALL}{_where(2)}{_WHEN}?|{_ALL}{_WHEN}{_where(3)}?)"
"""Items named by their list or their day."""
_SOME = lazy_pattern(
    _POLITE + rf"(?:(?:{_CLEAR}|{_DONE})\s+{_NAMED}"
    rf"|{_CLEAR}\s+all\s+(?:of\s+)?(?:the\s+|my\s+|our\s+)?{_THINGS})"
    rf"(?:\s+(?:on\s+it|off|out))?{_END}",
    re.I,
)
"""Everything on a list ("clear all the items on my list"), or for a day ("clear today's items");
"clear all the items" too, but "i did all my chores" names no list."""
_MARKED = lazy_pattern(
    _POLITE
    + r"(?:mark|set)\s+(?:"
    + _DAYS_THINGS
    + r"|"
    + _ALL
    + r")"
    + _where(1)
    + r"?"
    + _WHEN
    + r"?\s+(?:as\s+)?(?:done|complete|completed|finished)"
    + _WHEN
    + r"?"
    + _END,
    re.I,
)
"""Every item marked done: "mark everything on my to do list as done"."""
_LIST_FOR_A_DAY = lazy_pattern(
    _POLITE
    + rf"(?:{_CLEAR}|{_DONE})\s+(?:my|the|our|this)\s+(?P<list>[\w' -]*?)\s*list"
    + _WHEN
    + _END,
    re.I,
)
"""A list said with a day: "clear my to do list for today" (that day's items)."""


def everything_call(text: str, clean: Callable[[str | None], str | None]) -> RoleCall | None:
    """The clear `text` asks for in one of the ways above, or None.

    `clean` tidies a list name ("my shopping" -> "shopping"); the day is read by the role.
    """
    for pattern in (_SOME, _MARKED, _LIST_FOR_A_DAY):
        if (found := pattern.match(text)) is not None:
            said = [v for k, v in found.groupdict().items() if v and k.startswith(("list", "kn"))]
            name = clean(said[0] if said else None)
            return RoleCall("lists.clear", {"list_name": name} if name else {})
    return None

"""Days on lists: an item can be for a day, and a list can be read for a day.

"add pick up the kids to my to do list for today" adds the item for today (its `due` day);
"read out my shopping list for today", "what's on my to do list for this week", "what are the
jobs to be done tomorrow" read the items for that day or span: those with no day, and those due
by its end (still to do), never those for later days. An item's day is said with it ("pick up
the kids (today)").
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import parse_date_range

if TYPE_CHECKING:
    from roles.lists.store import Item

__all__ = ["day_arguments", "day_words", "due_by", "due_within", "span_words"]

_DAY_SAID = lazy_pattern(
    r"\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week|weekend|month)"
    r"|next\s+(?:week|weekend|month)|(?:the\s+)?weekend"
    r"|(?:on|for|by|due)\s+(?:(?:this|next)\s+)?(?:monday|tuesday|wednesday|thursday|friday"
    r"|saturday|sunday)|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)'?s"
    r"|(?:on|for|by|due)\s+the\s+\d{1,2}(?:st|nd|rd|th)\b)",
    re.I,
)
"""A day said with a list request ("for today", "this week", "on friday", "monday's")."""


def day_arguments(text: str, tool: str, now: datetime) -> dict[str, Any]:
    """The day `text` says for `tool`: {"due": day} for an add, {"day", "until"} otherwise.

    A read gives the items for then; a clear takes off only those ("i'm done with today's to do
    list" leaves the items with no day or another day). Empty when no day is said ("what's on my
    list for christmas").
    """
    if tool not in ("lists.add", "lists.show", "lists.clear") or _DAY_SAID.search(text) is None:
        return {}
    said = re.sub(r"\b(?:for|on)\s+the\s+weekend\b", "this weekend", text, flags=re.I)
    said = re.sub(r"\b(\w+day)'s\b", r"on \1", said, flags=re.I)  # "monday's list"
    found = parse_date_range(said, now)
    if found is None:
        return {}
    first, end = found[0].date(), found[1].date()
    if tool == "lists.add":
        return {"due": (end - timedelta(days=1) if end > first else first).isoformat()}
    if end - first <= timedelta(days=1):
        return {"day": first.isoformat()}
    return {"day": first.isoformat(), "until": end.isoformat()}


def due_by(item: Item, last: date | None) -> bool:
    """Whether `item` is to do by `last` (every item when no day is asked about)."""
    if last is None or not item.due:
        return True
    try:
        return date.fromisoformat(item.due[:10]) <= last
    except ValueError:
        return True


def due_within(item: Item, first: date | None, end: date | None) -> bool:
    """Whether `item` is for a day from `first` to `end` (excluded; `first` alone without it).

    An item with no day is for no day: clearing "today's items" leaves it.
    """
    if first is None or not item.due:
        return False
    try:
        day = date.fromisoformat(item.due[:10])
    except ValueError:
        return False
    return first <= day < (end if end is not None and end > first else first + timedelta(days=1))


def day_words(day: date, today: date) -> str:
    """A day as said from `today`: "today", "tomorrow", "yesterday" or "Friday 27 November"."""
    if day == today:
        return "today"
    if day == today + timedelta(days=1):
        return "tomorrow"
    if day == today - timedelta(days=1):
        return "yesterday"
    return f"{day:%A} {day.day} {day:%B}"


def span_words(first: date, until: date | None, today: date) -> str:
    """A day or span as said: "today", "Monday 30 November to Sunday 6 December" (no `until`)."""
    if until is None or until - first <= timedelta(days=1):
        return day_words(first, today)
    return f"{day_words(first, today)} to {day_words(until - timedelta(days=1), today)}"

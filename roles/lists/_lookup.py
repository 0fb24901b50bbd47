"""Finding a list by the name people say, and how replies name lists, counts and days."""

from __future__ import annotations

import re
from datetime import date

from rapidfuzz import fuzz, process

from agent_system.errors import ToolExecutionError
from roles.lists._days import day_words
from roles.lists.store import Item, TodoList, list_key

__all__ = ["called", "count", "find_list", "names", "parse_day", "said"]

# Other names people use for the built-in lists.
_SYNONYMS = {
    "groceries": "shopping",
    "grocery": "shopping",
    "shopping": "shopping",
    "todo": "to do",
    "to dos": "to do",
    "todos": "to do",
    "tasks": "to do",
    "chores": "to do",
}


def find_list(lists: list[TodoList], name: str) -> TodoList | None:
    """The list `name` means ("groceries" finds "Grocery", "todo" finds "To-do"), or None."""
    key = list_key(name)
    by_key = {list_key(t.name): t for t in lists}
    if key in by_key:
        return by_key[key]
    found = process.extractOne(key, list(by_key), scorer=fuzz.WRatio, score_cutoff=85)
    if found is not None and (
        fuzz.ratio(key, found[0]) >= 85 or len(key.split()) <= len(found[0].split())
    ):  # "hardware" finds "hardware store"; "christmas shopping" is not the shopping list
        return by_key[found[0]]
    synonym = _SYNONYMS.get(key)
    return by_key.get(synonym) if synonym is not None else None


def called(name: str) -> str:
    """How a reply names a list: "Shopping List" -> "shopping"."""
    return re.sub(r"\s+list$", "", name.lower())


def count(n: int) -> str:
    """A count of items: "1 item", "3 items"."""
    return f"{n} item" if n == 1 else f"{n} items"


def names(lists: list[TodoList]) -> str:
    """Every list's name, for a reply."""
    return ", ".join(t.name for t in lists)


def parse_day(text: str | None) -> date | None:
    """A day given as "YYYY-MM-DD" (or the date of a date-time), or None."""
    if not text:
        return None
    try:
        return date.fromisoformat(text.strip()[:10])
    except ValueError:
        raise ToolExecutionError(
            f"{text!r} is not a day; say it as YYYY-MM-DD, e.g. 2026-03-02."
        ) from None


def said(item: Item, today: date) -> str:
    """An item as read back: with its day when it has one ("pick up the kids (today)")."""
    day = parse_day(item.due) if item.due else None
    return f"{item.text} ({day_words(day, today)})" if day else item.text

"""Lists role: shopping and to-do lists in the application database or Home Assistant."""

from __future__ import annotations

from roles.lists.role import ROLE, ListsRole
from roles.lists.store import DEFAULT_LISTS, Item, ListStore, RepositoryLists, TodoList

__all__ = ["DEFAULT_LISTS", "ROLE", "Item", "ListStore", "ListsRole", "RepositoryLists", "TodoList"]

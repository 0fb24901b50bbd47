"""Where lists live: the application database (a `Repository`) or Home Assistant `todo` entities.

A list is one record of the ``lists`` collection per user: ``{"name": "Groceries", "items":
[{"id": "...", "text": "oat milk", "done": false}, ...]}``. With Home Assistant configured as the
home backend, lists are its ``todo.*`` entities and items go through its ``todo`` services
(developers.home-assistant.io/docs/api/rest, home-assistant.io/integrations/todo).
"""

from __future__ import annotations

import re
import uuid
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from agent_system.errors import ToolExecutionError
from agent_system.idempotency import current_key
from agent_system.repository import Repository

__all__ = ["DEFAULT_LISTS", "Item", "ListStore", "RepositoryLists", "TodoList", "list_key"]

DEFAULT_LISTS = ("Shopping", "To-do")
COLLECTION = "lists"
APPLIED_KEYS = 50
"""Idempotency keys of the last changes kept in each list record (a resumed step finds its own)."""


class Item(BaseModel):
    """One entry of a list."""

    id: str = Field(default_factory=lambda: uuid.uuid4().hex[:12])
    text: str
    done: bool = False
    due: str | None = None
    """The day the item is for ("YYYY-MM-DD"), when one was said."""


class TodoList(BaseModel):
    """A named list and its items."""

    name: str
    items: list[Item] = Field(default_factory=list)


def list_key(name: str) -> str:
    """The storage key of a list name: "My Groceries list" -> "groceries"."""
    words = re.findall(r"[a-z0-9]+", name.lower())
    words = [w for w in words if w not in ("my", "the", "our", "list")] or words
    return " ".join(words)


@runtime_checkable
class ListStore(Protocol):
    """Lists of one user."""

    async def lists(self) -> list[TodoList]:
        """Every list with its items."""
        ...

    async def add(
        self, name: str, texts: list[str], note: str = "", due: str | None = None
    ) -> TodoList:
        """Add items to the list called `name` (created when new), for the day `due`."""
        ...

    async def set_done(self, name: str, item: Item, done: bool, note: str = "") -> TodoList:
        """Mark an item done (or not done)."""
        ...

    async def remove(self, name: str, item: Item, note: str = "") -> TodoList:
        """Remove an item."""
        ...

    async def create(self, name: str) -> TodoList:
        """The list called `name`, created empty when new."""
        ...

    async def delete(self, name: str) -> None:
        """Delete the list called `name` with its items (a built-in list is emptied)."""
        ...


class RepositoryLists:
    """Lists in the application database."""

    def __init__(self, repository: Repository, owner: str | None) -> None:
        self.repository = repository
        self.owner = owner

    async def lists(self) -> list[TodoList]:
        """Every list with its items (the shopping and to-do lists always exist)."""
        stored = {
            r.key: TodoList.model_validate(r.body)
            for r in await self.repository.records(COLLECTION, self.owner)
        }
        for name in DEFAULT_LISTS:
            stored.setdefault(list_key(name), TodoList(name=name))
        return list(stored.values())

    async def add(
        self, name: str, texts: list[str], note: str = "", due: str | None = None
    ) -> TodoList:
        """Add items to the list called `name` (created when new), for the day `due`."""

        def change(body: dict[str, Any] | None) -> dict[str, Any]:
            todo = TodoList.model_validate(body) if body else TodoList(name=name)
            todo.items.extend(Item(text=t, due=due) for t in texts)
            return todo.model_dump()

        return await self._update(name, change, note)

    async def set_done(self, name: str, item: Item, done: bool, note: str = "") -> TodoList:
        """Mark an item done (or not done)."""

        def change(body: dict[str, Any] | None) -> dict[str, Any]:
            todo = TodoList.model_validate(body) if body else TodoList(name=name)
            for entry in todo.items:
                if entry.id == item.id:
                    entry.done = done
            return todo.model_dump()

        return await self._update(name, change, note)

    async def remove(self, name: str, item: Item, note: str = "") -> TodoList:
        """Remove an item."""

        def change(body: dict[str, Any] | None) -> dict[str, Any]:
            todo = TodoList.model_validate(body) if body else TodoList(name=name)
            todo.items = [entry for entry in todo.items if entry.id != item.id]
            return todo.model_dump()

        return await self._update(name, change, note)

    async def create(self, name: str) -> TodoList:
        """The list called `name`, created empty when new."""

        def change(body: dict[str, Any] | None) -> dict[str, Any]:
            return body if body else TodoList(name=name).model_dump()

        return await self._update(name, change)

    async def delete(self, name: str) -> None:
        """Delete the list's record (the shopping and to-do lists come back empty)."""
        await self.repository.delete(COLLECTION, list_key(name), self.owner)

    async def applied(self, key: str) -> tuple[TodoList, str] | None:
        """The list a step with idempotency `key` changed, and what it said then.

        None when no change was made with that key (each list keeps its last changes' keys).
        """
        for record in await self.repository.records(COLLECTION, self.owner):
            note = (record.body.get("applied") or {}).get(key)
            if note is not None:
                return TodoList.model_validate(record.body), str(note)
        return None

    async def _update(self, name: str, change: Any, note: str = "") -> TodoList:
        key = current_key()

        def once(body: dict[str, Any] | None) -> dict[str, Any]:
            applied = dict((body or {}).get("applied") or {})
            if key and key in applied and body is not None:  # a resumed step: done already
                return body
            changed: dict[str, Any] = change(body)
            if key and note:  # stored with the change itself: one write, a crash cannot split
                applied[key] = note
            if applied:
                changed["applied"] = dict(list(applied.items())[-APPLIED_KEYS:])
            return changed

        record = await self.repository.update(COLLECTION, list_key(name), once, self.owner)
        if record is None:  # pragma: no cover - change never deletes
            raise ToolExecutionError(f"The {name} list could not be saved.")
        return TodoList.model_validate(record.body)

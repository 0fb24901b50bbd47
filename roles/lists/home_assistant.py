"""Lists as Home Assistant ``todo`` entities.

Items go through ``todo.add_item``, ``todo.update_item``, ``todo.remove_item``, and
``todo.get_items`` with ``?return_response``.

Formats: developers.home-assistant.io/docs/api/rest (``POST /api/services/<domain>/<service>``,
``?return_response`` wraps the result in ``service_response``) and
home-assistant.io/integrations/todo (items have ``summary``, ``uid`` and ``status``
``needs_action`` or ``completed``). Home Assistant creates lists itself: adding to a list it does
not have is refused with the lists it has.
"""

from __future__ import annotations

from typing import Any

import httpx

from agent_system.errors import ToolExecutionError
from roles._http import request_json
from roles.lists.store import Item, TodoList, list_key

__all__ = ["HomeAssistantLists"]

SERVICE = "Home Assistant"


class HomeAssistantLists:
    """A `ListStore` over Home Assistant's todo entities."""

    def __init__(self, http: httpx.AsyncClient, url: str, token: str, *, timeout_s: float) -> None:
        self.http = http
        self.url = url.rstrip("/")
        self._headers = {"Authorization": f"Bearer {token}"}
        self.timeout_s = timeout_s

    async def _call(self, method: str, path: str, body: Any = None) -> Any:
        return await request_json(
            self.http,
            method,
            f"{self.url}{path}",
            service=SERVICE,
            timeout_s=self.timeout_s,
            json=body,
            headers=self._headers,
        )

    async def _entities(self) -> dict[str, str]:
        """Todo entity id -> list name."""
        states = await self._call("GET", "/api/states")
        out: dict[str, str] = {}
        for state in states if isinstance(states, list) else []:
            entity = str(state.get("entity_id", "")) if isinstance(state, dict) else ""
            if entity.startswith("todo."):
                attributes = state.get("attributes") or {}
                out[entity] = str(attributes.get("friendly_name") or entity[5:].replace("_", " "))
        return out

    async def lists(self) -> list[TodoList]:
        """Every todo entity with its items."""
        out = []
        for entity, name in (await self._entities()).items():
            body = await self._call(
                "POST", "/api/services/todo/get_items?return_response", {"entity_id": entity}
            )
            raw = (body or {}).get("service_response", {}).get(entity, {}).get("items", [])
            items = [
                Item(
                    id=str(i.get("uid") or i.get("summary")),
                    text=str(i.get("summary", "")),
                    done=i.get("status") == "completed",
                    due=str(i["due"])[:10] if i.get("due") else None,
                )
                for i in raw
                if isinstance(i, dict)
            ]
            out.append(TodoList(name=name, items=items))
        return out

    async def _entity(self, name: str) -> str:
        entities = await self._entities()
        for entity, list_name in entities.items():
            if list_key(list_name) == list_key(name):
                return entity
        known = ", ".join(entities.values()) or "none"
        raise ToolExecutionError(
            f"Home Assistant has no to-do list called {name!r} (lists: {known}); create it "
            "in Home Assistant first."
        )

    async def _after(self, name: str) -> TodoList:
        found = [t for t in await self.lists() if list_key(t.name) == list_key(name)]
        return found[0] if found else TodoList(name=name)

    async def add(
        self, name: str, texts: list[str], note: str = "", due: str | None = None
    ) -> TodoList:
        """``todo.add_item`` once per item (with its ``due_date`` when it is for a day)."""
        entity = await self._entity(name)
        for text in texts:
            body = {"entity_id": entity, "item": text}
            if due:
                body["due_date"] = due
            await self._call("POST", "/api/services/todo/add_item", body)
        return await self._after(name)

    async def set_done(self, name: str, item: Item, done: bool, note: str = "") -> TodoList:
        """``todo.update_item`` with the new status."""
        entity = await self._entity(name)
        status = "completed" if done else "needs_action"
        await self._call(
            "POST",
            "/api/services/todo/update_item",
            {"entity_id": entity, "item": item.id, "status": status},
        )
        return await self._after(name)

    async def remove(self, name: str, item: Item, note: str = "") -> TodoList:
        """``todo.remove_item``."""
        entity = await self._entity(name)
        await self._call(
            "POST", "/api/services/todo/remove_item", {"entity_id": entity, "item": item.id}
        )
        return await self._after(name)

    async def create(self, name: str) -> TodoList:
        """Home Assistant's lists are its ``todo`` entities: they are made in Home Assistant."""
        await self._entity(name)  # explains how to create it when it does not exist
        return await self._after(name)

    async def delete(self, name: str) -> None:
        """Empty the list (``todo.remove_item`` per item); the entity stays in Home Assistant."""
        entity = await self._entity(name)
        for item in (await self._after(name)).items:
            await self._call(
                "POST", "/api/services/todo/remove_item", {"entity_id": entity, "item": item.id}
            )

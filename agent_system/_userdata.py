"""A user's data, exported as one JSON document or erased, from every store that holds it.

What belongs to a user, and where (each a `UserData` source; `sources` lists them):

- ``threads``: every thread the user owns (listed in the store), with its history and last plan;
  erasing deletes its checkpoints, step journal and listing;
- ``store``: LangGraph store namespaces named after the user (memories, thread listings, client
  message ids; `STORE_PREFIXES`, extensible by plugins);
- ``records``: the `Repository` records the user owns (lists, and whatever moves onto it);
- ``tables``: every table of the application database with a ``user_id`` column (timers,
  calendar, audit log, run log, tool results, and any table a plugin adds that way); with a
  PostgreSQL ``database_url`` also every worker's audit and run log rows there
  (`agent_system._audit`).

A new store joins by being one of these (a namespace prefix, a ``user_id`` column, a repository
record), or by adding a `UserData` source to `EXTRA_SOURCES`. The local user (no API key, the
CLI) is ``None``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from agent_system._audit import postgres_logs

if TYPE_CHECKING:
    from agent_system.api import AgentSystem

__all__ = [
    "EXPORT_FORMAT",
    "EXTRA_SOURCES",
    "STORE_PREFIXES",
    "UserData",
    "erase_user",
    "export_user",
    "sources",
]

EXPORT_FORMAT = "agent-system-user-export/1"

NOT_USER_TABLES = frozenset({"agent_system_thread_locks"})
"""Tables whose ``owner``/``user_id`` column is not a person (lease holders)."""


@runtime_checkable
class UserData(Protocol):
    """One place that holds users' data."""

    name: str

    async def export(self, system: AgentSystem, user: str | None) -> list[dict[str, Any]]:
        """Everything of `user` held here, as JSON-ready objects."""
        ...

    async def erase(self, system: AgentSystem, user: str | None) -> int:
        """Delete everything of `user` held here; how many entries went."""
        ...


def _local(user: str | None, default: str) -> str:
    return user or default


STORE_PREFIXES: list[Callable[[str | None], tuple[str, ...]]] = [
    lambda user: ("threads", _label(_local(user, "_local"))),
    lambda user: ("threads", _local(user, "_local")),  # the LangGraph API's listing key
    lambda user: ("memories", _memory_label(user)),
    lambda user: ("langgraph_message_ids", _local(user, "_local")),
]
"""Store namespace prefixes holding only one user's items."""


def _label(text: str) -> str:
    from agent_system.graph._journal import store_label

    return store_label(text)


def _memory_label(user: str | None) -> str:
    """As ``tools.memory.namespace_for`` labels a user's memories."""
    return (user or "default").replace("%", "%25").replace(".", "%2E") or "default"


class Threads:
    """The user's threads: history and plans out; checkpoints, journal and listing erased."""

    name = "threads"

    async def export(self, system: AgentSystem, user: str | None) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for info in await system.athreads(user):
            thread_id = str(info.get("thread_id"))
            out.append({**dict(info), **await system.aget_thread(thread_id, user)})
        return out

    async def erase(self, system: AgentSystem, user: str | None) -> int:
        threads = await system.athreads(user)
        for info in threads:
            await system.adelete_thread(str(info.get("thread_id")), user)
        return len(threads)


class StoreNamespaces:
    """Items under the user's store namespaces (`STORE_PREFIXES`)."""

    name = "store"

    async def _items(self, system: AgentSystem, user: str | None) -> list[Any]:
        store = system.engine.runtime.store
        if store is None:
            return []
        prefixes = {prefix(user) for prefix in STORE_PREFIXES}
        found: dict[tuple[tuple[str, ...], str], Any] = {}
        for prefix in prefixes:
            for namespace in await store.alist_namespaces(prefix=prefix, limit=100_000):
                offset = 0
                while page := await store.asearch(namespace, limit=1000, offset=offset):
                    for item in page:
                        found[(tuple(item.namespace), item.key)] = item
                    offset += len(page)
        return list(found.values())

    async def export(self, system: AgentSystem, user: str | None) -> list[dict[str, Any]]:
        return [
            {
                "namespace": list(item.namespace),
                "key": item.key,
                "value": item.value,
                "updated_at": item.updated_at.isoformat(),
            }
            for item in await self._items(system, user)
        ]

    async def erase(self, system: AgentSystem, user: str | None) -> int:
        from langgraph.store.base import PutOp

        items = await self._items(system, user)
        store = system.engine.runtime.store
        if store is not None and items:
            await store.abatch([PutOp(tuple(i.namespace), i.key, None) for i in items])
        return len(items)


class Records:
    """The user's `Repository` records, every collection."""

    name = "records"

    async def export(self, system: AgentSystem, user: str | None) -> list[dict[str, Any]]:
        from agent_system.repository import open_repository

        records = await open_repository(system.engine.runtime).owned(user)
        return [r.model_dump(mode="json") for r in records]

    async def erase(self, system: AgentSystem, user: str | None) -> int:
        from agent_system.repository import open_repository

        return await open_repository(system.engine.runtime).erase_owner(user)


class Tables:
    """Rows of every application-database table with a ``user_id`` column."""

    name = "tables"

    @staticmethod
    def _tables(system: AgentSystem) -> list[str]:
        db = system.engine.runtime.db
        names = [r["name"] for r in db.query("SELECT name FROM sqlite_master WHERE type='table'")]
        return [
            name
            for name in names
            if name not in NOT_USER_TABLES
            and any(c["name"] == "user_id" for c in db.query(f'PRAGMA table_info("{name}")'))
        ]

    @staticmethod
    def _where(user: str | None) -> tuple[str, tuple[Any, ...]]:
        if user is None:
            return "(user_id IS NULL OR user_id = '')", ()
        return "user_id = ?", (user,)

    async def export(self, system: AgentSystem, user: str | None) -> list[dict[str, Any]]:
        db = system.engine.runtime.db
        where, params = self._where(user)
        out: list[dict[str, Any]] = []
        for table in self._tables(system):
            rows = db.query(f'SELECT * FROM "{table}" WHERE {where}', params)
            out.extend({"table": table, **dict(row)} for row in rows)
        logs = postgres_logs(system.engine.runtime)
        if logs is not None:  # every worker's audit and run log rows
            out.extend(await logs.export(user))
        return out

    async def erase(self, system: AgentSystem, user: str | None) -> int:
        db = system.engine.runtime.db
        where, params = self._where(user)
        gone = 0
        with db.transaction():
            for table in self._tables(system):
                gone += db.execute(f'DELETE FROM "{table}" WHERE {where}', params).rowcount
        logs = postgres_logs(system.engine.runtime)
        if logs is not None:
            gone += await logs.erase(user)
        return gone


EXTRA_SOURCES: list[UserData] = []
"""Sources added by plugins whose data lives elsewhere (their own files or services)."""


def sources() -> list[UserData]:
    """Every source, threads first (erasing a thread also clears its journal)."""
    return [Threads(), StoreNamespaces(), Records(), Tables(), *EXTRA_SOURCES]


async def export_user(system: AgentSystem, user: str | None) -> dict[str, Any]:
    """One JSON-ready document with everything `user` has in every source."""
    await system.aopen()
    data = {source.name: await source.export(system, user) for source in sources()}
    return {
        "format": EXPORT_FORMAT,
        "user": user,
        "exported_at": datetime.now(UTC).isoformat(),
        "data": data,
    }


async def erase_user(system: AgentSystem, user: str | None) -> dict[str, int]:
    """Delete everything `user` has in every source; entries deleted per source."""
    await system.aopen()
    return {source.name: await source.erase(system, user) for source in sources()}

"""Small repositories for what roles store: records of a collection, owned by a user.

`Repository` is the interface roles program against (lists today; timers, calendar, device
state, memory and the audit log can move onto it, issue 19). `SQLiteRepository` keeps records in
the application database (`agent_system.storage.Database`); a PostgreSQL implementation is chosen
by the same ``database_url`` once it exists (`open_repository` says which one is used).

A record is a JSON object under ``(collection, owner, key)``; ``owner`` None means shared by
everyone. Writes are atomic per record; `update` runs a read-modify-write in one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from agent_system.runtime import Runtime
    from agent_system.storage import Database

__all__ = ["Record", "Repository", "SQLiteRepository", "open_repository"]

_DDL = """
CREATE TABLE IF NOT EXISTS records (
    collection TEXT NOT NULL,
    owner TEXT NOT NULL DEFAULT '',
    key TEXT NOT NULL,
    body TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (collection, owner, key)
);
"""


class Record(BaseModel):
    """One stored object."""

    collection: str
    owner: str | None = None
    key: str
    body: dict[str, Any] = Field(default_factory=dict)
    updated_at: datetime


@runtime_checkable
class Repository(Protocol):
    """Where roles keep their records (one implementation per database engine)."""

    async def get(self, collection: str, key: str, owner: str | None = None) -> Record | None:
        """The record, or None."""
        ...

    async def put(
        self, collection: str, key: str, body: dict[str, Any], owner: str | None = None
    ) -> Record:
        """Create or replace a record."""
        ...

    async def update(
        self,
        collection: str,
        key: str,
        change: Callable[[dict[str, Any] | None], dict[str, Any] | None],
        owner: str | None = None,
    ) -> Record | None:
        """Atomically replace a record's body with ``change(old body or None)``; None deletes."""
        ...

    async def delete(self, collection: str, key: str, owner: str | None = None) -> bool:
        """Delete a record; False when there was none."""
        ...

    async def records(self, collection: str, owner: str | None = None) -> list[Record]:
        """Every record of a collection for an owner, oldest first."""
        ...


class SQLiteRepository:
    """`Repository` on the application's SQLite database (table ``records``)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        db.ensure_schema("records", _DDL)

    @staticmethod
    def _record(row: Any) -> Record:
        return Record(
            collection=row["collection"],
            owner=row["owner"] or None,
            key=row["key"],
            body=json.loads(row["body"]),
            updated_at=datetime.fromisoformat(row["updated_at"]),
        )

    async def get(self, collection: str, key: str, owner: str | None = None) -> Record | None:
        """The record, or None."""
        rows = self.db.query(
            "SELECT * FROM records WHERE collection = ? AND owner = ? AND key = ?",
            (collection, owner or "", key),
        )
        return self._record(rows[0]) if rows else None

    async def put(
        self, collection: str, key: str, body: dict[str, Any], owner: str | None = None
    ) -> Record:
        """Create or replace a record."""
        now = datetime.now(UTC)
        self.db.execute(
            "INSERT INTO records (collection, owner, key, body, updated_at) VALUES (?,?,?,?,?) "
            "ON CONFLICT(collection, owner, key) DO UPDATE SET body = excluded.body, "
            "updated_at = excluded.updated_at",
            (collection, owner or "", key, json.dumps(body), now.isoformat()),
        )
        return Record(collection=collection, owner=owner, key=key, body=body, updated_at=now)

    async def update(
        self,
        collection: str,
        key: str,
        change: Callable[[dict[str, Any] | None], dict[str, Any] | None],
        owner: str | None = None,
    ) -> Record | None:
        """Atomically replace a record's body with ``change(old body or None)``; None deletes."""
        now = datetime.now(UTC)
        with self.db.transaction() as conn:
            row = conn.execute(
                "SELECT body FROM records WHERE collection = ? AND owner = ? AND key = ?",
                (collection, owner or "", key),
            ).fetchone()
            body = change(json.loads(row["body"]) if row else None)
            if body is None:
                conn.execute(
                    "DELETE FROM records WHERE collection = ? AND owner = ? AND key = ?",
                    (collection, owner or "", key),
                )
                return None
            conn.execute(
                "INSERT INTO records (collection, owner, key, body, updated_at) "
                "VALUES (?,?,?,?,?) ON CONFLICT(collection, owner, key) DO UPDATE SET "
                "body = excluded.body, updated_at = excluded.updated_at",
                (collection, owner or "", key, json.dumps(body), now.isoformat()),
            )
        return Record(collection=collection, owner=owner, key=key, body=body, updated_at=now)

    async def delete(self, collection: str, key: str, owner: str | None = None) -> bool:
        """Delete a record; False when there was none."""
        cursor = self.db.execute(
            "DELETE FROM records WHERE collection = ? AND owner = ? AND key = ?",
            (collection, owner or "", key),
        )
        return cursor.rowcount > 0

    async def records(self, collection: str, owner: str | None = None) -> list[Record]:
        """Every record of a collection for an owner, oldest first."""
        rows = self.db.query(
            "SELECT * FROM records WHERE collection = ? AND owner = ? ORDER BY updated_at, key",
            (collection, owner or ""),
        )
        return [self._record(row) for row in rows]


def open_repository(runtime: Runtime) -> Repository:
    """The runtime's repository (one per runtime).

    SQLite (the application database) today, whatever ``database_url`` says: with a PostgreSQL
    URL, records stay on each machine like timers do (docs/deployment.md) until the PostgreSQL
    implementation lands.
    """
    return runtime.resource("agent_system.repository", lambda rt: SQLiteRepository(rt.db))

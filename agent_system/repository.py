"""Small repositories for what roles store: records of a collection, owned by a user.

`Repository` is the interface roles program against: lists, timers, calendar events and the
simulated home's device state live on it (memory lives in LangGraph's store, which follows
``database_url`` by itself). `SQLiteRepository` keeps records in the application database
(`agent_system._storage.Database`); `agent_system._repository_pg.PostgresRepository` keeps them
in PostgreSQL when ``database_url`` is a ``postgresql://`` URL, shared by every worker
(`open_repository` picks one).

A record is a JSON object under ``(collection, owner, key)``; ``owner`` None means shared by
everyone. Writes are atomic per record; `update` runs a read-modify-write in one transaction.
A body with a numeric ``"_due"`` (epoch seconds) is *scheduled*: once that moment passes,
`Repository.claim_due` hands it to one caller at a time, under a lease that expires if the
caller dies before writing the record again (any write clears the claim).

Schemas are versioned: each engine keeps the versions it applied in a migrations table and
applies the missing ones at start, one process at a time (SQLite: a write transaction;
PostgreSQL: an advisory lock). The SQLite migrations also copy the tables older versions kept
(``timers``, ``calendar_events``, ``smart_home_devices``) into records, leaving them in place.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from agent_system.idempotency import STEP_MARK, once_change, write_marker

if TYPE_CHECKING:
    from agent_system._storage import Database
    from agent_system.runtime import Runtime

__all__ = ["Record", "Repository", "SQLiteRepository", "due_of", "open_repository"]

DUE = "_due"
"""Body key scheduling a record for `Repository.claim_due` (epoch seconds)."""

Change = Callable[[dict[str, Any] | None], dict[str, Any] | None]


class Record(BaseModel):
    """One stored object."""

    collection: str
    owner: str | None = None
    key: str
    body: dict[str, Any] = Field(default_factory=dict)
    updated_at: datetime


def due_of(body: dict[str, Any]) -> float | None:
    """When a body is scheduled (its ``_due``), or None."""
    value = body.get(DUE)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


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
        self, collection: str, key: str, change: Change, owner: str | None = None
    ) -> Record | None:
        """Atomically replace a record's body with ``change(old body or None)``; None deletes,
        the old body itself (the same object) writes nothing."""
        ...

    async def delete(self, collection: str, key: str, owner: str | None = None) -> bool:
        """Delete a record; False when there was none."""
        ...

    async def records(self, collection: str, owner: str | None = None) -> list[Record]:
        """Every record of a collection for an owner, oldest first."""
        ...

    async def insert(
        self, collection: str, body: dict[str, Any], owner: str | None = None
    ) -> Record:
        """Create a record under the collection's next number ("1", "2", ...)."""
        ...

    async def lookup(self, collection: str, key: str) -> Record | None:
        """The record with this key, whoever owns it."""
        ...

    async def scan(self, collection: str) -> list[Record]:
        """Every record of a collection, every owner's, oldest first."""
        ...

    async def claim_due(
        self,
        collection: str,
        now: float,
        worker: str,
        lease_s: float,
        owners: Sequence[str] | None = None,
    ) -> list[Record]:
        """Scheduled records due at `now` that nobody holds, claimed by `worker` for `lease_s`
        seconds (earliest first); only `owners`' ('' = shared) when given."""
        ...

    async def owned(self, owner: str | None) -> list[Record]:
        """Every record of an owner, in every collection (a user's data export)."""
        ...

    async def erase_owner(self, owner: str | None) -> int:
        """Delete every record of an owner, in every collection; how many went."""
        ...


# --- SQLite ----------------------------------------------------------------------------------

_SQLITE_MIGRATIONS: tuple[str, ...] = (
    # 1: the records table (lists).
    """
    CREATE TABLE IF NOT EXISTS records (
        collection TEXT NOT NULL,
        owner TEXT NOT NULL DEFAULT '',
        key TEXT NOT NULL,
        body TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (collection, owner, key)
    );
    """,
    # 2: numbered records, lookups by key, scheduling with claims.
    """
    ALTER TABLE records ADD COLUMN due REAL;
    ALTER TABLE records ADD COLUMN claim_owner TEXT;
    ALTER TABLE records ADD COLUMN claim_until REAL;
    CREATE INDEX IF NOT EXISTS records_key ON records(collection, key);
    CREATE INDEX IF NOT EXISTS records_due ON records(collection, due) WHERE due IS NOT NULL;
    CREATE TABLE IF NOT EXISTS record_counters (collection TEXT PRIMARY KEY, n INTEGER NOT NULL);
    """,
    "legacy",  # 3: copy the tables of older versions (timers, calendar, devices) into records
)


def _legacy_import(conn: sqlite3.Connection) -> None:
    """Copy timers, calendar events and device states kept by older versions into records."""
    from agent_system._legacy import legacy_records

    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    for collection, owner, key, body in legacy_records(conn, tables):
        conn.execute(
            "INSERT OR IGNORE INTO records (collection, owner, key, body, updated_at, due) "
            "VALUES (?,?,?,?,?,?)",
            (collection, owner, key, json.dumps(body), datetime.now(UTC).isoformat(), due_of(body)),
        )
        if key.isdigit():
            conn.execute(
                "INSERT INTO record_counters (collection, n) VALUES (?, ?) ON CONFLICT(collection)"
                " DO UPDATE SET n = MAX(n, excluded.n)",
                (collection, int(key)),
            )


def migrate_sqlite(db: Database) -> int:
    """Apply the missing schema versions (one process at a time); returns the version."""
    db.ensure_schema(
        "schema_migrations",
        "CREATE TABLE IF NOT EXISTS schema_migrations (component TEXT NOT NULL, "
        "version INTEGER NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (component, version));",
    )
    with db.transaction() as conn:  # BEGIN IMMEDIATE: other processes wait here
        row = conn.execute(
            "SELECT MAX(version) FROM schema_migrations WHERE component = 'records'"
        ).fetchone()
        done = int(row[0] or 0)
        for version, step in enumerate(_SQLITE_MIGRATIONS, start=1):
            if version <= done:
                continue
            if step == "legacy":
                _legacy_import(conn)
            else:
                for statement in step.split(";"):
                    if statement.strip():
                        conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_migrations (component, version, applied_at) VALUES (?,?,?)",
                ("records", version, datetime.now(UTC).isoformat()),
            )
    return len(_SQLITE_MIGRATIONS)


class SQLiteRepository:
    """`Repository` on the application's SQLite database (table ``records``)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        db.once("records-migrations", lambda: migrate_sqlite(db))

    @staticmethod
    def _record(row: Any) -> Record:
        return Record(
            collection=row["collection"],
            owner=row["owner"] or None,
            key=row["key"],
            body=json.loads(row["body"]),
            updated_at=datetime.fromisoformat(row["updated_at"]),
        )

    _UPSERT = (
        "INSERT INTO records (collection, owner, key, body, updated_at, due, claim_owner, "
        "claim_until) VALUES (?,?,?,?,?,?,NULL,NULL) ON CONFLICT(collection, owner, key) DO "
        "UPDATE SET body = excluded.body, updated_at = excluded.updated_at, due = excluded.due, "
        "claim_owner = NULL, claim_until = NULL"
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
            self._UPSERT,
            (collection, owner or "", key, json.dumps(body), now.isoformat(), due_of(body)),
        )
        return Record(collection=collection, owner=owner, key=key, body=body, updated_at=now)

    async def update(
        self, collection: str, key: str, change: Change, owner: str | None = None
    ) -> Record | None:
        """Atomically replace a record's body with ``change(old body or None)``; None deletes.

        Inside a tool call with an idempotency key, a step that runs again changes nothing.
        """
        change = once_change(change, write_marker())
        now = datetime.now(UTC)
        with self.db.transaction() as conn:
            row = conn.execute(
                "SELECT body FROM records WHERE collection = ? AND owner = ? AND key = ?",
                (collection, owner or "", key),
            ).fetchone()
            old = json.loads(row["body"]) if row else None
            body = change(old)
            if body is old and row is not None:  # unchanged: nothing to write
                return Record(collection=collection, owner=owner, key=key, body=old, updated_at=now)
            if body is None:
                conn.execute(
                    "DELETE FROM records WHERE collection = ? AND owner = ? AND key = ?",
                    (collection, owner or "", key),
                )
                return None
            conn.execute(
                self._UPSERT,
                (collection, owner or "", key, json.dumps(body), now.isoformat(), due_of(body)),
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

    async def insert(
        self, collection: str, body: dict[str, Any], owner: str | None = None
    ) -> Record:
        """Create a record under the collection's next number ("1", "2", ...).

        Inside a tool call with an idempotency key, a step that runs again gets the record it
        created the first time.
        """
        marker = write_marker()
        now = datetime.now(UTC)
        with self.db.transaction() as conn:
            if marker is not None:
                earlier = conn.execute(
                    "SELECT * FROM records WHERE collection = ? AND owner = ? "
                    "AND json_extract(body, '$._step') = ?",
                    (collection, owner or "", marker),
                ).fetchone()
                if earlier is not None:
                    return self._record(earlier)
                body = {**body, STEP_MARK: marker}
            row = conn.execute(
                "INSERT INTO record_counters (collection, n) VALUES (?, 1) ON CONFLICT(collection)"
                " DO UPDATE SET n = n + 1 RETURNING n",
                (collection,),
            ).fetchone()
            key = str(row[0])
            conn.execute(
                self._UPSERT,
                (collection, owner or "", key, json.dumps(body), now.isoformat(), due_of(body)),
            )
        return Record(collection=collection, owner=owner, key=key, body=body, updated_at=now)

    async def lookup(self, collection: str, key: str) -> Record | None:
        """The record with this key, whoever owns it."""
        rows = self.db.query(
            "SELECT * FROM records WHERE collection = ? AND key = ? LIMIT 1", (collection, key)
        )
        return self._record(rows[0]) if rows else None

    async def scan(self, collection: str) -> list[Record]:
        """Every record of a collection, every owner's, oldest first."""
        rows = self.db.query(
            "SELECT * FROM records WHERE collection = ? ORDER BY updated_at, key", (collection,)
        )
        return [self._record(row) for row in rows]

    async def claim_due(
        self,
        collection: str,
        now: float,
        worker: str,
        lease_s: float,
        owners: Sequence[str] | None = None,
    ) -> list[Record]:
        """Scheduled records due at `now` that nobody holds, claimed for `lease_s` seconds."""
        sql = (
            "UPDATE records SET claim_owner = ?, claim_until = ? WHERE collection = ? "
            "AND due IS NOT NULL AND due <= ? AND (claim_until IS NULL OR claim_until < ?)"
        )
        params: list[Any] = [worker, now + lease_s, collection, now, now]
        if owners is not None:
            sql += f" AND owner IN ({','.join('?' for _ in owners) or 'NULL'})"
            params.extend(owners)
        rows = self.db.query(sql + " RETURNING *", params)
        rows.sort(key=lambda row: (row["due"], row["key"]))
        return [self._record(row) for row in rows]

    async def owned(self, owner: str | None) -> list[Record]:
        """Every record of an owner, in every collection (a user's data export)."""
        rows = self.db.query(
            "SELECT * FROM records WHERE owner = ? ORDER BY collection, updated_at, key",
            (owner or "",),
        )
        return [self._record(row) for row in rows]

    async def erase_owner(self, owner: str | None) -> int:
        """Delete every record of an owner, in every collection; how many went."""
        return self.db.execute("DELETE FROM records WHERE owner = ?", (owner or "",)).rowcount


def open_repository(runtime: Runtime) -> Repository:
    """The runtime's repository (one per runtime): PostgreSQL when ``database_url`` is a
    PostgreSQL URL (shared by every worker on it), else the SQLite application database."""

    def build(rt: Runtime) -> Repository:
        if rt.settings.uses_postgres:
            from agent_system._repository_pg import PostgresRepository

            return PostgresRepository(str(rt.settings.database_url))
        return SQLiteRepository(rt.db)

    return runtime.resource("agent_system.repository", build)

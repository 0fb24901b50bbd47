"""`Repository` on PostgreSQL (psycopg 3, async, pooled): records shared by every worker.

Chosen by `agent_system.repository.open_repository` when ``database_url`` is a PostgreSQL URL.
The server's persistence hands over its connection pool; a process without one (a CLI command)
opens a small pool of its own on first use. The schema is versioned in
``agent_system_schema_migrations`` and migrated on start under an advisory lock, so workers
starting together apply each version once. `claim_due` takes scheduled records with
``FOR UPDATE SKIP LOCKED`` plus a lease column, so two workers never claim the same record and
a dead worker's claim runs out.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from agent_system._audit import MIGRATION as AUDIT_MIGRATION
from agent_system.idempotency import STEP_MARK, once_change, write_marker
from agent_system.repository import Change, Record, due_of

__all__ = ["MIGRATIONS", "Notices", "PostgresRepository", "migrate_postgres"]

Notices = Callable[[dict[str, Any]], Awaitable[Sequence[tuple[str, str]]]]
"""What `PostgresRepository.update` sends with a change: ``(channel, payload)`` pairs."""

_LOCK = 0x6167_656E_7473_7972  # advisory lock key of these migrations ("agentsyr")
TABLE = "agent_system_records"

JOURNAL_MIGRATION = """
CREATE TABLE IF NOT EXISTS agent_system_runs (
    run_id TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL,
    user_id TEXT,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    metadata JSONB NOT NULL,
    output JSONB,
    worker TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS agent_system_runs_thread ON agent_system_runs (thread_id, created_at);
CREATE INDEX IF NOT EXISTS agent_system_runs_updated ON agent_system_runs (updated_at);
CREATE TABLE IF NOT EXISTS agent_system_run_events (
    run_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    item JSONB NOT NULL,
    PRIMARY KEY (run_id, seq)
)
"""
"""Run records and their events (`agent_system.server._journal`)."""

MIGRATIONS: tuple[str, ...] = (
    # 1: records with scheduling and claims; per-collection counters.
    f"""
    CREATE TABLE IF NOT EXISTS {TABLE} (
        collection TEXT NOT NULL,
        owner TEXT NOT NULL DEFAULT '',
        key TEXT NOT NULL,
        body JSONB NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL,
        due DOUBLE PRECISION,
        claim_owner TEXT,
        claim_until DOUBLE PRECISION,
        PRIMARY KEY (collection, owner, key)
    );
    CREATE INDEX IF NOT EXISTS {TABLE}_key ON {TABLE} (collection, key);
    CREATE INDEX IF NOT EXISTS {TABLE}_due ON {TABLE} (collection, due) WHERE due IS NOT NULL;
    CREATE TABLE IF NOT EXISTS agent_system_counters (
        collection TEXT PRIMARY KEY, n BIGINT NOT NULL
    );
    """,
    # 2: token buckets of the cluster-wide rate limit.
    """
    CREATE TABLE IF NOT EXISTS agent_system_rate_buckets (
        key TEXT PRIMARY KEY, tokens DOUBLE PRECISION NOT NULL, at DOUBLE PRECISION NOT NULL
    );
    """,
    # 3: the audit log and the run log, shared by every worker (`agent_system._audit`).
    AUDIT_MIGRATION,
    # 4: run records and their events, readable from any worker (`agent_system.server._journal`).
    JOURNAL_MIGRATION,
)


async def migrate_postgres(conn: Any) -> int:
    """Apply the missing versions on `conn` (autocommit) under an advisory lock."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS agent_system_schema_migrations (component TEXT NOT NULL, "
            "version INTEGER NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now(), "
            "PRIMARY KEY (component, version))"
        )
        cursor = await conn.execute(
            "SELECT COALESCE(MAX(version), 0) AS v FROM agent_system_schema_migrations "
            "WHERE component = 'records'"
        )
        row = await cursor.fetchone()
        done = int(row["v"] if isinstance(row, dict) else row[0])
        for version, step in enumerate(MIGRATIONS, start=1):
            if version > done:
                for statement in step.split(";"):
                    if statement.strip():
                        await conn.execute(statement)
                await conn.execute(
                    "INSERT INTO agent_system_schema_migrations (component, version) "
                    "VALUES ('records', %s)",
                    (version,),
                )
    return len(MIGRATIONS)


def _record(row: dict[str, Any]) -> Record:
    return Record(
        collection=row["collection"],
        owner=row["owner"] or None,
        key=row["key"],
        body=row["body"],
        updated_at=row["updated_at"],
    )


class PostgresRepository:
    """`Repository` on PostgreSQL (table ``agent_system_records``)."""

    def __init__(self, target: str | Any) -> None:
        self._url = target if isinstance(target, str) else None
        self._pool: Any = None if isinstance(target, str) else target
        self._own_pool = isinstance(target, str)
        self._ready = False
        self._lock = asyncio.Lock()

    async def pool(self) -> Any:
        """The connection pool, opened and migrated on first use."""
        if self._ready:
            return self._pool
        async with self._lock:
            if self._pool is None:
                from psycopg.rows import dict_row
                from psycopg_pool import AsyncConnectionPool

                pool: Any = AsyncConnectionPool(
                    self._url or "",
                    min_size=1,
                    max_size=4,
                    open=False,
                    kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row},
                )
                await pool.open(wait=True, timeout=15)
                self._pool = pool
            if not self._ready:
                async with self._pool.connection() as conn:
                    await migrate_postgres(conn)
                self._ready = True
        return self._pool

    async def aclose(self) -> None:
        """Close the pool if this repository opened it."""
        if self._own_pool and self._pool is not None:
            await self._pool.close()
            self._pool = None
            self._ready = False

    async def _rows(self, sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
        pool = await self.pool()
        async with pool.connection() as conn:
            cursor = await conn.execute(sql, params)
            return list(await cursor.fetchall()) if cursor.description else []

    _UPSERT = (
        f"INSERT INTO {TABLE} (collection, owner, key, body, updated_at, due) "
        "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (collection, owner, key) DO UPDATE SET "
        "body = excluded.body, updated_at = excluded.updated_at, due = excluded.due, "
        "claim_owner = NULL, claim_until = NULL"
    )

    @staticmethod
    def _values(
        collection: str, owner: str | None, key: str, body: dict[str, Any], now: datetime
    ) -> tuple[Any, ...]:
        from psycopg.types.json import Jsonb

        return (collection, owner or "", key, Jsonb(body), now, due_of(body))

    async def get(self, collection: str, key: str, owner: str | None = None) -> Record | None:
        """The record, or None."""
        rows = await self._rows(
            f"SELECT * FROM {TABLE} WHERE collection = %s AND owner = %s AND key = %s",
            (collection, owner or "", key),
        )
        return _record(rows[0]) if rows else None

    async def put(
        self, collection: str, key: str, body: dict[str, Any], owner: str | None = None
    ) -> Record:
        """Create or replace a record."""
        now = datetime.now(UTC)
        await self._rows(self._UPSERT, self._values(collection, owner, key, body, now))
        return Record(collection=collection, owner=owner, key=key, body=body, updated_at=now)

    async def update(
        self,
        collection: str,
        key: str,
        change: Change,
        owner: str | None = None,
        *,
        notices: Notices | None = None,
    ) -> Record | None:
        """Atomically replace a record's body with ``change(old body or None)``; None deletes.

        Inside a tool call with an idempotency key, a step that runs again changes nothing.
        `notices(new body)`: ``(channel, payload)`` pairs sent with ``pg_notify`` in the same
        transaction when the record changed. PostgreSQL delivers them at commit, so listeners
        hear of a change exactly when it is stored: never without it, never twice.
        """
        change = once_change(change, write_marker())
        pool = await self.pool()
        where = "collection = %s AND owner = %s AND key = %s"
        ident = (collection, owner or "", key)
        now = datetime.now(UTC)
        async with pool.connection() as conn, conn.transaction():
            cursor = await conn.execute(f"SELECT body FROM {TABLE} WHERE {where} FOR UPDATE", ident)
            row = await cursor.fetchone()
            if row is None:
                # Nobody to lock yet: serialise creators of this key on an advisory lock.
                await conn.execute(
                    "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                    ("|".join(ident),),
                )
                cursor = await conn.execute(
                    f"SELECT body FROM {TABLE} WHERE {where} FOR UPDATE", ident
                )
                row = await cursor.fetchone()
            old = row["body"] if row else None
            body = change(old)
            if body is old and row is not None:  # unchanged: nothing to write
                return Record(collection=collection, owner=owner, key=key, body=old, updated_at=now)
            if body is None:
                await conn.execute(f"DELETE FROM {TABLE} WHERE {where}", ident)
                return None
            await conn.execute(self._UPSERT, self._values(collection, owner, key, body, now))
            for channel, payload in await notices(body) if notices is not None else ():
                await conn.execute("SELECT pg_notify(%s, %s)", (channel, payload))
        return Record(collection=collection, owner=owner, key=key, body=body, updated_at=now)

    async def delete(self, collection: str, key: str, owner: str | None = None) -> bool:
        """Delete a record; False when there was none."""
        rows = await self._rows(
            f"DELETE FROM {TABLE} WHERE collection = %s AND owner = %s AND key = %s RETURNING key",
            (collection, owner or "", key),
        )
        return bool(rows)

    async def records(self, collection: str, owner: str | None = None) -> list[Record]:
        """Every record of a collection for an owner, oldest first."""
        rows = await self._rows(
            f"SELECT * FROM {TABLE} WHERE collection = %s AND owner = %s ORDER BY updated_at, key",
            (collection, owner or ""),
        )
        return [_record(row) for row in rows]

    async def owned(self, owner: str | None) -> list[Record]:
        """Every record of an owner, in every collection (a user's data export)."""
        rows = await self._rows(
            f"SELECT * FROM {TABLE} WHERE owner = %s ORDER BY collection, updated_at, key",
            (owner or "",),
        )
        return [_record(row) for row in rows]

    async def erase_owner(self, owner: str | None) -> int:
        """Delete every record of an owner, in every collection; how many went."""
        rows = await self._rows(
            f"DELETE FROM {TABLE} WHERE owner = %s RETURNING key", (owner or "",)
        )
        return len(rows)

    async def insert(
        self, collection: str, body: dict[str, Any], owner: str | None = None
    ) -> Record:
        """Create a record under the collection's next number ("1", "2", ...).

        Inside a tool call with an idempotency key, a step that runs again gets the record it
        created the first time.
        """
        marker = write_marker()
        now = datetime.now(UTC)
        pool = await self.pool()
        async with pool.connection() as conn, conn.transaction():
            if marker is not None:
                found = await conn.execute(
                    f"SELECT * FROM {TABLE} WHERE collection = %s AND owner = %s "
                    "AND body->>%s = %s",
                    (collection, owner or "", STEP_MARK, marker),
                )
                earlier = await found.fetchone()
                if earlier is not None:
                    return _record(earlier)
                body = {**body, STEP_MARK: marker}
            cursor = await conn.execute(
                "INSERT INTO agent_system_counters (collection, n) VALUES (%s, 1) "
                "ON CONFLICT (collection) DO UPDATE SET n = agent_system_counters.n + 1 "
                "RETURNING n",
                (collection,),
            )
            row = await cursor.fetchone()
            key = str(row["n"])
            await conn.execute(self._UPSERT, self._values(collection, owner, key, body, now))
        return Record(collection=collection, owner=owner, key=key, body=body, updated_at=now)

    async def lookup(self, collection: str, key: str) -> Record | None:
        """The record with this key, whoever owns it."""
        rows = await self._rows(
            f"SELECT * FROM {TABLE} WHERE collection = %s AND key = %s LIMIT 1", (collection, key)
        )
        return _record(rows[0]) if rows else None

    async def scan(self, collection: str) -> list[Record]:
        """Every record of a collection, every owner's, oldest first."""
        rows = await self._rows(
            f"SELECT * FROM {TABLE} WHERE collection = %s ORDER BY updated_at, key",
            (collection,),
        )
        return [_record(row) for row in rows]

    async def claim_due(
        self,
        collection: str,
        now: float,
        worker: str,
        lease_s: float,
        owners: Sequence[str] | None = None,
    ) -> list[Record]:
        """Scheduled records due at `now` that nobody holds, claimed for `lease_s` seconds."""
        only = "" if owners is None else "AND owner = ANY(%s)"
        params: list[Any] = [collection, now, now]
        if owners is not None:
            params.append(list(owners))
        rows = await self._rows(
            f"UPDATE {TABLE} AS r SET claim_owner = %s, claim_until = %s FROM ("
            f"SELECT collection, owner, key FROM {TABLE} WHERE collection = %s AND "
            f"due IS NOT NULL AND due <= %s AND (claim_until IS NULL OR claim_until < %s) {only} "
            "ORDER BY due LIMIT 100 FOR UPDATE SKIP LOCKED) AS d "
            "WHERE r.collection = d.collection AND r.owner = d.owner AND r.key = d.key "
            "RETURNING r.*",
            [worker, now + lease_s, *params],
        )
        rows.sort(key=lambda row: (row["due"], row["key"]))
        return [_record(row) for row in rows]

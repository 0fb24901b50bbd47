"""The audit log and the run log, on the database the settings choose.

With SQLite both are tables of the application database (`agent_system._storage.Database`:
``audit_log``; ``agent_system.cli._log_cmd``: ``run_log``). With a PostgreSQL ``database_url``
they are PostgreSQL tables (``agent_system_audit_log``, ``agent_system_run_log``, migrated
with the repository's), so every worker and every machine writes to, and reads from, the same
log: ``agent-system log``, ``GET /v1/me/data`` and ``agent-system db export/erase`` see every
worker's rows. Rows carry the worker (``host:pid``) that wrote them.

The idempotency table of synchronous plugin tools (``tool_effects``, `agent_system.idempotency`)
stays in the SQLite file on purpose: it commits in one transaction with the plugin's own rows
in that file.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
from datetime import datetime
from typing import TYPE_CHECKING, Any

from agent_system._storage import AUDIT_INSERT, AuditEntry, AuditRecord

if TYPE_CHECKING:
    from agent_system._repository_pg import PostgresRepository
    from agent_system._sqlite import SharedConnection
    from agent_system.runtime import Runtime

__all__ = [
    "AUDIT_TABLE",
    "MIGRATION",
    "RUN_TABLE",
    "PostgresLogs",
    "audit_joins_store",
    "postgres_logs",
    "read_audit",
    "read_audit_sync",
    "write_audit",
    "write_audit_rows",
]

AUDIT_TABLE = "agent_system_audit_log"
RUN_TABLE = "agent_system_run_log"

MIGRATION = f"""
CREATE TABLE IF NOT EXISTS {AUDIT_TABLE} (
    id BIGSERIAL PRIMARY KEY,
    at TIMESTAMPTZ NOT NULL,
    thread_id TEXT,
    user_id TEXT,
    plan_id TEXT,
    step_id TEXT,
    tool TEXT NOT NULL,
    argument_digest TEXT NOT NULL,
    outcome TEXT NOT NULL,
    detail TEXT,
    worker TEXT
);
CREATE INDEX IF NOT EXISTS {AUDIT_TABLE}_thread ON {AUDIT_TABLE} (thread_id);
CREATE INDEX IF NOT EXISTS {AUDIT_TABLE}_user ON {AUDIT_TABLE} (user_id);
CREATE INDEX IF NOT EXISTS {AUDIT_TABLE}_at ON {AUDIT_TABLE} (at);
CREATE TABLE IF NOT EXISTS {RUN_TABLE} (
    run_id TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL,
    user_id TEXT NOT NULL DEFAULT '',
    finished_at DOUBLE PRECISION NOT NULL,
    status TEXT NOT NULL,
    request TEXT NOT NULL,
    record TEXT NOT NULL,
    worker TEXT
);
CREATE INDEX IF NOT EXISTS {RUN_TABLE}_finished ON {RUN_TABLE} (finished_at);
CREATE INDEX IF NOT EXISTS {RUN_TABLE}_user ON {RUN_TABLE} (user_id)
"""
"""Version 3 of the PostgreSQL schema (`agent_system._repository_pg.MIGRATIONS`)."""

_WORKER = f"{socket.gethostname()}:{os.getpid()}"


def _like(word: str) -> str:
    escaped = word.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


class PostgresLogs:
    """The audit log and run log in PostgreSQL, on a `PostgresRepository`'s pool."""

    def __init__(self, repository: PostgresRepository) -> None:
        self.repository = repository

    async def _rows(self, sql: str, params: Any) -> list[dict[str, Any]]:
        pool = await self.repository.pool()
        async with pool.connection() as conn:
            cursor = await conn.execute(sql, params)
            return list(await cursor.fetchall()) if cursor.description else []

    async def audit(self, entry: AuditEntry) -> None:
        """Append one audit row."""
        await self._rows(
            f"INSERT INTO {AUDIT_TABLE} (at, thread_id, user_id, plan_id, step_id, tool, "
            "argument_digest, outcome, detail, worker) VALUES (%(at)s, %(thread_id)s, "
            "%(user_id)s, %(plan_id)s, %(step_id)s, %(tool)s, %(argument_digest)s, "
            "%(outcome)s, %(detail)s, %(worker)s)",
            {**entry.row(), "worker": _WORKER},
        )

    async def audit_log(
        self, *, thread_id: str | None = None, user_id: str | None = None, limit: int = 100
    ) -> list[AuditRecord]:
        """Newest audit rows first, filtered by thread and/or user."""
        rows = await self._rows(*_audit_query(thread_id, user_id, limit))
        return [AuditRecord(**row) for row in rows]

    async def record_run(
        self, record: dict[str, Any], *, thread_id: str, user: str, status: str, request: str
    ) -> None:
        """Write (or, for a resumed run, overwrite) one run's record."""
        finished = datetime.fromisoformat(record["finished_at"]).timestamp()
        await self._rows(
            f"INSERT INTO {RUN_TABLE} (run_id, thread_id, user_id, finished_at, status, request, "
            "record, worker) VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (run_id) DO "
            "UPDATE SET finished_at = excluded.finished_at, status = excluded.status, "
            "record = excluded.record, worker = excluded.worker",
            (
                record["run_id"],
                thread_id,
                user,
                finished,
                status,
                request,
                json.dumps(record, ensure_ascii=False, default=str),
                _WORKER,
            ),
        )

    async def search_runs(
        self, words: list[str], *, limit: int, thread: str | None = None, user: str = ""
    ) -> list[dict[str, Any]]:
        """The user's runs, newest first, whose record contains every word."""
        sql = f"SELECT record FROM {RUN_TABLE} WHERE user_id = %s"
        params: list[Any] = [user]
        for word in words:
            sql += " AND lower(record) LIKE %s ESCAPE '\\'"
            params.append(_like(word))
        if thread:
            sql += " AND thread_id = %s"
            params.append(thread)
        sql += " ORDER BY finished_at DESC LIMIT %s"
        params.append(limit)
        return [json.loads(row["record"]) for row in await self._rows(sql, params)]

    async def export(self, user: str | None) -> list[dict[str, Any]]:
        """The user's rows of both logs (a data export), oldest first."""
        who = user or ""
        out: list[dict[str, Any]] = []
        for table, order in ((AUDIT_TABLE, "id"), (RUN_TABLE, "finished_at")):
            rows = await self._rows(
                f"SELECT * FROM {table} WHERE COALESCE(user_id, '') = %s ORDER BY {order}", (who,)
            )
            for row in rows:
                out.append(
                    {"table": table, **{k: _plain(v) for k, v in row.items() if k != "worker"}}
                )
        return out

    async def erase(self, user: str | None) -> int:
        """Delete the user's rows of both logs; how many went."""
        gone = 0
        for table in (AUDIT_TABLE, RUN_TABLE):
            rows = await self._rows(
                f"DELETE FROM {table} WHERE COALESCE(user_id, '') = %s RETURNING 1", (user or "",)
            )
            gone += len(rows)
        return gone


def _audit_query(
    thread_id: str | None, user_id: str | None, limit: int
) -> tuple[str, tuple[Any, ...]]:
    clauses, params = [], []
    if thread_id is not None:
        clauses.append("thread_id = %s")
        params.append(thread_id)
    if user_id is not None:
        clauses.append("user_id = %s")
        params.append(user_id)
    where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
    sql = (
        "SELECT id, at, thread_id, user_id, plan_id, step_id, tool, argument_digest, outcome, "
        f"detail FROM {AUDIT_TABLE} {where} ORDER BY id DESC LIMIT %s"
    )
    return sql, (*params, limit)


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def postgres_logs(runtime: Runtime) -> PostgresLogs | None:
    """The runtime's PostgreSQL logs, or None when its data is in SQLite."""
    if not runtime.settings.uses_postgres:
        return None
    from agent_system._repository_pg import PostgresRepository
    from agent_system.repository import open_repository

    repository = open_repository(runtime)
    if not isinstance(repository, PostgresRepository):  # pragma: no cover - a custom repository
        return None
    logs: PostgresLogs = runtime.resource(
        "agent_system._audit", lambda rt: PostgresLogs(repository)
    )
    return logs


async def write_audit(runtime: Runtime, entry: AuditEntry) -> None:
    """Record one call of a tool with side effects, where the runtime's data lives."""
    logs = postgres_logs(runtime)
    if logs is None:
        runtime.db.audit(entry)
    else:
        await logs.audit(entry)


def audit_joins_store(runtime: Runtime) -> SharedConnection | None:
    """The SQLite connection on which a step's audit rows may be written in one transaction
    with its step-journal entry: the store is on it and the application database is its
    file. None otherwise (PostgreSQL, another file, an in-memory database): `write_audit`."""
    if postgres_logs(runtime) is not None:
        return None
    shared: SharedConnection | None = getattr(runtime.store, "shared", None)
    if shared is None or not shared.same_file(runtime.db.path):
        return None
    return shared


def write_audit_rows(conn: sqlite3.Connection, rows: list[dict[str, Any]]) -> None:
    """Add audit rows (`audit_params`) on `conn`, inside a transaction its caller holds."""
    for row in rows:
        conn.execute(AUDIT_INSERT, row)


async def read_audit(
    runtime: Runtime,
    *,
    thread_id: str | None = None,
    user_id: str | None = None,
    limit: int = 100,
) -> list[AuditRecord]:
    """Newest audit rows first, from wherever the runtime's data lives."""
    logs = postgres_logs(runtime)
    if logs is None:
        return runtime.db.audit_log(thread_id=thread_id, user_id=user_id, limit=limit)
    return await logs.audit_log(thread_id=thread_id, user_id=user_id, limit=limit)


def read_audit_sync(
    runtime: Runtime,
    *,
    thread_id: str | None = None,
    user_id: str | None = None,
    limit: int = 100,
) -> list[AuditRecord]:
    """`read_audit` for synchronous callers (a short-lived connection on PostgreSQL)."""
    if postgres_logs(runtime) is None:
        return runtime.db.audit_log(thread_id=thread_id, user_id=user_id, limit=limit)
    import psycopg
    from psycopg.rows import dict_row

    with psycopg.connect(str(runtime.settings.database_url), row_factory=dict_row) as conn:
        rows = conn.execute(*_audit_query(thread_id, user_id, limit)).fetchall()
    return [AuditRecord(**row) for row in rows]

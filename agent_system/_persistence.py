"""Checkpointer and store: one SQLite file by default, PostgreSQL when `database_url` says so.

Both come from LangGraph's own packages (`langgraph-checkpoint-sqlite`,
`langgraph-checkpoint-postgres`), opened on the running event loop and closed with it.
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import httpx

from agent_system import _walcheck as walcheck
from agent_system._http import http_client
from agent_system._migrations import refuse_newer, setup_lock
from agent_system._storage import Database, storage_error
from agent_system._threadlock import (
    LeaseThreadLocks,
    LocalThreadLocks,
    PostgresLeases,
    SqliteLeases,
    ThreadLocks,
)
from agent_system.config import Settings
from agent_system.errors import ConfigurationError
from agent_system.runtime import Clock, Runtime, SystemClock, resolve_timezone

if TYPE_CHECKING:
    from langgraph.checkpoint.base import BaseCheckpointSaver
    from langgraph.store.base import BaseStore

    from agent_system._sqlite import SharedConnection

__all__ = ["Persistence", "open_persistence", "open_runtime"]

_SETUP_LOCK = 0x6167_656E_7473_7973  # "agentsys": advisory lock key for the PostgreSQL migrations


@dataclass
class Persistence:
    """An open checkpointer and store, and how to close them."""

    checkpointer: BaseCheckpointSaver[Any]
    store: BaseStore
    backend: str
    _stack: contextlib.AsyncExitStack = field(repr=False)
    locks: ThreadLocks = field(default_factory=LocalThreadLocks)
    """One lock per thread across processes on this database (see `agent_system._threadlock`)."""
    repository: Any = None
    """The PostgreSQL `Repository` on the same pool (None on SQLite: the runtime opens one)."""
    shared: SharedConnection | None = None
    """SQLite: the one connection of the checkpointer, store and leases (its `transaction()`
    makes their writes one commit)."""

    async def aclose(self) -> None:
        """Close connections and pools."""
        await self._stack.aclose()


async def open_persistence(settings: Settings) -> Persistence:
    """Open the checkpointer and store the settings ask for (tables created if missing)."""
    stack = contextlib.AsyncExitStack()
    try:
        if settings.uses_postgres:
            try:
                from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
                from langgraph.store.postgres.aio import AsyncPostgresStore
                from psycopg.rows import dict_row
                from psycopg_pool import AsyncConnectionPool
            except ImportError as exc:  # pragma: no cover - depends on extras
                raise ConfigurationError(
                    "AGENT_SYSTEM_DATABASE_URL is a PostgreSQL URL but the driver is missing: "
                    "pip install 'agent-system[postgres]'."
                ) from exc
            pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
                str(settings.database_url),
                min_size=1,
                max_size=10,
                open=False,
                kwargs={"autocommit": True, "prepare_threshold": 0, "row_factory": dict_row},
            )
            await pool.open(wait=True, timeout=15)
            stack.push_async_callback(pool.close)
            checkpointer: Any = AsyncPostgresSaver(pool)
            store: Any = AsyncPostgresStore(pool)
            await _setup_postgres(pool, checkpointer, store)
            locks = LeaseThreadLocks(PostgresLeases(pool))
            from agent_system._repository_pg import PostgresRepository

            repository = PostgresRepository(pool)
            return Persistence(checkpointer, store, "postgres", stack, locks, repository)

        path = str(settings.sqlite_path)
        try:
            return _open_sqlite(settings, path, stack)
        except (sqlite3.DatabaseError, OSError) as exc:
            raise storage_error(path, exc) from exc
    except BaseException:
        await stack.aclose()
        raise


def _open_sqlite(settings: Settings, path: str, stack: contextlib.AsyncExitStack) -> Persistence:
    """The SQLite checkpointer, store and thread leases, all in one file, on one connection."""
    from agent_system._sqlite import LoopSqliteSaver, LoopSqliteStore, SharedConnection, share

    settings.home.mkdir(parents=True, exist_ok=True)
    refuse_newer(path)  # before anything writes to a file a newer release made
    # WAL with synchronous=NORMAL: a commit survives a process crash (what resume needs);
    # only an OS crash or power loss can lose the last transactions.
    with setup_lock(settings.home):
        # Autocommit mode: each call of the saver, the store or the leases is one explicit
        # transaction, or part of the one `SharedConnection.transaction()` opened.
        conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        stack.callback(conn.close)
        for pragma in ("busy_timeout=5000", "journal_mode=WAL", "synchronous=NORMAL"):
            conn.execute(f"PRAGMA {pragma}")
        # The WAL is checkpointed (and the disk synced) by a thread, never by a commit on the
        # event loop (agent_system._walcheck).
        stack.callback(walcheck.hold(conn, path))
        shared = SharedConnection(conn)
        checkpointer = LoopSqliteSaver(conn)
        store = LoopSqliteStore(conn)
        share(checkpointer, store, shared)
        checkpointer.setup()
        store.setup()
        leases = SqliteLeases(path, shared)
    stack.push_async_callback(leases.aclose)
    return Persistence(
        checkpointer, store, "sqlite", stack, LeaseThreadLocks(leases), shared=shared
    )


async def _setup_postgres(pool: Any, checkpointer: Any, store: Any) -> None:
    """Create or migrate the tables, one process at a time.

    Several workers starting at once would race on the migrations (duplicate key in
    ``checkpoint_migrations``). A session advisory lock serialises them; it is taken by polling
    ``pg_try_advisory_lock``, because a session blocked in ``pg_advisory_lock`` would make the
    holder's ``CREATE INDEX CONCURRENTLY`` wait for it forever.
    """
    import asyncio

    async with pool.connection() as conn:
        for _ in range(600):
            cursor = await conn.execute("SELECT pg_try_advisory_lock(%s) AS ok", (_SETUP_LOCK,))
            row = await cursor.fetchone()
            if row and row["ok"]:
                break
            await asyncio.sleep(0.1)
        else:
            raise ConfigurationError(
                "Timed out after 60 s waiting for another process to create the PostgreSQL "
                "tables; check that no agent-system process is stuck, then restart."
            )
        try:
            await checkpointer.setup()
            await store.setup()
            await PostgresLeases.setup(conn)
            from agent_system._repository_pg import migrate_postgres

            await migrate_postgres(conn)
        finally:
            await conn.execute("SELECT pg_advisory_unlock(%s)", (_SETUP_LOCK,))


def open_runtime(
    settings: Settings,
    *,
    clock: Clock | None = None,
    http: httpx.AsyncClient | None = None,
    db: Database | None = None,
    store: BaseStore | None = None,
    models: dict[str, Any] | None = None,
) -> Runtime:
    """A `Runtime` on the real data directory (SQLite application database, system clock)."""
    models = models or {}
    return Runtime(
        settings=settings,
        clock=clock or SystemClock(resolve_timezone(settings.timezone)),
        http=http or http_client(settings.http_timeout_s),
        db=db or Database(settings.sqlite_path),
        store=store,
        chat_model=models.get("default"),
        models=models,
    )

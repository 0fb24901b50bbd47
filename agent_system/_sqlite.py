"""LangGraph's SQLite checkpointer and store, with their async methods run on the loop thread.

`AsyncSqliteSaver` sends every statement through aiosqlite's worker thread: about 50 thread hops
for one fast reply, ~10 ms on these machines. A local SQLite statement in WAL mode takes
microseconds, so running the sync `SqliteSaver` / `SqliteStore` directly from the event loop is
faster by an order of magnitude and blocks the loop for less than a thread hop would. Both keep
LangGraph's own schema and serialisation; only the async entry points are added.

Both, and the thread leases (`agent_system._threadlock.SqliteLeases`), share ONE connection in
autocommit mode and one reentrant lock (`SharedConnection`): each call is its own transaction as
before, and `SharedConnection.transaction()` makes several calls one transaction (the end of a
fast-lane turn: its checkpoint, the step journal's clearing, the thread listing and the lease in
one commit). Nothing awaits inside such a transaction: the loop runs no other coroutine on the
connection meanwhile, and other threads wait for the lock.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    ChannelVersions,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
)
from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.store.base import GetOp, ListNamespacesOp, Op, Result, SearchOp
from langgraph.store.sqlite import SqliteStore

__all__ = ["UPDATE_WITHOUT_WRITES", "LoopSqliteSaver", "LoopSqliteStore", "SharedConnection"]

UPDATE_WITHOUT_WRITES: ContextVar[bool] = ContextVar(
    "agent_system_update_without_writes", default=False
)
"""True around the fast lane's `update_state` calls (graph/_lane.py): LangGraph saves an
update's writes as pending writes of the checkpoint before, then at once the checkpoint that
holds the same values. The lane needs only the checkpoint (killed in between, it resumes from
the one before, as it would if killed a moment earlier), so the saver skips those writes."""

_READS = (GetOp, SearchOp, ListNamespacesOp)


class SharedConnection:
    """One SQLite connection (autocommit mode) and the reentrant lock of everything using it."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.lock = threading.RLock()
        self._file: str | None = None

    def same_file(self, path: str) -> bool:
        """Whether `path` is the file this connection's main database is (an in-memory
        database is no file)."""
        if self._file is None:
            with self.lock:
                rows = self.conn.execute("PRAGMA database_list").fetchall()
            self._file = next((str(r[2]) for r in rows if r[1] == "main"), "")
        if not self._file or path == ":memory:":
            return False
        return os.path.realpath(self._file) == os.path.realpath(path)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction for the block (``BEGIN IMMEDIATE``: it waits for another
        connection's write instead of failing); the calls inside join it. Rolled back if the
        block raises. Nested in one already open, it is that one."""
        with self.lock:
            if self.conn.in_transaction:
                yield self.conn
                return
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
            else:
                self.conn.execute("COMMIT")


def share(saver: SqliteSaver, store: SqliteStore, shared: SharedConnection) -> None:
    """Make `saver` and `store` use `shared`'s connection and lock."""
    saver.conn = store.conn = shared.conn
    saver.lock = store.lock = shared.lock  # type: ignore[assignment]
    if isinstance(store, LoopSqliteStore):
        store.shared = shared


class LoopSqliteSaver(SqliteSaver):
    """`SqliteSaver` whose async methods call the sync ones (no worker thread); its writes are
    one explicit transaction each, or part of the one open on its connection."""

    @contextmanager
    def cursor(self, transaction: bool = True) -> Iterator[sqlite3.Cursor]:
        with self.lock:
            self.setup()
            own = transaction and not self.conn.in_transaction
            if own:
                self.conn.execute("BEGIN IMMEDIATE")
            cur = self.conn.cursor()
            try:
                yield cur
            except BaseException:
                if own and self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
            else:
                if own:
                    self.conn.execute("COMMIT")
            finally:
                cur.close()

    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        return self.get_tuple(config)

    def latest(self, thread_id: str) -> tuple[str, bool] | None:
        """The id of the thread's last checkpoint (the one `get_tuple` reads) and whether
        writes are saved against it, without reading the checkpoint; None: there is none."""
        with self.cursor(transaction=False) as cur:
            row = cur.execute(
                "SELECT c.checkpoint_id, EXISTS (SELECT 1 FROM writes w WHERE w.thread_id = "
                "c.thread_id AND w.checkpoint_ns = c.checkpoint_ns AND w.checkpoint_id = "
                "c.checkpoint_id) FROM checkpoints c WHERE c.thread_id = ? AND c.checkpoint_ns "
                "= '' ORDER BY c.checkpoint_id DESC LIMIT 1",
                (thread_id,),
            ).fetchone()
        return (str(row[0]), bool(row[1])) if row is not None else None

    async def alist(
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[CheckpointTuple]:
        for item in self.list(config, filter=filter, before=before, limit=limit):
            yield item

    async def aput(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        return self.put(config, checkpoint, metadata, new_versions)

    async def aput_writes(
        self,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str = "",
    ) -> None:
        if UPDATE_WITHOUT_WRITES.get():
            return
        self.put_writes(config, writes, task_id, task_path)

    async def adelete_thread(self, thread_id: str) -> None:
        self.delete_thread(thread_id)

    async def aget_delta_channel_history(self, *args: Any, **kwargs: Any) -> Any:
        return self.get_delta_channel_history(*args, **kwargs)


class LoopSqliteStore(SqliteStore):
    """`SqliteStore` whose async batch calls the sync one (no worker thread).

    Its transactions start with ``BEGIN IMMEDIATE``: a batch that reads then writes would
    otherwise fail at once with "database is locked" if another connection (the application
    database, written from tool threads) committed in between; taking the write lock up front
    waits for it instead (``busy_timeout``).
    """

    _reading = threading.local()
    shared: SharedConnection | None = None
    """The connection it shares with the checkpointer and the leases (`share`)."""

    def touch(self, namespace: tuple[str, ...], key: str, field: str, value: str) -> None:
        """Set `field` of the item's value to `value` if the item exists (nothing otherwise),
        in one statement without reading it first; inside a transaction open on the
        connection, part of it. The value stays the JSON LangGraph wrote (orjson's bytes)."""
        with self.lock:
            self.conn.execute(
                "UPDATE store SET value = CAST(json_set(CAST(value AS TEXT), ?, ?) AS BLOB), "
                "updated_at = CURRENT_TIMESTAMP WHERE prefix = ? AND key = ?",
                (f"$.{field}", value, ".".join(namespace), key),
            )

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return self.batch(ops)

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """A batch that only reads (no TTL to refresh) runs without a transaction: it does not
        take the write lock, so it never waits for (or holds up) another connection's write."""
        ops = list(ops)
        if self.ttl_config or not all(isinstance(op, _READS) for op in ops):
            return super().batch(ops)
        self._reading.on = True
        try:
            return super().batch(ops)
        finally:
            self._reading.on = False

    @contextmanager
    def _cursor(self, *, transaction: bool = True) -> Iterator[sqlite3.Cursor]:
        if not self.is_setup:
            self.setup()
        with self.lock:
            # A read-only batch needs none; inside a transaction already open, it joins it.
            reading = getattr(self._reading, "on", False)
            transaction = transaction and not reading and not self.conn.in_transaction
            if transaction:
                self.conn.execute("BEGIN IMMEDIATE")
            cur = self.conn.cursor()
            try:
                yield cur
            except BaseException:
                if transaction and self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
            else:
                if transaction:
                    self.conn.execute("COMMIT")
            finally:
                cur.close()

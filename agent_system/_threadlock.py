"""One lock per thread, across processes: a thread's turns run one at a time.

Two workers on one data directory (``--workers 2``, a CLI beside the server, several machines
on one PostgreSQL database) could otherwise start two turns of one thread from the same
checkpoint, and one would overwrite the other. `ThreadLocks.hold(thread_id)` serialises them:

- in the process, an `asyncio.Lock` per thread (turns of one process queue without polling);
- across processes, a **lease row** in the database the checkpoints live in (the SQLite file,
  or PostgreSQL): ``thread_id``, ``owner`` (host, pid, a random token) and ``expires``. The
  holder renews the lease while its turn runs; a holder that dies stops renewing and its lease
  runs out (``lease_s``), or at once when the owner was a process on this host that no longer
  exists. The same SQL runs on both engines.

`hold_lazily` holds the in-process lock and leaves the lease for later (`Held`): a new turn
reads its thread, routes and lets its role choose under the in-process lock, and on SQLite the
lease is taken in the transaction that saves the turn's start (one commit fewer per turn), with
the thread's last checkpoint checked again there; anything else takes it (`Held.take`) before it
writes or runs anything.

`LocalThreadLocks` is the in-process half only, for systems built on in-memory storage.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import socket
import sqlite3
import time
import uuid
import weakref
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, Protocol

from agent_system.errors import AgentSystemError

__all__ = [
    "Held",
    "LeaseThreadLocks",
    "LocalThreadLocks",
    "PostgresLeases",
    "SqliteLeases",
    "ThreadBusyError",
    "ThreadLocks",
]

TABLE = "agent_system_thread_locks"
CREATE = (
    f"CREATE TABLE IF NOT EXISTS {TABLE} "
    "(thread_id TEXT PRIMARY KEY, owner TEXT NOT NULL, expires DOUBLE PRECISION NOT NULL)"
)


class ThreadBusyError(AgentSystemError):
    """Another request on this conversation did not finish in time."""


class ThreadLocks(Protocol):
    """``async with locks.hold(thread_id):`` runs one turn of the thread at a time."""

    def hold(self, thread_id: str) -> contextlib.AbstractAsyncContextManager[None]:
        """Wait for the thread, hold it for the block."""
        ...

    def hold_lazily(self, thread_id: str) -> contextlib.AbstractAsyncContextManager[Held]:
        """Wait for the thread in this process, hold it for the block; the lease across
        processes is taken when `Held.take` is awaited, or in the transaction that saves the
        turn's start (`Held.grab`)."""
        ...

    def forget(self, thread_id: str) -> None:
        """The thread was deleted: drop its in-process lock."""
        ...

    def __len__(self) -> int:
        """Threads with a run holding or waiting for their lock now."""
        ...

    async def aclose(self) -> None:
        """Release database resources."""
        ...


class Held:
    """A thread held in this process whose lease (across processes) is taken now or later.

    Without a lease table (`LocalThreadLocks`) it is taken already. With one, until `take` or a
    committed `grab`: nothing may be written for the thread, and what was read of it may be
    stale (another process may be running a turn of it); `lazy` tells whether `grab` can take
    it inside a transaction on the connection `shared`."""

    taken = True
    lazy = False
    shared: Any = None

    async def take(self) -> None:
        """Take the lease, waiting for it (the usual way)."""

    def grab(self) -> bool:
        """Inside a transaction on `shared`: take the lease if it is free (or expired); False
        when another owner holds it. Call `granted` once that transaction committed."""
        return True

    def granted(self) -> None:
        """The transaction holding `grab`'s lease committed."""


class LocalThreadLocks:
    """In-process locks only (one `asyncio.Lock` per thread in use)."""

    def __init__(self) -> None:
        # Weak values: a lock lives only while a run holds or waits for it.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def _lock(self, thread_id: str) -> asyncio.Lock:
        lock = self._locks.get(thread_id)
        if lock is None:
            lock = self._locks[thread_id] = asyncio.Lock()
        return lock

    @contextlib.asynccontextmanager
    async def hold(self, thread_id: str) -> AsyncIterator[None]:
        async with self._lock(thread_id):
            yield

    @contextlib.asynccontextmanager
    async def hold_lazily(self, thread_id: str) -> AsyncIterator[Held]:
        async with self._lock(thread_id):
            yield Held()

    def forget(self, thread_id: str) -> None:
        self._locks.pop(thread_id, None)

    def __len__(self) -> int:
        """Threads with a run holding or waiting for their lock now."""
        return len(self._locks)

    async def aclose(self) -> None:
        return None


class Leases(Protocol):
    """The lease table of one database engine."""

    async def take(self, thread_id: str, owner: str, expires: float, now: float) -> str | None:
        """Take the lease if free or expired (then None), else the current owner."""
        ...

    async def steal(self, thread_id: str, owner: str, expires: float, dead: str) -> bool:
        """Take the lease from `dead` (a process known to be gone)."""
        ...

    async def renew(self, thread_id: str, owner: str, expires: float) -> None:
        """Push the lease's end further out."""
        ...

    async def release(self, thread_id: str, owner: str) -> None:
        """Drop the lease if `owner` still holds it."""
        ...

    async def rows(self) -> list[tuple[str, str, float]]:
        """Every lease: (thread_id, owner, expires)."""
        ...

    async def aclose(self) -> None:
        """Close the connection."""
        ...


class LeaseThreadLocks(LocalThreadLocks):
    """In-process locks plus a lease row per thread held in the database."""

    def __init__(self, leases: Leases, *, lease_s: float = 15.0, wait_s: float = 600.0) -> None:
        super().__init__()
        self.leases = leases
        self.lease_s = lease_s
        self.wait_s = wait_s
        self.host = socket.gethostname()
        self._held: dict[str, list[Any]] = {}
        """Per thread held now: [owner, dropped already]."""

    def dropping(self, thread_id: str) -> tuple[Callable[[], None], Callable[[], None]] | None:
        """For leases on the connection of the caller's transaction (SQLite): ``(drop, done)``,
        `drop` deleting the thread's lease row inside that transaction and `done`, called
        once it committed, telling `hold` not to release it again (both do nothing while the
        lease is not held). None otherwise."""
        drop = getattr(self.leases, "drop", None)
        if drop is None:
            return None

        def dropped() -> None:
            held = self._held.get(thread_id)
            if held is not None:
                drop(thread_id, held[0])

        def done() -> None:
            held = self._held.get(thread_id)
            if held is not None:
                held[1] = True

        return dropped, done

    @contextlib.asynccontextmanager
    async def hold(self, thread_id: str) -> AsyncIterator[None]:
        async with self.hold_lazily(thread_id) as held:
            await held.take()
            yield

    @contextlib.asynccontextmanager
    async def hold_lazily(self, thread_id: str) -> AsyncIterator[Held]:
        async with self._lock(thread_id):
            held = _Lease(self, thread_id)
            if not held.lazy:
                await held.take()
            try:
                yield held
            finally:
                await held.let_go()

    async def _acquire(self, thread_id: str, owner: str) -> None:
        deadline = time.monotonic() + self.wait_s
        pause = 0.005
        while True:
            now = time.time()
            holder = await self.leases.take(thread_id, owner, now + self.lease_s, now)
            if holder is None:
                return
            if self._is_dead(holder) and await self.leases.steal(
                thread_id, owner, now + self.lease_s, holder
            ):
                return
            if time.monotonic() > deadline:
                raise ThreadBusyError(
                    "This conversation is still busy with another request; try again shortly."
                )
            await asyncio.sleep(pause * random.uniform(0.5, 1.5))
            pause = min(pause * 2, 0.1)

    def _is_dead(self, holder: str) -> bool:
        """True when the holder was a process on this host that exists no more."""
        host, _, rest = holder.partition("|")
        pid = rest.partition("|")[0]
        if host != self.host or not pid.isdigit() or int(pid) == os.getpid():
            return False
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            return True
        except PermissionError:  # someone else's live process
            return False
        return False

    async def orphans(self) -> list[str]:
        """Threads whose lease holder died mid-run: its lease ran out, or it was a process on
        this host that exists no more (`agent_system._rescue` finishes their runs)."""
        now = time.time()
        return [
            thread_id
            for thread_id, owner, expires in await self.leases.rows()
            if expires < now or self._is_dead(owner)
        ]

    async def _renew(self, thread_id: str, owner: str) -> None:
        """Push the lease out now, then every third of the lease, until cancelled."""
        while True:
            await self.leases.renew(thread_id, owner, time.time() + self.lease_s)
            await asyncio.sleep(self.lease_s / 3)

    async def aclose(self) -> None:
        await self.leases.aclose()


class _Lease(Held):
    """`Held` of `LeaseThreadLocks`: the thread's lease row, taken now or later."""

    def __init__(self, locks: LeaseThreadLocks, thread_id: str) -> None:
        self.locks = locks
        self.thread_id = thread_id
        self.owner = f"{locks.host}|{os.getpid()}|{uuid.uuid4().hex[:12]}"
        self.state: list[Any] | None = None
        """[owner, dropped already] once taken."""
        self.shared = getattr(locks.leases, "shared", None)
        self.lazy = callable(getattr(locks.leases, "grab", None))
        self.taken = False
        self._timer: asyncio.TimerHandle | None = None
        self._renewer: list[asyncio.Task[None]] = []

    async def take(self) -> None:
        if not self.taken:
            await self.locks._acquire(self.thread_id, self.owner)
            self.granted()

    def grab(self) -> bool:
        now = time.time()
        grab = self.locks.leases.grab  # type: ignore[attr-defined]
        return bool(grab(self.thread_id, self.owner, now + self.locks.lease_s, now))

    def granted(self) -> None:
        locks, thread_id, owner = self.locks, self.thread_id, self.owner
        self.taken = True
        self.state = locks._held[thread_id] = [owner, False]
        # Most turns end long before the first renewal is due: a timer, not a task per turn;
        # the renewing task starts only when a turn outlasts a third of the lease.
        self._timer = asyncio.get_running_loop().call_later(
            locks.lease_s / 3,
            lambda: self._renewer.append(asyncio.create_task(locks._renew(thread_id, owner))),
        )

    async def let_go(self) -> None:
        """The block holding the thread ended: stop renewing, release the lease if held (and
        not dropped with the turn's end already)."""
        if self._timer is not None:
            self._timer.cancel()
        for task in self._renewer:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self.state is None:
            return
        self.locks._held.pop(self.thread_id, None)
        if not self.state[1]:
            await asyncio.shield(self.locks.leases.release(self.thread_id, self.owner))


class SqliteLeases:
    """The lease table in the SQLite file of the checkpoints (statements take microseconds, so
    they run on the event loop like the checkpointer's), on the connection and lock the
    checkpointer shares (`agent_system._sqlite.SharedConnection`): a release may then be part
    of the transaction that ends a turn (`drop`)."""

    def __init__(self, path: Path | str, shared: Any = None) -> None:
        self.owns = shared is None
        """Whether the connection is this object's own (closed by `aclose`)."""
        if shared is None:
            from agent_system._sqlite import SharedConnection

            conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=5000"):
                conn.execute(f"PRAGMA {pragma}")
            shared = SharedConnection(conn)
        self.shared = shared
        self.conn: sqlite3.Connection = shared.conn
        self.lock = shared.lock
        with self.lock:
            self.conn.execute(CREATE)

    def _run(self, sql: str, params: tuple[Any, ...]) -> sqlite3.Cursor:
        with self.lock:
            return self.conn.execute(sql, params)

    def grab(self, thread_id: str, owner: str, expires: float, now: float) -> bool:
        """Take the lease if free or expired (sync: inside a transaction open on the
        connection, part of it)."""
        with self.lock:
            row = self.conn.execute(
                f"INSERT INTO {TABLE} (thread_id, owner, expires) VALUES (?, ?, ?) "
                "ON CONFLICT (thread_id) DO UPDATE SET owner = excluded.owner, "
                f"expires = excluded.expires WHERE {TABLE}.expires < ? RETURNING owner",
                (thread_id, owner, expires, now),
            ).fetchone()
        return row is not None

    async def take(self, thread_id: str, owner: str, expires: float, now: float) -> str | None:
        with self.lock:
            if self.grab(thread_id, owner, expires, now):
                return None
            current = self.conn.execute(
                f"SELECT owner FROM {TABLE} WHERE thread_id = ?", (thread_id,)
            ).fetchone()
        return str(current[0]) if current else ""

    async def steal(self, thread_id: str, owner: str, expires: float, dead: str) -> bool:
        cursor = self._run(
            f"UPDATE {TABLE} SET owner = ?, expires = ? WHERE thread_id = ? AND owner = ?",
            (owner, expires, thread_id, dead),
        )
        return cursor.rowcount == 1

    async def renew(self, thread_id: str, owner: str, expires: float) -> None:
        self._run(
            f"UPDATE {TABLE} SET expires = ? WHERE thread_id = ? AND owner = ?",
            (expires, thread_id, owner),
        )

    async def release(self, thread_id: str, owner: str) -> None:
        self.drop(thread_id, owner)

    def drop(self, thread_id: str, owner: str) -> None:
        """Release now (sync): inside a transaction open on the connection, part of it."""
        self._run(f"DELETE FROM {TABLE} WHERE thread_id = ? AND owner = ?", (thread_id, owner))

    async def rows(self) -> list[tuple[str, str, float]]:
        with self.lock:
            found = self.conn.execute(f"SELECT thread_id, owner, expires FROM {TABLE}").fetchall()
        return [(str(t), str(o), float(e)) for t, o, e in found]

    async def aclose(self) -> None:
        if self.owns:
            with self.lock:
                self.conn.close()


class PostgresLeases:
    """The lease table in PostgreSQL, through the persistence pool (autocommit connections)."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    @staticmethod
    async def setup(conn: Any) -> None:
        """Create the table (called under the migrations' advisory lock)."""
        await conn.execute(CREATE)

    async def _run(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        async with self.pool.connection() as conn:
            cursor = await conn.execute(sql, params)
            if cursor.description is None:
                return [cursor.rowcount]
            return list(await cursor.fetchall())

    async def take(self, thread_id: str, owner: str, expires: float, now: float) -> str | None:
        rows = await self._run(
            f"WITH t AS (INSERT INTO {TABLE} (thread_id, owner, expires) VALUES (%s, %s, %s) "
            "ON CONFLICT (thread_id) DO UPDATE SET owner = excluded.owner, "
            f"expires = excluded.expires WHERE {TABLE}.expires < %s RETURNING owner) "
            f"SELECT (SELECT owner FROM t) AS taken, "
            f"(SELECT owner FROM {TABLE} WHERE thread_id = %s) AS current",
            (thread_id, owner, expires, now, thread_id),
        )
        row = rows[0]
        taken, current = (row["taken"], row["current"]) if isinstance(row, dict) else row
        return None if taken is not None else str(current or "")

    async def steal(self, thread_id: str, owner: str, expires: float, dead: str) -> bool:
        rows = await self._run(
            f"UPDATE {TABLE} SET owner = %s, expires = %s WHERE thread_id = %s AND owner = %s",
            (owner, expires, thread_id, dead),
        )
        return bool(rows[0] == 1)

    async def renew(self, thread_id: str, owner: str, expires: float) -> None:
        await self._run(
            f"UPDATE {TABLE} SET expires = %s WHERE thread_id = %s AND owner = %s",
            (expires, thread_id, owner),
        )

    async def release(self, thread_id: str, owner: str) -> None:
        await self._run(
            f"DELETE FROM {TABLE} WHERE thread_id = %s AND owner = %s", (thread_id, owner)
        )

    async def rows(self) -> list[tuple[str, str, float]]:
        found = await self._run(f"SELECT thread_id, owner, expires FROM {TABLE}", ())
        return [
            (str(r["thread_id"]), str(r["owner"]), float(r["expires"]))
            if isinstance(r, dict)
            else (str(r[0]), str(r[1]), float(r[2]))
            for r in found
        ]

    async def aclose(self) -> None:
        return None  # the pool belongs to the persistence

"""Run records and their events, readable from any worker: the run journal.

Every run the server starts gets a record (thread, user, kind, status, final output) and an
ordered list of items (its typed events, a final state, a failure), numbered from 1. A client
whose connection dropped reads the rest with ``GET /v1/runs/{run_id}/stream`` (the SSE ``id``
of each event is its number; send the last one as ``Last-Event-ID`` or ``?after=``), and the
LangGraph endpoints ``GET .../runs/{run_id}``, ``/join`` and ``/stream`` read it too.

- `LocalJournal`: in this process's memory (SQLite, one worker): a client reconnecting to the
  same worker continues its stream.
- `PostgresJournal`: tables ``agent_system_runs`` and ``agent_system_run_events``; each write
  sends a ``NOTIFY agent_system_runs`` with the run id in the same transaction, and readers on
  every worker wake on it (the `agent_system.server._cluster.EventRelay` listens), or after a
  second at the latest. So a client can reconnect to any worker behind the load balancer.
  Records and events of runs that ended more than `KEEP_S` ago are deleted.

Items are written in order by one `JournalWriter` per run, in batches (the items that came
while the previous batch was being written), so a streamed reply costs a few inserts, not one
per piece. A journal in this process's memory is written as each item comes, with no task.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import OrderedDict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol

from pydantic_core import to_jsonable_python

if TYPE_CHECKING:
    from agent_system._repository_pg import PostgresRepository

__all__ = [
    "KEEP_S",
    "RUNS_CHANNEL",
    "Journal",
    "JournalWriter",
    "LocalJournal",
    "PostgresJournal",
    "RunRow",
    "as_item",
    "follow",
]

log = logging.getLogger(__name__)

RUNS_CHANNEL = "agent_system_runs"
KEEP_S = 24 * 3600.0
"""How long the records and events of ended runs are kept (PostgreSQL)."""
MAX_LOCAL_RUNS = 2000


ENDED = frozenset({"success", "error", "interrupted"})


def as_item(item: Any) -> dict[str, Any]:
    """A queued item as JSON-ready data: a typed event becomes ``{"event": ...}`` (queued as
    is, so a journal kept in memory dumps it only when someone reads it)."""
    if isinstance(item, dict):
        return {k: to_jsonable_python(v) for k, v in item.items()}
    return {"event": item.model_dump(mode="json")}


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass
class RunRow:
    """A run's record."""

    run_id: str
    thread_id: str
    user: str | None
    kind: str
    status: str = "running"
    metadata: dict[str, Any] = field(default_factory=dict)
    output: dict[str, Any] | None = None
    worker: str = ""
    created_at: datetime = field(default_factory=_now)
    updated_at: datetime = field(default_factory=_now)

    @property
    def ended(self) -> bool:
        """Whether the run ended (its items are complete)."""
        return self.status in ENDED


class Journal(Protocol):
    """Where run records and items are kept."""

    async def create(self, row: RunRow) -> None:
        """Record a new run."""
        ...

    async def append(self, run_id: str, first: int, items: list[Any]) -> None:
        """Add items numbered `first`, `first + 1`..."""
        ...

    async def finish(self, run_id: str, status: str, output: dict[str, Any] | None) -> None:
        """Mark the run ended (after its last item)."""
        ...

    async def get(self, run_id: str) -> RunRow | None:
        """The run's record."""
        ...

    async def of_thread(self, thread_id: str) -> list[RunRow]:
        """The thread's runs, newest first."""
        ...

    async def items(self, run_id: str, after: int) -> list[tuple[int, dict[str, Any]]]:
        """The run's items numbered above `after`, in order."""
        ...

    async def wait(self, run_id: str, timeout_s: float) -> None:
        """Return when the run may have something new (or after `timeout_s`)."""
        ...


async def follow(
    journal: Journal, run_id: str, after: int = 0, *, poll_s: float = 1.0
) -> AsyncIterator[tuple[int, dict[str, Any]]]:
    """The run's items numbered above `after`, then each new one as it comes, until it ends."""
    while True:
        row = await journal.get(run_id)  # read before the items: an ended run has them all
        for seq, item in await journal.items(run_id, after):
            yield seq, item
            after = seq
        if row is None or row.ended:
            return
        await journal.wait(run_id, poll_s)


class JournalWriter:
    """Writes one run's items in order, in batches, from a task of its own; into a
    `LocalJournal` (memory) as each item comes, without a task (nothing there to wait for)."""

    def __init__(self, journal: Journal, run_id: str, first: int = 1) -> None:
        self.journal = journal
        self.run_id = run_id
        self.next = first
        self._local = journal if isinstance(journal, LocalJournal) else None
        if self._local is None:
            self._queue: asyncio.Queue[Any] = asyncio.Queue()
            self._task = asyncio.create_task(self._write(), name=f"agent-system-journal-{run_id}")

    def put(self, item: Any) -> int:
        """Queue (or, in memory, add) an item; its number."""
        seq = self.next
        self.next += 1
        if self._local is not None:
            self._local.add(self.run_id, [item])
        else:
            self._queue.put_nowait(item)
        return seq

    async def finish(self, status: str, output: dict[str, Any] | None = None) -> None:
        """Write what is queued, then mark the run ended; waits for both."""
        if self._local is not None:
            self._local.end(self.run_id, status, output)
            return
        self._queue.put_nowait(("end", status, output))
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.shield(self._task)

    async def _write(self) -> None:
        seq = self.next
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty():
                batch.append(self._queue.get_nowait())
            end = batch.pop() if isinstance(batch[-1], tuple) else None
            try:
                if batch:
                    await self.journal.append(self.run_id, seq, batch)
                    seq += len(batch)
                if end is not None:
                    await self.journal.finish(self.run_id, end[1], end[2])
                    return
            except Exception:  # the run goes on; readers elsewhere miss these items
                log.exception("Could not journal run %s", self.run_id)
                seq += len(batch)
                if end is not None:
                    return


class LocalJournal:
    """`Journal` in this process's memory (the newest `MAX_LOCAL_RUNS` runs)."""

    def __init__(self) -> None:
        self._runs: OrderedDict[str, tuple[RunRow, list[dict[str, Any]]]] = OrderedDict()
        self._changed: dict[str, asyncio.Event] = {}

    def _wake(self, run_id: str) -> None:
        event = self._changed.pop(run_id, None)
        if event is not None:
            event.set()

    async def create(self, row: RunRow) -> None:
        self._runs[row.run_id] = (row, [])
        while len(self._runs) > MAX_LOCAL_RUNS:
            oldest = next((k for k, (r, _) in self._runs.items() if r.ended), None)
            if oldest is None:
                break
            del self._runs[oldest]

    async def append(self, run_id: str, first: int, items: list[Any]) -> None:
        self.add(run_id, items)

    def add(self, run_id: str, items: list[Any]) -> None:
        """`append`, at once (the items follow the run's earlier ones)."""
        entry = self._runs.get(run_id)
        if entry is not None:
            entry[1].extend(items)
            entry[0].updated_at = _now()
        self._wake(run_id)

    async def finish(self, run_id: str, status: str, output: dict[str, Any] | None) -> None:
        self.end(run_id, status, output)

    def end(self, run_id: str, status: str, output: dict[str, Any] | None) -> None:
        """`finish`, at once."""
        entry = self._runs.get(run_id)
        if entry is not None:
            entry[0].status, entry[0].output, entry[0].updated_at = status, output, _now()
        self._wake(run_id)

    async def get(self, run_id: str) -> RunRow | None:
        entry = self._runs.get(run_id)
        if entry is None:
            return None
        row = entry[0]
        if row.output is not None:  # kept as given (a RunResult...): JSON when read
            row.output = to_jsonable_python(row.output)
        return row

    async def of_thread(self, thread_id: str) -> list[RunRow]:
        return [row for row, _ in reversed(self._runs.values()) if row.thread_id == thread_id]

    async def items(self, run_id: str, after: int) -> list[tuple[int, dict[str, Any]]]:
        entry = self._runs.get(run_id)
        if entry is None:
            return []
        return [(n, as_item(item)) for n, item in enumerate(entry[1], start=1) if n > after]

    async def wait(self, run_id: str, timeout_s: float) -> None:
        event = self._changed.setdefault(run_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout_s)


def _row(data: dict[str, Any]) -> RunRow:
    return RunRow(
        run_id=data["run_id"],
        thread_id=data["thread_id"],
        user=data["user_id"],
        kind=data["kind"],
        status=data["status"],
        metadata=data["metadata"] or {},
        output=data["output"],
        worker=data["worker"] or "",
        created_at=data["created_at"],
        updated_at=data["updated_at"],
    )


class PostgresJournal:
    """`Journal` in PostgreSQL, shared by every worker (wake-ups by ``NOTIFY``)."""

    def __init__(self, repository: PostgresRepository, worker: str = "") -> None:
        self.repository = repository
        self.worker = worker
        self._changed: dict[str, asyncio.Event] = {}

    def wake(self, run_id: str) -> None:
        """Called for every ``NOTIFY agent_system_runs`` heard: readers of `run_id` read again."""
        event = self._changed.pop(run_id, None)
        if event is not None:
            event.set()

    async def _rows(self, sql: str, params: Any, *, notify: str | None = None) -> list[Any]:
        pool = await self.repository.pool()
        async with pool.connection() as conn, conn.transaction():
            cursor = await conn.execute(sql, params)
            rows = list(await cursor.fetchall()) if cursor.description else []
            if notify is not None:
                await conn.execute("SELECT pg_notify(%s, %s)", (RUNS_CHANNEL, notify))
            return rows

    async def create(self, row: RunRow) -> None:
        from psycopg.types.json import Jsonb

        await self._rows(
            "INSERT INTO agent_system_runs (run_id, thread_id, user_id, kind, status, metadata, "
            "worker, created_at, updated_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) "
            "ON CONFLICT (run_id) DO NOTHING",
            (
                row.run_id,
                row.thread_id,
                row.user,
                row.kind,
                row.status,
                Jsonb(row.metadata),
                self.worker,
                row.created_at,
                row.updated_at,
            ),
        )
        if random.random() < 0.01:  # now and then: forget runs that ended long ago
            await self.prune()

    async def prune(self, keep_s: float = KEEP_S) -> None:
        """Delete the records and events of runs that ended more than `keep_s` ago."""
        await self._rows(
            "WITH old AS (DELETE FROM agent_system_runs WHERE status <> 'running' AND "
            "updated_at < now() - make_interval(secs => %s) RETURNING run_id) "
            "DELETE FROM agent_system_run_events e USING old WHERE e.run_id = old.run_id",
            (keep_s,),
        )

    async def append(self, run_id: str, first: int, items: list[Any]) -> None:
        from psycopg.types.json import Jsonb

        values = ", ".join(["(%s, %s, %s)"] * len(items))
        params: list[Any] = []
        for n, item in enumerate(items, start=first):
            params += [run_id, n, Jsonb(as_item(item))]
        await self._rows(
            f"INSERT INTO agent_system_run_events (run_id, seq, item) VALUES {values} "
            "ON CONFLICT DO NOTHING",
            params,
            notify=run_id,
        )

    async def finish(self, run_id: str, status: str, output: dict[str, Any] | None) -> None:
        from psycopg.types.json import Jsonb

        await self._rows(
            "UPDATE agent_system_runs SET status = %s, output = %s, updated_at = %s "
            "WHERE run_id = %s",
            (status, None if output is None else Jsonb(to_jsonable_python(output)), _now(), run_id),
            notify=run_id,
        )

    async def get(self, run_id: str) -> RunRow | None:
        rows = await self._rows("SELECT * FROM agent_system_runs WHERE run_id = %s", (run_id,))
        return _row(rows[0]) if rows else None

    async def of_thread(self, thread_id: str) -> list[RunRow]:
        rows = await self._rows(
            "SELECT * FROM agent_system_runs WHERE thread_id = %s ORDER BY created_at DESC",
            (thread_id,),
        )
        return [_row(r) for r in rows]

    async def latest_running(self, thread_id: str) -> tuple[RunRow, int] | None:
        """The thread's newest run still marked running, and its last item's number."""
        rows = await self._rows(
            "SELECT r.*, (SELECT COALESCE(MAX(seq), 0) FROM agent_system_run_events e "
            "WHERE e.run_id = r.run_id) AS last FROM agent_system_runs r WHERE thread_id = %s "
            "AND status = 'running' ORDER BY created_at DESC LIMIT 1",
            (thread_id,),
        )
        return (_row(rows[0]), int(rows[0]["last"])) if rows else None

    async def items(self, run_id: str, after: int) -> list[tuple[int, dict[str, Any]]]:
        rows = await self._rows(
            "SELECT seq, item FROM agent_system_run_events WHERE run_id = %s AND seq > %s "
            "ORDER BY seq",
            (run_id, after),
        )
        return [(int(r["seq"]), r["item"]) for r in rows]

    async def wait(self, run_id: str, timeout_s: float) -> None:
        event = self._changed.setdefault(run_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout_s)

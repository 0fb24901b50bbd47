"""Runs in background tasks, notification fan-out, and the SSE wire format.

A run is driven by a task the server owns, not by the HTTP request: the request only reads the
task's events from a queue. A client that drops its connection (or a JSON request cut short)
leaves the run going to completion; its result is checkpointed in the thread and shows up in
``GET /v1/threads/{id}``. On shutdown the server waits a bounded time for running tasks, then
cancels the rest, which stay checkpointed and can be continued with
``POST /v1/threads/{id}/approval`` (or a new run).
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from agent_system import events as ev
from agent_system.errors import AgentSystemError
from agent_system.server._journal import Journal, JournalWriter, LocalJournal, RunRow
from agent_system.server._metrics import Metrics

__all__ = [
    "NotificationHub",
    "RunFailed",
    "RunHandle",
    "RunManager",
    "event_item",
    "failed_item",
    "sse",
]

log = logging.getLogger(__name__)


def sse(event: str | None, data: Any, id_: int | str | None = None) -> bytes:
    """One server-sent event: ``event: <name>`` (optional), ``id: <id>`` (optional) and
    ``data: <json or text>``."""
    text = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
    lines = [f"event: {event}"] if event else []
    if id_ is not None:
        lines.append(f"id: {id_}")
    lines.extend(f"data: {line}" for line in text.splitlines() or [""])
    return ("\n".join(lines) + "\n\n").encode("utf-8")


@dataclass(frozen=True)
class RunFailed:
    """The run's task raised instead of finishing; `error` is what it raised."""

    error: BaseException


_END = object()


@dataclass
class RunHandle:
    """A run going on in the background; read its events with `events()`.

    Its items are also written to the run journal under `run_id`, numbered from 1 in the
    order `events()` yields them (see `agent_system.server._journal`)."""

    kind: str
    queue: asyncio.Queue[Any] = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None
    run_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    journal: JournalWriter | None = None
    """Set before the first item is queued when the run is journaled."""

    async def first(self) -> ev.Event | RunFailed | None:
        """The first item (an event, a failure, or None if the run ended without events)."""
        item = await self.queue.get()
        if item is _END:
            return None
        result: ev.Event | RunFailed = item
        return result

    async def started(self) -> ev.Event | RunFailed | None:
        """The first item; an `AgentSystemError` raised before any event (a thread of another
        user, nothing to resume) is raised here, so the endpoint answers with its status."""
        first = await self.first()
        if isinstance(first, RunFailed) and isinstance(first.error, AgentSystemError):
            raise first.error
        return first

    async def events(self, first: ev.Event | RunFailed | None = None) -> AsyncIterator[Any]:
        """Every event (and a final `RunFailed` if the run raised), starting with `first`."""
        if first is not None:
            yield first
            if isinstance(first, RunFailed):
                return
        while True:
            item = await self.queue.get()
            if item is _END:
                return
            yield item

    async def result(self) -> ev.RunResult:
        """Wait for the RunFinished event's result; re-raise what the run raised."""
        async for item in self.events():
            if isinstance(item, RunFailed):
                raise item.error
            if isinstance(item, ev.RunFinished):
                return item.result
        raise RuntimeError("The run ended without a result.")


def event_item(event: ev.Event) -> dict[str, Any]:
    """A typed event as a journal item."""
    return {"event": event.model_dump(mode="json")}


def failed_item(error: BaseException) -> dict[str, Any]:
    """A run's failure as a journal item (the error body its stream sends)."""
    from agent_system.server._common import failure_body

    return {"failed": failure_body(error)}


class RunManager:
    """Starts runs as tasks, records their metrics, and drains them on shutdown."""

    def __init__(self, metrics: Metrics, journal: Journal | None = None) -> None:
        self.metrics = metrics
        self.journal: Journal = journal or LocalJournal()
        """Where runs started with a thread are journaled (set to the cluster's on PostgreSQL)."""
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def active(self) -> int:
        """How many runs are going on."""
        return len(self._tasks)

    def start(
        self,
        kind: str,
        events: AsyncIterator[ev.Event],
        *,
        thread_id: str | None = None,
        user: str | None = None,
        run_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        finish_journal: bool = True,
    ) -> RunHandle:
        """Drive `events` in a task; the returned handle reads them.

        With `thread_id` the run is journaled (readable from ``GET /v1/runs/{run_id}`` on any
        worker sharing the journal); `finish_journal=False` leaves adding the last items and
        marking it ended to the caller (``handle.journal``)."""
        handle = RunHandle(kind, run_id=run_id or str(uuid.uuid4()))

        def put(item: Any) -> None:
            if handle.journal is not None:
                handle.journal.put(failed_item(item.error) if isinstance(item, RunFailed) else item)
            handle.queue.put_nowait(item)

        async def drive() -> None:
            if thread_id is not None:
                handle.journal = await self._journal(handle.run_id, kind, thread_id, user, metadata)
            output: dict[str, Any] | None = None
            try:
                async for event in events:
                    if isinstance(event, ev.RunFinished):
                        self.metrics.record_run(kind, event.result)
                        output = {"result": event.result}  # JSON when journaled or read
                    put(event)
            except asyncio.CancelledError:
                put(RunFailed(asyncio.CancelledError()))
                raise
            except Exception as exc:
                if not isinstance(exc, AgentSystemError):
                    log.error("A %s run raised", kind, exc_info=exc)
                put(RunFailed(exc))
            finally:
                handle.queue.put_nowait(_END)
                if handle.journal is not None and finish_journal:
                    await handle.journal.finish("success" if output else "error", output)

        task = asyncio.create_task(drive(), name=f"agent-system-{kind}")
        handle.task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return handle

    async def _journal(
        self,
        run_id: str,
        kind: str,
        thread_id: str,
        user: str | None,
        metadata: dict[str, Any] | None,
    ) -> JournalWriter | None:
        try:
            row = RunRow(run_id, thread_id, user, kind, metadata=dict(metadata or {}))
            await self.journal.create(row)
        except Exception:  # the run goes on; only readers on other workers miss it
            log.exception("Could not record run %s in the journal", run_id)
            return None
        return JournalWriter(self.journal, run_id)

    async def drain(self, timeout_s: float) -> int:
        """Let running tasks finish for up to `timeout_s`; cancel the rest. Returns how many."""
        if not self._tasks:
            return 0
        pending = set(self._tasks)
        log.info("Waiting up to %.0f s for %d running request(s)", timeout_s, len(pending))
        _, still = await asyncio.wait(pending, timeout=timeout_s)
        for task in still:
            task.cancel()
        if still:
            log.warning("Cancelled %d run(s) at shutdown; they stay checkpointed", len(still))
            await asyncio.gather(*still, return_exceptions=True)
        return len(still)


class NotificationHub:
    """Per-user queues of `Notification` events for the open ``GET /v1/events`` streams."""

    def __init__(self) -> None:
        self._subscribers: dict[str | None, set[asyncio.Queue[ev.Notification | None]]] = {}
        self.closed = False

    def subscribe(self, user: str | None) -> asyncio.Queue[ev.Notification | None]:
        """A new queue that receives `user`'s notifications (None ends the stream)."""
        queue: asyncio.Queue[ev.Notification | None] = asyncio.Queue()
        if self.closed:
            queue.put_nowait(None)
        self._subscribers.setdefault(user, set()).add(queue)
        return queue

    def unsubscribe(self, user: str | None, queue: asyncio.Queue[ev.Notification | None]) -> None:
        """Stop delivering to `queue`."""
        queues = self._subscribers.get(user)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self._subscribers[user]

    def subscribers(self, user: str | None) -> int:
        """How many streams `user` has open."""
        return len(self._subscribers.get(user, ()))

    def publish(self, user: str | None, notification: ev.Notification) -> int:
        """Deliver to every open stream of `user`; returns how many received it."""
        queues = self._subscribers.get(user, set())
        for queue in queues:
            queue.put_nowait(notification)
        return len(queues)

    def close(self) -> None:
        """End every open stream (server shutdown)."""
        self.closed = True
        for queues in self._subscribers.values():
            for queue in queues:
                queue.put_nowait(None)

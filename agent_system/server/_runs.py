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
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from agent_system import events as ev
from agent_system.errors import AgentSystemError
from agent_system.server._metrics import Metrics

__all__ = ["NotificationHub", "RunFailed", "RunHandle", "RunManager", "sse"]

log = logging.getLogger(__name__)


def sse(event: str | None, data: Any) -> bytes:
    """One server-sent event: ``event: <name>`` (optional) and ``data: <json or text>``."""
    text = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
    lines = [f"event: {event}"] if event else []
    lines.extend(f"data: {line}" for line in text.splitlines() or [""])
    return ("\n".join(lines) + "\n\n").encode("utf-8")


@dataclass(frozen=True)
class RunFailed:
    """The run's task raised instead of finishing; `error` is what it raised."""

    error: BaseException


_END = object()


@dataclass
class RunHandle:
    """A run going on in the background; read its events with `events()`."""

    kind: str
    queue: asyncio.Queue[Any] = field(default_factory=asyncio.Queue)
    task: asyncio.Task[None] | None = None

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


class RunManager:
    """Starts runs as tasks, records their metrics, and drains them on shutdown."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def active(self) -> int:
        """How many runs are going on."""
        return len(self._tasks)

    def start(self, kind: str, events: AsyncIterator[ev.Event]) -> RunHandle:
        """Drive `events` in a task; the returned handle reads them."""
        handle = RunHandle(kind)

        async def drive() -> None:
            try:
                async for event in events:
                    if isinstance(event, ev.RunFinished):
                        self.metrics.record_run(kind, event.result)
                    handle.queue.put_nowait(event)
            except asyncio.CancelledError:
                handle.queue.put_nowait(RunFailed(asyncio.CancelledError()))
                raise
            except Exception as exc:
                if not isinstance(exc, AgentSystemError):
                    log.error("A %s run raised", kind, exc_info=exc)
                handle.queue.put_nowait(RunFailed(exc))
            finally:
                handle.queue.put_nowait(_END)

        task = asyncio.create_task(drive(), name=f"agent-system-{kind}")
        handle.task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return handle

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

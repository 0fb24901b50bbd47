"""LangGraph runs: a record per run, the task that follows it, and readers of its items.

A run is an `AgentSystem` stream started on the server's `RunManager` (so shutdown drains it and
metrics count it). One follower task per run reads its typed events, keeps the run's record
(status, final state) and hands every item to the readers attached to it: the SSE response of
``/runs/stream``, the waiters of ``/runs/wait`` and ``/join``, ``GET .../runs/{id}/stream``.
Records live in this process's memory (the newest `MAX_RUNS`); the threads themselves are in
the checkpointer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from agent_system import events as ev
from agent_system.api import ThreadNotFoundError
from agent_system.server._common import ServerState
from agent_system.server._lgserver.state import ASSISTANT_ID, interrupt_json, public_values
from agent_system.server._lgserver.stream import Final, error_data
from agent_system.server._lgserver.threads import client_ids, forget_ids
from agent_system.server._runs import RunFailed, RunHandle, failed_item

__all__ = ["MAX_RUNS", "Failure", "LgRun", "LgRuns", "final_item", "final_state", "journal_item"]

log = logging.getLogger(__name__)

MAX_RUNS = 2000
_END = object()


def _now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class LgRun:
    """One run's record and the queues of its readers."""

    run_id: str
    thread_id: str
    user: str | None
    metadata: dict[str, Any] = field(default_factory=dict)
    status: str = "pending"
    created_at: str = field(default_factory=_now)
    updated_at: str = field(default_factory=_now)
    final: Final | None = None
    error: dict[str, Any] | None = None
    done: asyncio.Event = field(default_factory=asyncio.Event)
    readers: list[asyncio.Queue[Any]] = field(default_factory=list)

    def json(self) -> dict[str, Any]:
        """The run as ``GET /threads/{id}/runs/{run_id}`` returns it."""
        return {
            "run_id": self.run_id,
            "thread_id": self.thread_id,
            "assistant_id": ASSISTANT_ID,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "status": self.status,
            "metadata": self.metadata,
            "multitask_strategy": "enqueue",
            "kwargs": {},
        }

    def output(self) -> dict[str, Any]:
        """What ``/runs/wait`` and ``/join`` return: the final state (with ``__interrupt__``
        when it awaits approval), or ``{"__error__": ...}`` when the run raised."""
        if self.error is not None:
            return {"__error__": self.error}
        if self.final is None:
            return {}
        values = dict(self.final.values)
        if self.final.interrupts:
            values["__interrupt__"] = self.final.interrupts
        return values

    def attach(self) -> asyncio.Queue[Any]:
        """A queue that receives the run's next items (events, a `Final`, a `RunFailed`)."""
        queue: asyncio.Queue[Any] = asyncio.Queue()
        if self.done.is_set():
            queue.put_nowait(_END)
        else:
            self.readers.append(queue)
        return queue

    def detach(self, queue: asyncio.Queue[Any]) -> None:
        """Stop delivering to `queue` (its reader went away)."""
        with contextlib.suppress(ValueError):
            self.readers.remove(queue)

    def publish(self, item: Any) -> None:
        """Hand `item` to every reader."""
        for queue in self.readers:
            queue.put_nowait(item)


def final_item(final: Final) -> dict[str, Any]:
    """A run's final state as a journal item."""
    return {
        "final": {
            "values": final.values,
            "interrupts": final.interrupts,
            "result": final.result.model_dump(mode="json"),
        }
    }


def journal_item(item: dict[str, Any]) -> Any:
    """A journal item back as what a run's readers get: an event, a `Final`, or a failure."""
    if "event" in item:
        return ev.EventAdapter.validate_python(item["event"])
    if "final" in item:
        final = item["final"]
        result = ev.RunResult.model_validate(final["result"])
        return Final(dict(final["values"]), list(final["interrupts"]), result)
    return Failure(dict(item.get("failed") or {}))


@dataclass(frozen=True)
class Failure:
    """A run's failure read from the journal: the error body its stream sent."""

    body: dict[str, Any]

    def data(self) -> dict[str, Any]:
        """The data of the ``error`` event."""
        error = self.body.get("error") or {}
        return {"error": error.get("type", "server_error"), "message": error.get("message", "")}


async def read(queue: asyncio.Queue[Any]) -> AsyncIterator[Any]:
    """The items of an attached queue, until the run ends."""
    while True:
        item = await queue.get()
        if item is _END:
            return
        yield item


async def final_state(
    state: ServerState, thread_id: str, user: str | None, result: ev.RunResult
) -> Final:
    """The thread's state once a run ended, read once for every reader."""
    snapshot = await state.system.graph.aget_state({"configurable": {"thread_id": thread_id}})
    ids = await client_ids(state, thread_id, user)
    values = public_values(thread_id, dict(snapshot.values or {}), snapshot.interrupts, ids)
    return Final(values, [interrupt_json(i) for i in snapshot.interrupts], result)


class LgRuns:
    """The records of this process's runs, newest last."""

    def __init__(self) -> None:
        self._runs: OrderedDict[str, LgRun] = OrderedDict()
        self._tasks: set[asyncio.Task[None]] = set()

    def new(
        self,
        thread_id: str,
        user: str | None,
        metadata: dict[str, Any],
        *,
        run_id: str | None = None,
    ) -> LgRun:
        """Record a run (not started yet)."""
        run = LgRun(run_id or str(uuid.uuid4()), thread_id, user, metadata)
        self._runs[run.run_id] = run
        while len(self._runs) > MAX_RUNS:
            oldest = next((r for r in self._runs.values() if r.done.is_set()), None)
            if oldest is None:
                break
            del self._runs[oldest.run_id]
        return run

    def get(self, thread_id: str, run_id: str, user: str | None) -> LgRun | None:
        """The caller's run on the thread, if this process knows it."""
        run = self._runs.get(run_id)
        if run is None or run.thread_id != thread_id or run.user != user:
            return None
        return run

    def of_thread(self, thread_id: str, user: str | None) -> list[LgRun]:
        """The caller's runs on the thread, newest first."""
        runs = [r for r in self._runs.values() if r.thread_id == thread_id and r.user == user]
        return runs[::-1]

    def busy(self, thread_id: str) -> bool:
        """Whether a run on the thread is going on."""
        return any(r.thread_id == thread_id and not r.done.is_set() for r in self._runs.values())

    def follow(
        self,
        state: ServerState,
        run: LgRun,
        handle: RunHandle,
        first: ev.Event | RunFailed | None,
        *,
        delete_after: bool = False,
    ) -> None:
        """Follow a started run (`first` is its first item) in a task that keeps `run` up to
        date and hands its items to the run's readers."""

        async def follow() -> None:
            run.status = "running"
            try:
                async for item in handle.events(first):
                    if isinstance(item, RunFailed):
                        run.status, run.error = "error", error_data(item.error)
                        run.publish(item)
                        break
                    run.publish(item)
                    if isinstance(item, ev.RunFinished):
                        run.final = await final_state(state, run.thread_id, run.user, item.result)
                        run.status = "success"
                        if handle.journal is not None:
                            handle.journal.put(final_item(run.final))
                        run.publish(run.final)
            except Exception as exc:  # reading the final state failed: the run is still recorded
                log.error("Following LangGraph run %s failed", run.run_id, exc_info=exc)
                run.status, run.error = "error", error_data(exc)
                if handle.journal is not None:
                    handle.journal.put(failed_item(exc))
                run.publish(RunFailed(exc))
            finally:
                if handle.journal is not None:
                    await handle.journal.finish(run.status, run.output())
                if delete_after:
                    with contextlib.suppress(ThreadNotFoundError):
                        await state.system.adelete_thread(run.thread_id, run.user)
                    await forget_ids(state, run.thread_id, run.user)
                run.updated_at = _now()
                run.done.set()
                run.publish(_END)
                run.readers.clear()

        task = asyncio.create_task(follow(), name=f"agent-system-langgraph-{run.run_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

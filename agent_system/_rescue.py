"""Runs whose worker died are finished by another worker, with no client action.

A run holds its thread's lease row (`agent_system._threadlock`): the owner (host, pid, token)
and an expiry the owner pushes out every ``lease_s / 3`` seconds while the run goes on; the row
is deleted when the run ends. So a row whose lease ran out, or whose owner was a process on this
host that exists no more, is a run cut off mid-way. `RunRescuer` looks for such rows every
``interval_s`` seconds and finishes each run with `AgentSystem.arecover`, which takes the
thread's lock (a dead owner's lease is taken over) and resumes the run from its checkpoint and
step journal (`AgentSystem.astream_resume`'s path: no journaled step runs twice).

Every server worker runs one; when several see the same orphan, one takes the lease and the
others find nothing left to finish.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from agent_system._threadlock import LeaseThreadLocks
from agent_system.errors import AgentSystemError

if TYPE_CHECKING:
    from agent_system.api import AgentSystem
    from agent_system.events import RunResult

__all__ = ["RunRescuer"]

log = logging.getLogger(__name__)


class RunRescuer:
    """Finds runs cut off by a dead worker and finishes them (one task per thread)."""

    def __init__(
        self,
        system: AgentSystem,
        *,
        interval_s: float = 2.0,
        on_finished: Callable[[RunResult], Awaitable[None]] | None = None,
    ) -> None:
        self.system = system
        self.interval_s = interval_s
        self.on_finished = on_finished
        self._active: dict[str, asyncio.Task[None]] = {}
        self.finished: list[str] = []
        """Threads this rescuer finished, oldest first (for tests and logs)."""

    async def sweep(self) -> list[str]:
        """Start finishing every orphaned run not already being finished; their threads."""
        locks = self.system.thread_locks
        if not isinstance(locks, LeaseThreadLocks):
            return []
        started = []
        for thread_id in await locks.orphans():
            if thread_id in self._active:
                continue
            task = asyncio.create_task(self._recover(thread_id), name=f"rescue-{thread_id}")
            self._active[thread_id] = task
            started.append(thread_id)
        return started

    async def _recover(self, thread_id: str) -> None:
        try:
            result = await self.system.arecover(thread_id)
            if result is not None:
                log.info("Finished run on thread %s after its worker died", thread_id)
                self.finished.append(thread_id)
                if self.on_finished is not None:
                    await self.on_finished(result)
        except AgentSystemError as exc:
            log.warning("Could not finish the run on thread %s: %s", thread_id, exc.message)
        except Exception:
            log.exception("Could not finish the run on thread %s", thread_id)
        finally:
            self._active.pop(thread_id, None)

    async def run(self, stop: asyncio.Event) -> None:
        """Sweep every `interval_s` until `stop` is set; then cancel unfinished rescues."""
        try:
            while not stop.is_set():
                try:
                    await self.sweep()
                except Exception:  # the database is away for a moment: try again later
                    log.exception("Looking for runs of dead workers failed")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), self.interval_s)
        finally:
            for task in list(self._active.values()):
                task.cancel()
            await asyncio.gather(*self._active.values(), return_exceptions=True)

"""Driving one turn of `AgentSystem` (agent_system.api): the thread's lock, the fast lane or the
graph under the deadline, the turn's end written in as few transactions as it can be, a failing
database reported in one sentence."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from typing import Any, cast

from langgraph.store.base import PutOp

from agent_system import events as ev
from agent_system._api_results import OVER, Ended, journal_clearing, pending_approval, run_result
from agent_system._api_threads import UNREAD, ThreadKeeping, thread_config, thread_listing
from agent_system._storage import StorageError, is_storage_failure, storage_error
from agent_system._threadlock import Held
from agent_system.errors import AgentSystemError, ErrorInfo
from agent_system.graph._deadline import RequestTimeout, bounded, deadline_update, producing
from agent_system.graph._journal import FRESH_TURN, StepJournal
from agent_system.graph._save import CheckpointWriter
from agent_system.planning.models import ExecutionPlan

log = logging.getLogger("agent_system.api")


class Claim:
    """What a new turn's claim of its thread (made under the thread's lock) found."""

    def __init__(self) -> None:
        self.new = False
        self.found: Any = UNREAD
        self.held: Held | None = None
        """The thread, held in this process; its lease maybe not taken yet (`Held.take`)."""


class TurnDriving(ThreadKeeping):
    """Runs a turn for `AgentSystem`'s entry points (arun, astream_resume, arecover)."""

    async def _guarded(
        self, events: AsyncIterator[ev.Event], thread_id: str
    ) -> AsyncIterator[ev.Event]:
        """`events`, with a failing database reported as one plain `StorageError`."""
        try:
            async for event in events:
                yield event
        except Exception as exc:
            if not is_storage_failure(exc) or isinstance(exc, StorageError):
                raise
            where = "(PostgreSQL)" if self.settings.uses_postgres else self.settings.sqlite_path
            problem = storage_error(where, exc).message
            log.error("storage failed during a run on thread %s: %s", thread_id, exc)
            raise StorageError(
                f"{problem} This request may not have finished; what it did is kept and "
                f"conversation {thread_id!r} can go on once that is fixed."
            ) from exc

    async def _drive(
        self,
        payload: Any,
        thread_id: str,
        user: str | None,
        text: str,
        *,
        touch: bool | Callable[[], bool] = True,
        claim: Claim | None = None,
    ) -> AsyncIterator[ev.Event]:
        """Run the graph on `payload` holding the thread's lock (across processes), and answer
        from this run's own final state. `payload` may be an async function returning
        ``(payload, text)``, called once the lock is held; `touch` then may be a function
        telling, once it was called, whether the thread's listing is to be touched; `claim`:
        what it read of the thread."""
        # No `max_concurrency` for LangGraph: the graph runs one node at a time (the scheduler
        # bounds the steps), and the limit would wrap every node task in a semaphore.
        config: Any = {
            "configurable": {"thread_id": thread_id},
            "recursion_limit": 50 + 10 * self.settings.max_replans,
        }
        from agent_system.llm import Budget, RunScope, UsageTracker, run_scope

        started = time.perf_counter()
        errors: list[ErrorInfo] = []
        scope = RunScope(
            UsageTracker.from_settings(self.settings), Budget.from_settings(self.settings)
        )
        # A new turn's claim of its thread (`claim`) is read, routed and its role's choice made
        # under the in-process lock only: the lease across processes is taken in the
        # transaction that saves the turn's start (the fast lane), or before anything is
        # written (`Held.take`); a thread another process moved on meanwhile starts again.
        async with self._thread_locks.hold_lazily(thread_id) as held:
            if claim is None:
                await held.take()
            else:
                claim.held = held
            make, touching = payload, touch
            seconds = self.settings.request_timeout_s
            final: dict[str, Any] | None = None
            with run_scope(scope):
                while True:
                    if callable(make):
                        payload, text = await make()
                    if callable(touching):
                        touch = touching()
                    # A new turn (not a resume): its steps cannot be in the step journal yet.
                    config["configurable"][FRESH_TURN] = isinstance(payload, dict)
                    ended: list[Any] = []  # the fast lane's TurnEnd, when it closes the turn
                    closing = (thread_id, user, touch, ended)
                    seen = claim.found if claim is not None else UNREAD
                    stream = await self._stream(
                        payload, thread_id, config, seconds, closing, seen, held
                    )
                    if stream is not None:
                        break
                    from agent_system.graph._route import ROUTED, drop_early

                    drop_early(config, self.engine.speculations, payload)
                    config["configurable"].pop(ROUTED, None)
                    await held.take()  # and read the thread again under it
                try:
                    interrupted = False
                    async for mode, chunk in stream:
                        if mode == "values":
                            final = cast("dict[str, Any]", chunk)
                            interrupted = interrupted or "__interrupt__" in final
                        elif not isinstance(chunk, ev.RunFinished):
                            yield cast("ev.Event", chunk)
                    if interrupted or final is None or final.get("status") not in OVER:
                        final = None
                except AgentSystemError as exc:
                    final = None
                    log.warning("run on thread %s failed: %s", thread_id, exc.message)
                    errors.append(exc.to_info())
                except RequestTimeout:
                    final = None
                    log.warning("run on thread %s stopped at the %g s deadline", thread_id, seconds)
                    reply = await self._stop_at_deadline(config, seconds)
                    yield ev.ReplyDelta(text=reply, thread_id=thread_id)
                finally:
                    from agent_system.graph._route import drop_early

                    drop_early(config, self.engine.speculations, payload)
            # A turn that ran to its end: its last state is the stream's last values (the same
            # as the checkpoint just saved); anything else reads the checkpoint.
            snapshot: Any = Ended(final) if final is not None else None
            if snapshot is None:
                snapshot = await self.graph.aget_state(config)
            closed = bool(ended) and ended[0].done  # cleared and listed with the turn's end
            clearing = [] if closed else journal_clearing(thread_id, snapshot)
            if not touch:
                await self._write(clearing)
        pending = pending_approval(snapshot)
        if pending:
            yield ev.ApprovalRequired(steps=pending, thread_id=thread_id)
        result = run_result(snapshot, thread_id, user, text, errors, scope.usage.usage)
        result.duration_ms = (time.perf_counter() - started) * 1000
        if touch and not closed:  # the thread's listing and the journal's clearing, one write
            await self._write([*clearing, *await self._touching(thread_id, user)])
        yield ev.RunFinished(thread_id=thread_id, result=result)

    async def _stream(
        self,
        payload: Any,
        thread_id: str,
        config: Any,
        seconds: float,
        closing: Any = None,
        seen: Any = None,
        held: Held | None = None,
    ) -> AsyncIterator[tuple[str, Any]] | None:
        """The turn's ``(mode, chunk)`` items, bounded by the deadline: a new turn's fast reply
        decided without an LLM runs in the fast lane (graph/_lane.py), the rest in the graph.
        `closing`: ``(thread, user, touch, ended)``, for the lane to close the turn itself;
        `seen`: the thread's last checkpoint as read under its lock (None: a new thread), or
        `UNREAD`; `held`: the thread held, its lease maybe not taken yet (then `seen` is a
        checkpoint). None, nothing saved, when the lease was another's or the thread moved on
        since `seen` was read: start the turn again."""
        if isinstance(payload, dict) and not payload.get("preview"):
            from agent_system.graph._lane import FastLane
            from agent_system.graph._route import ROUTED

            fast = FastLane(self.graph, self.engine)
            known = () if seen is UNREAD else (seen,)
            lane, routed = await fast.prepare(payload, thread_id, known)
            if lane is not None:
                if closing is not None:
                    lane.end = await self._turn_end(*closing)
                if held is not None and not held.taken and not fast.starts_with_lease(lane, held):
                    if not await self._taken_as_read(held, thread_id, seen):
                        return None
                if not await fast.begin(lane, held):
                    return None
                return producing(lambda put: fast.run(lane, put), seconds)
            if routed is not None:
                config["configurable"][ROUTED] = routed  # dropped (drop_early) if started again
        if held is not None and not await self._taken_as_read(held, thread_id, seen):
            return None
        stream = self.graph.astream(payload, config, stream_mode=["custom", "values"])
        return bounded(cast("AsyncIterator[tuple[str, Any]]", stream), seconds)

    async def _taken_as_read(self, held: Held, thread_id: str, seen: Any) -> bool:
        """Take `held`'s lease (the usual way) if not taken yet; whether the thread's last
        checkpoint is still `seen`, the one read before."""
        if held.taken:
            return True
        await held.take()
        found = await CheckpointWriter.of(self.graph).last(thread_id)
        return (
            found is not None
            and seen is not None
            and seen is not UNREAD
            and found.config["configurable"]["checkpoint_id"]
            == seen.config["configurable"]["checkpoint_id"]
            and not found.pending_writes
        )

    async def _turn_end(
        self, thread_id: str, user: str | None, touch: bool, ended: list[Any]
    ) -> Any:
        """On SQLite (this system's own checkpointer, store and leases on one connection): the
        fast lane's `TurnEnd`, saving the journal's clearing, the listing's touch and the lease
        release in the transaction of the turn's end checkpoint (else None)."""
        persistence = self._persistence
        shared = persistence.shared if persistence is not None else None
        store = self.engine.runtime.store
        if (
            persistence is None
            or shared is None
            or self.graph.checkpointer is not persistence.checkpointer
            or store is not persistence.store
        ):
            return None
        from agent_system._sqlite import LoopSqliteStore
        from agent_system.graph._lane import TurnEnd

        # On LangGraph's SQLite store the listing is touched in place (no read before).
        sql = touch and isinstance(store, LoopSqliteStore)
        listed = await self._touching(thread_id, user) if touch and not sql else []

        def ops(values: dict[str, Any]) -> list[PutOp]:
            now = datetime.now(UTC).isoformat()
            touched = [
                PutOp(op.namespace, op.key, {**(op.value or {}), "updated_at": now})
                for op in listed
            ]
            return [*journal_clearing(thread_id, Ended(values)), *touched]

        def touching() -> None:
            now = datetime.now(UTC).isoformat()
            cast("LoopSqliteStore", store).touch(thread_listing(user), thread_id, "updated_at", now)

        dropping = getattr(self._thread_locks, "dropping", None)
        lease = dropping(thread_id) if dropping is not None else None
        end = TurnEnd(shared, store, ops, lease, touching if sql else None)
        ended.append(end)
        return end

    async def _stop_at_deadline(self, config: Any, seconds: float) -> str:
        """End a turn stopped at the deadline: a template reply saying what finished (the
        checkpoint's results and the step journal's) and what did not."""
        values = dict((await self.graph.aget_state(config)).values or {})
        finished = {}
        if values.get("plan"):
            plan = ExecutionPlan.model_validate(values["plan"])
            journal = StepJournal(self.engine.runtime.store)
            thread = config["configurable"]["thread_id"]
            finished = await journal.finished(thread, plan, more_steps=True)
        update = deadline_update(values, finished, seconds)
        await self.graph.aupdate_state(
            thread_config(config["configurable"]["thread_id"]), update, as_node="synthesize"
        )
        return str(update["reply"])

    async def _settle(self, thread_id: str) -> None:
        """Save the end of a previous turn whose last node finished but whose final checkpoint
        was lost (a crash), so a new turn does not drop its reply and history turn."""
        config = thread_config(thread_id)
        snapshot = await self.graph.aget_state(config)
        if not snapshot.tasks or snapshot.next or snapshot.interrupts:
            return
        if (snapshot.values or {}).get("status") not in OVER:
            return  # cut off mid-turn: the new turn replaces it (resume it to finish it instead)
        async for _ in self.graph.astream(None, config, stream_mode="custom"):
            pass  # no node runs: LangGraph only applies the saved writes and checkpoints
        await self._write(journal_clearing(thread_id, snapshot))

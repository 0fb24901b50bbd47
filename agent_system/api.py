"""`AgentSystem`: the Python API. One compiled graph, one checkpointer, one runtime.

    async with AgentSystem.from_env() as system:
        result = await system.arun("set a timer for 10 minutes and check the weather in Paris")
        print(result.reply)

Use either the async methods or the sync ones (`run`, `plan`, `route`) on one instance: the sync
methods run the async ones on a private event loop thread.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar, cast

from langchain_core.runnables import RunnableConfig
from langgraph.store.base import PutOp
from langgraph.types import Command

from agent_system import events as ev
from agent_system._storage import StorageError, is_storage_failure, storage_error
from agent_system._threadlock import LocalThreadLocks, ThreadLocks
from agent_system.config import Settings
from agent_system.errors import AgentSystemError, ConfigurationError, ErrorInfo
from agent_system.graph._deadline import RequestTimeout, bounded, deadline_update, producing
from agent_system.graph._journal import FRESH_TURN, StepJournal, store_label
from agent_system.graph._state import AgentState, turn_input
from agent_system.planning.models import ExecutionPlan, PlanResult, Usage
from agent_system.routing.models import RouteDecision, RouteRequest, Turn

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langgraph.checkpoint.base import BaseCheckpointSaver
    from langgraph.graph.state import CompiledStateGraph
    from langgraph.store.base import BaseStore

    from agent_system._persistence import Persistence
    from agent_system._storage import AuditRecord
    from agent_system.graph._nodes import Engine
    from agent_system.planning._base import Planner, Replanner
    from agent_system.registry._registry import ToolRegistry
    from agent_system.roles import Role
    from agent_system.routing.models import Router
    from agent_system.runtime import Clock, Runtime

__all__ = ["AgentSystem", "ThreadInfo", "ThreadNotFoundError"]

log = logging.getLogger(__name__)
T = TypeVar("T")


class ThreadNotFoundError(AgentSystemError):
    """No thread with this id belongs to this user."""

    def __init__(self, thread_id: str) -> None:
        super().__init__(f"No thread {thread_id!r} for this user.")
        self.thread_id = thread_id


class ThreadInfo(dict[str, Any]):
    """``{"thread_id", "user", "created_at", "updated_at", "title"}``."""


class AgentSystem:
    """Answers requests through the route/plan/execute graph. See the module docstring."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        registry: ToolRegistry | None = None,
        router: Router | None = None,
        planner: Planner | None = None,
        replanner: Replanner | None = None,
        chat_model: BaseChatModel | None = None,
        models: dict[str, BaseChatModel] | None = None,
        checkpointer: BaseCheckpointSaver[Any] | None = None,
        store: BaseStore | None = None,
        runtime: Runtime | None = None,
        clock: Clock | None = None,
        http_client: Any = None,
        plugins: list[str] | None = None,
        roles: dict[str, Role] | None = None,
    ) -> None:
        self.settings = settings or Settings()
        self._roles = roles
        self._registry = registry
        self._router = router
        self._planner = planner
        self._replanner = replanner
        self._checkpointer = checkpointer
        self._store = store
        if chat_model is not None:
            models = {
                "weak": chat_model,
                "default": chat_model,
                "strong": chat_model,
                **(models or {}),
            }
        self._models = models
        self._runtime = runtime
        self._clock = clock
        self._http = http_client
        self._plugins = plugins or []
        self._persistence: Persistence | None = None
        self._graph: CompiledStateGraph[AgentState, None, AgentState, AgentState] | None = None
        self._preview_graph: Any = None
        self._engine: Engine | None = None
        self._open_lock: asyncio.Lock | None = None
        # Runs on one thread take turns, across processes when the storage is a database.
        self._thread_locks: ThreadLocks = LocalThreadLocks()
        self._portal: Any = None
        self._portal_cm: Any = None

    @classmethod
    def from_env(cls, **overrides: Any) -> AgentSystem:
        """Settings from the environment and config file; keyword overrides win."""
        return cls(Settings(**overrides))

    # --- lifecycle -----------------------------------------------------------------------
    async def __aenter__(self) -> AgentSystem:
        await self.aopen()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aopen(self) -> None:
        """Open storage and build the graph (done on first use if not called)."""
        if self._graph is not None:
            return
        if self._open_lock is None:
            self._open_lock = asyncio.Lock()
        async with self._open_lock:
            if self._graph is None:
                await self._build()

    async def _build(self) -> None:
        from agent_system._assembly import assemble

        checkpointer = self._checkpointer
        store = self._store
        if checkpointer is None or store is None:
            from agent_system._persistence import open_persistence

            self._persistence = await open_persistence(self.settings)
            self._thread_locks = self._persistence.locks
            checkpointer = checkpointer or self._persistence.checkpointer
            store = store or self._persistence.store
        try:
            self._engine, self._graph = assemble(
                self.settings,
                checkpointer=checkpointer,
                store=store,
                registry=self._registry,
                router=self._router,
                planner=self._planner,
                replanner=self._replanner,
                models=self._models,
                runtime=self._runtime,
                clock=self._clock,
                http_client=self._http,
                plugins=self._plugins,
                roles=self._roles,
            )
        except BaseException:
            if self._persistence is not None:
                await self._persistence.aclose()
                self._persistence = None
            raise
        repository = self._persistence.repository if self._persistence else None
        runtime = self._engine.runtime
        if repository is not None and not runtime.has("agent_system.repository"):
            runtime.provide("agent_system.repository", repository)

    async def aclose(self) -> None:
        """Close storage and the HTTP client."""
        if self._engine is not None and self._runtime is None:
            await self._engine.runtime.http.aclose()
            self._engine.runtime.db.close()
        if self._persistence is not None:
            await self._persistence.aclose()
            self._persistence = None
            self._thread_locks = LocalThreadLocks()
        self._graph = None
        self._preview_graph = None
        self._engine = None

    def close(self) -> None:
        """Sync counterpart of `aclose`, also stopping the private loop."""
        if self._portal is not None:
            self._portal.call(self.aclose)
            self._portal_cm.__exit__(None, None, None)
            self._portal = self._portal_cm = None

    @property
    def engine(self) -> Engine:
        """The engine (runtime, registry, router, planners); `aopen` first."""
        if self._engine is None:
            raise ConfigurationError("AgentSystem is not open: use `async with` or await aopen().")
        return self._engine

    @property
    def graph(self) -> CompiledStateGraph[AgentState, None, AgentState, AgentState]:
        """The compiled LangGraph graph; `aopen` first."""
        if self._graph is None:
            raise ConfigurationError("AgentSystem is not open: use `async with` or await aopen().")
        return self._graph

    # --- running -------------------------------------------------------------------------
    async def arun(
        self,
        text: str,
        thread_id: str | None = None,
        user: str | None = None,
        area: str | None = None,
    ) -> RunResult:
        """Answer one request and return everything it produced (`area`: the room it came
        from, so "turn off the light" means the light there)."""
        result: ev.RunResult | None = None
        async for event in self.astream(text, thread_id=thread_id, user=user, area=area):
            if isinstance(event, ev.RunFinished):
                result = event.result
        assert result is not None
        return result

    async def astream(
        self,
        text: str,
        thread_id: str | None = None,
        user: str | None = None,
        area: str | None = None,
    ) -> AsyncIterator[ev.Event]:
        """Answer one request, yielding typed events as they happen; the last is RunFinished.

        Raises:
            StorageError: The database failed (disk full, locked, read-only): one line saying
                what to do. What the turn had saved is kept; the thread stays usable.
        """
        thread_id = thread_id or str(uuid.uuid4())
        async for event in self._guarded(self._astream(text, thread_id, user, area), thread_id):
            yield event

    async def _astream(
        self, text: str, thread_id: str, user: str | None, area: str | None
    ) -> AsyncIterator[ev.Event]:
        text = (text or "").strip()
        await self.aopen()
        from agent_system.roles import SPEAKER_AREA

        SPEAKER_AREA.set(area)  # the router's first stages read it, as in aplan/aroute
        if not text:
            await self._claim_thread(thread_id, user, text)
            yield ev.RunFinished(
                thread_id=thread_id,
                result=RunResult(
                    thread_id=thread_id,
                    user=user,
                    request=text,
                    reply="Please type a request.",
                    status="failure",
                ),
            )
            return
        claim = _Claim()

        async def claimed() -> tuple[Any, str]:
            # Under the thread's lock: the owner check's read is the thread's state the turn
            # starts from (the fast lane reads it no more), unless an earlier turn's end had
            # to be settled first.
            values, settle, claim.found = await self._claim_thread(thread_id, user, text)
            if settle:
                await self._settle(thread_id)
                claim.found = _UNREAD
            claim.new = not values
            payload: Any = turn_input(text, user, time.time())
            payload["area"] = area
            if claim.new:
                payload["owner"] = user
            return payload, text

        # A new thread was listed just now: no need to touch its listing again after the run.
        async for event in self._drive(
            claimed, thread_id, user, text, touch=lambda: not claim.new, claim=claim
        ):
            yield event

    async def aresume(self, thread_id: str, decision: Any, user: str | None = None) -> RunResult:
        """Answer a pending approval (True/False or {"approved": [ids]}) and finish the run."""
        result: ev.RunResult | None = None
        async for event in self.astream_resume(thread_id, decision, user=user):
            if isinstance(event, ev.RunFinished):
                result = event.result
        assert result is not None
        return result

    async def astream_resume(
        self, thread_id: str, decision: Any = None, user: str | None = None
    ) -> AsyncIterator[ev.Event]:
        """Resume a thread: answer its approval, or continue a run cut off by a crash."""
        await self.aopen()
        await self._owned_state(thread_id, user)  # ThreadNotFoundError before any waiting

        async def prepare() -> tuple[Any, str]:
            # Decided while holding the thread's lock: another process may have resumed it.
            state = await self._owned_state(thread_id, user)
            snapshot = await self.graph.aget_state(_config(thread_id))
            request = str(state.get("request", ""))
            if snapshot.interrupts:
                return Command(resume=decision), request
            if snapshot.next or snapshot.tasks:
                # Continue after a crash. LangGraph applies the writes of nodes that finished
                # after the last checkpoint (a node killed after its writes were saved does not
                # run again); the steps a killed node had finished come from the step journal.
                return None, request
            if state.get("status") == "running" and state.get("request"):
                # Killed before its first node ran: nothing was done yet; start the turn again.
                return turn_input(request, user, time.time()), request
            raise AgentSystemError(f"Thread {thread_id!r} has nothing to resume.")

        async for event in self._guarded(self._drive(prepare, thread_id, user, ""), thread_id):
            yield event

    @property
    def thread_locks(self) -> ThreadLocks:
        """The per-thread locks of this system's storage (leases across processes)."""
        return self._thread_locks

    async def arecover(self, thread_id: str) -> RunResult | None:
        """Finish a run cut off mid-way (its worker died), from its checkpoint and step journal.

        None when there is nothing to finish: the run ended meanwhile, or it waits for an
        approval (only its user answers that). Used by `agent_system._rescue.RunRescuer`.
        """
        await self.aopen()
        values = (await self.graph.aget_state(_config(thread_id))).values or {}
        if not values:
            return None
        user: str | None = values.get("owner")  # a thread's owner never changes

        class _Nothing(Exception):
            pass

        async def prepare() -> tuple[Any, str]:
            snapshot = await self.graph.aget_state(_config(thread_id))
            state = dict(snapshot.values or {})
            request = str(state.get("request", ""))
            if not state or snapshot.interrupts:
                raise _Nothing
            if snapshot.next or snapshot.tasks:
                return None, request
            if state.get("status") == "running" and request:
                return turn_input(request, user, time.time()), request
            raise _Nothing

        result: RunResult | None = None
        try:
            async for event in self._drive(prepare, thread_id, user, ""):
                if isinstance(event, ev.RunFinished):
                    result = event.result
        except _Nothing:
            return None
        return result

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
        claim: _Claim | None = None,
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
        async with self._thread_locks.hold(thread_id):
            if callable(payload):
                payload, text = await payload()
            if callable(touch):
                touch = touch()
            # A new turn (not a resume): its steps cannot be in the step journal yet.
            config["configurable"][FRESH_TURN] = isinstance(payload, dict)
            seconds = self.settings.request_timeout_s
            final: dict[str, Any] | None = None
            ended: list[Any] = []  # the fast lane's TurnEnd, when it closes the turn itself
            with run_scope(scope):
                closing = (thread_id, user, touch, ended)
                seen = claim.found if claim is not None else _UNREAD
                stream = await self._stream(payload, thread_id, config, seconds, closing, seen)
                try:
                    interrupted = False
                    async for mode, chunk in stream:
                        if mode == "values":
                            final = cast("dict[str, Any]", chunk)
                            interrupted = interrupted or "__interrupt__" in final
                        elif not isinstance(chunk, ev.RunFinished):
                            yield cast("ev.Event", chunk)
                    if interrupted or final is None or final.get("status") not in _OVER:
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
            # A turn that ran to its end: its last state is the stream's last values (the same
            # as the checkpoint just saved); anything else reads the checkpoint.
            snapshot: Any = _Ended(final) if final is not None else None
            if snapshot is None:
                snapshot = await self.graph.aget_state(config)
            closed = bool(ended) and ended[0].done  # cleared and listed with the turn's end
            clearing = [] if closed else _journal_clearing(thread_id, snapshot)
            if not touch:
                await self._write(clearing)
        pending = _pending(snapshot)
        if pending:
            yield ev.ApprovalRequired(steps=pending, thread_id=thread_id)
        result = _run_result(snapshot, thread_id, user, text, errors, scope.usage.usage)
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
    ) -> AsyncIterator[tuple[str, Any]]:
        """The turn's ``(mode, chunk)`` items, bounded by the deadline: a new turn's fast reply
        decided without an LLM runs in the fast lane (graph/_lane.py), the rest in the graph.
        `closing`: ``(thread, user, touch, ended)``, for the lane to close the turn itself;
        `seen`: the thread's last checkpoint as read under its lock (None: a new thread), or
        `_UNREAD`."""
        if isinstance(payload, dict) and not payload.get("preview"):
            from agent_system.graph._lane import FastLane
            from agent_system.graph._route import ROUTED

            fast = FastLane(self.graph, self.engine)
            known = () if seen is _UNREAD else (seen,)
            lane, routed = await fast.prepare(payload, thread_id, known)
            if lane is not None:
                if closing is not None:
                    lane.end = await self._turn_end(*closing)
                await fast.begin(lane)
                return producing(lambda put: fast.run(lane, put), seconds)
            if routed is not None:
                config["configurable"][ROUTED] = routed
        stream = self.graph.astream(payload, config, stream_mode=["custom", "values"])
        return bounded(cast("AsyncIterator[tuple[str, Any]]", stream), seconds)

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
            return [*_journal_clearing(thread_id, _Ended(values)), *touched]

        def touching() -> None:
            now = datetime.now(UTC).isoformat()
            cast("LoopSqliteStore", store).touch(_listing(user), thread_id, "updated_at", now)

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
            _config(config["configurable"]["thread_id"]), update, as_node="synthesize"
        )
        return str(update["reply"])

    async def _settle(self, thread_id: str) -> None:
        """Save the end of a previous turn whose last node finished but whose final checkpoint
        was lost (a crash), so a new turn does not drop its reply and history turn."""
        config = _config(thread_id)
        snapshot = await self.graph.aget_state(config)
        if not snapshot.tasks or snapshot.next or snapshot.interrupts:
            return
        if (snapshot.values or {}).get("status") not in _OVER:
            return  # cut off mid-turn: the new turn replaces it (resume it to finish it instead)
        async for _ in self.graph.astream(None, config, stream_mode="custom"):
            pass  # no node runs: LangGraph only applies the saved writes and checkpoints
        await self._write(_journal_clearing(thread_id, snapshot))

    async def aplan(
        self,
        text: str,
        thread_id: str | None = None,
        area: str | None = None,
        user: str | None = None,
    ) -> ExecutionPlan:
        """The plan the system would run for `text` (from `area`, for `user`); nothing runs.

        This is the graph itself (route, fast reply or tool selection and planning, validation)
        run in preview: it stops where execution or approval would start, on a copy of the graph
        without a checkpointer, so the thread's state is read (for follow-ups) but never changed.
        `user` previews with that user's state (their home location, lists, timers); a thread
        of another user is not found, as in `arun`.
        """
        from agent_system.roles import SPEAKER_AREA

        SPEAKER_AREA.set(area)
        await self.aopen()
        values: dict[str, Any] = {}
        if thread_id is not None:
            snapshot = await self.graph.aget_state(_config(thread_id))
            values = dict(snapshot.values or {})
            if values and user is not None and values.get("owner") != user:
                raise ThreadNotFoundError(thread_id)
        who = user if user is not None else values.get("user")
        payload: Any = turn_input((text or "").strip(), who, time.time())
        owner = values.get("owner") if values else user
        payload.update(preview=True, history=values.get("history", []), owner=owner)
        payload["area"] = area
        if self._preview_graph is None:
            self._preview_graph = self.graph.copy(update={"checkpointer": None})
        config: Any = {
            "configurable": {"thread_id": thread_id or "preview"},
            "max_concurrency": self.settings.max_concurrency + 4,
        }
        final = await self._preview_graph.ainvoke(payload, config)
        plan = final.get("plan")
        if plan is None:  # only a plan-less turn (the empty request) gets here
            return ExecutionPlan(request=text, planner="none")
        return ExecutionPlan.model_validate(plan)

    async def aroute(
        self, text: str, thread_id: str | None = None, area: str | None = None
    ) -> RouteDecision:
        """The route decision for `text` (with the thread's history for follow-ups)."""
        from agent_system.roles import SPEAKER_AREA

        SPEAKER_AREA.set(area)
        await self.aopen()
        history = await self._history(thread_id)
        return await self.engine.router.route(RouteRequest(text=text, history=history))

    # --- threads -------------------------------------------------------------------------
    async def acreate_thread(
        self, user: str | None = None, thread_id: str | None = None
    ) -> ThreadInfo:
        """Create an empty thread owned by `user` (no other user can claim it later)."""
        await self.aopen()
        thread_id = thread_id or str(uuid.uuid4())
        await self._claim_thread(thread_id, user, "")
        snapshot = await self.graph.aget_state(_config(thread_id))
        if not snapshot.values:
            await self.graph.aupdate_state(
                _config(thread_id),
                {"owner": user, "user": user, "history": []},
                as_node="synthesize",
            )
        item = await self.engine.runtime.store.aget(  # type: ignore[union-attr]
            _listing(user), thread_id
        )
        return ThreadInfo(item.value if item is not None else {"thread_id": thread_id})

    async def athreads(self, user: str | None = None) -> list[ThreadInfo]:
        """This user's threads, most recent first."""
        await self.aopen()
        items = await self.engine.runtime.store.asearch(  # type: ignore[union-attr]
            _listing(user), limit=1000
        )
        infos = [ThreadInfo(item.value) for item in items]
        return sorted(infos, key=lambda t: str(t.get("updated_at", "")), reverse=True)

    async def aget_thread(self, thread_id: str, user: str | None = None) -> dict[str, Any]:
        """The thread's state: history, last plan, last result; 404-style error for others."""
        await self.aopen()
        state = await self._owned_state(thread_id, user)
        snapshot = await self.graph.aget_state(_config(thread_id))
        return {
            "thread_id": thread_id,
            "history": state.get("history", []),
            "plan": state.get("plan"),
            "result": state.get("result"),
            "reply": state.get("reply", ""),
            "status": "interrupted" if snapshot.interrupts else state.get("status"),
            "pending_approval": _pending(snapshot),
        }

    async def adelete_thread(self, thread_id: str, user: str | None = None) -> None:
        """Delete a thread's checkpoints and listing."""
        await self.aopen()
        await self._owned_state(thread_id, user)
        checkpointer = self.graph.checkpointer
        if checkpointer is not None and not isinstance(checkpointer, bool):
            await checkpointer.adelete_thread(thread_id)
        store = self.engine.runtime.store
        if store is not None:
            await store.adelete(_listing(user), thread_id)
            await StepJournal(store).delete_thread(thread_id)
        self._thread_locks.forget(thread_id)

    async def aexport_user(self, user: str | None = None) -> dict[str, Any]:
        """Everything `user` has (threads, memories, timers, calendar, lists, audit...) as one
        JSON-ready document (see `agent_system._userdata`)."""
        from agent_system._userdata import export_user

        return await export_user(self, user)

    async def aerase_user(self, user: str | None = None) -> dict[str, int]:
        """Delete everything `user` has, in every store; entries deleted per source."""
        from agent_system._userdata import erase_user

        return await erase_user(self, user)

    def audit_log(
        self, *, thread_id: str | None = None, user: str | None = None, limit: int = 100
    ) -> list[AuditRecord]:
        """Calls of tools with side effects, newest first (`aaudit_log` in async code)."""
        from agent_system._audit import read_audit_sync

        return read_audit_sync(self.engine.runtime, thread_id=thread_id, user_id=user, limit=limit)

    async def aaudit_log(
        self, *, thread_id: str | None = None, user: str | None = None, limit: int = 100
    ) -> list[AuditRecord]:
        """Calls of tools with side effects, newest first: every worker's, on PostgreSQL."""
        from agent_system._audit import read_audit

        await self.aopen()
        return await read_audit(self.engine.runtime, thread_id=thread_id, user_id=user, limit=limit)

    async def _owned_state(self, thread_id: str, user: str | None) -> dict[str, Any]:
        snapshot = await self.graph.aget_state(_config(thread_id))
        values: dict[str, Any] = dict(snapshot.values or {})
        if not values or values.get("owner") != user:
            raise ThreadNotFoundError(thread_id)
        return values

    async def _claim_thread(
        self, thread_id: str, user: str | None, text: str
    ) -> tuple[dict[str, Any], bool, Any]:
        """Check `user` may use the thread; list it if new. The thread's values (empty if new),
        whether its previous turn must be settled first (see `_settle`), and its last
        checkpoint as read (None: a new thread; `_UNREAD`: not read alone)."""
        values, settle, found = await self._thread_state(thread_id)
        if values and values.get("owner") != user:
            raise ThreadNotFoundError(thread_id)
        store = self.engine.runtime.store
        if not values and store is not None:
            now = datetime.now(UTC).isoformat()
            await store.aput(
                _listing(user),
                thread_id,
                {
                    "thread_id": thread_id,
                    "user": user,
                    "created_at": now,
                    "updated_at": now,
                    "title": text[:80],
                },
            )
        return values, settle, found

    async def _thread_state(self, thread_id: str) -> tuple[dict[str, Any], bool, Any]:
        """The thread's values, and True when its last turn was cut off after a node's writes
        were saved (tasks, but no next node). One checkpoint read; the whole state snapshot
        (channels, next tasks) only when writes were saved after the last checkpoint. Third:
        the checkpoint read (None: none), or `_UNREAD`."""
        saver = self.graph.checkpointer
        if saver is not None and not isinstance(saver, bool):
            found = await saver.aget_tuple(_config(thread_id))
            if found is None:
                return {}, False, None
            if not found.pending_writes:
                return dict(found.checkpoint.get("channel_values") or {}), False, found
        snapshot = await self.graph.aget_state(_config(thread_id))
        return dict(snapshot.values or {}), bool(snapshot.tasks) and not snapshot.next, _UNREAD

    async def _touching(self, thread_id: str, user: str | None) -> list[PutOp]:
        """The write that marks the thread's listing as updated now (none if unlisted)."""
        store = self.engine.runtime.store
        if store is None:
            return []
        item = await store.aget(_listing(user), thread_id)
        if item is None:
            return []
        value = dict(item.value)
        value["updated_at"] = datetime.now(UTC).isoformat()
        return [PutOp(_listing(user), thread_id, value)]

    async def _write(self, ops: list[PutOp]) -> None:
        """Store writes in one batch (one transaction on SQLite)."""
        store = self.engine.runtime.store
        if ops and store is not None:
            await store.abatch(ops)

    async def _history(self, thread_id: str | None) -> list[Turn]:
        if thread_id is None:
            return []
        snapshot = await self.graph.aget_state(_config(thread_id))
        return [Turn(**t) for t in (snapshot.values or {}).get("history", [])]

    # --- sync API ------------------------------------------------------------------------
    def _call(self, func: Callable[..., Awaitable[T]], *args: Any, **kwargs: Any) -> T:
        if self._portal is None:
            from anyio.from_thread import start_blocking_portal

            self._portal_cm = start_blocking_portal()
            self._portal = self._portal_cm.__enter__()
        result: T = self._portal.call(lambda: func(*args, **kwargs))
        return result

    def run(self, text: str, thread_id: str | None = None, user: str | None = None) -> RunResult:
        """Sync `arun`."""
        return self._call(self.arun, text, thread_id=thread_id, user=user)

    def plan(self, text: str, thread_id: str | None = None) -> ExecutionPlan:
        """Sync `aplan`."""
        return self._call(self.aplan, text, thread_id=thread_id)

    def route(self, text: str, thread_id: str | None = None) -> RouteDecision:
        """Sync `aroute`."""
        return self._call(self.aroute, text, thread_id=thread_id)

    def resume(self, thread_id: str, decision: Any, user: str | None = None) -> RunResult:
        """Sync `aresume`."""
        return self._call(self.aresume, thread_id, decision, user=user)


RunResult = ev.RunResult


_UNREAD = object()
"""A thread's last checkpoint not read (or read before something changed it)."""


class _Claim:
    """What a new turn's claim of its thread (made under the thread's lock) found."""

    def __init__(self) -> None:
        self.new = False
        self.found: Any = _UNREAD


def _listing(user: str | None) -> tuple[str, str]:
    """The store namespace listing a user's threads (any user name: labels are encoded)."""
    return ("threads", store_label(user or "_local"))


def _config(thread_id: str) -> RunnableConfig:
    return {"configurable": {"thread_id": thread_id}}


def _journal_clearing(thread_id: str, snapshot: Any) -> list[PutOp]:
    """The writes dropping the step journal of a run that is over (its final checkpoint is
    saved). Not earlier: a process killed inside the last node would otherwise resume it with
    the journal gone and run its finished steps again."""
    values = snapshot.values or {}
    if snapshot.next or snapshot.interrupts or not values.get("plan"):
        return []
    if values.get("status") in _OVER:
        return StepJournal.clearing(thread_id, values["plan"])
    return []


_OVER = ("success", "partial", "failure")
"""The statuses of a turn that ended."""


class _Ended:
    """The state snapshot of a turn that ran to its end (nothing next, nothing pending)."""

    next: tuple[str, ...] = ()
    tasks: tuple[Any, ...] = ()
    interrupts: tuple[Any, ...] = ()

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values


def _pending(snapshot: Any) -> list[dict[str, Any]]:
    pending: list[dict[str, Any]] = []
    for intr in snapshot.interrupts or ():
        value = getattr(intr, "value", None)
        if isinstance(value, dict) and value.get("type") == "approval":
            pending.extend(value.get("steps", []))
    return pending


def _run_result(
    snapshot: Any,
    thread_id: str,
    user: str | None,
    text: str,
    errors: list[ErrorInfo],
    llm_usage: Usage,
) -> RunResult:
    values: dict[str, Any] = dict(snapshot.values or {})
    pending = _pending(snapshot)
    route = values.get("route")
    plan = values.get("plan")
    result = values.get("result")
    plan_result = PlanResult.model_validate(result) if result else None
    all_errors = [*(ErrorInfo.model_validate(e) for e in values.get("errors", [])), *errors]
    if plan_result is not None:
        all_errors = [*plan_result.errors, *errors]
        for step in plan_result.steps:
            if step.error is not None:
                all_errors.append(step.error)
    status: Any = values.get("status") or "failure"
    if pending:
        status = "interrupted"
    elif errors:
        status = "failure"
    elif status not in _OVER:
        status = "failure"
    usage = llm_usage.model_copy(update={"tool_calls": 0})
    if plan_result is not None:
        usage = usage + Usage(tool_calls=sum(s.attempts for s in plan_result.steps))
        plan_result = plan_result.model_copy(update={"usage": usage})
    reply = values.get("reply", "") if not pending else _approval_prompt(pending)
    if errors and not reply:
        reply = "; ".join(e.message for e in errors)
    return RunResult(
        thread_id=thread_id,
        user=user,
        request=values.get("request", text),
        route=RouteDecision.model_validate(route) if route else None,
        plan=ExecutionPlan.model_validate(plan) if plan else None,
        result=plan_result,
        reply=reply,
        status=status,
        errors=all_errors,
        usage=usage,
        pending_approval=pending,
    )


def _approval_prompt(pending: list[dict[str, Any]]) -> str:
    """What will happen, in plain words: the step's description and its arguments."""
    lines = []
    for p in pending:
        arguments = ", ".join(
            f"{str(k).replace('_', ' ')}: {v}" for k, v in (p.get("arguments") or {}).items()
        )
        what = str(p.get("description") or p.get("tool") or "a step")
        lines.append(f"- {what}" + (f" ({arguments})" if arguments else ""))
    return "Approval needed before I continue:\n" + "\n".join(lines)

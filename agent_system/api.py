"""`AgentSystem`: the Python API. One compiled graph, one checkpointer, one runtime.

    async with AgentSystem.from_env() as system:
        result = await system.arun("set a timer for 10 minutes and check the weather in Paris")
        print(result.reply)

Use either the async methods or the sync ones (`run`, `plan`, `route`) on one instance: the sync
methods run the async ones on a private event loop thread.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

from langgraph.types import Command

from agent_system import events as ev
from agent_system._api_threads import UNREAD, ThreadInfo, ThreadNotFoundError, thread_config
from agent_system._api_turns import Claim, TurnDriving
from agent_system.config import Settings
from agent_system.errors import AgentSystemError
from agent_system.graph._state import turn_input
from agent_system.planning.models import ExecutionPlan
from agent_system.routing.models import RouteDecision, RouteRequest
from agent_system.understanding._respell import respelled

__all__ = ["AgentSystem", "ThreadInfo", "ThreadNotFoundError"]

RunResult = ev.RunResult


class AgentSystem(TurnDriving):
    """Answers requests through the route/plan/execute graph. See the module docstring.

    Its lifecycle is in `agent_system._api_core`, its threads in `agent_system._api_threads`,
    the driving of a turn in `agent_system._api_turns`."""

    @classmethod
    def from_env(cls, **overrides: Any) -> AgentSystem:
        """Settings from the environment and config file; keyword overrides win."""
        return cls(Settings(**overrides))

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
        await self.aopen()
        text = respelled((text or "").strip())  # "set a timr for 5 minuets"
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
        claim = Claim()

        async def claimed() -> tuple[Any, str]:
            # Under the thread's lock: the owner check's read is the thread's state the turn
            # starts from (the fast lane reads it no more), unless an earlier turn's end had
            # to be settled first.
            state = await self._thread_state(thread_id)
            if (
                claim.held is not None
                and not claim.held.taken
                and (not state[0] or state[2] is None or state[2] is UNREAD)
            ):
                # A new thread is listed, a cut-off turn settled: only under the lease (and
                # what was read without it is read again).
                await claim.held.take()
                state = await self._thread_state(thread_id)
            values, settle, claim.found = await self._claim_thread(thread_id, user, text, state)
            if settle:
                await self._settle(thread_id)
                claim.found = UNREAD
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
            snapshot = await self.graph.aget_state(thread_config(thread_id))
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

    async def arecover(self, thread_id: str) -> RunResult | None:
        """Finish a run cut off mid-way (its worker died), from its checkpoint and step journal.

        None when there is nothing to finish: the run ended meanwhile, or it waits for an
        approval (only its user answers that). Used by `agent_system._rescue.RunRescuer`.
        """
        await self.aopen()
        values = (await self.graph.aget_state(thread_config(thread_id))).values or {}
        if not values:
            return None
        user: str | None = values.get("owner")  # a thread's owner never changes

        class _Nothing(Exception):
            pass

        async def prepare() -> tuple[Any, str]:
            snapshot = await self.graph.aget_state(thread_config(thread_id))
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
            snapshot = await self.graph.aget_state(thread_config(thread_id))
            values = dict(snapshot.values or {})
            if values and user is not None and values.get("owner") != user:
                raise ThreadNotFoundError(thread_id)
        who = user if user is not None else values.get("user")
        text = respelled((text or "").strip())
        payload: Any = turn_input(text, who, time.time())
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
        request = RouteRequest(text=respelled(text), history=history)
        return await self.engine.router.route(request)

    # --- a user's data ------------------------------------------------------------------
    async def aexport_user(self, user: str | None = None) -> dict[str, Any]:
        """Everything `user` has (threads, memories, timers, calendar, lists, audit...) as one
        JSON-ready document (see `agent_system._userdata`)."""
        from agent_system._userdata import export_user

        return await export_user(self, user)

    async def aerase_user(self, user: str | None = None) -> dict[str, int]:
        """Delete everything `user` has, in every store; entries deleted per source."""
        from agent_system._userdata import erase_user

        return await erase_user(self, user)

    # --- sync API ------------------------------------------------------------------------
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

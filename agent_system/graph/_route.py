"""The `route` and `select_tools` nodes."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command

from agent_system import events as ev
from agent_system.graph._speculate import StepBuffer
from agent_system.graph._state import AgentState
from agent_system.graph._view import StateView, emit, thread_id
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget

if TYPE_CHECKING:
    from agent_system.graph._fast_reply import FastReply
    from agent_system.graph._speculate import RunKey, Speculate, Speculations
    from agent_system.registry._registry import ToolRegistry
    from agent_system.roles import Role
    from agent_system.routing._hybrid import Routed
    from agent_system.routing.models import Router
    from agent_system.runtime import Runtime

__all__ = ["ROUTED", "Route", "SelectTools", "drop_early"]

ROUTED = "__agent_system_routed"
"""Configurable key: the decision made before the graph ran (`Route.decide_offline`), so the
`route` node does not route the same request again; or the routing started before the graph
ran (`Route.route_early`: a task giving the decision), which the `route` node awaits."""


def drop_early(config: Any, speculations: Speculations | None, payload: Any) -> None:
    """Cancel the routing and planning started before the graph ran (`Route.route_early`,
    `Route.plan_early`) that the run ended without taking (a failure first, the deadline)."""
    early = config.get("configurable", {}).get(ROUTED)
    if isinstance(early, asyncio.Future):
        if not early.done():
            early.cancel()
        elif not early.cancelled():
            early.exception()  # retrieved: the run has reported its own failure
    if speculations is not None and isinstance(payload, dict) and "started_at" in payload:
        held = speculations.take((thread_id(config), float(payload["started_at"] or 0.0)))
        if held is not None:
            held[0].cancel()


@dataclass
class Route:
    """The router's decision: a role's fast reply, or tool selection and planning.

    A fast reply the router decided without an LLM runs right here (`fast_reply`): that
    decision is a function of the request and the thread, so if a crash cuts this node off,
    running it again decides the same and the step journal finds the step it had finished.
    One graph step and its checkpoint less per fast reply. A decision an LLM made (or was
    asked for and failed to give) is saved first, by going to the `fast_reply` node, so a
    resume never asks again and gets another answer.
    """

    router: Router
    roles: dict[str, Role]
    speculate: Speculate | None = None
    speculations: Speculations | None = None
    fast_reply: FastReply | None = None

    async def __call__(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        view = StateView(state)
        routed = config.get("configurable", {}).get(ROUTED)
        if isinstance(routed, RouteDecision):  # decided before the graph ran (graph/_lane.py)
            decision = routed
        elif isinstance(routed, asyncio.Future):  # asked before the graph ran (`route_early`)
            decision = await routed
        else:
            decision = await self._decide(view, state, config)
        self.record(view, decision, config)
        if decision.target == RouteTarget.FAST_REPLY and decision.role in self.roles:
            if self.fast_reply is not None and self._decides_again(decision):
                return await self.fast_reply.answer(view, config)
            return Command(goto="fast_reply", update=view.update())
        return Command(goto="select_tools", update=view.update())

    def record(self, view: StateView, decision: RouteDecision, config: RunnableConfig) -> None:
        """Announce `decision` and keep it (and the thread's owner, on its first turn)."""
        emit(ev.RouteDecided(decision=decision, thread_id=thread_id(config)))
        view.set_decision(decision)
        if view.get("owner") is None:
            view.set(owner=view.get("user"))

    def answers_at_once(self, decision: RouteDecision) -> bool:
        """True when this node answers `decision` itself (a fast reply decided without an
        LLM): the turn is then one step, which the fast lane may run outside the graph."""
        return (
            decision.target == RouteTarget.FAST_REPLY
            and decision.role in self.roles
            and self.fast_reply is not None
            and self._decides_again(decision)
        )

    def decide_offline(self, request: RouteRequest) -> RouteDecision | None:
        """The router's decision when it is made without an LLM and without waiting (a hybrid
        router's embedded decision it would not ask the LLM about, an embedded router's);
        None when the router must be awaited (then the graph routes)."""
        decision, final = self.decide_first(request)
        return decision if final else None

    def decide_first(self, request: RouteRequest) -> tuple[RouteDecision | None, bool]:
        """The decision made without an LLM and without waiting (None when there is none),
        and whether it is final (False: the router asks the LLM about it)."""
        embedded = getattr(self.router, "embedded", None)
        consults_llm = getattr(self.router, "consults_llm", None)
        if callable(consults_llm):
            decide = getattr(embedded, "decide", None)
            if not callable(decide):
                return None, False
            decision = cast("RouteDecision", decide(request))
            return decision, not consults_llm(decision)
        if getattr(self.router, "route_speculating", None) is not None:
            return None, False
        decide = getattr(self.router, "decide", None)
        return (cast("RouteDecision", decide(request)), True) if callable(decide) else (None, False)

    def plan_early(self, view: StateView, decision: RouteDecision, thread: str | None) -> bool:
        """Start the plan of a new turn the router sent to planning without an LLM, before the
        graph runs: the `plan` node takes it (`Speculations`) when the tools are the ones
        `select_tools` picks, and its streamed steps wait until that node follows them (nothing
        runs before the turn's start is saved). True when it started."""
        if self.speculate is None or self.speculations is None:
            return False
        if decision.target != RouteTarget.META_PLANNING:
            return False
        buffer = StepBuffer()
        plan = self.speculate(view.state, decision, view.history, buffer)
        self.speculations.keep((thread, view.started_at), asyncio.ensure_future(plan), buffer)
        return True

    def route_early(
        self, view: StateView, prior: RouteDecision, thread: str | None
    ) -> asyncio.Task[RouteDecision] | None:
        """The LLM's routing of a new turn, and the planning speculated beside it, started
        before the graph runs (the turn's start checkpoint and the graph's first step then no
        longer come before both calls); `prior`: the embedded decision the router asks the
        LLM about (not made again). The `route` node awaits the task (`ROUTED`) and records
        its decision as it records its own; nothing runs before it has. None when this router
        does not speculate (the `route` node then routes)."""
        speculating = getattr(self.router, "route_speculating", None)
        if speculating is None or self.speculate is None or self.speculations is None:
            return None
        request = RouteRequest(text=view.request, history=view.history)
        key = (thread, view.started_at)
        return asyncio.ensure_future(self._speculating(view.state, request, key, prior))

    def _decides_again(self, decision: RouteDecision) -> bool:
        """True when routing the same turn again gives `decision` again: no LLM answered it,
        and none was asked (a hybrid router asks one when unsure, and a failed call may
        succeed the next time)."""
        if decision.router == "llm":
            return False
        consults_llm = getattr(self.router, "consults_llm", None)
        return not (callable(consults_llm) and consults_llm(decision))

    async def _decide(
        self, view: StateView, state: AgentState, config: RunnableConfig
    ) -> RouteDecision:
        request = RouteRequest(text=view.request, history=view.history)
        speculating = getattr(self.router, "route_speculating", None)
        if speculating is None or self.speculate is None or self.speculations is None:
            return await self.router.route(request)
        return await self._speculating(state, request, (thread_id(config), view.started_at))

    async def _speculating(
        self,
        state: AgentState,
        request: RouteRequest,
        key: RunKey,
        prior: RouteDecision | None = None,
    ) -> RouteDecision:
        """The router's decision, planning started beside its LLM call and kept for the
        `plan` node under the run's `key`."""
        speculate, speculations = cast("Speculate", self.speculate), self.speculations
        history = request.history
        buffer = StepBuffer()  # a streamed speculative plan's steps wait here for the route

        async def plan_ahead(decision: RouteDecision) -> Any:
            return await speculate(state, decision, history, buffer)

        speculating = self.router.route_speculating  # type: ignore[attr-defined]
        if prior is None:
            routed = cast("Routed", await speculating(request, plan_ahead))
        else:
            routed = cast("Routed", await speculating(request, plan_ahead, prior=prior))
        if routed.speculative is not None and speculations is not None:
            speculations.keep(key, routed.speculative, buffer)
        return routed.decision


@dataclass
class SelectTools:
    """The registry's best tools for the request, plus the tools of roles the router saw.

    Only the tools the request calls for are offered, however few are registered (each costs the
    planner's call its line and its typed variant); a registry no larger than `tools_per_plan`
    is handed over whole when nothing in it fits the request's words.
    """

    registry: ToolRegistry
    roles: dict[str, Role]
    runtime: Runtime

    async def __call__(self, state: AgentState) -> dict[str, Any]:
        route = state.get("route") or {}
        parts = (route.get("slots") or {}).get("parts")
        return {"selected_tools": self.names(state["request"], route.get("scores", {}), parts)}

    def names(
        self,
        request: str,
        scores: dict[str, float],
        parts: list[dict[str, Any]] | None = None,
    ) -> list[str]:
        """The tools for `request`, given the router's role `scores` and, for a compound, its
        `parts` (each clause's text and role): the tool each part's role reads it into comes
        first ("start up the coffee machine, ..." keeps `smart_home.turn_on`, which the words
        alone rank below `start_vacuum`)."""
        k = self.runtime.settings.tools_per_plan
        names = self._readings(parts or [])
        for spec, _ in self.registry.search(request, k):
            if spec.name not in names:
                names.append(spec.name)
        for role, score in sorted(scores.items(), key=lambda kv: -kv[1]):
            if score < 0.15 or role not in self.roles:
                continue
            for spec in self.registry:
                if spec.domain == role and spec.name not in names:
                    names.append(spec.name)
        if not names and len(self.registry) <= k:  # nothing fits by its words: let the model see
            return self.registry.names()
        return names[: 2 * k]

    def _readings(self, parts: list[dict[str, Any]]) -> list[str]:
        """The tools each part's role reads its clause into (nothing runs), in order."""
        from agent_system.roles import Clarification, calls_of, role_slots

        names: list[str] = []
        for part in parts:
            role = self.roles.get(str(part.get("role")))
            text = part.get("text")
            if role is None or not isinstance(text, str):
                continue
            try:
                choice = role.interpret(text, role_slots(role, text), self.runtime, [])
            except Exception:  # a role that cannot read its clause offers nothing here
                continue
            if isinstance(choice, Clarification):
                continue
            for call in calls_of(choice):
                if call.tool in self.registry and call.tool not in names:
                    names.append(call.tool)
        return names

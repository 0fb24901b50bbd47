"""The `route` and `select_tools` nodes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command

from agent_system import events as ev
from agent_system.graph._view import StateView, emit, thread_id
from agent_system.graph.state import AgentState
from agent_system.routing.models import RouteRequest, RouteTarget

if TYPE_CHECKING:
    from agent_system.registry.registry import ToolRegistry
    from agent_system.roles import Role
    from agent_system.routing.models import Router
    from agent_system.runtime import Runtime

__all__ = ["Route", "SelectTools"]


@dataclass
class Route:
    """The router's decision: a role's fast reply, or tool selection and planning."""

    router: Router
    roles: dict[str, Role]

    async def __call__(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        view = StateView(state)
        decision = await self.router.route(RouteRequest(text=view.request, history=view.history))
        emit(ev.RouteDecided(decision=decision, thread_id=thread_id(config)))
        view.set_decision(decision)
        if state.get("owner") is None:
            view.set(owner=state.get("user"))
        if decision.target == RouteTarget.FAST_REPLY and decision.role in self.roles:
            return Command(goto="fast_reply", update=view.update())
        return Command(goto="select_tools", update=view.update())


@dataclass
class SelectTools:
    """The registry's best tools for the request, plus the tools of roles the router saw.

    A small registry is handed over whole; a large one costs the planner no more tokens.
    """

    registry: ToolRegistry
    roles: dict[str, Role]
    runtime: Runtime

    async def __call__(self, state: AgentState) -> dict[str, Any]:
        k = self.runtime.settings.tools_per_plan
        if len(self.registry) <= k:
            return {"selected_tools": self.registry.names()}
        names = [spec.name for spec, _ in self.registry.search(state["request"], k)]
        scores = (state.get("route") or {}).get("scores", {})
        for role, score in sorted(scores.items(), key=lambda kv: -kv[1]):
            if score < 0.15 or role not in self.roles:
                continue
            for spec in self.registry:
                if spec.domain == role and spec.name not in names:
                    names.append(spec.name)
        return {"selected_tools": names[: 2 * k]}

"""The graph's nodes: small units, each holding only its own typed dependencies.

route ─► (fast_reply) ─┐
   └──► select_tools ─► plan ─► approve ─► execute ─► synthesize
                                   ▲          │
                                   └─ replan ◄┘

A fast reply the embedded router decided runs inside `route` (one step); one an LLM decided
runs in its own `fast_reply` node, after the decision is checkpointed (graph/_route.py).

`Engine` keeps the parts one `AgentSystem` is built from and wires the units once
(`Engine.nodes`); every unit reads and writes the state through `StateView` (graph/_view.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from agent_system.graph._approve import Approve
from agent_system.graph._fast_reply import FastReply
from agent_system.graph._finish import Finish, Synthesize
from agent_system.graph._gate import PlanGate
from agent_system.graph._plan import Plan
from agent_system.graph._replan import Replan
from agent_system.graph._route import Route, SelectTools
from agent_system.graph._speculate import Speculate, Speculations
from agent_system.graph._steps import Execute, RunSteps

if TYPE_CHECKING:
    from agent_system.execution import StepExecutor
    from agent_system.planning._base import Planner, Replanner
    from agent_system.registry._registry import ToolRegistry
    from agent_system.roles import Role
    from agent_system.routing.models import Router
    from agent_system.runtime import Runtime

__all__ = ["Engine", "Nodes"]


@dataclass(frozen=True)
class Nodes:
    """One unit per graph node (each an async callable LangGraph runs)."""

    route: Route
    fast_reply: FastReply
    select_tools: SelectTools
    plan: Plan
    approve: Approve
    execute: Execute
    replan: Replan
    synthesize: Synthesize


@dataclass
class Engine:
    """Everything the nodes need. One per `AgentSystem`."""

    runtime: Runtime
    registry: ToolRegistry
    router: Router
    roles: dict[str, Role]
    planner: Planner
    fallback_planner: Planner
    replanner: Replanner
    fallback_replanner: Replanner
    executor: StepExecutor
    synthesizer: Any = None
    """async (request, plan, plan_result, on_delta) -> str; None offline. `plan_result`
    carries the run's status, computed once by `run_status`."""
    nodes: Nodes = field(init=False)
    speculations: Speculations = field(init=False, default_factory=Speculations)
    """Plans started while the LLM router decides (graph/_speculate.py)."""

    def __post_init__(self) -> None:
        self.nodes = self.wire()

    def wire(self) -> Nodes:
        """Build the node units from the parts (again after a part is replaced)."""
        gate = PlanGate(self.registry)
        steps = RunSteps(self.runtime, self.executor)
        finish = Finish(self.registry, self.executor, self.synthesizer, self.roles)
        select = SelectTools(self.registry, self.roles, self.runtime)
        speculate = Speculate(select, self.planner)
        fast_reply = FastReply(self.runtime, self.registry, self.roles, gate, steps, finish)
        return Nodes(
            route=Route(self.router, self.roles, speculate, self.speculations, fast_reply),
            fast_reply=fast_reply,
            select_tools=select,
            plan=Plan(
                self.runtime,
                self.registry,
                self.planner,
                self.fallback_planner,
                gate,
                steps,
                self.speculations,
            ),
            approve=Approve(self.registry, self.runtime),
            execute=Execute(self.runtime, steps),
            replan=Replan(
                self.registry,
                self.replanner,
                self.fallback_replanner,
                self.runtime.settings.tools_per_plan,
            ),
            synthesize=Synthesize(finish),
        )

"""The `plan` node: the planner's plan for the request, handed to the gate."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command

from agent_system.errors import AgentSystemError, BudgetExceededError, ErrorInfo, LLMError, Severity
from agent_system.graph._gate import PlanGate
from agent_system.graph._view import StateView, thread_id
from agent_system.graph.state import AgentState
from agent_system.roles import SPEAKER_AREA

if TYPE_CHECKING:
    from agent_system.graph._speculate import Speculations
    from agent_system.planning.base import Planner
    from agent_system.planning.models import ExecutionPlan
    from agent_system.registry.registry import ToolRegistry
    from agent_system.registry.spec import ToolSpec

__all__ = ["Plan", "degraded"]

log = logging.getLogger(__name__)


@dataclass
class Plan:
    """The planner's plan over the selected tools; the fallback when the LLM fails."""

    registry: ToolRegistry
    planner: Planner
    fallback: Planner
    gate: PlanGate
    speculations: Speculations | None = None

    async def __call__(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        view = StateView(state)
        tools = [s for name in state.get("selected_tools", []) if (s := self.registry.get(name))]
        errors: list[ErrorInfo] = []
        if state.get("area"):
            SPEAKER_AREA.set(state.get("area"))
        try:
            plan = await self._plan(view, tools, config)
        except (LLMError, BudgetExceededError) as exc:
            log.warning("LLM planner failed (%s); using the embedded planner", exc.message)
            errors.append(degraded(exc))
            plan = await self.fallback.plan(view.request, tools, view.history)
        goto = self.gate.accept(view, plan, thread_id(config), errors)
        return Command(goto=goto, update=view.update())

    async def _plan(
        self, view: StateView, tools: list[ToolSpec], config: RunnableConfig
    ) -> ExecutionPlan:
        """The plan started while the router decided (same tools), else a new one."""
        task = None
        if self.speculations is not None:
            task = self.speculations.take((thread_id(config), view.started_at))
        if task is not None:
            try:
                names, plan = await task
            except asyncio.CancelledError:
                if not task.cancelled():
                    raise  # this node itself is being cancelled
            else:
                if names == [s.name for s in tools]:
                    return plan
        return await self.planner.plan(view.request, tools, view.history)


def degraded(exc: AgentSystemError) -> ErrorInfo:
    """An LLM failure the run survived by falling back to the embedded engine.

    A spent budget stays an error (the run ends partial and says why); a transport or output
    failure of the LLM is a warning, since the embedded engine took over.
    """
    severity = Severity.ERROR if isinstance(exc, BudgetExceededError) else Severity.WARNING
    return exc.to_info().model_copy(update={"severity": severity})

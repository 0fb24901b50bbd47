"""Planning started while the LLM router decides (issue 18.3).

When the hybrid router consults the LLM, the `route` node asks it to run `Speculate` beside the
call: the tools `select_tools` would pick for the embedded decision, then the planner's plan over
them. If the LLM sends the request to the planner, the `plan` node takes the task (same run, same
tools) instead of calling the planner again: the route call no longer comes before planning. If
the LLM picks a fast-reply role, the router cancels the task. Tasks live in memory only: a run
resumed after a crash plans again, as it did before.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from agent_system.roles import SPEAKER_AREA

if TYPE_CHECKING:
    from agent_system.graph._route import SelectTools
    from agent_system.graph._state import AgentState
    from agent_system.planning._base import Planner
    from agent_system.planning.models import ExecutionPlan
    from agent_system.routing.models import RouteDecision, Turn

__all__ = ["RunKey", "Speculate", "Speculations"]

RunKey = tuple[str | None, float]
"""A run: (thread id, the time the run started)."""

Speculated = tuple[list[str], "ExecutionPlan"]
"""The tool names the plan was made over, and the plan."""


@dataclass
class Speculations:
    """Speculative plans by run, taken once by the `plan` node; the oldest are dropped."""

    limit: int = 64
    _tasks: OrderedDict[RunKey, asyncio.Task[Speculated]] = field(default_factory=OrderedDict)

    def keep(self, key: RunKey, task: asyncio.Task[Speculated]) -> None:
        """Hold `task` for the run `key` (a run that never plans leaves it to be dropped)."""
        while len(self._tasks) >= self.limit:
            _, old = self._tasks.popitem(last=False)
            old.cancel()
        self._tasks[key] = task

    def take(self, key: RunKey) -> asyncio.Task[Speculated] | None:
        """The run's speculative task, once (None when there is none or it was cancelled)."""
        task = self._tasks.pop(key, None)
        return None if task is None or task.cancelled() else task

    def __len__(self) -> int:
        return len(self._tasks)


@dataclass
class Speculate:
    """The plan the `plan` node would make for a decision, made ahead of the router's answer."""

    select: SelectTools
    planner: Planner

    async def __call__(
        self, state: AgentState, decision: RouteDecision, history: list[Turn]
    ) -> Speculated:
        names = self.select.names(state["request"], decision.scores)
        tools = [s for name in names if (s := self.select.registry.get(name))]
        if state.get("area"):
            SPEAKER_AREA.set(state.get("area"))
        plan = await self.planner.plan(state["request"], tools, history)
        return names, plan

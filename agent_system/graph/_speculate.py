"""Planning started while the LLM router decides (issue 18.3).

When the hybrid router consults the LLM, the `route` node asks it to run `Speculate` beside the
call: the tools `select_tools` would pick for the embedded decision, then the planner's plan over
them. If the LLM sends the request to the planner, the `plan` node takes the task (same run, same
tools) instead of calling the planner again: the route call no longer comes before planning. If
the LLM picks a fast-reply role, the router cancels the task. Tasks live in memory only: a run
resumed after a crash plans again, as it did before.

When the planner streams (`stream_plans`), the speculative plan streams too: each step, as its
JSON object closes, waits in a `StepBuffer` until the LLM has chosen; the `plan` node then takes
the steps held so far and the rest as they come, and starts them as it does its own stream's
(nothing runs before the route is known).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from agent_system.planning._base import StreamingPlanner
from agent_system.roles import SPEAKER_AREA

if TYPE_CHECKING:
    from agent_system.graph._route import SelectTools
    from agent_system.graph._state import AgentState
    from agent_system.planning._base import InvalidStep, Planner, StepCallback
    from agent_system.planning.models import ExecutionPlan, ExecutionStep
    from agent_system.routing.models import RouteDecision, Turn

__all__ = ["RunKey", "Speculate", "Speculations", "StepBuffer"]

RunKey = tuple[str | None, float]
"""A run: (thread id, the time the run started)."""

Speculated = tuple[list[str], "ExecutionPlan"]
"""The tool names the plan was made over, and the plan."""


@dataclass
class StepBuffer:
    """A speculative plan's streamed steps, held until the `plan` node follows them."""

    names: list[str] | None = None
    """The tools the plan is being made over (set when planning starts)."""
    streamed: bool = False
    """True when the plan streams here (else it comes whole, as the task's result)."""
    _held: list[ExecutionStep | InvalidStep] = field(default_factory=list)
    _sink: StepCallback | None = None

    def put(self, item: ExecutionStep | InvalidStep) -> None:
        """A step whose JSON object closed: held, or passed on once followed."""
        if self._sink is None:
            self._held.append(item)
        else:
            self._sink(item)

    def follow(self, sink: StepCallback) -> None:
        """Hand `sink` the steps held so far, then every later one as it comes."""
        held, self._held = self._held, []
        for item in held:
            sink(item)
        self._sink = sink


Held = tuple[asyncio.Task[Speculated], StepBuffer | None]


@dataclass
class Speculations:
    """Speculative plans by run, taken once by the `plan` node; the oldest are dropped."""

    limit: int = 64
    _tasks: OrderedDict[RunKey, Held] = field(default_factory=OrderedDict)

    def keep(
        self, key: RunKey, task: asyncio.Task[Speculated], buffer: StepBuffer | None = None
    ) -> None:
        """Hold `task` (and the `buffer` its steps stream into) for the run `key` (a run that
        never plans leaves it to be dropped)."""
        while len(self._tasks) >= self.limit:
            _, (old, _) = self._tasks.popitem(last=False)
            old.cancel()
        self._tasks[key] = (task, buffer)

    def take(self, key: RunKey) -> Held | None:
        """The run's speculative task and buffer, once (None when there is none or it was
        cancelled)."""
        held = self._tasks.pop(key, None)
        return None if held is None or held[0].cancelled() else held

    def __len__(self) -> int:
        return len(self._tasks)


@dataclass
class Speculate:
    """The plan the `plan` node would make for a decision, made ahead of the router's answer."""

    select: SelectTools
    planner: Planner

    async def __call__(
        self,
        state: AgentState,
        decision: RouteDecision,
        history: list[Turn],
        buffer: StepBuffer | None = None,
    ) -> Speculated:
        names = self.select.names(state["request"], decision.scores, decision.slots.get("parts"))
        tools = [s for name in names if (s := self.select.registry.get(name))]
        if state.get("area"):
            SPEAKER_AREA.set(state.get("area"))
        streams = self.select.runtime.settings.stream_plans
        if buffer is not None and streams and isinstance(self.planner, StreamingPlanner):
            buffer.names, buffer.streamed = names, True
            plan = await self.planner.stream_plan(state["request"], tools, history, buffer.put)
        else:
            plan = await self.planner.plan(state["request"], tools, history)
        return names, plan

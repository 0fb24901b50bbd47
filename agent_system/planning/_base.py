"""The planner and replanner extension points: one method each."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from agent_system.planning.models import ExecutionPlan, ExecutionStep, ReplanRequest
    from agent_system.registry.spec import ToolSpec
    from agent_system.routing.models import Turn

__all__ = ["InvalidStep", "Planner", "Replanner", "StepCallback", "StreamingPlanner"]


@runtime_checkable
class Planner(Protocol):
    """Turns a request and the selected tools into an `ExecutionPlan`."""

    name: str

    async def plan(
        self, request: str, tools: list[ToolSpec], history: list[Turn] | None = None
    ) -> ExecutionPlan:
        """Plan `request` using only `tools`. Parts it cannot cover go in `plan.unsupported`."""
        ...


@runtime_checkable
class Replanner(Protocol):
    """Revises the remainder of a plan after a failure."""

    name: str

    async def replan(self, request: ReplanRequest, tools: list[ToolSpec]) -> ExecutionPlan | None:
        """A new version of the plan (finished steps kept as they are), or None to give up."""
        ...


@dataclass(frozen=True)
class InvalidStep:
    """A streamed step that could not be read (its arguments or condition are malformed)."""

    id: str
    tool: str
    problem: str


StepCallback = Callable[["ExecutionStep | InvalidStep"], None]
"""Receives each step of a streamed plan the moment its JSON object closes."""


@runtime_checkable
class StreamingPlanner(Protocol):
    """A planner that can hand over each step as soon as it is written."""

    name: str

    async def stream_plan(
        self,
        request: str,
        tools: list[ToolSpec],
        history: list[Turn] | None,
        on_step: StepCallback,
    ) -> ExecutionPlan:
        """Plan `request`, calling `on_step` for each step as it closes; the whole plan at
        the end (the steps handed over, minus the ones that could not be read)."""
        ...

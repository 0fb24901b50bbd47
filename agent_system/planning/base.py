"""The planner and replanner extension points: one method each."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from agent_system.planning.models import ExecutionPlan, ReplanRequest
    from agent_system.registry.spec import ToolSpec
    from agent_system.routing.models import Turn

__all__ = ["Planner", "Replanner"]


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

"""Embedded first, LLM for the rest: the planner used when an LLM is configured.

Every request tries the embedded planner first, with the router's fast-reply threshold as its
bar. When it covers the whole request (every clause confidently placed, nothing unsupported) its
plan runs with no LLM call; otherwise the LLM planner plans the request from the selected tools.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent_system.planning._base import Planner, StepCallback
    from agent_system.planning.models import ExecutionPlan
    from agent_system.registry.spec import ToolSpec
    from agent_system.routing.models import Turn

__all__ = ["HybridPlanner"]


class HybridPlanner:
    """`embedded` when it covers the request, else `llm`."""

    name = "hybrid"

    def __init__(self, embedded: Planner, llm: Planner) -> None:
        self.embedded = embedded
        self.llm = llm

    async def plan(
        self, request: str, tools: list[ToolSpec], history: list[Turn] | None = None
    ) -> ExecutionPlan:
        """The embedded plan when complete; otherwise one LLM planning call."""
        plan = await self.embedded.plan(request, tools, history)
        if plan.steps and not plan.unsupported:
            return plan
        return await self.llm.plan(request, tools, history)

    async def stream_plan(
        self,
        request: str,
        tools: list[ToolSpec],
        history: list[Turn] | None,
        on_step: StepCallback,
    ) -> ExecutionPlan:
        """The embedded plan when complete (whole: no step goes to `on_step`); else the LLM's
        plan, streamed when the LLM planner can stream."""
        plan = await self.embedded.plan(request, tools, history)
        if plan.steps and not plan.unsupported:
            return plan
        stream = getattr(self.llm, "stream_plan", None)
        if stream is None:
            return await self.llm.plan(request, tools, history)
        streamed: ExecutionPlan = await stream(request, tools, history, on_step)
        return streamed

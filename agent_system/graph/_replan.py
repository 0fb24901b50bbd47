"""The `replan` node: a revised remainder after a step asked for it, finished results kept."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command

from agent_system import events as ev
from agent_system.errors import (
    BudgetExceededError,
    ErrorCode,
    ErrorInfo,
    LLMError,
    PlanValidationError,
    Severity,
)
from agent_system.graph._dispatch import never_ran
from agent_system.graph._plan import degraded
from agent_system.graph._state import AgentState
from agent_system.graph._view import StateView, emit, thread_id
from agent_system.planning._validation import validate_plan
from agent_system.planning.models import ExecutionPlan, ReplanRequest, StepResult, StepStatus

if TYPE_CHECKING:
    from agent_system.planning._base import Replanner
    from agent_system.registry._registry import ToolRegistry
    from agent_system.registry.spec import ToolSpec

__all__ = ["Replan"]


@dataclass
class Replan:
    """Ask the replanner for a revision; stop when it would repeat the failing call."""

    registry: ToolRegistry
    replanner: Replanner
    fallback: Replanner
    whole_up_to: int = 0
    """A registry no larger than this (`tools_per_plan`) is offered whole to the replanner:
    the plan made with the tools the request called for failed, so every tool may be the
    other way (the planner's call is offered only those, graph/_route.py `SelectTools`)."""

    def _tools(self, selected: list[str]) -> list[ToolSpec]:
        names = list(selected)
        if len(self.registry) <= self.whole_up_to:
            names += [n for n in self.registry.names() if n not in names]
        return [s for name in names if (s := self.registry.get(name))]

    async def __call__(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        view = StateView(state)
        plan = view.plan
        assert plan is not None, "replan needs a plan"
        results = view.results
        failed = [results[s] for s in state.get("needs_replan", []) if s in results]
        completed = {k: r for k, r in results.items() if r.status == StepStatus.SUCCEEDED}
        reason = "; ".join(r.error.message for r in failed if r.error) or "a step failed"
        request = ReplanRequest(
            plan=plan,
            completed=completed,
            failed=failed,
            reason=reason,
            attempt=state.get("replans", 0) + 1,
        )
        errors = view.errors
        tools = self._tools(state.get("selected_tools", []))
        try:
            revised = await self.replanner.replan(request, tools)
        except (LLMError, BudgetExceededError) as exc:
            errors.append(degraded(exc))
            revised = await self.fallback.replan(request, tools)
        view.set(replans=state.get("replans", 0) + 1)
        view.set_errors(errors)
        if revised is None or _repeats_failure(revised, plan, failed):
            view.set(abandoned=True)
            errors.append(
                ErrorInfo(
                    code=ErrorCode.INVALID_PLAN,
                    message="Replanning stopped: the revision would repeat the failing step."
                    if revised is not None
                    else "Replanning found no way around the failure.",
                    severity=Severity.WARNING,
                )
            )
            view.set_errors(errors)
            return Command(goto="synthesize", update=view.update())
        try:
            revised = validate_plan(revised, self.registry)
        except PlanValidationError as exc:
            view.set_errors([*errors, *exc.problems])
            return Command(goto="synthesize", update=view.update())
        # Failed results leave the state so their steps (if kept) can run again.
        kept = {
            k: v
            for k, v in results.items()
            if v.status == StepStatus.SUCCEEDED and any(s.id == k for s in revised.steps)
        }
        for step_id, result in results.items():
            # A streamed step that never ran (invalid) is repaired by this revision: forgotten.
            if not any(s.id == step_id for s in revised.steps) and not never_ran(result):
                kept[step_id] = result
        emit(ev.Replanned(plan=revised, reason=reason, thread_id=thread_id(config)))
        view.set_plan(revised)
        view.set_results(kept)
        needs_approval = any(s.requires_approval and s.id not in kept for s in revised.steps)
        return Command(goto="approve" if needs_approval else "execute", update=view.update())


def _repeats_failure(revised: ExecutionPlan, plan: ExecutionPlan, failed: list[StepResult]) -> bool:
    """True when the revision would make a call that already failed, unchanged."""
    failed_calls = set()
    for result in failed:
        try:
            step = plan.step(result.step_id)
        except KeyError:
            continue
        failed_calls.add((step.tool, repr(sorted(step.arguments.items()))))
    return any((s.tool, repr(sorted(s.arguments.items()))) in failed_calls for s in revised.steps)

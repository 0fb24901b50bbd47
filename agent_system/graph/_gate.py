"""Where a finished plan goes next: validated once, then approval, execution or the answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from langgraph.graph import END

from agent_system import events as ev
from agent_system.errors import ErrorInfo, PlanValidationError
from agent_system.graph._view import StateView, emit
from agent_system.planning._validation import validate_plan
from agent_system.planning.models import ExecutionPlan

if TYPE_CHECKING:
    from agent_system.registry._registry import ToolRegistry

__all__ = ["PlanGate"]


@dataclass
class PlanGate:
    """Validate a plan (every problem at once) and name the node that takes it from here."""

    registry: ToolRegistry

    def accept(
        self,
        view: StateView,
        plan: ExecutionPlan,
        thread: str | None,
        errors: list[ErrorInfo] | None = None,
    ) -> str:
        """Record the plan (and `errors`) in `view`; the next node: ``approve``, ``execute``,
        ``synthesize``, or, when previewing (`AgentSystem.aplan`), the end with nothing run
        (an invalid plan then raises)."""
        found = list(errors or [])
        stop = "synthesize"
        if plan.steps:
            try:
                plan = validate_plan(plan, self.registry)
            except PlanValidationError as exc:
                if view.preview:
                    raise
                found.extend(exc.problems)
            else:
                stop = "approve" if any(s.requires_approval for s in plan.steps) else "execute"
        emit(ev.PlanCreated(plan=plan, thread_id=thread))
        view.set_plan(plan)
        view.set_errors(found)
        return END if view.preview else stop

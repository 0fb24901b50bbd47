"""The `approve` node: one question for every step that needs the user's approval."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command, interrupt

from agent_system import events as ev
from agent_system.errors import AgentSystemError, ErrorCode, ErrorInfo
from agent_system.graph._state import AgentState
from agent_system.graph._view import StateView, emit, thread_id
from agent_system.planning._refs import find_refs, find_templates
from agent_system.planning.models import ExecutionStep, StepResult, StepStatus
from agent_system.registry.spec import Approval, ToolContext

if TYPE_CHECKING:
    from agent_system.registry._registry import ToolRegistry
    from agent_system.runtime import Runtime

__all__ = ["Approve", "approved_ids"]


@dataclass
class Approve:
    """Asked once, before anything that needs approval runs (`interrupt`).

    A step whose tool has a ``precheck`` is checked first (with `registry` and `runtime`):
    when it cannot work ("unlock the back door" in a home without one) it fails at once with
    the tool's own sentence, and nobody is asked to approve it.
    """

    registry: ToolRegistry | None = None
    runtime: Runtime | None = None

    async def __call__(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        view = StateView(state)
        plan = view.plan
        assert plan is not None, "approve needs a plan"
        results = view.results
        pending = [s for s in plan.steps if s.requires_approval and s.id not in results]
        asked: dict[str, Approval] = {}
        for step in list(pending):
            checked = await self._precheck(step, view.get("user"), thread_id(config))
            if isinstance(checked, StepResult):
                results[step.id] = checked
                pending.remove(step)
            elif checked is not None and not checked.needed:
                pending.remove(step)  # nothing to approve ("clear my saturday": it is empty)
            elif checked is not None:
                asked[step.id] = checked
        if not pending:
            view.set_results(results)
            return Command(goto="execute", update=view.update())
        request = [
            {
                "step_id": s.id,
                "tool": s.tool,
                "arguments": s.arguments,
                "description": _asked(asked, s.id) or self._what(s),
            }
            | ({"question": _asked(asked, s.id)} if _asked(asked, s.id) else {})
            for s in pending
        ]
        # The API announces the pause (ApprovalRequired) once the run stops here; emitting it from
        # this node would repeat it on resume, when the node runs again.
        answer = interrupt({"type": "approval", "steps": request})
        approved = approved_ids(answer, [s.id for s in pending])
        for step in pending:
            if step.id in approved:
                continue
            skipped = StepResult(
                step_id=step.id,
                tool=step.tool,
                status=StepStatus.SKIPPED,
                error=ErrorInfo(
                    code=ErrorCode.APPROVAL_REJECTED,
                    message=(asked[step.id].declined if step.id in asked else "")
                    or f"You did not approve {self._what(step)!r}.",
                    step_id=step.id,
                ),
            )
            results[step.id] = skipped
            # Past the interrupt, so once per answer: a client sees each declined step skipped.
            emit(ev.StepSkipped(result=skipped, thread_id=thread_id(config)))
        view.set_results(results)
        return Command(goto="execute", update=view.update())

    def _what(self, step: ExecutionStep) -> str:
        """What `step` does, in words: its description, else its tool's own first sentence
        (an LLM plan's step says no more than its call), else the tool's name."""
        if step.description:
            return step.description
        spec = self.registry.get(step.tool) if self.registry is not None else None
        return (spec.summary if spec is not None else "") or step.tool

    async def _precheck(
        self, step: ExecutionStep, user: str | None, thread: str | None
    ) -> StepResult | Approval | None:
        """A failed result when `step` cannot work, the tool's `Approval` (its question, or
        that none is needed) when it says one, else None (also when it cannot be told before
        its inputs exist: arguments that read other steps' outputs)."""
        if self.registry is None or self.runtime is None:
            return None
        spec = self.registry.get(step.tool)
        if spec is None or spec.precheck is None:
            return None
        if find_refs(step.arguments) or find_templates(step.arguments):
            return None
        ctx = ToolContext(runtime=self.runtime, user=user, thread_id=thread, step_id=step.id)
        try:
            values = spec.validate_arguments(step.arguments)
            said = await spec.precheck(ctx, **values)
        except AgentSystemError as exc:
            return StepResult(
                step_id=step.id,
                tool=step.tool,
                status=StepStatus.FAILED,
                error=exc.to_info(step.id),
            )
        return said if isinstance(said, Approval) else None


def _asked(asked: dict[str, Approval], step_id: str) -> str:
    """The question a step's tool asks, if it says one."""
    return asked[step_id].question if step_id in asked else ""


def approved_ids(answer: Any, pending: list[str]) -> set[str]:
    """Accept True/False, "yes"/"no", {"approve": bool}, or {"approved": [ids]}."""
    if isinstance(answer, bool):
        return set(pending) if answer else set()
    if isinstance(answer, str):
        return set(pending) if answer.strip().lower() in ("y", "yes", "approve", "ok") else set()
    if isinstance(answer, dict):
        if "approved" in answer and isinstance(answer["approved"], list):
            return {str(s) for s in answer["approved"]} & set(pending)
        if "approve" in answer:
            return set(pending) if bool(answer["approve"]) else set()
    return set()

"""The `approve` node: one question for every step that needs the user's approval."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command, interrupt

from agent_system import events as ev
from agent_system.errors import ErrorCode, ErrorInfo
from agent_system.graph._view import StateView, emit, thread_id
from agent_system.graph.state import AgentState
from agent_system.planning.models import StepResult, StepStatus

__all__ = ["Approve", "approved_ids"]


class Approve:
    """Asked once, before anything that needs approval runs (`interrupt`)."""

    async def __call__(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        view = StateView(state)
        plan = view.plan
        assert plan is not None, "approve needs a plan"
        results = view.results
        pending = [s for s in plan.steps if s.requires_approval and s.id not in results]
        if not pending:
            return Command(goto="execute")
        request = [
            {
                "step_id": s.id,
                "tool": s.tool,
                "arguments": s.arguments,
                "description": s.description or s.tool,
            }
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
                    message=f"You did not approve {step.description or step.tool!r}.",
                    step_id=step.id,
                ),
            )
            results[step.id] = skipped
            # Past the interrupt, so once per answer: a client sees each declined step skipped.
            emit(ev.StepSkipped(result=skipped, thread_id=thread_id(config)))
        view.set_results(results)
        return Command(goto="execute", update=view.update())


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

"""What a turn of `AgentSystem` (agent_system.api) answers: its `RunResult` from the final state,
the approval prompt, and when a finished run's step journal is dropped."""

from __future__ import annotations

from typing import Any

from langgraph.store.base import PutOp

from agent_system.errors import ErrorInfo
from agent_system.events import RunResult
from agent_system.graph._journal import StepJournal
from agent_system.planning.models import ExecutionPlan, PlanResult, Usage
from agent_system.routing.models import RouteDecision


def journal_clearing(thread_id: str, snapshot: Any) -> list[PutOp]:
    """The writes dropping the step journal of a run that is over (its final checkpoint is
    saved). Not earlier: a process killed inside the last node would otherwise resume it with
    the journal gone and run its finished steps again."""
    values = snapshot.values or {}
    if snapshot.next or snapshot.interrupts or not values.get("plan"):
        return []
    if values.get("status") in OVER:
        return StepJournal.clearing(thread_id, values["plan"])
    return []


OVER = ("success", "partial", "failure")
"""The statuses of a turn that ended."""


class Ended:
    """The state snapshot of a turn that ran to its end (nothing next, nothing pending)."""

    next: tuple[str, ...] = ()
    tasks: tuple[Any, ...] = ()
    interrupts: tuple[Any, ...] = ()

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values


def pending_approval(snapshot: Any) -> list[dict[str, Any]]:
    pending: list[dict[str, Any]] = []
    for intr in snapshot.interrupts or ():
        value = getattr(intr, "value", None)
        if isinstance(value, dict) and value.get("type") == "approval":
            pending.extend(value.get("steps", []))
    return pending


def run_result(
    snapshot: Any,
    thread_id: str,
    user: str | None,
    text: str,
    errors: list[ErrorInfo],
    llm_usage: Usage,
) -> RunResult:
    values: dict[str, Any] = dict(snapshot.values or {})
    pending = pending_approval(snapshot)
    route = values.get("route")
    plan = values.get("plan")
    result = values.get("result")
    plan_result = PlanResult.model_validate(result) if result else None
    all_errors = [*(ErrorInfo.model_validate(e) for e in values.get("errors", [])), *errors]
    if plan_result is not None:
        all_errors = [*plan_result.errors, *errors]
        for step in plan_result.steps:
            if step.error is not None:
                all_errors.append(step.error)
    status: Any = values.get("status") or "failure"
    if pending:
        status = "interrupted"
    elif errors:
        status = "failure"
    elif status not in OVER:
        status = "failure"
    usage = llm_usage.model_copy(update={"tool_calls": 0})
    if plan_result is not None:
        usage = usage + Usage(tool_calls=sum(s.attempts for s in plan_result.steps))
        plan_result = plan_result.model_copy(update={"usage": usage})
    reply = values.get("reply", "") if not pending else approval_prompt(pending)
    if errors and not reply:
        reply = "; ".join(e.message for e in errors)
    return RunResult(
        thread_id=thread_id,
        user=user,
        request=values.get("request", text),
        route=RouteDecision.model_validate(route) if route else None,
        plan=ExecutionPlan.model_validate(plan) if plan else None,
        result=plan_result,
        reply=reply,
        status=status,
        errors=all_errors,
        usage=usage,
        pending_approval=pending,
    )


def approval_prompt(pending: list[dict[str, Any]]) -> str:
    """What will happen, in plain words: the step's description and its arguments, or the
    tool's own question when every step pending has one ("This deletes 5 events ... Go
    ahead?")."""
    questions = [str(p["question"]) for p in pending if p.get("question")]
    if questions and len(questions) == len(pending):
        return " ".join(questions)
    lines = []
    for p in pending:
        arguments = ", ".join(
            f"{str(k).replace('_', ' ')}: {v}" for k, v in (p.get("arguments") or {}).items()
        )
        what = str(p.get("description") or p.get("tool") or "a step")
        lines.append(f"- {what}" + (f" ({arguments})" if arguments else ""))
    return "Approval needed before I continue:\n" + "\n".join(lines)

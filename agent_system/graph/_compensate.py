"""Roll back an abandoned plan: undo finished steps whose tool names a compensating tool."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from agent_system.errors import AgentSystemError
from agent_system.planning._refs import resolve
from agent_system.planning.models import ExecutionPlan, ExecutionStep, StepResult, StepStatus

if TYPE_CHECKING:
    from agent_system.execution import StepExecutor
    from agent_system.registry._registry import ToolRegistry

__all__ = ["compensate"]

_EPOCH = datetime.min.replace(tzinfo=UTC)


async def compensate(
    plan: ExecutionPlan,
    results: dict[str, StepResult],
    *,
    registry: ToolRegistry,
    executor: StepExecutor,
    user: str | None,
    thread_id: str | None,
    on_result: Callable[[StepResult], Any] | None = None,
) -> list[StepResult]:
    """Undo the finished steps whose tool names a compensating tool, newest first.

    The compensating tool receives ``{"arguments": <the step's resolved arguments>,
    "output": <its output>}`` and runs through the executor like any step (validated, timed
    out, audited). Its result has the id ``undo-<step id>``.
    """
    ids = {s.id for s in plan.steps}
    done = [r for r in results.values() if r.step_id in ids and r.status == StepStatus.SUCCEEDED]
    outputs = {r.step_id: r.output for r in done}
    done.sort(key=lambda r: r.finished_at or r.started_at or _EPOCH, reverse=True)
    undone: list[StepResult] = []
    for result in done:
        spec = registry.get(result.tool)
        if spec is None or not spec.compensate:
            continue
        step = plan.step(result.step_id)
        try:
            arguments = resolve(step.arguments, outputs)
        except AgentSystemError:
            arguments = step.arguments
        undo = ExecutionStep(
            id=f"undo-{step.id}"[:64],
            tool=spec.compensate,
            arguments={"arguments": arguments, "output": result.output},
            description=f"undo {step.description or step.tool}",
        )
        outcome = await executor.execute(
            undo, undo.arguments, user=user, thread_id=thread_id, plan_id=str(plan.id)
        )
        if on_result is not None:
            on_result(outcome)
        undone.append(outcome)
    return undone

"""Streaming plan dispatch: each step of a streamed plan checked and handed to the scheduler
the moment the planner has written it.

`StreamDispatch.take` decides, per step: run it now, hold it (its tool needs approval, or it
needs a held step: it waits for the `approve` node), or drop it (it cannot run: unknown tool,
bad arguments, a reference to a step not written before it; repaired like a failed step, by
replanning the remainder). A step that needs a dropped step is set aside with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_system.errors import ErrorCode, ErrorInfo
from agent_system.planning._base import InvalidStep
from agent_system.planning._validation import StepChecker, step_dependencies
from agent_system.planning.models import ExecutionStep, StepResult, StepStatus

if TYPE_CHECKING:
    from agent_system.registry._registry import ToolRegistry

__all__ = ["NEVER_RAN", "StreamDispatch", "never_ran"]

NEVER_RAN = "never_ran"
"""Marks the result of a streamed step that could not run: it is not run later either, and a
successful replan forgets it."""


def never_ran(result: StepResult) -> bool:
    return result.error is not None and bool(result.error.details.get(NEVER_RAN))


class StreamDispatch:
    """The fate of each streamed step, and what is left once the stream ends."""

    def __init__(self, registry: ToolRegistry) -> None:
        self.checker = StepChecker(registry)
        self.kept: list[ExecutionStep] = []
        """Sound steps in stream order: started, or held for approval."""
        self.order: list[ExecutionStep] = []
        """Every step in stream order, the ones that cannot run included (with their results)."""
        self.ahead: dict[str, set[str]] = {}
        """Dropped step -> the steps it named that were not written yet."""
        self.held: set[str] = set()
        self.dropped: dict[str, StepResult] = {}
        self.set_aside: dict[str, StepResult] = {}
        self.started = 0
        self.seen = 0

    def take(self, item: ExecutionStep | InvalidStep) -> ExecutionStep | None:
        """The step to start now, or None (held, dropped or set aside)."""
        self.seen += 1
        if isinstance(item, InvalidStep):
            self.checker.ids.add(item.id)
            self.checker.ancestry.setdefault(item.id, set())
            self.order.append(ExecutionStep(id=item.id, tool=item.tool or "(unreadable)"))
            self._drop(item.id, item.tool, ErrorCode.INVALID_PLAN, [item.problem])
            return None
        known = set(self.checker.ids)
        step, problems = self.checker.check(item)
        self.order.append(step)
        if problems:
            messages = [p.message for p in problems]
            self._drop(step.id, step.tool, problems[0].code, messages)
            self.ahead[step.id] = set(step_dependencies(step)) - known
            return None
        deps = step_dependencies(step)
        missing = [d for d in deps if d in self.dropped or d in self.set_aside]
        if missing:
            cycle = next((d for d in missing if step.id in self.ahead.get(d, ())), None)
            message = (
                f"Not run: steps {cycle!r} and {step.id!r} depend on each other in a cycle."
                if cycle is not None
                else f"Not run: it needs step {missing[0]!r}, which could not run."
            )
            self.set_aside[step.id] = StepResult(
                step_id=step.id,
                tool=step.tool,
                status=StepStatus.SKIPPED,
                error=ErrorInfo(
                    code=ErrorCode.INVALID_PLAN if cycle else ErrorCode.DEPENDENCY_FAILED,
                    message=message,
                    step_id=step.id,
                    details={"dependency": missing[0], NEVER_RAN: True},
                ),
            )
            return None
        self.kept.append(step)
        if step.requires_approval or any(d in self.held for d in deps):
            self.held.add(step.id)
            return None
        self.started += 1
        return step

    def _drop(self, sid: str, tool: str, code: ErrorCode, messages: list[str]) -> None:
        self.dropped[sid] = StepResult(
            step_id=sid,
            tool=tool or "(unknown)",
            status=StepStatus.FAILED,
            error=ErrorInfo(
                code=code,
                message="Not run: the planner wrote an invalid step: " + "; ".join(messages),
                step_id=sid,
                details={NEVER_RAN: True},
            ),
        )

    @property
    def problems(self) -> list[ErrorInfo]:
        """Why steps were dropped (for a preview, which runs nothing)."""
        return [r.error for r in self.dropped.values() if r.error is not None]

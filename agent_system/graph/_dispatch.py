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
from agent_system.planning.base import InvalidStep
from agent_system.planning.models import ExecutionStep, StepResult, StepStatus
from agent_system.planning.validation import StepChecker, step_dependencies

if TYPE_CHECKING:
    from agent_system.registry.registry import ToolRegistry

__all__ = ["StreamDispatch"]


class StreamDispatch:
    """The fate of each streamed step, and what is left once the stream ends."""

    def __init__(self, registry: ToolRegistry) -> None:
        self.checker = StepChecker(registry)
        self.kept: list[ExecutionStep] = []
        """Sound steps in stream order: started, or held for approval."""
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
            self._drop(item.id, item.tool, ErrorCode.INVALID_PLAN, [item.problem])
            return None
        step, problems = self.checker.check(item)
        if problems:
            messages = [p.message for p in problems]
            self._drop(step.id, step.tool, problems[0].code, messages)
            return None
        deps = step_dependencies(step)
        missing = [d for d in deps if d in self.dropped or d in self.set_aside]
        if missing:
            self.set_aside[step.id] = StepResult(
                step_id=step.id,
                tool=step.tool,
                status=StepStatus.SKIPPED,
                error=ErrorInfo(
                    code=ErrorCode.DEPENDENCY_FAILED,
                    message=f"Not run: it needs step {missing[0]!r}, which could not run.",
                    step_id=step.id,
                    details={"dependency": missing[0]},
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
            ),
        )

    @property
    def problems(self) -> list[ErrorInfo]:
        """Why steps were dropped (for a preview, which runs nothing)."""
        return [r.error for r in self.dropped.values() if r.error is not None]

"""Running a plan's steps (the DAG scheduler plus the step journal) and the `execute` node."""

from __future__ import annotations

import asyncio
import logging
import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command

from agent_system._audit import audit_joins_store, write_audit_rows
from agent_system._storage import AUDIT_INSERT
from agent_system.errors import BudgetExceededError, ErrorCode, ErrorInfo, Severity
from agent_system.graph._dispatch import NEVER_RAN
from agent_system.graph._journal import FRESH_TURN, StepJournal
from agent_system.graph._state import AgentState
from agent_system.graph._view import StateView, stream_writer, thread_id
from agent_system.llm._chat import RunScope, current_scope, run_scope
from agent_system.planning.models import ExecutionPlan, ExecutionStep, StepResult, StepStatus

if TYPE_CHECKING:
    from agent_system._sqlite import SharedConnection
    from agent_system.execution import StepExecutor
    from agent_system.runtime import Runtime

__all__ = ["Execute", "RunSteps"]

log = logging.getLogger(__name__)
_UNKNOWN: Any = object()


@dataclass
class RunSteps:
    """Run the plan in a view with the DAG scheduler; journal each finished step."""

    runtime: Runtime
    executor: StepExecutor
    _joining: Any = field(default=_UNKNOWN, init=False, repr=False)

    async def __call__(
        self,
        view: StateView,
        config: RunnableConfig,
        incoming: asyncio.Queue[ExecutionStep | None] | None = None,
    ) -> None:
        """Sets the view's `results`, `needs_replan` and `abandoned`. With `incoming`, the
        steps of a streamed plan are added to the view's plan as they arrive (None ends)."""
        from agent_system.execution import run_plan

        full = view.plan
        assert full is not None, "RunSteps needs a plan"
        thread = thread_id(config)
        previous = view.results
        plan, blocked = _without_rejected(full, previous)
        previous.update(blocked)
        ids = {s.id for s in plan.steps}
        completed = {k: v for k, v in previous.items() if k in ids}
        journal = StepJournal(self.runtime.store)
        if not config.get("configurable", {}).get(FRESH_TURN):  # a resume: finished before?
            completed.update(await journal.finished(thread, plan, more_steps=incoming is not None))
        user = view.get("user")
        scope = current_scope()
        joined = self._joined()

        async def run_step(step: ExecutionStep, arguments: dict[str, Any]) -> StepResult:
            if scope is not None and scope.budget is not None:
                try:
                    scope.budget.reserve_tool()
                except BudgetExceededError as exc:
                    return StepResult(
                        step_id=step.id,
                        tool=step.tool,
                        status=StepStatus.FAILED,
                        error=exc.to_info(step.id).model_copy(update={"severity": Severity.ERROR}),
                    )
            step_scope = RunScope(scope.usage.child(), scope.budget) if scope is not None else None
            # SQLite: the audit row of the call that succeeded is written in one transaction
            # with the step's journal entry (nothing awaits between the call and that write).
            held: list[dict[str, Any]] | None = [] if joined is not None else None
            try:
                with run_scope(step_scope) if step_scope is not None else nullcontext():
                    result = await self.executor.execute(
                        step,
                        arguments,
                        user=user,
                        thread_id=thread,
                        plan_id=str(plan.id),
                        held_audit=held,
                    )
            except BaseException:
                if held:
                    self._write_audit(held)
                raise
            update: dict[str, Any] = {"plan_version": plan.version}
            if step_scope is not None:
                update["usage"] = step_scope.usage.usage
            result = result.model_copy(update=update)
            try:
                if joined is None or held is None:
                    await journal.record(thread, plan, result)
                else:
                    entry = journal.entry(thread, plan, result)
                    try:
                        with joined.transaction() as conn:
                            write_audit_rows(conn, held)
                            if entry is not None:
                                journal.store.batch([entry])  # type: ignore[union-attr]
                    except Exception:
                        self._write_audit(held)  # the rolled-back rows, on their own
                        raise
            except Exception:
                # The step ran (its effect happened): it stays succeeded, so no replan runs it
                # again. Only a resume after a crash could, since the journal lacks it.
                log.error(
                    "could not journal step %s of thread %s; a resume after a crash would "
                    "run it again",
                    step.id,
                    thread,
                    exc_info=True,
                )
            return result

        settings = self.runtime.settings
        elapsed = time.time() - view.started_at
        # The plan's own timeout, `plan_timeout_s` (whoever planned it) and its absolute
        # `deadline`, whichever comes first.
        budget = min(plan.timeout_s, settings.plan_timeout_s) - elapsed
        if plan.deadline is not None:
            deadline = plan.deadline if plan.deadline.tzinfo else plan.deadline.replace(tzinfo=UTC)
            budget = min(budget, (deadline - datetime.now(UTC)).total_seconds())
        outcome = await run_plan(
            plan,
            run_step,
            completed=completed,
            max_concurrency=settings.max_concurrency,
            deadline_s=max(budget, 0.001),
            on_event=stream_writer(),
            thread_id=thread,
            incoming=incoming,
        )
        results = {k: v for k, v in previous.items() if k not in ids}
        results.update(outcome.results)
        view.set_results(results)
        view.set(
            needs_replan=list(outcome.needs_replan),
            abandoned=outcome.halted or outcome.cancelled or outcome.deadline_hit,
        )

    def _joined(self) -> SharedConnection | None:
        """The connection a step's audit rows and journal entry share a transaction on (on
        SQLite, when the store and the application database are one file), else None."""
        if self._joining is _UNKNOWN:
            self._joining = audit_joins_store(self.runtime)
        joining: SharedConnection | None = self._joining
        return joining

    def _write_audit(self, rows: list[dict[str, Any]]) -> None:
        """Audit rows held for the journal's transaction, written on their own instead."""
        for row in rows:
            try:
                self.runtime.db.execute(AUDIT_INSERT, row)
            except Exception:
                log.exception("Could not write the audit row for tool %r", row.get("tool"))


@dataclass
class Execute:
    """The `execute` node: run the steps, then replan (when a step asks for it) or answer."""

    runtime: Runtime
    steps: RunSteps

    async def __call__(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        view = StateView(state)
        await self.steps(view, config)
        replan = view.get("needs_replan") and state.get("replans", 0) < (
            self.runtime.settings.max_replans
        )
        return Command(goto="replan" if replan else "synthesize", update=view.update())


def _without_rejected(
    plan: ExecutionPlan, results: dict[str, StepResult]
) -> tuple[ExecutionPlan, dict[str, StepResult]]:
    """Take steps the user rejected (or that could never run), and everything that needs
    them, out of the plan."""
    rejected = {
        k
        for k, v in results.items()
        if v.error is not None
        and (v.error.code == ErrorCode.APPROVAL_REJECTED or v.error.details.get(NEVER_RAN))
    }
    if not rejected:
        return plan, {}
    blocked: dict[str, StepResult] = {}
    removed = set(rejected)
    changed = True
    while changed:
        changed = False
        for step in plan.steps:
            if step.id in removed or not removed.intersection(step.depends_on):
                continue
            removed.add(step.id)
            changed = True
            blocked[step.id] = StepResult(
                step_id=step.id,
                tool=step.tool,
                status=StepStatus.SKIPPED,
                error=ErrorInfo(
                    code=ErrorCode.DEPENDENCY_FAILED,
                    message="Not run: it needs a step you did not approve.",
                    step_id=step.id,
                ),
            )
    remaining = [s for s in plan.steps if s.id not in removed]
    return plan.model_copy(update={"steps": remaining}), blocked

"""The DAG scheduler: each step starts the moment its last dependency finishes.

No waves: every step runs as its own asyncio task, and when one finishes the scheduler looks
at that step's dependants at once, so a step after a fast step never waits for a slow,
unrelated sibling (LangGraph supersteps would make it wait; see docs/architecture.md).

A step's dependencies are its `depends_on` plus every step its arguments or `when` read.
When all of them are done:

- a dependency that failed (or was skipped because of a failure) skips the step with
  DEPENDENCY_FAILED; a dependency skipped by a false condition skips it quietly (no error);
- a false `when` skips the step quietly; a condition or reference error fails it unrun;
- otherwise its references are resolved and it is handed to `execute`.

A failed step then follows its `on_failure` policy: ``halt`` and ``retry`` (the executor has
already retried) start nothing new and let running steps finish; ``skip`` only loses its
dependants; ``replan`` loses its dependants and is listed in `ScheduleOutcome.needs_replan`.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from agent_system.errors import AgentSystemError, ErrorCode, ErrorInfo
from agent_system.events import Event, StepFailed, StepFinished, StepSkipped, StepStarted
from agent_system.planning._conditions import evaluate
from agent_system.planning._refs import resolve
from agent_system.planning._validation import step_dependencies
from agent_system.planning.models import (
    ExecutionPlan,
    ExecutionStep,
    FailurePolicy,
    StepResult,
    StepStatus,
)

__all__ = ["EventCallback", "ScheduleOutcome", "StepRunner", "run_plan"]

log = logging.getLogger(__name__)

StepRunner = Callable[[ExecutionStep, dict[str, Any]], Awaitable[StepResult]]
"""Runs one step with its resolved arguments (e.g. `StepExecutor.execute` in a LangGraph task)."""
EventCallback = Callable[[Event], None]

_BAD = (StepStatus.FAILED, StepStatus.CANCELLED)


@dataclass
class ScheduleOutcome:
    """What a scheduling run produced."""

    results: dict[str, StepResult]
    """A result for every step of the plan, in plan order."""
    needs_replan: list[str] = field(default_factory=list)
    """Failed steps whose policy is ``replan``."""
    halted: bool = False
    """A step failed under ``halt`` or ``retry``; nothing new was started after it."""
    cancelled: bool = False
    deadline_hit: bool = False

    @property
    def outputs(self) -> dict[str, Any]:
        """Outputs of the steps that succeeded."""
        return {k: r.output for k, r in self.results.items() if r.status == StepStatus.SUCCEEDED}

    @property
    def failed(self) -> list[StepResult]:
        """Results that carry an error, in plan order."""
        return [r for r in self.results.values() if r.error is not None]


def _now() -> datetime:
    return datetime.now(UTC)


class _Run:
    def __init__(
        self,
        plan: ExecutionPlan,
        execute: StepRunner,
        completed: Mapping[str, StepResult],
        max_concurrency: int,
        on_event: EventCallback | None,
        thread_id: str | None,
    ) -> None:
        self.plan = plan
        self.execute = execute
        self.max_concurrency = max(1, max_concurrency)
        self.on_event = on_event
        self.thread_id = thread_id
        self.steps = {s.id: s for s in plan.steps}
        self.position = {s.id: i for i, s in enumerate(plan.steps)}
        self.results: dict[str, StepResult] = {}
        self.outputs: dict[str, Any] = {
            k: r.output for k, r in completed.items() if r.status == StepStatus.SUCCEEDED
        }
        self.deps: dict[str, list[str]] = {}
        self.waiting: dict[str, set[str]] = {}
        self.dependants: dict[str, list[str]] = {sid: [] for sid in self.steps}
        self.ready: list[tuple[int, str]] = []
        self.arguments: dict[str, dict[str, Any]] = {}
        self.running: dict[asyncio.Task[StepResult], str] = {}
        self.started: dict[str, datetime] = {}
        self.settle_queue: deque[str] = deque()
        self.needs_replan: list[str] = []
        self.halted_by: str | None = None
        self.completed = completed
        for sid in self.steps:
            prior = completed.get(sid)
            if prior is not None and prior.status == StepStatus.SUCCEEDED:
                self.results[sid] = prior
        for sid, step in self.steps.items():
            self.deps[sid] = [d for d in step_dependencies(step) if d != sid]
            if sid in self.results:
                continue
            self.waiting[sid] = {
                d for d in self.deps[sid] if d in self.steps and d not in self.results
            }
            for d in self.waiting[sid]:
                self.dependants[d].append(sid)
            if not self.waiting[sid]:
                self.settle_queue.append(sid)

    def add(self, step: ExecutionStep) -> None:
        """A step of a streamed plan arrives: it starts as soon as its dependencies allow
        (they are steps added before it, or earlier results)."""
        sid = step.id
        if sid in self.steps:
            return
        self.steps[sid] = step
        self.position[sid] = len(self.position)
        self.dependants[sid] = []
        self.deps[sid] = [d for d in step_dependencies(step) if d != sid]
        prior = self.completed.get(sid)
        if prior is not None and prior.status == StepStatus.SUCCEEDED:
            self.results[sid] = prior
            self.outputs[sid] = prior.output
            return
        self.waiting[sid] = {d for d in self.deps[sid] if d in self.steps and d not in self.results}
        for d in self.waiting[sid]:
            self.dependants[d].append(sid)
        if not self.waiting[sid]:
            self.settle_queue.append(sid)

    # --- events and bookkeeping ----------------------------------------------------------
    def emit(self, event: Event) -> None:
        if self.on_event is None:
            return
        try:
            self.on_event(event)
        except Exception:
            log.exception("on_event failed for %s", type(event).__name__)

    def skipped(self, sid: str, error: ErrorInfo | None) -> StepResult:
        return StepResult(
            step_id=sid,
            tool=self.steps[sid].tool,
            status=StepStatus.SKIPPED,
            error=error,
            finished_at=_now(),
            plan_version=self.plan.version,
        )

    def failed(self, sid: str, exc: AgentSystemError, status: StepStatus) -> StepResult:
        started = self.started.get(sid)
        finished = _now()
        return StepResult(
            step_id=sid,
            tool=self.steps[sid].tool,
            status=status,
            error=exc.to_info(sid),
            started_at=started,
            finished_at=finished,
            duration_ms=(finished - started).total_seconds() * 1000 if started else 0.0,
            plan_version=self.plan.version,
        )

    def finalize(self, result: StepResult, *, cascade: bool = True) -> None:
        sid = result.step_id
        self.results[sid] = result
        if result.status == StepStatus.SUCCEEDED:
            self.outputs[sid] = result.output
            self.emit(StepFinished(result=result, thread_id=self.thread_id))
        elif result.status == StepStatus.SKIPPED:
            self.emit(StepSkipped(result=result, thread_id=self.thread_id))
        else:
            self.emit(StepFailed(result=result, thread_id=self.thread_id))
        if not cascade:
            return
        if result.status in _BAD:
            policy = self.steps[sid].on_failure
            if policy in (FailurePolicy.HALT, FailurePolicy.RETRY):
                self.halted_by = self.halted_by or sid
            elif policy == FailurePolicy.REPLAN:
                self.needs_replan.append(sid)
        for child in self.dependants[sid]:
            self.waiting[child].discard(sid)
            if not self.waiting[child]:
                self.settle_queue.append(child)

    # --- readiness -----------------------------------------------------------------------
    def settle(self, sid: str) -> None:
        """All dependencies are done: skip, fail, or queue the step to start."""
        step = self.steps[sid]
        for dep in self.deps[sid]:
            prior = self.results.get(dep)
            if prior is None and dep not in self.outputs:
                error = ErrorInfo(
                    code=ErrorCode.DEPENDENCY_FAILED,
                    message=f"Skipped: step {sid!r} needs {dep!r}, which is not in the plan "
                    "and has no earlier result.",
                    step_id=sid,
                    details={"dependency": dep},
                )
                self.finalize(self.skipped(sid, error))
                return
            if prior is not None and (prior.status in _BAD or prior.error is not None):
                what = "was skipped" if prior.status == StepStatus.SKIPPED else prior.status.value
                error = ErrorInfo(
                    code=ErrorCode.DEPENDENCY_FAILED,
                    message=f"Skipped because step {dep!r} {what}.",
                    step_id=sid,
                    details={"dependency": dep},
                )
                self.finalize(self.skipped(sid, error))
                return
        if any(
            self.results[d].status == StepStatus.SKIPPED
            for d in self.deps[sid]
            if d in self.results
        ):
            self.finalize(self.skipped(sid, None))
            return
        try:
            if step.when is not None and not evaluate(step.when, self.outputs):
                self.finalize(self.skipped(sid, None))
                return
            arguments = resolve(step.arguments, self.outputs)
        except AgentSystemError as exc:
            self.finalize(self.failed(sid, exc, StepStatus.FAILED))
            return
        self.arguments[sid] = arguments
        heapq.heappush(self.ready, (self.position[sid], sid))

    def pump(self) -> None:
        """Settle what became ready, then start steps while capacity allows."""
        while True:
            while self.settle_queue and self.halted_by is None:
                self.settle(self.settle_queue.popleft())
            if self.halted_by is not None or not self.ready:
                return
            if len(self.running) >= self.max_concurrency:
                return
            _, sid = heapq.heappop(self.ready)
            self.start(sid)

    def start(self, sid: str) -> None:
        step = self.steps[sid]
        self.started[sid] = _now()
        self.emit(StepStarted(step_id=sid, tool=step.tool, thread_id=self.thread_id))
        task = asyncio.create_task(self.call(step, self.arguments.pop(sid)), name=f"step:{sid}")
        self.running[task] = sid

    async def call(self, step: ExecutionStep, arguments: dict[str, Any]) -> StepResult:
        try:
            result = await self.execute(step, arguments)
        except AgentSystemError as exc:
            return self.failed(step.id, exc, StepStatus.FAILED)
        except Exception as exc:
            error = AgentSystemError(
                f"Step {step.id!r} ({step.tool!r}) raised {type(exc).__name__}: {exc}"
            )
            return self.failed(step.id, error, StepStatus.FAILED)
        update: dict[str, Any] = {"plan_version": self.plan.version}
        if result.step_id != step.id:
            update["step_id"] = step.id
        if result.started_at is None:
            update["started_at"] = self.started[step.id]
        return result.model_copy(update=update)

    # --- stopping ------------------------------------------------------------------------
    async def stop(self, code: ErrorCode, message: str) -> None:
        """Cancel running steps; their results say why."""
        tasks = list(self.running)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for task in sorted(tasks, key=lambda t: self.position[self.running[t]]):
            sid = self.running.pop(task)
            if not task.cancelled() and task.exception() is None:
                self.finalize(task.result(), cascade=False)
            else:
                exc = AgentSystemError(message)
                exc.code = code
                self.finalize(self.failed(sid, exc, StepStatus.CANCELLED), cascade=False)

    def close(self, stop_code: ErrorCode | None) -> None:
        """Give every step without a result a skipped result saying why it never ran."""
        for sid in self.steps:
            if sid in self.results:
                continue
            bad = [
                d
                for d in self.deps[sid]
                if d in self.results
                and (self.results[d].status in _BAD or self.results[d].error is not None)
            ]
            code: ErrorCode
            if stop_code == ErrorCode.DEADLINE_EXCEEDED:
                code, message = stop_code, "Not run: the plan's deadline passed."
            elif stop_code == ErrorCode.CANCELLED:
                code, message = stop_code, "Not run: the plan was cancelled."
            elif bad:
                code, message = (
                    ErrorCode.DEPENDENCY_FAILED,
                    f"Skipped because step {bad[0]!r} failed.",
                )
            elif self.halted_by is not None:
                code = ErrorCode.CANCELLED
                message = f"Not run: step {self.halted_by!r} failed and its policy stops the plan."
            else:
                code = ErrorCode.INVALID_PLAN
                message = "Not run: its dependencies form a cycle."
            error = ErrorInfo(code=code, message=message, step_id=sid)
            self.finalize(self.skipped(sid, error), cascade=False)


async def run_plan(
    plan: ExecutionPlan,
    execute: StepRunner,
    *,
    completed: Mapping[str, StepResult] | None = None,
    max_concurrency: int = 8,
    deadline_s: float | None = None,
    cancel: asyncio.Event | None = None,
    on_event: EventCallback | None = None,
    thread_id: str | None = None,
    incoming: asyncio.Queue[ExecutionStep | None] | None = None,
) -> ScheduleOutcome:
    """Run every step of `plan` as soon as its dependencies allow.

    Args:
        plan: The plan (validated by `validate_plan`).
        execute: Runs one step with resolved arguments; should return a failed `StepResult`
            rather than raise (anything it raises fails that step).
        completed: Results from before (resume or replan). Succeeded ones are kept, not re-run,
            and feed references; any other status is run again.
        max_concurrency: At most this many steps run at once.
        deadline_s: Seconds from now; when they pass, running steps are cancelled and the rest
            get DEADLINE_EXCEEDED.
        cancel: Setting it cancels running steps; the rest get CANCELLED.
        on_event: Receives StepStarted/StepFinished/StepFailed/StepSkipped events.
        thread_id: Copied into every event.
        incoming: Steps of a streamed plan, added to `plan` as they arrive (each may depend
            only on steps before it); None closes the stream. The run ends once the stream
            is closed and nothing runs.
    """
    run = _Run(plan, execute, completed or {}, max_concurrency, on_event, thread_id)
    loop = asyncio.get_running_loop()
    deadline_at = None if deadline_s is None else loop.time() + deadline_s
    waiter = asyncio.ensure_future(cancel.wait()) if cancel is not None else None
    stop_code: ErrorCode | None = None
    arrival: asyncio.Future[ExecutionStep | None] | None = None
    streaming = incoming is not None
    try:
        while True:
            while incoming is not None and streaming and not incoming.empty():
                item = incoming.get_nowait()
                if item is None:
                    streaming = False
                else:
                    run.add(item)
            if cancel is not None and cancel.is_set():
                stop_code = ErrorCode.CANCELLED
            elif deadline_at is not None and loop.time() >= deadline_at:
                stop_code = ErrorCode.DEADLINE_EXCEEDED
            if stop_code is not None:
                break
            run.pump()
            if not run.running and not streaming:
                break
            timeout = None if deadline_at is None else max(0.0, deadline_at - loop.time())
            pending: set[asyncio.Future[Any]] = set(run.running)
            if waiter is not None:
                pending.add(waiter)
            if streaming and incoming is not None:
                if arrival is None:
                    arrival = asyncio.ensure_future(incoming.get())
                pending.add(arrival)
            done, _ = await asyncio.wait(
                pending, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if arrival is not None and arrival in done:
                item = arrival.result()
                arrival = None
                if item is None:
                    streaming = False
                else:
                    run.add(item)
            finished = [t for t in run.running if t in done]
            for task in sorted(finished, key=lambda t: run.position[run.running[t]]):
                run.running.pop(task)
                run.finalize(task.result())
        if stop_code is not None:
            message = (
                "The plan's deadline passed while the step was running."
                if stop_code == ErrorCode.DEADLINE_EXCEEDED
                else "The plan was cancelled while the step was running."
            )
            await run.stop(stop_code, message)
        run.close(stop_code)
    finally:
        if waiter is not None:
            waiter.cancel()
        if arrival is not None:
            arrival.cancel()
        for task in run.running:
            task.cancel()
    return ScheduleOutcome(
        results={sid: run.results[sid] for sid in run.steps},
        needs_replan=run.needs_replan,
        halted=run.halted_by is not None,
        cancelled=stop_code == ErrorCode.CANCELLED,
        deadline_hit=stop_code == ErrorCode.DEADLINE_EXCEEDED,
    )

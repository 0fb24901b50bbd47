"""The `plan` node: the planner's plan for the request, handed to the gate."""

from __future__ import annotations

import asyncio
import contextvars
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command

from agent_system import events as ev
from agent_system.errors import (
    AgentSystemError,
    BudgetExceededError,
    ErrorCode,
    ErrorInfo,
    LLMError,
    Severity,
)
from agent_system.graph._dispatch import StreamDispatch
from agent_system.graph._gate import PlanGate
from agent_system.graph._state import AgentState
from agent_system.graph._steps import RunSteps
from agent_system.graph._view import StateView, emit, thread_id
from agent_system.planning._base import InvalidStep, StepCallback, StreamingPlanner
from agent_system.planning.models import ExecutionPlan, ExecutionStep
from agent_system.roles import SPEAKER_AREA

if TYPE_CHECKING:
    from agent_system.graph._speculate import Speculations
    from agent_system.planning._base import Planner
    from agent_system.registry._registry import ToolRegistry
    from agent_system.registry.spec import ToolSpec
    from agent_system.runtime import Runtime

__all__ = ["Plan", "degraded"]

log = logging.getLogger(__name__)


@dataclass
class Plan:
    """The planner's plan over the selected tools; the fallback when the LLM fails.

    A planner that streams (`StreamingPlanner`) has each step checked and started while it is
    still writing the next (`_streamed`); a preview collects the same stream and runs nothing.
    A plan speculated while the router decided (`graph/_speculate.py`) is taken whole instead.
    """

    runtime: Runtime
    registry: ToolRegistry
    planner: Planner
    fallback: Planner
    gate: PlanGate
    steps: RunSteps
    speculations: Speculations | None = None

    async def __call__(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        view = StateView(state)
        tools = [s for name in state.get("selected_tools", []) if (s := self.registry.get(name))]
        errors: list[ErrorInfo] = []
        if state.get("area"):
            SPEAKER_AREA.set(state.get("area"))
        try:
            plan = None
            held = self._speculation(view, tools, config)
            if held is not None:
                task, buffer = held
                if buffer is not None and buffer.streamed:  # its steps start as they close

                    async def follow(on_step: StepCallback) -> ExecutionPlan:
                        buffer.follow(on_step)
                        taken = await _taken(task)
                        if taken is None:
                            raise LLMError("The plan started while routing was dropped.")
                        plan: ExecutionPlan = taken[1]
                        return plan

                    return await self._streamed(view, tools, config, follow)
                taken = await _taken(task)
                if taken is not None and taken[0] == [s.name for s in tools]:
                    plan = taken[1]
            if plan is None:
                streams = isinstance(self.planner, StreamingPlanner)
                if self.runtime.settings.stream_plans and streams:
                    return await self._streamed(view, tools, config)
                plan = await self.planner.plan(view.request, tools, view.history)
        except (LLMError, BudgetExceededError) as exc:
            log.warning("LLM planner failed (%s); using the embedded planner", exc.message)
            errors.append(degraded(exc))
            plan = await self.fallback.plan(view.request, tools, view.history)
        goto = self.gate.accept(view, plan, thread_id(config), errors)
        return Command(goto=goto, update=view.update())

    def _speculation(self, view: StateView, tools: list[ToolSpec], config: RunnableConfig) -> Any:
        """The planning started while the router decided, over the same tools (the task and
        the buffer its steps stream into), if there is one; one over other tools is dropped."""
        held = None
        if self.speculations is not None:
            held = self.speculations.take((thread_id(config), view.started_at))
        if held is None:
            return None
        task, buffer = held
        if buffer is not None and buffer.streamed and buffer.names != [s.name for s in tools]:
            task.cancel()
            return None
        return held

    async def _streamed(
        self,
        view: StateView,
        tools: list[ToolSpec],
        config: RunnableConfig,
        source: Callable[[StepCallback], Awaitable[ExecutionPlan]] | None = None,
    ) -> Command[str]:
        """Each step checked and started as it closes in the planner's stream (`source`: a
        stream already under way, followed instead of asking the planner)."""
        thread = thread_id(config)
        settings = self.runtime.settings
        # Known before the first step starts, and the same when this node runs again after a
        # crash, so the step journal (keyed by plan id) finds the steps that had finished.
        plan_id = uuid.uuid5(uuid.NAMESPACE_URL, f"{thread}/{view.state.get('started_at')}/plan")
        dispatch = StreamDispatch(self.registry)
        # The steps run in this node's context (its stream writer, its run config) whichever
        # task the stream calls `on_step` from (a plan speculated before the graph ran, too).
        context = contextvars.copy_context()
        queue: asyncio.Queue[ExecutionStep | None] = asyncio.Queue()
        running: asyncio.Task[None] | None = None
        unreadable: list[ErrorInfo] = []

        def on_step(item: ExecutionStep | InvalidStep) -> None:
            nonlocal running
            if view.preview:  # collected, never run
                if isinstance(item, InvalidStep):
                    unreadable.append(
                        ErrorInfo(
                            code=ErrorCode.INVALID_PLAN, message=item.problem, step_id=item.id
                        )
                    )
                return
            step = dispatch.take(item)
            if step is None:
                return
            if running is None:
                view.set_plan(
                    ExecutionPlan(
                        id=plan_id,
                        request=view.request,
                        planner=self.planner.name,
                        timeout_s=settings.plan_timeout_s,
                    )
                )
                running = asyncio.create_task(self.steps(view, config, queue), context=context)
            queue.put_nowait(step)

        errors: list[ErrorInfo] = []
        if source is None:
            stream = cast(StreamingPlanner, self.planner)

            async def source(on_step: StepCallback) -> ExecutionPlan:
                return await stream.stream_plan(view.request, tools, view.history, on_step)

        try:
            try:
                plan = await source(on_step)
            except (LLMError, BudgetExceededError) as exc:
                log.warning("LLM planner failed (%s); using the embedded planner", exc.message)
                errors.append(degraded(exc))
                if running is None:  # nothing started: the embedded planner takes over
                    plan = await self.fallback.plan(view.request, tools, view.history)
                    dispatch = StreamDispatch(self.registry)
                else:  # what started runs to its end; the answer says what was not planned
                    plan = ExecutionPlan(request=view.request, planner=self.planner.name)
        except BaseException:
            if running is not None:
                running.cancel()
            raise
        finally:
            queue.put_nowait(None)
        if running is not None:
            await running
        if not dispatch.seen:  # handed over whole (the embedded planner covered it)
            goto = self.gate.accept(view, plan, thread, [*errors, *unreadable])
            return Command(goto=goto, update=view.update())
        return self._after_stream(view, plan, plan_id, dispatch, errors, thread)

    def _after_stream(
        self,
        view: StateView,
        plan: ExecutionPlan,
        plan_id: uuid.UUID,
        dispatch: StreamDispatch,
        errors: list[ErrorInfo],
        thread: str | None,
    ) -> Command[str]:
        """The whole plan once the stream has ended, and the node that takes it from here."""
        final = plan.model_copy(update={"id": plan_id, "steps": dispatch.order})
        emit(ev.PlanCreated(plan=final, thread_id=thread))
        view.set_plan(final)
        results = view.results
        results.update(dispatch.dropped)
        results.update(dispatch.set_aside)
        view.set_results(results)
        view.set_errors(errors)
        needs_replan = [*view.get("needs_replan", []), *dispatch.dropped]
        pending = [s for s in dispatch.kept if s.id not in results]
        view.set(needs_replan=needs_replan, abandoned=bool(view.get("abandoned", False)))
        replans_left = view.get("replans", 0) < self.runtime.settings.max_replans
        if needs_replan and replans_left:
            goto = "replan"
        elif view.get("abandoned"):
            goto = "synthesize"
        elif pending:
            goto = "approve" if dispatch.held else "execute"
        else:
            goto = "synthesize"
        return Command(goto=goto, update=view.update())


async def _taken(task: asyncio.Task[Any]) -> Any:
    """A speculative task's (tool names, plan), or None when it was cancelled."""
    try:
        return await task
    except asyncio.CancelledError:
        current = asyncio.current_task()
        if not task.cancelled() or (current is not None and current.cancelling()):
            raise  # this node itself is being cancelled (the cancel reached the task through it)
    return None


def degraded(exc: AgentSystemError) -> ErrorInfo:
    """An LLM failure the run survived by falling back to the embedded engine.

    A spent budget stays an error (the run ends partial and says why); a transport or output
    failure of the LLM is a warning, since the embedded engine took over.
    """
    severity = Severity.ERROR if isinstance(exc, BudgetExceededError) else Severity.WARNING
    return exc.to_info().model_copy(update={"severity": severity})

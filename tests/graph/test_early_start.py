"""A new turn's planning call (and the LLM router's, when it is asked) goes out before the graph
saves the turn's start; no step runs before it is saved (issue 18: the LLM path as shipped)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from agent_system.api import AgentSystem
from agent_system.planning.models import ExecutionPlan, ExecutionStep
from agent_system.registry.spec import ToolSpec
from agent_system.routing import EmbeddedRouter, HybridRouter
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget, Turn
from agent_system.testing import make_runtime, make_settings
from tests.routing.fakes import ScriptedClassifier

from .conftest import Calls, FakeRouter, make_tools

pytestmark = pytest.mark.anyio


class OrderedCalls(Calls):
    def __init__(self, order: list[str]) -> None:
        super().__init__()
        self.order = order

    def hit(self, name: str) -> None:
        self.order.append(f"tool {name}")
        super().hit(name)


class NotingSaver(InMemorySaver):
    """Notes each checkpoint put."""

    def __init__(self, order: list[str]) -> None:
        super().__init__()
        self.order = order

    async def aput(self, *args: Any, **kwargs: Any) -> Any:
        self.order.append("saved")
        return await super().aput(*args, **kwargs)


@dataclass
class NotingPlanner:
    """Notes when it is called; plans one echo step (or waits for ever when `stuck`)."""

    order: list[str]
    stuck: bool = False
    calls: int = 0
    cancelled: bool = False
    name: str = "noting"

    async def plan(
        self, request: str, tools: list[ToolSpec], history: list[Turn] | None = None
    ) -> ExecutionPlan:
        self.calls += 1
        self.order.append("plan")
        if self.stuck:
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                self.cancelled = True
                raise
        step = ExecutionStep(id="s1", tool="test.echo", arguments={"text": "planned"})
        return ExecutionPlan(request=request, steps=[step], planner=self.name)


@dataclass
class NotingLLMRouter:
    """An LLM router that notes its call and sends the request to planning."""

    order: list[str]
    calls: list[str] = field(default_factory=list)

    async def route(self, request: RouteRequest) -> RouteDecision:
        self.order.append("route")
        self.calls.append(request.text)
        await asyncio.sleep(0.01)
        return RouteDecision(target=RouteTarget.META_PLANNING, confidence=0.9, router="llm")


def build(
    tmp_path: Path, router: Any, planner: NotingPlanner, saver: InMemorySaver, calls: Calls
) -> AgentSystem:
    runtime = make_runtime(make_settings(tmp_path / "home"))
    runtime.store = InMemoryStore()
    return AgentSystem(
        runtime.settings,
        registry=make_tools(calls),
        router=router,
        planner=planner,
        models={},
        checkpointer=saver,
        store=runtime.store,
        runtime=runtime,
        roles={},
    )


async def test_a_request_sent_to_planning_is_planned_before_its_turn_is_saved(
    tmp_path: Path,
) -> None:
    order: list[str] = []
    planner = NotingPlanner(order)
    calls = OrderedCalls(order)
    built = build(tmp_path, FakeRouter(), planner, NotingSaver(order), calls)
    async with built:
        result = await built.arun("look something up for me", thread_id="t")
        assert len(built.engine.speculations) == 0  # the plan node took it
    assert result.status == "success", result.errors
    assert result.reply == "echo: planned"
    assert planner.calls == 1  # planned once, early; the plan node did not plan again
    assert order[0] == "plan"
    assert order.index("saved") < order.index("tool echo")  # nothing ran before the save


async def test_the_llm_router_and_the_planner_are_both_asked_before_the_turn_is_saved(
    tmp_path: Path,
) -> None:
    order: list[str] = []
    planner = NotingPlanner(order)
    llm = NotingLLMRouter(order)
    embedded = EmbeddedRouter(ScriptedClassifier("timer", 0.8))  # in the unsure band
    router = HybridRouter(embedded, llm)  # type: ignore[arg-type]
    built = build(tmp_path, router, planner, NotingSaver(order), OrderedCalls(order))
    async with built:
        result = await built.arun("maybe look something up", thread_id="t")
    assert result.status == "success", result.errors
    assert result.route is not None and result.route.router == "llm"
    assert (llm.calls, planner.calls) == (["maybe look something up"], 1)
    assert order[:2] == ["route", "plan"]
    assert order.index("saved") < order.index("tool echo")


async def test_a_turn_that_fails_before_planning_drops_the_plan_started_early(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agent_system.graph._route import SelectTools

    async def broken(self: SelectTools, state: Any) -> Any:
        raise RuntimeError("tool selection broke")

    monkeypatch.setattr(SelectTools, "__call__", broken)
    order: list[str] = []
    planner = NotingPlanner(order, stuck=True)
    calls = OrderedCalls(order)
    built = build(tmp_path, FakeRouter(), planner, NotingSaver(order), calls)
    async with built:
        with pytest.raises(RuntimeError, match="tool selection broke"):
            await built.arun("look something up for me", thread_id="t")
        await asyncio.sleep(0)  # the cancelled planning call ends
        assert len(built.engine.speculations) == 0
    assert planner.calls == 1 and planner.cancelled
    assert calls.counts == {}

"""Planning starts while the LLM router decides (issue 18.3): no serial route call."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
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

from .conftest import Calls, EchoRole, make_tools

pytestmark = pytest.mark.anyio


@dataclass
class WaitingPlanner:
    """Counts calls; signals when planning starts."""

    started: asyncio.Event = field(default_factory=asyncio.Event)
    calls: int = 0
    name: str = "waiting"

    async def plan(
        self, request: str, tools: list[ToolSpec], history: list[Turn] | None = None
    ) -> ExecutionPlan:
        self.calls += 1
        self.started.set()
        step = ExecutionStep(id="s1", tool="test.echo", arguments={"text": "planned"})
        return ExecutionPlan(request=request, steps=[step], planner=self.name)


@dataclass
class SlowLLMRouter:
    """Answers only once planning has started (so the two must overlap), with `target`."""

    planner: WaitingPlanner
    target: RouteTarget

    async def route(self, request: RouteRequest) -> RouteDecision:
        await asyncio.wait_for(self.planner.started.wait(), timeout=30)
        role = "echo" if self.target == RouteTarget.FAST_REPLY else None
        return RouteDecision(target=self.target, role=role, confidence=0.9, router="llm")


def system(tmp_path: Path, target: RouteTarget) -> tuple[AgentSystem, WaitingPlanner, Calls]:
    planner = WaitingPlanner()
    embedded = EmbeddedRouter(ScriptedClassifier("timer", 0.8))  # in the unsure band
    router = HybridRouter(embedded, SlowLLMRouter(planner, target))  # type: ignore[arg-type]
    runtime = make_runtime(make_settings(tmp_path / "home"))
    runtime.store = InMemoryStore()
    calls = Calls()
    built = AgentSystem(
        runtime.settings,
        registry=make_tools(calls),
        router=router,
        planner=planner,
        models={},
        checkpointer=InMemorySaver(),
        store=runtime.store,
        runtime=runtime,
        roles={"echo": EchoRole()},
    )
    return built, planner, calls


async def test_the_plan_made_while_the_llm_routed_is_the_one_that_runs(tmp_path: Path) -> None:
    built, planner, calls = system(tmp_path, RouteTarget.META_PLANNING)
    async with built:
        result = await built.arun("echo something for me", thread_id="t")
    assert result.status == "success", result.errors
    assert result.route is not None and result.route.router == "llm"  # answered, not timed out
    assert result.reply == "echo: planned"
    assert planner.calls == 1  # the speculative plan was used, not planned again
    assert calls.counts == {"echo": 1}


async def test_a_fast_role_chosen_by_the_llm_drops_the_speculative_plan(tmp_path: Path) -> None:
    built, planner, calls = system(tmp_path, RouteTarget.FAST_REPLY)
    async with built:
        result = await built.arun("echo hello", thread_id="t")
        assert len(built.engine.speculations) == 0
    assert result.status == "success", result.errors
    assert result.route is not None and result.route.router == "llm"
    assert result.reply == "echo: hello"  # the role answered; the plan was never run
    assert (planner.calls, calls.counts) == (1, {"echo": 1})


@dataclass
class StreamingPlanner(WaitingPlanner):
    """Streams two steps; the second only once the route has been answered."""

    answered: asyncio.Event = field(default_factory=asyncio.Event)
    streams: int = 0
    handed_before_answer: int = 0

    async def stream_plan(
        self,
        request: str,
        tools: list[ToolSpec],
        history: list[Turn] | None,
        on_step: Callable[[Any], None],
    ) -> ExecutionPlan:
        self.streams += 1
        self.started.set()
        steps = [
            ExecutionStep(id="s1", tool="test.echo", arguments={"text": "first"}),
            ExecutionStep(id="s2", tool="test.echo", arguments={"text": "second"}),
        ]
        on_step(steps[0])  # closed before the router answers: held, not run
        self.handed_before_answer += 1
        await asyncio.wait_for(self.answered.wait(), timeout=30)
        on_step(steps[1])
        return ExecutionPlan(request=request, steps=steps, planner=self.name)


@dataclass
class AnsweringRouter:
    """Answers meta-planning once the first step has streamed; notes what had run by then."""

    planner: StreamingPlanner
    calls: Calls
    ran_before_answer: dict[str, int] = field(default_factory=dict)

    async def route(self, request: RouteRequest) -> RouteDecision:
        await asyncio.wait_for(self.planner.started.wait(), timeout=30)
        await asyncio.sleep(0.05)
        self.ran_before_answer = dict(self.calls.counts)
        self.planner.answered.set()
        return RouteDecision(target=RouteTarget.META_PLANNING, confidence=0.9, router="llm")


async def test_a_streamed_speculative_plan_runs_its_steps_once_the_route_is_known(
    tmp_path: Path,
) -> None:
    planner = StreamingPlanner()
    calls = Calls()
    llm = AnsweringRouter(planner, calls)
    router = HybridRouter(EmbeddedRouter(ScriptedClassifier("timer", 0.8)), llm)  # type: ignore[arg-type]
    runtime = make_runtime(make_settings(tmp_path / "home"))
    runtime.store = InMemoryStore()
    built = AgentSystem(
        runtime.settings,
        registry=make_tools(calls),
        router=router,
        planner=planner,
        models={},
        checkpointer=InMemorySaver(),
        store=runtime.store,
        runtime=runtime,
        roles={"echo": EchoRole()},
    )
    async with built:
        result = await built.arun("echo twice for me", thread_id="t")
    assert result.status == "success", result.errors
    assert planner.handed_before_answer == 1 and llm.ran_before_answer == {}  # held, not run
    assert (planner.streams, planner.calls) == (1, 0)  # that stream was followed, not redone
    assert calls.counts == {"echo": 2}
    assert "echo: first" in result.reply and "echo: second" in result.reply

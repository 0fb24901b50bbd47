"""Fakes for engine tests: a scripted router, a scripted planner, and counting tools."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from agent_system.api import AgentSystem
from agent_system.errors import ToolExecutionError
from agent_system.planning.models import ExecutionPlan, ReplanRequest
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolContext, ToolOutput, ToolSpec, spec_from_function
from agent_system.roles import Clarification, RoleCall
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget, Turn
from agent_system.runtime import Runtime
from agent_system.testing import make_runtime, make_settings


class FakeRouter:
    """Routes by keyword: 'echo' -> the echo role, anything else -> planning."""

    def decide(self, request: RouteRequest) -> RouteDecision:
        if request.text.startswith("echo"):
            return RouteDecision(
                target=RouteTarget.FAST_REPLY, role="echo", confidence=0.99, reason="keyword"
            )
        if request.text.startswith("ask"):
            return RouteDecision(
                target=RouteTarget.FAST_REPLY, role="echo", confidence=0.99, reason="keyword"
            )
        return RouteDecision(target=RouteTarget.META_PLANNING, confidence=0.9, reason="other")

    async def route(self, request: RouteRequest) -> RouteDecision:
        return self.decide(request)


@dataclass
class EchoRole:
    """A role whose single tool echoes the text; 'ask' asks a question back."""

    name: str = "echo"
    description: str = "echoes"
    examples: tuple[str, ...] = ("echo hello",)

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | Clarification:
        if text.startswith("ask"):
            return Clarification("What should I echo?")
        return RoleCall("test.echo", {"text": text.removeprefix("echo").strip()})


@dataclass
class ScriptedPlanner:
    """Returns the scripted plans in order."""

    plans: list[ExecutionPlan] = field(default_factory=list)
    name: str = "scripted"

    async def plan(
        self, request: str, tools: list[ToolSpec], history: list[Turn] | None = None
    ) -> ExecutionPlan:
        return self.plans.pop(0).model_copy(update={"request": request})


@dataclass
class ScriptedReplanner:
    """Returns the scripted revisions in order; records what it was asked."""

    revisions: list[ExecutionPlan | None] = field(default_factory=list)
    requests: list[ReplanRequest] = field(default_factory=list)
    name: str = "scripted"

    async def replan(self, request: ReplanRequest, tools: list[ToolSpec]) -> ExecutionPlan | None:
        self.requests.append(request)
        return self.revisions.pop(0) if self.revisions else None


@dataclass
class Calls:
    """Counts tool calls by name."""

    counts: dict[str, int] = field(default_factory=dict)

    def hit(self, name: str) -> None:
        self.counts[name] = self.counts.get(name, 0) + 1


def make_tools(calls: Calls) -> ToolRegistry:
    """Tools: echo, add, fail, slow, unlock (needs approval)."""

    async def echo(text: str) -> ToolOutput:
        """Echo text.

        Args:
            text: What to echo.
        """
        calls.hit("echo")
        return ToolOutput(data={"text": text}, display=f"echo: {text}")

    async def add(a: int, b: int) -> ToolOutput:
        """Add two numbers.

        Args:
            a: First.
            b: Second.
        """
        calls.hit("add")
        return ToolOutput(data={"sum": a + b}, display=f"{a} + {b} = {a + b}")

    async def fail(reason: str = "boom") -> str:
        """Always fails.

        Args:
            reason: Why.
        """
        calls.hit("fail")
        raise ToolExecutionError(f"failed on purpose: {reason}")

    async def slow(seconds: float) -> ToolOutput:
        """Sleep.

        Args:
            seconds: How long.
        """
        calls.hit("slow")
        await asyncio.sleep(seconds)
        return ToolOutput(data={"slept": seconds}, display=f"slept {seconds}")

    async def unlock(ctx: ToolContext, door: str) -> ToolOutput:
        """Unlock a door.

        Args:
            door: Which door.
        """
        calls.hit("unlock")
        return ToolOutput(data={"door": door}, display=f"{door} unlocked")

    registry = ToolRegistry()
    tools: tuple[tuple[Callable[..., Any], dict[str, Any]], ...] = (
        (echo, {}),
        (add, {}),
        (fail, {}),
        (slow, {}),
        (unlock, {"requires_approval": True, "side_effects": "reversible"}),
    )
    for func, extra in tools:
        registry.add(spec_from_function(func, name=f"test.{func.__name__}", **extra))
    return registry


@dataclass
class Harness:
    """An AgentSystem on fakes plus the handles tests inspect."""

    system: AgentSystem
    calls: Calls
    planner: ScriptedPlanner
    replanner: ScriptedReplanner


@pytest.fixture
def harness_factory(tmp_path: Path) -> Callable[..., Harness]:
    """Build an `AgentSystem` with fakes; `plans` and `revisions` script the planners."""

    def build(
        plans: list[ExecutionPlan] | None = None,
        revisions: list[ExecutionPlan | None] | None = None,
        router: Any = None,
        **settings: Any,
    ) -> Harness:
        calls = Calls()
        planner = ScriptedPlanner(list(plans or []))
        replanner = ScriptedReplanner(list(revisions or []))
        store = InMemoryStore()
        runtime = make_runtime(make_settings(tmp_path / "home", **settings))
        runtime.store = store
        system = AgentSystem(
            runtime.settings,
            registry=make_tools(calls),
            router=router or FakeRouter(),
            planner=planner,
            replanner=replanner,
            models={},
            checkpointer=InMemorySaver(),
            store=store,
            runtime=runtime,
            roles={"echo": EchoRole()},
        )
        return Harness(system, calls, planner, replanner)

    return build


@pytest.fixture
async def harness(harness_factory: Callable[..., Harness]) -> AsyncIterator[Harness]:
    """A harness with no scripted plans."""
    h = harness_factory()
    yield h
    await h.system.aclose()

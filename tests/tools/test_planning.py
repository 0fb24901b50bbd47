"""planning.create_execution_plan and planning.replan over a tiny fake planner and replanner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from agent_system.errors import ErrorCode, PlanError, ToolExecutionError
from agent_system.planning._base import Planner, Replanner
from agent_system.planning.models import (
    ExecutionPlan,
    ExecutionStep,
    FailurePolicy,
    ReplanRequest,
    StepStatus,
)
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolContext, ToolSpec, spec_from_function
from agent_system.routing.models import Turn
from agent_system.runtime import Runtime
from tests.tools.fakes import run_tool as call
from tests.tools.fakes import spec_of
from tools import planning
from tools.planning import PLANNER_KEY, REGISTRY_KEY, REPLANNER_KEY

pytestmark = pytest.mark.anyio
Ctx = Callable[..., ToolContext]


def current_weather(city: str) -> str:
    """Get the current weather in a city.

    Args:
        city: The city name.
    """
    return city


def set_timer(minutes: int) -> str:
    """Set a countdown timer.

    Args:
        minutes: How long.
    """
    return str(minutes)


def web_search(query: str) -> str:
    """Search the web.

    Args:
        query: What to look for.
    """
    return query


class KeywordPlanner:
    """One step per tool whose domain word occurs in the request, in request order; the first
    step feeds the later ones."""

    name = "keyword"

    def __init__(self) -> None:
        self.seen: list[tuple[str, list[str]]] = []

    async def plan(
        self, request: str, tools: list[ToolSpec], history: list[Turn] | None = None
    ) -> ExecutionPlan:
        self.seen.append((request, [t.name for t in tools]))
        steps: list[ExecutionStep] = []
        for spec in sorted(tools, key=lambda t: request.find(t.domain)):
            if spec.domain in request:
                args: dict[str, Any] = dict.fromkeys(spec.parameters["properties"], "x")
                if steps:
                    args = {k: {"$ref": steps[0].id, "path": ""} for k in args}
                steps.append(ExecutionStep(id=f"s{len(steps) + 1}", tool=spec.name, arguments=args))
        if not steps:
            raise PlanError(f"nothing in {request!r} matches a tool")
        return ExecutionPlan(request=request, steps=steps, planner=self.name)


class SwapReplanner:
    """Replaces the failed step by a web search; gives up when the reason says so."""

    name = "swap"

    def __init__(self) -> None:
        self.requests: list[ReplanRequest] = []

    async def replan(self, request: ReplanRequest, tools: list[ToolSpec]) -> ExecutionPlan | None:
        self.requests.append(request)
        if "hopeless" in request.reason:
            return None
        failed = request.failed[0].step_id
        steps = [
            s if s.id != failed else ExecutionStep(id=f"{failed}b", tool="web.search")
            for s in request.plan.steps
        ]
        return request.plan.model_copy(update={"version": request.plan.version + 1, "steps": steps})


@pytest.fixture
def installed(runtime: Runtime) -> tuple[KeywordPlanner, SwapReplanner]:
    registry = ToolRegistry(
        [
            spec_from_function(current_weather, name="weather.current"),
            spec_from_function(set_timer, name="timer.set"),
            spec_from_function(web_search, name="web.search"),
            spec_of(planning.create_execution_plan),
            spec_of(planning.replan),
        ]
    )
    planner, replanner = KeywordPlanner(), SwapReplanner()
    assert isinstance(planner, Planner) and isinstance(replanner, Replanner)
    runtime.provide(PLANNER_KEY, planner)
    runtime.provide(REPLANNER_KEY, replanner)
    runtime.provide(REGISTRY_KEY, registry)
    return planner, replanner


async def test_the_plan_tool_returns_the_planners_typed_plan_as_json(
    context: Ctx, installed: tuple[KeywordPlanner, SwapReplanner]
) -> None:
    planner, _ = installed
    out = await call(
        planning.create_execution_plan,
        context(),
        request="current weather in Oslo, then set a countdown timer",
    )

    plan = ExecutionPlan.model_validate(out.data)
    assert [s.tool for s in plan.steps] == ["weather.current", "timer.set"]
    assert out.data["steps"][1]["arguments"] == {"minutes": {"$ref": "s1", "path": ""}}
    assert out.display == "Plan v1 with 2 step(s): s1: weather.current; s2: timer.set."
    request, offered = planner.seen[0]
    assert request == "current weather in Oslo, then set a countdown timer"
    assert "planning.create_execution_plan" not in offered and "planning.replan" not in offered


async def test_a_planner_failure_becomes_a_clear_tool_error(
    context: Ctx, installed: tuple[KeywordPlanner, SwapReplanner]
) -> None:
    with pytest.raises(ToolExecutionError, match="planner 'keyword' failed: nothing in 'sing'"):
        await call(planning.create_execution_plan, context(), request="sing")


async def test_without_an_installed_planner_the_error_says_how_to_install_one(
    context: Ctx,
) -> None:
    with pytest.raises(ToolExecutionError, match=r"runtime.provide\('planning.planner'") as info:
        await call(planning.create_execution_plan, context(), request="weather")
    assert info.value.recoverable is False


def _plan() -> dict[str, Any]:
    plan = ExecutionPlan(
        request="current weather in Oslo, then set a countdown timer",
        steps=[
            ExecutionStep(id="s1", tool="timer.set", status=StepStatus.SUCCEEDED),
            ExecutionStep(id="s2", tool="weather.current", on_failure=FailurePolicy.REPLAN),
        ],
    )
    return plan.model_dump(mode="json", by_alias=True)


async def test_replan_hands_the_failure_to_the_replanner_and_returns_the_revision(
    context: Ctx, installed: tuple[KeywordPlanner, SwapReplanner]
) -> None:
    _, replanner = installed
    out = await call(
        planning.replan, context(), plan=_plan(), failed_step="s2", reason="geocoder down"
    )

    revised = ExecutionPlan.model_validate(out.data)
    assert revised.version == 2
    assert [s.id for s in revised.steps] == ["s1", "s2b"]
    request = replanner.requests[0]
    assert request.reason == "geocoder down"
    assert request.failed[0].step_id == "s2" and request.failed[0].tool == "weather.current"
    assert request.failed[0].error is not None
    assert request.failed[0].error.message == "geocoder down"
    assert list(request.completed) == ["s1"]


async def test_replan_of_an_unknown_step_lists_the_real_ones(
    context: Ctx, installed: tuple[KeywordPlanner, SwapReplanner]
) -> None:
    with pytest.raises(ToolExecutionError, match="no step 's9'; its steps are: s1, s2") as info:
        await call(planning.replan, context(), plan=_plan(), failed_step="s9", reason="x")
    assert info.value.code == ErrorCode.INVALID_ARGUMENTS


async def test_replan_of_something_that_is_not_a_plan_is_a_clear_error(
    context: Ctx, installed: tuple[KeywordPlanner, SwapReplanner]
) -> None:
    with pytest.raises(ToolExecutionError, match=r"not a valid execution plan: steps\.0\.tool"):
        await call(
            planning.replan, context(), plan={"steps": [{"id": "a"}]}, failed_step="a", reason="x"
        )


async def test_a_replanner_that_gives_up_is_reported(
    context: Ctx, installed: tuple[KeywordPlanner, SwapReplanner]
) -> None:
    with pytest.raises(ToolExecutionError, match="found no way around the failure of step 's2'"):
        await call(planning.replan, context(), plan=_plan(), failed_step="s2", reason="hopeless")

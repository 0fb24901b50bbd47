"""The embedded planner turns compound requests over the built-in roles into plans, offline."""

from __future__ import annotations

import pytest

from agent_system.planning._embedded import EmbeddedPlanner, EmbeddedReplanner, split_clauses
from agent_system.planning._validation import validate_plan
from agent_system.planning.models import (
    Comparison,
    ExecutionPlan,
    ExecutionStep,
    Not,
    Ref,
    ReplanRequest,
    StepResult,
    StepStatus,
)
from agent_system.registry._registry import ToolRegistry
from agent_system.roles import load_roles
from agent_system.routing._embedded import load_default_router
from agent_system.testing import make_runtime

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def registry() -> ToolRegistry:
    return ToolRegistry.builtin()


@pytest.fixture
def planner() -> EmbeddedPlanner:
    runtime = make_runtime()
    return EmbeddedPlanner(load_default_router(runtime.settings), load_roles(), runtime)


async def test_and_gives_independent_parallel_steps(
    planner: EmbeddedPlanner, registry: ToolRegistry
) -> None:
    plan = await planner.plan("check the weather in Paris and set a timer for 10 minutes", [])
    validate_plan(plan, registry)
    assert [(s.tool, s.depends_on) for s in plan.steps] == [
        ("weather.current", []),
        ("timer.set", []),
    ]
    assert plan.steps[0].arguments["place"] == "Paris"
    assert plan.steps[1].arguments["duration"] == "10 minutes"
    assert not plan.unsupported


async def test_then_makes_the_second_step_wait_for_the_first(planner: EmbeddedPlanner) -> None:
    plan = await planner.plan("set a timer for 5 minutes then turn off the bedroom light", [])
    assert [(s.tool, s.depends_on) for s in plan.steps] == [
        ("timer.set", []),
        ("smart_home.turn_off", ["s1"]),
    ]


async def test_if_sunny_puts_a_condition_on_the_weather_step_output(
    planner: EmbeddedPlanner, registry: ToolRegistry
) -> None:
    plan = await planner.plan(
        "what's the weather in Rome on saturday and add a picnic to my calendar if it's sunny", []
    )
    validate_plan(plan, registry)
    weather, calendar = plan.steps
    assert weather.tool == "weather.forecast"
    assert weather.arguments == {"place": "Rome", "day": "saturday"}
    assert calendar.tool == "calendar.create"
    assert calendar.arguments["title"] == "Picnic"
    assert calendar.depends_on == [weather.id]
    assert calendar.when == Comparison(
        op="eq", left=Ref(step=weather.id, path="/condition"), right="sunny"
    )


async def test_unless_and_temperatures_become_conditions(planner: EmbeddedPlanner) -> None:
    plan = await planner.plan(
        "check the weather in Oslo and turn on the kitchen lights unless it's above 20 degrees",
        [],
    )
    condition = plan.steps[1].when
    assert isinstance(condition, Not)
    assert condition.arg == Comparison(op="gt", left=Ref(step="s1", path="/temp_c"), right=20.0)


async def test_an_and_inside_a_name_or_list_stays_one_step(planner: EmbeddedPlanner) -> None:
    plan = await planner.plan("remind me to buy milk and eggs in 10 minutes", [])
    assert [s.tool for s in plan.steps] == ["timer.remind"]


async def test_a_shared_verb_gives_one_parallel_step_per_item(planner: EmbeddedPlanner) -> None:
    plan = await planner.plan("turn on the lights in the kitchen and living room", [])
    assert [(s.tool, s.arguments.get("area"), s.depends_on) for s in plan.steps] == [
        ("smart_home.turn_on", "Kitchen", []),
        ("smart_home.turn_on", "Living room", []),
    ]
    timers = await planner.plan("set timers for 5 and 10 minutes", [])
    assert [s.arguments["duration"] for s in timers.steps] == ["5 minutes", "10 minutes"]


async def test_what_it_cannot_plan_is_named_plainly_with_the_reason_kept_for_verbose(
    planner: EmbeddedPlanner,
) -> None:
    plan = await planner.plan("book me a flight to London and set a timer for 3 minutes", [])
    assert [s.tool for s in plan.steps] == ["timer.set"]
    assert len(plan.unsupported) == 1
    assert "book me a flight" in plan.unsupported[0]
    assert "offline" in plan.unsupported[0] and "LLM" not in plan.unsupported[0]
    assert "no built-in role handles 'book me a flight to London'" in plan.reasoning


def test_clauses_split_on_connectors_and_remember_then_and_if() -> None:
    clauses = split_clauses("do a, then do b and do c if it rains")
    assert [(c.text, c.joined_by, c.condition) for c in clauses] == [
        ("do a", "start", None),
        ("do b", "then", None),
        ("do c", "and", "it rains"),
    ]


async def test_the_embedded_replanner_drops_the_failed_branch_and_keeps_the_rest() -> None:
    plan = ExecutionPlan(
        steps=[
            ExecutionStep(id="a", tool="t.x"),
            ExecutionStep(id="b", tool="t.x"),
            ExecutionStep(id="c", tool="t.x", depends_on=["b"]),
            ExecutionStep(id="d", tool="t.x"),
        ]
    )
    done = StepResult(step_id="a", tool="t.x", status=StepStatus.SUCCEEDED)
    failed = StepResult(step_id="b", tool="t.x", status=StepStatus.FAILED)
    revised = await EmbeddedReplanner().replan(
        ReplanRequest(plan=plan, completed={"a": done}, failed=[failed], reason="boom"), []
    )
    assert revised is not None
    assert revised.version == 2
    assert [s.id for s in revised.steps] == ["a", "d"]
    assert "b" in revised.reasoning and "c" in revised.reasoning


async def test_the_embedded_replanner_gives_up_when_nothing_is_left() -> None:
    plan = ExecutionPlan(steps=[ExecutionStep(id="b", tool="t.x")])
    failed = StepResult(step_id="b", tool="t.x", status=StepStatus.FAILED)
    assert await EmbeddedReplanner().replan(ReplanRequest(plan=plan, failed=[failed]), []) is None


@pytest.mark.parametrize(("said", "value"), [("stormy", "storm"), ("clear", "sunny")])
async def test_condition_words_compare_to_values_the_weather_backend_reports(
    planner: EmbeddedPlanner, said: str, value: str
) -> None:
    plan = await planner.plan(
        f"check the weather in Oslo and close the garage door if it's {said}", []
    )
    assert plan.steps[1].when == Comparison(
        op="eq", left=Ref(step="s1", path="/condition"), right=value
    )


def test_every_condition_word_names_a_condition_the_backend_can_report() -> None:
    from roles.weather._codes import _WMO, CONDITIONS, WEATHER_CONDITIONS

    assert set(WEATHER_CONDITIONS.words.values()) <= set(CONDITIONS)
    assert {condition for condition, _ in _WMO.values()} == set(CONDITIONS)

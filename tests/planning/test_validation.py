from __future__ import annotations

from datetime import timedelta
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent_system.errors import ErrorCode, ErrorInfo, PlanValidationError
from agent_system.planning._validation import (
    check_plan,
    find_cycles,
    similar_names,
    topological_order,
    validate_plan,
)
from agent_system.planning.models import MAX_STEPS, ExecutionPlan, ExecutionStep
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolSpec, spec_from_function


def weather_now(city: str, units: Literal["c", "f"] = "c") -> dict[str, Any]:
    """Current weather in a city.

    Args:
        city: City name.
        units: Temperature units.
    """
    return {"city": city, "temp": 20}


def timer_set(minutes: int, label: str = "") -> str:
    """Start a timer.

    Args:
        minutes: How long.
        label: What for.
    """
    return f"{minutes} min {label}"


def notify(message: str) -> str:
    """Send a notification.

    Args:
        message: The text.
    """
    return message


def raw_spec() -> ToolSpec:
    return ToolSpec(
        name="raw.echo",
        description="Echo (JSON schema only).",
        parameters={
            "type": "object",
            "properties": {"text": {"type": "string"}, "times": {"type": "integer"}},
            "required": ["text"],
            "additionalProperties": False,
        },
        func=lambda text, times=1: text * times,
    )


@pytest.fixture
def registry() -> ToolRegistry:
    return ToolRegistry(
        [
            spec_from_function(weather_now, name="weather.now"),
            spec_from_function(timer_set, name="timer.set"),
            spec_from_function(notify, name="notification.send"),
            raw_spec(),
        ]
    )


def make_plan(*steps: dict[str, Any], **fields: Any) -> ExecutionPlan:
    return ExecutionPlan(steps=[ExecutionStep.model_validate(s) for s in steps], **fields)


def codes(problems: list[ErrorInfo]) -> set[tuple[ErrorCode, str | None]]:
    return {(p.code, p.step_id) for p in problems}


def test_a_sound_plan_with_references_has_no_problems(registry: ToolRegistry) -> None:
    plan = make_plan(
        {"id": "w", "tool": "weather.now", "arguments": {"city": "Paris"}},
        {"id": "t", "tool": "timer.set", "arguments": {"minutes": 10}},
        {
            "id": "n",
            "tool": "notification.send",
            "depends_on": ["w", "t"],
            "arguments": {
                "message": {
                    "$template": "${c}: ${x}",
                    "values": {"c": {"$ref": "w", "path": "/city"}, "x": {"$ref": "t"}},
                }
            },
            "when": {"op": "gt", "left": {"$ref": "w", "path": "/temp"}, "right": 10},
        },
    )

    assert check_plan(plan, registry) == []


def test_a_field_holding_a_reference_is_not_reported_missing_or_mistyped(
    registry: ToolRegistry,
) -> None:
    plan = make_plan(
        {"id": "a", "tool": "weather.now", "arguments": {"city": "Oslo"}},
        {
            "id": "b",
            "tool": "timer.set",
            "depends_on": ["a"],
            "arguments": {"minutes": {"$ref": "a", "path": "/temp"}},
        },
        {
            "id": "c",
            "tool": "raw.echo",
            "depends_on": ["a"],
            "arguments": {"text": {"$ref": "a", "path": "/city"}},
        },
    )

    assert check_plan(plan, registry) == []


def test_every_problem_is_reported_at_once_with_its_step(registry: ToolRegistry) -> None:
    plan = make_plan(
        {"id": "a", "tool": "weather.nwo", "arguments": {"city": "Paris"}},
        {"id": "b", "tool": "timer.set", "arguments": {"minutes": "ten", "color": 1}},
        {"id": "b", "tool": "notification.send", "arguments": {"message": "hi"}},
        {
            "id": "c",
            "tool": "notification.send",
            "depends_on": ["ghost", "c"],
            "arguments": {"message": "x"},
        },
        {
            "id": "d",
            "tool": "notification.send",
            "depends_on": ["e"],
            "arguments": {"message": "x"},
        },
        {
            "id": "e",
            "tool": "notification.send",
            "depends_on": ["d"],
            "arguments": {"message": {"$ref": "a", "path": "/city"}},
        },
        {
            "id": "f",
            "tool": "raw.echo",
            "arguments": {"times": "2"},
            "when": {"op": "lt", "left": {"$ref": "a"}, "right": [1]},
        },
    )

    problems = check_plan(plan, registry)

    assert codes(problems) == {
        (ErrorCode.UNKNOWN_TOOL, "a"),
        (ErrorCode.INVALID_ARGUMENTS, "b"),
        (ErrorCode.INVALID_PLAN, "b"),  # duplicate id
        (ErrorCode.INVALID_PLAN, "c"),  # missing dependency and self-dependency
        (ErrorCode.INVALID_PLAN, "d"),  # cycle d -> e -> d
        (ErrorCode.INVALID_PLAN, "e"),  # reads 'a' without depending on it
        (ErrorCode.INVALID_ARGUMENTS, "f"),  # raw schema: text missing, times not an integer
        (ErrorCode.CONDITION_ERROR, "f"),
        (ErrorCode.INVALID_PLAN, "f"),  # condition reads 'a' without depending on it
    }
    messages = "\n".join(p.message for p in problems)
    assert "Did you mean 'weather.now'?" in messages
    assert "Steps depend on each other in a cycle: d -> e -> d." in messages
    assert "depends on itself" in messages
    assert "'ghost', which is not a step of this plan" in messages
    assert "add 'a' to its depends_on" in messages
    assert "minutes: Input should be a valid integer" in messages
    assert "color: Extra inputs are not permitted" in messages
    assert "'text' is a required property" in messages
    assert "times: '2' is not of type 'integer'" in messages


def test_a_reference_through_a_transitive_dependency_is_accepted(registry: ToolRegistry) -> None:
    plan = make_plan(
        {"id": "a", "tool": "weather.now", "arguments": {"city": "Rome"}},
        {"id": "b", "tool": "timer.set", "depends_on": ["a"], "arguments": {"minutes": 1}},
        {
            "id": "c",
            "tool": "notification.send",
            "depends_on": ["b"],
            "arguments": {"message": {"$ref": "a", "path": "/city"}},
        },
    )

    assert check_plan(plan, registry) == []


def test_template_placeholders_without_values_are_reported(registry: ToolRegistry) -> None:
    plan = make_plan(
        {
            "id": "a",
            "tool": "notification.send",
            "arguments": {"message": {"$template": "hi ${name}", "values": {}}},
        },
    )

    [problem] = check_plan(plan, registry)
    assert problem.code == ErrorCode.INVALID_ARGUMENTS
    assert "'name' with no entry in its 'values'" in problem.message


def test_a_deadline_before_created_at_plus_timeout_is_reported(registry: ToolRegistry) -> None:
    plan = make_plan({"id": "a", "tool": "timer.set", "arguments": {"minutes": 1}}, timeout_s=60)
    plan.deadline = plan.created_at + timedelta(seconds=30)

    [problem] = check_plan(plan, registry)
    assert problem.code == ErrorCode.INVALID_PLAN
    assert "lower timeout_s or move the deadline" in problem.message

    plan.deadline = plan.created_at + timedelta(seconds=60)
    assert check_plan(plan, registry) == []


def test_more_than_max_steps_is_reported(registry: ToolRegistry) -> None:
    step = ExecutionStep(id="s", tool="timer.set", arguments={"minutes": 1})
    steps = [step.model_copy(update={"id": f"s{i}"}) for i in range(MAX_STEPS + 1)]

    problems = check_plan(ExecutionPlan(steps=steps), registry)

    assert [p.message for p in problems] == [
        f"The plan has {MAX_STEPS + 1} steps; at most {MAX_STEPS} are allowed. Split the request."
    ]


def test_validate_plan_numbers_steps_in_stable_topological_order(registry: ToolRegistry) -> None:
    plan = make_plan(
        {"id": "late", "tool": "timer.set", "depends_on": ["first"], "arguments": {"minutes": 1}},
        {"id": "first", "tool": "timer.set", "arguments": {"minutes": 1}},
        {"id": "free", "tool": "timer.set", "arguments": {"minutes": 1}},
    )

    checked = validate_plan(plan, registry)

    assert [(s.id, s.number) for s in checked.steps] == [("late", 2), ("first", 1), ("free", 3)]
    assert [s.number for s in plan.steps] == [0, 0, 0]  # the input is not modified


def test_validate_plan_raises_with_every_problem(registry: ToolRegistry) -> None:
    plan = make_plan(
        {"id": "a", "tool": "nope", "arguments": {}},
        {"id": "b", "tool": "timer.set", "arguments": {}},
    )

    with pytest.raises(PlanValidationError) as info:
        validate_plan(plan, registry)

    assert codes(info.value.problems) == {
        (ErrorCode.UNKNOWN_TOOL, "a"),
        (ErrorCode.INVALID_ARGUMENTS, "b"),
    }
    assert "The plan is invalid (2 problems)" in str(info.value)


def test_similar_names_suggests_close_tool_names() -> None:
    names = ["timer.set", "timer.cancel", "weather.now", "weather.forecast"]

    assert similar_names("timer.sett", names)[0] == "timer.set"
    assert set(similar_names("weather.current", names)) == {"weather.now", "weather.forecast"}
    assert similar_names("calendar.add", names) == []


def test_find_cycles_names_one_cycle_per_component() -> None:
    edges = {"a": ["b"], "b": ["c"], "c": ["a"], "d": ["e"], "e": ["d"], "f": ["a"]}

    assert sorted(find_cycles(edges)) == [["a", "b", "c", "a"], ["d", "e", "d"]]


def test_find_cycles_handles_a_long_chain_without_recursion() -> None:
    edges = {f"s{i}": [f"s{i - 1}"] if i else [] for i in range(3000)}

    assert find_cycles(edges) == []


# --- properties --------------------------------------------------------------------------------


@st.composite
def dags(draw: st.DrawFn, min_size: int = 1) -> list[dict[str, Any]]:
    """Plans whose steps depend only on earlier steps; some arguments read a dependency."""
    n = draw(st.integers(min_value=min_size, max_value=12))
    steps: list[dict[str, Any]] = []
    for i in range(n):
        deps = (
            sorted(draw(st.sets(st.integers(min_value=0, max_value=i - 1), max_size=3)))
            if i
            else []
        )
        message: Any = f"step {i}"
        use_ref: bool = draw(st.booleans())
        if deps and use_ref:
            message = {"$ref": f"s{draw(st.sampled_from(deps))}", "path": ""}
        steps.append(
            {
                "id": f"s{i}",
                "tool": "notification.send",
                "depends_on": [f"s{d}" for d in deps],
                "arguments": {"message": message},
            }
        )
    return steps


def _registry() -> ToolRegistry:
    return ToolRegistry([spec_from_function(notify, name="notification.send")])


@settings(max_examples=60, deadline=None)
@given(dags())
def test_any_dag_with_edges_to_earlier_steps_is_accepted(steps: list[dict[str, Any]]) -> None:
    plan = make_plan(*steps)

    assert check_plan(plan, _registry()) == []
    order = [s.id for s in topological_order(plan.steps)]
    for step in plan.steps:
        assert all(order.index(d) < order.index(step.id) for d in step.depends_on)


@settings(max_examples=60, deadline=None)
@given(dags(min_size=2), st.data())
def test_a_back_edge_that_closes_a_cycle_is_rejected(
    steps: list[dict[str, Any]], data: st.DataObject
) -> None:
    j = data.draw(st.integers(min_value=1, max_value=len(steps) - 1))
    i = data.draw(st.integers(min_value=0, max_value=j - 1))
    if f"s{i}" not in steps[j]["depends_on"]:
        steps[j]["depends_on"].append(f"s{i}")
    steps[i]["depends_on"].append(f"s{j}")

    problems = check_plan(make_plan(*steps), _registry())

    cycles = [p for p in problems if "cycle" in p.details]
    assert cycles, problems
    assert any({f"s{i}", f"s{j}"} <= set(p.details["cycle"]) for p in cycles)


@settings(max_examples=60, deadline=None)
@given(dags(min_size=2), st.data())
def test_a_reference_to_a_later_step_is_rejected(
    steps: list[dict[str, Any]], data: st.DataObject
) -> None:
    j = data.draw(st.integers(min_value=1, max_value=len(steps) - 1))
    i = data.draw(st.integers(min_value=0, max_value=j - 1))
    steps[i]["arguments"] = {"message": {"$ref": f"s{j}", "path": ""}}

    problems = check_plan(make_plan(*steps), _registry())

    assert [(p.code, p.step_id, p.details.get("ref_step")) for p in problems] == [
        (ErrorCode.INVALID_PLAN, f"s{i}", f"s{j}")
    ]


def test_a_malformed_reference_in_arguments_is_reported(registry: ToolRegistry) -> None:
    plan = make_plan(
        {"id": "a", "tool": "timer.set", "arguments": {"minutes": 1}},
        {
            "id": "b",
            "tool": "notification.send",
            "depends_on": ["a"],
            "arguments": {"message": {"$ref": "a", "path": "no-slash"}},
        },
    )

    problems = check_plan(plan, registry)

    assert [(p.code, p.step_id) for p in problems] == [(ErrorCode.INVALID_ARGUMENTS, "b")]
    assert all("Malformed reference" in p.message for p in problems)

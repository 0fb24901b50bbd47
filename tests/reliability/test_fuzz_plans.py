"""Hypothesis fuzzing of plan JSON, references, templates, conditions and tool arguments.

The contract under test: hostile input never crashes the engine. Parsing raises only pydantic's
`ValidationError`, validation only `PlanValidationError`, reference resolution and conditions
only `AgentSystemError` subclasses, argument checks only `InvalidArgumentsError`; and the
scheduler gives every step of any validated plan exactly one result.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from agent_system.errors import AgentSystemError, InvalidArgumentsError, PlanValidationError
from agent_system.execution import run_plan
from agent_system.planning._conditions import evaluate
from agent_system.planning._refs import resolve
from agent_system.planning._validation import validate_plan
from agent_system.planning.models import ExecutionPlan, ExecutionStep, StepResult, StepStatus
from agent_system.registry._registry import ToolRegistry
from tests.graph.conftest import Calls, make_tools

from .conftest import LONG, add_faulty_tools

EXAMPLES = 400 if LONG else 80
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    derandomize=not LONG,
)
REGISTRY: ToolRegistry = add_faulty_tools(make_tools(Calls()), Calls())
IDS = ["a", "b", "c", "d", "s-1", "x.y", "", "../a", "a b", "$ref"]
TOOLS = [*REGISTRY.names(), "test.nope", "", "x" * 300, "test.echo\n"]
POINTERS = ["", "/", "/text", "/sum", "/a/0", "/~1", "/~0x", "text", "/" + "a/" * 50, "/0"]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
)
refs = st.fixed_dictionaries(
    {"$ref": st.sampled_from(IDS)}, optional={"path": st.sampled_from(POINTERS)}
)
json_values = st.recursive(
    st.one_of(scalars, refs),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=8), inner, max_size=4),
        st.fixed_dictionaries(
            {"$template": st.text(max_size=40)},
            optional={"values": st.dictionaries(st.text(max_size=4), inner, max_size=3)},
        ),
    ),
    max_leaves=12,
)
OPS = ["eq", "ne", "lt", "le", "gt", "ge", "contains", "in", "and", "or", "not", "exists", "xor"]
conditions = st.recursive(
    st.one_of(
        st.fixed_dictionaries(
            {"op": st.sampled_from(OPS[:8]), "left": json_values, "right": json_values}
        ),
        st.fixed_dictionaries({"op": st.just("exists"), "ref": refs}),
        st.dictionaries(st.sampled_from(["op", "left", "right", "args", "arg"]), json_values),
    ),
    lambda inner: st.one_of(
        st.fixed_dictionaries(
            {"op": st.sampled_from(["and", "or"]), "args": st.lists(inner, max_size=3)}
        ),
        st.fixed_dictionaries({"op": st.just("not"), "arg": inner}),
    ),
    max_leaves=6,
)
steps = st.fixed_dictionaries(
    {"id": st.sampled_from(IDS), "tool": st.sampled_from(TOOLS)},
    optional={
        "arguments": st.dictionaries(
            st.sampled_from(["text", "a", "b", "seconds", "reason", "x"]), json_values, max_size=3
        ),
        "depends_on": st.lists(st.sampled_from(IDS), max_size=3),
        "when": st.one_of(st.none(), conditions),
        "on_failure": st.sampled_from(["halt", "skip", "retry", "replan", "explode"]),
        "timeout_s": st.one_of(st.floats(), st.integers()),
        "retry": st.dictionaries(st.sampled_from(["max_attempts", "backoff_s"]), scalars),
        "requires_approval": st.one_of(st.booleans(), st.text(max_size=3)),
    },
)
plans = st.one_of(
    st.fixed_dictionaries(
        {"steps": st.lists(steps, max_size=6)},
        optional={"timeout_s": scalars, "version": scalars, "request": st.text(max_size=20)},
    ),
    json_values,
)
outputs = st.dictionaries(st.sampled_from(IDS), json_values, max_size=4)


@st.composite
def wellformed_plans(draw: st.DrawFn) -> dict[str, Any]:
    """Plans that mostly validate: unique ids, known tools, references to earlier steps only."""
    count = draw(st.integers(min_value=1, max_value=7))
    out: list[dict[str, Any]] = []
    for i in range(count):
        earlier = [f"s{j}" for j in range(i)]
        ref = (
            st.fixed_dictionaries(
                {"$ref": st.sampled_from(earlier), "path": st.sampled_from(POINTERS)}
            )
            if earlier
            else st.nothing()
        )
        text = st.one_of(
            st.text(max_size=10),
            ref,
            st.fixed_dictionaries(
                {"$template": st.just("v=${v}"), "values": st.fixed_dictionaries({"v": ref})}
            )
            if earlier
            else st.nothing(),
        )
        number = st.one_of(st.integers(-5, 5), ref)
        tool = draw(st.sampled_from(["test.echo", "test.add", "fault.number", "test.fail"]))
        depends_on: list[str] = (
            draw(st.lists(st.sampled_from(earlier), max_size=2, unique=True)) if earlier else []
        )
        arguments = {
            "test.echo": st.fixed_dictionaries({"text": text}),
            "test.add": st.fixed_dictionaries({"a": number, "b": number}),
            "fault.number": st.just({}),
            "test.fail": st.fixed_dictionaries({"reason": text}),
        }[tool]
        step: dict[str, Any] = {
            "id": f"s{i}",
            "tool": tool,
            "arguments": draw(arguments),
            "depends_on": depends_on,
            "on_failure": draw(st.sampled_from(["halt", "skip", "replan"])),
        }
        with_condition: bool = draw(st.booleans())
        if earlier and with_condition:
            step["when"] = draw(
                st.fixed_dictionaries(
                    {"op": st.sampled_from(OPS[:8]), "left": ref, "right": json_values}
                )
            )
        out.append(step)
    return {"steps": out}


def parse(raw: Any) -> ExecutionPlan | None:
    try:
        return ExecutionPlan.model_validate(raw)
    except ValidationError:
        return None


@pytest.mark.slow
@FUZZ
@given(raw=plans)
def test_any_plan_json_parses_or_fails_validation_with_documented_errors_only(raw: Any) -> None:
    plan = parse(raw)
    if plan is None:
        return
    try:
        checked = validate_plan(plan, REGISTRY)
    except PlanValidationError as exc:
        assert exc.problems and all(p.message for p in exc.problems)
        return
    assert [s.number for s in checked.steps] == list(range(1, len(checked.steps) + 1))


@FUZZ
@given(value=json_values, known=outputs)
def test_any_references_and_templates_resolve_or_raise_a_reference_error(
    value: Any, known: dict[str, Any]
) -> None:
    try:
        resolve(value, known)
    except AgentSystemError as exc:
        assert exc.message


@FUZZ
@given(raw=conditions, known=outputs)
def test_any_condition_parses_then_evaluates_to_a_bool_or_a_condition_error(
    raw: Any, known: dict[str, Any]
) -> None:
    try:
        step = ExecutionStep.model_validate({"id": "s", "tool": "test.echo", "when": raw})
    except ValidationError:
        return
    assert step.when is not None
    try:
        assert isinstance(evaluate(step.when, known), bool)
    except AgentSystemError as exc:
        assert exc.message


@FUZZ
@given(
    tool=st.sampled_from(REGISTRY.names()),
    arguments=st.dictionaries(st.text(max_size=8), json_values, max_size=4),
)
def test_any_tool_arguments_validate_or_raise_invalid_arguments(
    tool: str, arguments: dict[str, Any]
) -> None:
    spec = REGISTRY.get(tool)
    assert spec is not None
    try:
        spec.validate_arguments(arguments)
    except InvalidArgumentsError as exc:
        assert exc.problems


async def _run(plan: ExecutionPlan, results: dict[str, Any]) -> dict[str, StepResult]:
    async def runner(step: ExecutionStep, arguments: dict[str, Any]) -> StepResult:
        output = results.get(step.id)
        if isinstance(output, str) and output.startswith("!"):
            raise RuntimeError(output)
        return StepResult(
            step_id=step.id, tool=step.tool, status=StepStatus.SUCCEEDED, output=output
        )

    outcome = await run_plan(plan, runner, max_concurrency=3, deadline_s=5)
    return outcome.results


@FUZZ
@given(
    raw=st.one_of(wellformed_plans(), plans),
    results=st.dictionaries(
        st.sampled_from([*IDS, *(f"s{i}" for i in range(7))]),
        st.one_of(json_values, st.just("!boom")),
        max_size=7,
    ),
)
@pytest.mark.slow
def test_the_scheduler_gives_every_step_of_any_valid_plan_exactly_one_result(
    raw: Any, results: dict[str, Any]
) -> None:
    plan = parse(raw)
    if plan is None:
        return
    try:
        plan = validate_plan(plan, REGISTRY)
    except PlanValidationError:
        return
    got = asyncio.run(_run(plan, results))
    assert list(got) == [s.id for s in plan.steps]
    for result in got.values():
        assert result.status in (StepStatus.SUCCEEDED, StepStatus.FAILED, StepStatus.SKIPPED)
        if result.status == StepStatus.FAILED:
            assert result.error is not None and result.error.message


@pytest.mark.parametrize(
    "raw",
    [
        {"steps": [{"id": "a", "tool": "test.echo", "arguments": {"text": {"$ref": "a"}}}]},
        {"steps": [{"id": "a", "tool": "test.echo", "depends_on": ["a"]}]},
        {"steps": [{"id": "a", "tool": "test.echo"}, {"id": "a", "tool": "test.echo"}]},
        {
            "steps": [
                {"id": "a", "tool": "test.echo", "depends_on": ["b"]},
                {"id": "b", "tool": "test.echo", "depends_on": ["a"]},
            ]
        },
        {"steps": [{"id": "a", "tool": "test.echo", "arguments": {"text": {"$template": "${x"}}}]},
    ],
    ids=["self reference", "self dependency", "duplicate ids", "cycle", "broken template"],
)
def test_known_hostile_plans_are_refused_by_validation(raw: dict[str, Any]) -> None:
    plan = parse(raw)
    if plan is None:
        return
    with pytest.raises(PlanValidationError):
        validate_plan(plan, REGISTRY)

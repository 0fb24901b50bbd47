from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from agent_system.errors import ErrorCode
from agent_system.planning._conditions import (
    ConditionError,
    condition_problems,
    condition_refs,
    evaluate,
)
from agent_system.planning.models import Condition

ADAPTER: TypeAdapter[Condition] = TypeAdapter(Condition)
OUTPUTS: dict[str, Any] = {
    "weather": {"temp_c": 21.5, "sky": "Rain", "tags": ["Wet", "cold"], "wind": None},
    "devices": {"Lamp": {"on": True}},
}


def cond(data: dict[str, Any]) -> Condition:
    return ADAPTER.validate_python(data)


def temp() -> dict[str, Any]:
    return {"$ref": "weather", "path": "/temp_c"}


def sky() -> dict[str, Any]:
    return {"$ref": "weather", "path": "/sky"}


@pytest.mark.parametrize(
    ("op", "left", "right", "expected"),
    [
        ("gt", "temp", 20, True),
        ("ge", "temp", 21.5, True),
        ("lt", "temp", 21.5, False),
        ("le", "temp", 21, False),
        ("eq", "temp", 21.5, True),
        ("ne", "temp", 21.5, False),
        ("eq", "sky", "rain", True),
        ("ne", "sky", "RAIN", False),
        ("contains", "sky", "AI", True),
        ("in", "sky", ["snow", "rain"], True),
        ("in", "sky", "Drizzle and rain", True),
        ("lt", "sky", "Snow", True),
        ("eq", "temp", "21.5", False),
        ("eq", 1, True, False),
    ],
)
def test_comparisons_follow_the_documented_semantics(
    op: str, left: Any, right: Any, expected: bool
) -> None:
    operands = {"temp": temp(), "sky": sky()}
    condition = cond(
        {
            "op": op,
            "left": operands.get(left, left) if isinstance(left, str) else left,
            "right": right,
        }
    )

    assert evaluate(condition, OUTPUTS) is expected


def test_contains_looks_in_lists_case_insensitively_and_in_object_keys() -> None:
    tags = {"$ref": "weather", "path": "/tags"}
    devices = {"$ref": "devices"}

    assert evaluate(cond({"op": "contains", "left": tags, "right": "wet"}), OUTPUTS)
    assert not evaluate(cond({"op": "contains", "left": tags, "right": "dry"}), OUTPUTS)
    assert evaluate(cond({"op": "contains", "left": devices, "right": "lamp"}), OUTPUTS)


def test_and_or_not_combine_conditions() -> None:
    hot = {"op": "gt", "left": temp(), "right": 30}
    rainy = {"op": "eq", "left": sky(), "right": "rain"}

    assert evaluate(cond({"op": "or", "args": [hot, rainy]}), OUTPUTS)
    assert not evaluate(cond({"op": "and", "args": [hot, rainy]}), OUTPUTS)
    assert evaluate(cond({"op": "not", "arg": hot}), OUTPUTS)


def test_exists_is_false_for_null_missing_paths_and_missing_steps() -> None:
    assert evaluate(cond({"op": "exists", "ref": temp()}), OUTPUTS)
    assert not evaluate(
        cond({"op": "exists", "ref": {"$ref": "weather", "path": "/wind"}}), OUTPUTS
    )
    assert not evaluate(cond({"op": "exists", "ref": {"$ref": "weather", "path": "/x"}}), OUTPUTS)
    assert not evaluate(cond({"op": "exists", "ref": {"$ref": "nope"}}), OUTPUTS)


def test_ordering_a_string_against_a_number_is_a_readable_condition_error() -> None:
    with pytest.raises(ConditionError) as info:
        evaluate(cond({"op": "lt", "left": sky(), "right": 3}), OUTPUTS)

    assert info.value.code == ErrorCode.CONDITION_ERROR
    assert info.value.message == (
        "Cannot compare 'Rain' (string) with 3 (number) using 'lt'; "
        "ordering needs two numbers or two strings."
    )


def test_a_comparison_reading_a_missing_path_is_a_condition_error() -> None:
    with pytest.raises(ConditionError, match=r"'/humidity' does not exist .* 'weather'"):
        evaluate(
            cond({"op": "gt", "left": {"$ref": "weather", "path": "/humidity"}, "right": 50}),
            OUTPUTS,
        )


def test_contains_on_a_number_is_a_condition_error() -> None:
    with pytest.raises(ConditionError, match="needs a string, list or object"):
        evaluate(cond({"op": "contains", "left": temp(), "right": 2}), OUTPUTS)


def test_condition_refs_lists_every_reference_including_inside_lists() -> None:
    condition = cond(
        {
            "op": "and",
            "args": [
                {"op": "in", "left": sky(), "right": [{"$ref": "other", "path": "/a"}, "x"]},
                {"op": "not", "arg": {"op": "exists", "ref": {"$ref": "third"}}},
            ],
        }
    )

    assert [r.step for r in condition_refs(condition)] == ["weather", "other", "third"]


def test_condition_problems_flag_literals_no_output_can_make_valid() -> None:
    assert condition_problems(cond({"op": "lt", "left": temp(), "right": [1]})) == [
        "'lt' orders numbers or strings; the literal [1] is a list."
    ]
    assert condition_problems(cond({"op": "in", "left": sky(), "right": 5})) == [
        "'in' searches a string, list or object; 5 is a number."
    ]
    assert condition_problems(cond({"op": "gt", "left": "a", "right": 1})) != []
    assert condition_problems(cond({"op": "gt", "left": temp(), "right": 1})) == []

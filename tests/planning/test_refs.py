from __future__ import annotations

from typing import Any

import pytest

from agent_system.errors import ErrorCode
from agent_system.planning._refs import (
    ReferenceResolutionError,
    find_refs,
    ref_paths,
    resolve,
    resolve_pointer,
    template_problems,
)
from agent_system.planning.models import Ref

OUTPUTS: dict[str, Any] = {
    "weather": {"temp_c": 21.5, "city": "Paris", "days": [{"max": 23}, {"max": 19}]},
    "odd": {"a/b": 1, "m~n": 2, "": 3},
    "count": 4,
}


def test_find_refs_walks_dicts_lists_and_template_values_in_tree_order() -> None:
    args = {
        "text": {
            "$template": "${t} in ${c}",
            "values": {"t": {"$ref": "weather", "path": "/temp_c"}, "c": "Paris"},
        },
        "items": [1, {"nested": {"$ref": "count"}}],
        "direct": Ref.model_validate({"$ref": "odd", "path": "/a~1b"}),
    }

    refs = find_refs(args)

    assert [(r.step, r.path) for r in refs] == [
        ("weather", "/temp_c"),
        ("count", ""),
        ("odd", "/a~1b"),
    ]


def test_find_refs_rejects_a_malformed_reference_with_the_expected_shape() -> None:
    with pytest.raises(ReferenceResolutionError, match=r"Malformed reference.*\$ref"):
        find_refs({"x": {"$ref": "weather", "path": "temp_c"}})


def test_resolve_replaces_two_references_in_one_argument() -> None:
    args = {"pair": [{"$ref": "weather", "path": "/city"}, {"$ref": "count"}], "keep": "as is"}

    assert resolve(args, OUTPUTS) == {"pair": ["Paris", 4], "keep": "as is"}


def test_resolve_fills_a_template_with_resolved_values_as_text() -> None:
    node = {
        "$template": "It is ${t} C in ${c}; next: ${d}",
        "values": {
            "t": {"$ref": "weather", "path": "/temp_c"},
            "c": {"$ref": "weather", "path": "/city"},
            "d": {"$ref": "weather", "path": "/days/1"},
        },
    }

    assert resolve({"message": node}, OUTPUTS) == {
        "message": 'It is 21.5 C in Paris; next: {"max": 19}'
    }


def test_resolve_leaves_unknown_template_placeholders_untouched() -> None:
    assert resolve({"$template": "cost: $$5 ${x} ${y}", "values": {"x": 1}}, {}) == (
        "cost: $5 1 ${y}"
    )


def test_json_pointer_follows_rfc_6901_escapes_and_list_indexes() -> None:
    assert resolve_pointer(OUTPUTS["odd"], "/a~1b") == 1
    assert resolve_pointer(OUTPUTS["odd"], "/m~0n") == 2
    assert resolve_pointer(OUTPUTS["odd"], "/") == 3
    assert resolve_pointer(OUTPUTS["weather"], "/days/0/max") == 23
    assert resolve_pointer(OUTPUTS["weather"], "") is OUTPUTS["weather"]


@pytest.mark.parametrize(
    ("pointer", "why"),
    [
        ("/temp_f", "has no key 'temp_f'"),
        ("/days/2", "is a list of 2 items"),
        ("/days/01", "not an index"),
        ("/days/-", "not an index"),
        ("/city/x", "is a str"),
    ],
)
def test_a_missing_pointer_names_the_step_and_the_pointer(pointer: str, why: str) -> None:
    with pytest.raises(ReferenceResolutionError) as info:
        resolve({"$ref": "weather", "path": pointer}, OUTPUTS)

    assert info.value.code == ErrorCode.INVALID_ARGUMENTS
    assert f"{pointer!r}" in info.value.message
    assert "'weather'" in info.value.message
    assert why in info.value.message
    assert info.value.details == {"ref_step": "weather", "path": pointer}


def test_a_reference_to_a_step_without_output_is_a_dependency_failure() -> None:
    with pytest.raises(ReferenceResolutionError) as info:
        resolve({"a": {"$ref": "search", "path": "/hits"}}, OUTPUTS)

    assert info.value.code == ErrorCode.DEPENDENCY_FAILED
    assert "'search'" in info.value.message


def test_ref_paths_lists_the_outermost_positions_holding_references() -> None:
    args = {
        "a": {"$ref": "x"},
        "b": [0, {"$template": "${v}", "values": {"v": {"$ref": "y"}}}],
        "c": {"plain": 1},
    }

    assert ref_paths(args) == [("a",), ("b", 1)]


def test_template_problems_report_placeholders_without_values() -> None:
    args = {"t": {"$template": "${a} and ${b}", "values": {"a": 1}}}

    assert template_problems(args) == [
        "template '${a} and ${b}' uses 'b' with no entry in its 'values'"
    ]
    assert template_problems({"t": {"$template": "$a", "values": {"a": 1}}}) == []


def test_a_template_with_extra_keys_is_malformed() -> None:
    with pytest.raises(ReferenceResolutionError, match="Malformed template"):
        resolve({"$template": "x", "values": {}, "extra": 1}, {})


def test_resolve_does_not_mutate_its_input() -> None:
    args = {"a": [{"$ref": "count"}]}

    resolve(args, OUTPUTS)

    assert args == {"a": [{"$ref": "count"}]}

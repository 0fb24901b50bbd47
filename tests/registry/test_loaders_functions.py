from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from jsonschema import Draft202012Validator

from agent_system.errors import InvalidArgumentsError, PluginError, ToolExecutionError
from agent_system.registry._loaders.functions import (
    load_function_spec_file,
    normalize_schema,
    parse_function_specs,
    spec_from_function_schema,
)
from agent_system.registry.spec import ToolContext
from agent_system.testing import make_runtime

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "bfcl"
BFCL_TYPES = {"dict": "object", "float": "number", "tuple": "array"}


def _bfcl_functions(category: str) -> list[dict[str, Any]]:
    path = DATA / f"BFCL_v4_{category}.json"
    return [
        fn
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
        for fn in json.loads(line)["function"]
    ]


def _expected(node: Any) -> Any:
    """The JSON Schema a BFCL schema should become, written independently of the loader."""
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "optional":
            continue
        if key == "type":
            if value != "any":
                out["type"] = BFCL_TYPES.get(value, value)
        elif key == "properties":
            out[key] = {name: _expected(sub) for name, sub in value.items()}
        elif key == "items":
            out[key] = _expected(value)
        else:
            out[key] = value
    if out.get("type") == "object":
        out.setdefault("properties", {})
    return out


@pytest.mark.parametrize("category", ["multiple", "parallel", "parallel_multiple"])
def test_every_bfcl_function_spec_imports_as_valid_json_schema_and_round_trips(
    category: str,
) -> None:
    functions = _bfcl_functions(category)
    assert len(functions) > 100
    for fn in functions:
        spec = spec_from_function_schema(fn, source="bfcl")
        Draft202012Validator.check_schema(spec.parameters)
        exported = spec.llm_schema()["function"]
        assert exported["name"] == fn["name"]
        assert exported["description"] == fn["description"]
        optional = {
            n for n, s in fn["parameters"].get("properties", {}).items() if s.get("optional")
        }
        expected = _expected(fn["parameters"])
        if "required" in expected:
            expected["required"] = [n for n in expected["required"] if n not in optional]
        assert exported["parameters"] == expected, fn["name"]
        again = spec_from_function_schema(spec.llm_schema(), source="bfcl")
        assert again.llm_schema() == spec.llm_schema()


def _first(options: list[Any]) -> Any:
    """The first accepted value of a BFCL answer; nested objects list options per key too."""
    return _unwrap(options[0])


def _unwrap(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _first(v) for k, v in value.items() if isinstance(v, list) and v[0] != ""}
    if isinstance(value, list):
        return [_unwrap(item) if isinstance(item, dict) else item for item in value]
    return value


def test_bfcl_ground_truth_arguments_validate_against_the_imported_schemas() -> None:
    path = DATA / "BFCL_v4_multiple.json"
    answers = DATA / "possible_answer" / "BFCL_v4_multiple.json"
    gold = {
        row["id"]: row["ground_truth"]
        for row in map(json.loads, answers.read_text(encoding="utf-8").splitlines())
    }
    checked = 0
    for entry in map(json.loads, path.read_text(encoding="utf-8").splitlines()):
        specs = {fn["name"]: spec_from_function_schema(fn) for fn in entry["function"]}
        for call in gold[entry["id"]]:
            for name, params in call.items():
                arguments = {
                    key: _first(options) for key, options in params.items() if options[0] != ""
                }
                specs[name].validate_arguments(arguments)
                checked += 1
    assert checked >= 200


def test_normalize_schema_maps_bfcl_types_and_drops_optional_markers() -> None:
    schema = {
        "type": "dict",
        "properties": {
            "point": {"type": "tuple", "items": {"type": "float"}, "description": "x, y"},
            "anything": {"type": "any", "description": "whatever"},
            "flag": {"type": "boolean", "optional": True, "description": "a flag"},
        },
        "required": ["point"],
    }
    assert normalize_schema(schema) == {
        "type": "object",
        "properties": {
            "point": {"type": "array", "items": {"type": "number"}, "description": "x, y"},
            "anything": {"description": "whatever"},
            "flag": {"type": "boolean", "description": "a flag"},
        },
        "required": ["point"],
    }


def test_an_unknown_parameter_type_names_the_tool_and_the_fix() -> None:
    fn = {
        "name": "f",
        "description": "d",
        "parameters": {"type": "dict", "properties": {"x": {"type": "matrix"}}},
    }
    with pytest.raises(PluginError, match=r"tool 'f': unsupported parameter type 'matrix'; use"):
        spec_from_function_schema(fn, source="specs.json")


def test_optional_marked_parameters_are_removed_from_required() -> None:
    fn = {
        "type": "function",
        "function": {
            "name": "g",
            "description": "d",
            "parameters": {
                "type": "object",
                "properties": {
                    "a": {"type": "integer"},
                    "b": {"type": "integer", "optional": True},
                },
                "required": ["a", "b"],
            },
        },
    }
    assert spec_from_function_schema(fn).parameters["required"] == ["a"]


@pytest.mark.anyio
async def test_a_spec_bound_to_a_callable_validates_then_calls_it() -> None:
    def add(a: int, b: int) -> int:
        return a + b

    (spec,) = parse_function_specs(
        [
            {
                "name": "add",
                "description": "Add.",
                "parameters": {
                    "type": "dict",
                    "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
                    "required": ["a", "b"],
                },
            }
        ],
        bindings={"add": add},
    )
    ctx = ToolContext(runtime=make_runtime())
    assert await spec.ainvoke({"a": 2, "b": 3}, ctx) == 5
    with pytest.raises(InvalidArgumentsError, match="'b' is a required property"):
        await spec.ainvoke({"a": 2}, ctx)


@pytest.mark.anyio
async def test_a_spec_bound_to_a_url_posts_the_arguments_and_returns_the_json_answer() -> None:
    data = {
        "endpoint": "http://tools.test/api",
        "tools": [
            {
                "name": "weather",
                "description": "Weather.",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
            }
        ],
    }
    (spec,) = parse_function_specs(data)
    with respx.mock(assert_all_called=True) as mock:
        route = mock.post("http://tools.test/api/weather").mock(
            return_value=httpx.Response(200, json={"temp_c": 21})
        )
        result = await spec.ainvoke({"city": "Paris"}, ToolContext(runtime=make_runtime()))
    assert result == {"temp_c": 21}
    assert json.loads(route.calls.last.request.content) == {"city": "Paris"}


@pytest.mark.anyio
async def test_an_http_tool_error_status_becomes_a_tool_execution_error() -> None:
    (spec,) = parse_function_specs(
        [{"name": "w", "description": "d", "x-url": "http://tools.test/w", "parameters": {}}]
    )
    with respx.mock:
        respx.post("http://tools.test/w").mock(return_value=httpx.Response(503, text="down"))
        with pytest.raises(ToolExecutionError, match=r"answered HTTP 503: down") as info:
            await spec.ainvoke({}, ToolContext(runtime=make_runtime()))
    assert info.value.recoverable


@pytest.mark.anyio
async def test_an_unbound_tool_says_how_to_bind_it_when_called() -> None:
    spec = spec_from_function_schema({"name": "n", "description": "d", "parameters": {}})
    with pytest.raises(ToolExecutionError, match="has no implementation: bind it"):
        await spec.ainvoke({}, ToolContext(runtime=make_runtime()))


def test_a_spec_file_binds_callables_by_import_path(tmp_path: Path) -> None:
    path = tmp_path / "specs.json"
    path.write_text(
        json.dumps(
            {
                "callables": {"dumps": "json:dumps"},
                "tools": [
                    {
                        "name": "dumps",
                        "description": "Serialise.",
                        "parameters": {"type": "object", "properties": {"obj": {"type": "any"}}},
                    }
                ],
            }
        )
    )
    (spec,) = load_function_spec_file(path)
    assert spec.func is json.dumps
    assert spec.source == str(path)


def test_a_spec_file_with_an_unbound_tool_is_refused_with_the_fix(tmp_path: Path) -> None:
    path = tmp_path / "specs.json"
    path.write_text(json.dumps([{"name": "lonely", "description": "d", "parameters": {}}]))
    with pytest.raises(PluginError, match=r"tool 'lonely' is bound to nothing; add 'x-callable'"):
        load_function_spec_file(path)


def test_a_spec_file_that_is_not_json_names_the_position(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('[{"name": ')
    with pytest.raises(PluginError, match=r"bad.json.*not valid JSON \(line 1"):
        load_function_spec_file(path)

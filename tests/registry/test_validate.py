from __future__ import annotations

from typing import Any

from agent_system.registry._loaders.functions import spec_from_function_schema
from agent_system.registry._registry import ToolRegistry
from agent_system.registry._validate import validate_registry, validate_spec
from agent_system.registry.spec import ToolSpec, spec_from_function


def _spec(name: str = "good.tool", description: str = "Does a thing.", **params: Any) -> ToolSpec:
    parameters = params.pop("parameters", None) or {
        "type": "object",
        "properties": {"x": {"type": "integer", "description": "An x."}},
    }
    return ToolSpec(
        name=name,
        description=description,
        parameters=parameters,
        func=print,
        source="my_plugin",
        **params,
    )


def test_a_well_described_tool_has_no_problems() -> None:
    def area(width: float, height: float) -> float:
        """Area of a rectangle.

        Args:
            width: Width in metres.
            height: Height in metres.
        """
        return width * height

    assert validate_spec(spec_from_function(area, source="geometry")) == []


def test_a_missing_description_is_reported_with_the_plugin_and_the_fix() -> None:
    (problem,) = validate_spec(_spec(description="  "))
    assert problem.startswith("my_plugin: tool 'good.tool': has no description")
    assert "docstring" in problem


def test_parameters_without_descriptions_are_each_named() -> None:
    def f(a: int, b: str) -> None:
        """F."""

    problems = validate_spec(spec_from_function(f, source="plug"))
    assert problems == [
        "plug: tool 'f': parameter 'a' has no description; add it under Args: in the docstring "
        "(or 'description' in the schema)",
        "plug: tool 'f': parameter 'b' has no description; add it under Args: in the docstring "
        "(or 'description' in the schema)",
    ]


def test_a_schema_that_is_not_json_schema_fails_meta_validation() -> None:
    bad = {
        "type": "object",
        "properties": {"x": {"type": "float", "description": "x"}},
        "required": "x",
    }
    problems = validate_spec(_spec(parameters=bad))
    assert any("not valid JSON Schema (Draft 2020-12)" in p for p in problems)
    assert any("parameter 'x' has unsupported type 'float'; use 'number'" in p for p in problems)


def test_a_top_level_schema_that_is_not_an_object_is_refused() -> None:
    problems = validate_spec(_spec(parameters={"type": "array", "items": {}}))
    assert any('must have "type": "object" at the top' in p for p in problems)


def test_required_names_missing_from_properties_are_reported() -> None:
    schema = {"type": "object", "properties": {}, "required": ["ghost"]}
    (problem,) = validate_spec(_spec(parameters=schema))
    assert "'required' names 'ghost'" in problem


def test_bad_names_are_reported() -> None:
    for name in ("has space", ".lead", "x" * 65, "trail.", ""):
        problems = validate_spec(_spec(name=name))
        assert any("bad name" in p for p in problems), name
    for name in ("timer.set", "get_weather", "a-b.c_d"):
        assert validate_spec(_spec(name=name)) == [], name


def test_bad_numbers_are_reported() -> None:
    problems = validate_spec(_spec(timeout_s=0, cost=-1.0))
    assert any("timeout_s must be positive" in p for p in problems)
    assert any("cost must not be negative" in p for p in problems)


def test_validate_registry_adds_load_warnings_and_unknown_compensations() -> None:
    registry = ToolRegistry([_spec(compensate="good.undo")])
    registry.warnings.append("Plugin 'x': boom (skipped)")
    assert validate_registry(registry) == [
        "Plugin 'x': boom (skipped)",
        "my_plugin: tool 'good.tool': compensate names 'good.undo', which is not registered; "
        "register that tool or fix the name",
    ]


def test_imported_bfcl_style_specs_validate_cleanly() -> None:
    spec = spec_from_function_schema(
        {
            "name": "triangle_properties.get",
            "description": "Dimensions of a triangle.",
            "parameters": {
                "type": "dict",
                "properties": {
                    "side": {"type": "float", "description": "A side."},
                    "pair": {"type": "tuple", "items": {"type": "integer"}, "description": "Two."},
                },
                "required": ["side"],
            },
        }
    )
    assert validate_spec(spec) == []

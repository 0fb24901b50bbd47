"""`AGENT_SYSTEM_MODEL=test`: with no API key, the planner calls a plugin's tool (like
pydantic-ai's TestModel), so a tool developer can watch it run end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent_system.cli._app import app
from agent_system.llm._testmodel import example_arguments

runner = CliRunner()
PLUGIN = str(
    Path(__file__).parents[2]
    / "examples"
    / "unit_convert_plugin"
    / "unit_convert_plugin"
    / "__init__.py"
)


@pytest.fixture(autouse=True)
def _plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENT_SYSTEM_PLUGINS", PLUGIN)


def _run(monkeypatch: pytest.MonkeyPatch, model: str, request: str) -> dict[str, object]:
    monkeypatch.setenv("AGENT_SYSTEM_MODEL", model)
    result = runner.invoke(app, ["ask", "--json", request])
    assert result.stdout, result.output
    run: dict[str, object] = json.loads(result.stdout)
    return run


def test_the_test_model_plans_a_call_of_the_best_matching_tool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    run = _run(monkeypatch, "test", "convert 3 feet to meters")
    plan = run["plan"]
    assert isinstance(plan, dict)
    assert plan["planner"] == "llm"
    (step,) = plan["steps"]
    assert step["tool"] == "units.convert"
    assert set(step["arguments"]) == {"value", "from_unit", "to_unit"}
    assert run["status"] == "success"
    assert run["usage"]["llm_calls"] >= 1  # type: ignore[index]
    assert run["reply"]


def test_test_colon_tool_names_the_tool_and_shows_it_in_the_live_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("AGENT_SYSTEM_MODEL", "test:units.convert")
    result = runner.invoke(app, ["ask", "convert 3 feet to meters"])
    assert result.exit_code == 0, result.output
    assert "plan: 1 step (llm)" in result.stderr
    assert "[s1] running units.convert" in result.stderr


def test_a_named_tool_that_is_not_offered_is_reported_not_called(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    run = _run(monkeypatch, "test:no.such_tool", "convert 3 feet to meters")
    assert run["status"] != "success"
    assert "no.such_tool was not among the tools offered" in json.dumps(run)


def test_example_arguments_follow_the_schema() -> None:
    schema = {
        "type": "object",
        "properties": {
            "unit": {"type": "string", "enum": ["C", "F"]},
            "count": {"type": "integer", "minimum": 2},
            "when": {"type": "string", "format": "date"},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            "note": {"type": "string"},
            "optional": {"type": "number"},
        },
        "required": ["unit", "count", "when", "tags", "note"],
    }
    assert example_arguments(schema) == {
        "unit": "C",
        "count": 2,
        "when": "2026-01-01",
        "tags": ["a"],
        "note": "a",
    }

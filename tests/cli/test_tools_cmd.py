from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent_system.cli._tools_cmd import app
from agent_system.registry._registry import ToolRegistry

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "unit_convert_plugin"
PLUGIN = str(EXAMPLE / "unit_convert_plugin" / "__init__.py")


@pytest.fixture
def sloppy_plugin(tmp_path: Path) -> str:
    path = tmp_path / "sloppy.py"
    path.write_text(
        textwrap.dedent("""
        from agent_system import tool

        @tool(name="sloppy.tool")
        def sloppy(x: int) -> int:
            return x
    """)
    )
    return str(path)


def test_tools_list_shows_builtin_and_plugin_tools() -> None:
    result = runner.invoke(app, ["list", "--plugin", PLUGIN])
    assert result.exit_code == 0, result.output
    (line,) = [ln for ln in result.output.splitlines() if ln.startswith("  units.convert ")]
    assert line.split(None, 1)[1] == (
        "Convert a quantity between units of length, mass, volume or temperature."
    )
    for name in ToolRegistry.builtin().names():
        assert name in result.output


def test_tools_list_json_carries_schemas_and_metadata() -> None:
    result = runner.invoke(app, ["list", "--json", "--plugin", PLUGIN])
    assert result.exit_code == 0, result.output
    (entry,) = [t for t in json.loads(result.stdout) if t["name"] == "units.convert"]
    assert entry["idempotent"] is True
    assert entry["side_effects"] == "none"
    assert entry["parameters"]["required"] == ["value", "from_unit", "to_unit"]


def test_tools_show_prints_the_exact_llm_schema() -> None:
    result = runner.invoke(app, ["show", "units.convert", "--plugin", PLUGIN])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown["type"] == "function"
    assert shown["function"]["name"] == "units.convert"
    assert shown["function"]["parameters"]["properties"]["value"] == {
        "description": "The quantity to convert, e.g. 5.",
        "type": "number",
    }


def test_tools_show_of_an_unknown_tool_lists_the_known_ones() -> None:
    result = runner.invoke(app, ["show", "nope", "--plugin", PLUGIN])
    assert result.exit_code == 2
    assert "Unknown tool 'nope'. Known tools:" in result.output
    assert "units.convert" in result.output


def test_tools_validate_passes_a_clean_plugin() -> None:
    result = runner.invoke(app, ["validate", "--plugin", PLUGIN])
    assert result.exit_code == 0, result.output
    assert "no problems" in result.output


def test_tools_validate_fails_on_a_sloppy_plugin_and_names_the_problems(
    sloppy_plugin: str,
) -> None:
    result = runner.invoke(app, ["validate", "--plugin", sloppy_plugin])
    assert result.exit_code == 1
    assert "tool 'sloppy.tool': has no description" in result.output
    assert "parameter 'x' has no description" in result.output


def test_tools_validate_fails_when_a_plugin_cannot_load(tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", "--plugin", str(tmp_path / "missing.py")])
    assert result.exit_code == 1
    assert "missing.py" in result.output and "file not found" in result.output


def test_tools_call_runs_the_tool_and_prints_its_display_text() -> None:
    args = json.dumps({"value": 3, "from_unit": "ft", "to_unit": "m"})
    result = runner.invoke(app, ["call", "units.convert", "--args", args, "--plugin", PLUGIN])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == "3 ft is 0.9144 m."


def test_tools_call_json_prints_the_whole_output() -> None:
    args = json.dumps({"value": 0, "from_unit": "C", "to_unit": "K"})
    result = runner.invoke(
        app, ["call", "units.convert", "--json", "--args", args, "--plugin", PLUGIN]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["data"] == {"value": 273.15, "unit": "K"}


def test_tools_call_reports_invalid_arguments_and_bad_json() -> None:
    bad_args = runner.invoke(
        app, ["call", "units.convert", "--args", '{"value": 1}', "--plugin", PLUGIN]
    )
    assert bad_args.exit_code == 1
    assert "Invalid arguments for tool 'units.convert'" in bad_args.output
    bad_json = runner.invoke(app, ["call", "units.convert", "--args", "{", "--plugin", PLUGIN])
    assert bad_json.exit_code == 2
    assert "--args is not valid JSON" in bad_json.output


def test_tools_list_says_which_plugin_each_tool_comes_from(tmp_path: Path) -> None:
    plugin = tmp_path / "greetings.py"
    plugin.write_text(
        textwrap.dedent('''
        from agent_system import tool

        @tool(name="greet.hello")
        def hello(name: str) -> str:
            """Say hello to someone."""
            return f"Hello, {name}!"
    ''')
    )
    listed = runner.invoke(app, ["list", "--plugin", str(plugin)])
    assert listed.exit_code == 0, listed.output
    lines = listed.stdout.splitlines()
    assert lines[0] == "Built in:"
    at = lines.index(f"From plugin {plugin}:")
    assert lines[at + 1].split() == ["greet.hello", "Say", "hello", "to", "someone."]
    as_json = json.loads(runner.invoke(app, ["list", "--json", "--plugin", str(plugin)]).stdout)
    by_name = {t["name"]: t["plugin"] for t in as_json}
    assert by_name["greet.hello"] == str(plugin)
    assert by_name["timer.set"] is None
    called = runner.invoke(
        app, ["call", "greet.hello", "--args", '{"name": "Ada"}', "--plugin", str(plugin)]
    )
    assert called.exit_code == 0, called.output
    assert called.stdout == "Hello, Ada!\n"  # the string itself, not a JSON blob

"""A bad setting is one line that names where it came from and how to fix it, with exit code 2."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent_system.cli._app import app

runner = CliRunner()
ROOT = Path(__file__).parents[2]


def _config(text: str) -> Path:
    path = Path(os.environ["AGENT_SYSTEM_HOME"]) / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _one_line_exit_2(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    (line,) = result.stderr.strip().splitlines()
    return line


def test_a_bad_environment_variable_names_the_variable_not_the_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _config("units = 'imperial'\n")
    monkeypatch.setenv("AGENT_SYSTEM_MAX_REPLANS", "lots")
    for command in (["tools", "list"], ["config", "show"], ["ask", "hi"]):
        line = _one_line_exit_2(command)
        assert line.startswith("Configuration error: AGENT_SYSTEM_MAX_REPLANS='lots': input")
        assert "environment variable" in line
        assert "config.toml" not in line
        assert "--force" not in line


def test_a_bad_value_in_the_config_file_is_blamed_on_the_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("AGENT_SYSTEM_TIMEZONE")
    path = _config('timezone = "Mars/Base"\n')
    line = _one_line_exit_2(["config", "show"])
    assert f"timezone = 'Mars/Base' in {path}: unknown time zone 'Mars/Base'" in line
    assert "AGENT_SYSTEM_TIMEZONE" not in line


def test_a_bad_time_zone_in_the_environment_is_blamed_on_the_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("AGENT_SYSTEM_TIMEZONE", "Mars/Base")
    line = _one_line_exit_2(["ask", "what time is it"])
    assert "AGENT_SYSTEM_TIMEZONE='Mars/Base': unknown time zone" in line


def test_a_typo_in_the_config_file_names_the_key_and_the_close_settings() -> None:
    path = _config('unitz = "imperial"\n')
    line = _one_line_exit_2(["config", "show"])
    assert f"Unknown setting 'unitz' (did you mean 'units'?) in {path}" in line


def test_a_config_file_that_is_not_toml_names_the_line_and_keeps_the_file() -> None:
    path = _config('units = "imperial\n')
    line = _one_line_exit_2(["config", "show"])
    assert "is not valid TOML" in line and "line 1" in line
    assert "--force" not in line
    assert path.read_text() == 'units = "imperial\n'


def test_function_specs_take_a_path_or_a_comma_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    specs = []
    for name in ("first", "second"):
        path = tmp_path / f"{name}.json"
        path.write_text(
            json.dumps(
                [
                    {
                        "name": f"demo.{name}",
                        "description": f"The {name} demo function.",
                        "parameters": {"type": "object", "properties": {}},
                    }
                ]
            )
        )
        specs.append(str(path))
    monkeypatch.setenv("AGENT_SYSTEM_FUNCTION_SPECS", specs[0])
    one = runner.invoke(app, ["config", "show", "--json"])
    assert one.exit_code == 0, one.output
    assert json.loads(one.stdout)["function_specs"] == [specs[0]]
    monkeypatch.setenv("AGENT_SYSTEM_FUNCTION_SPECS", ",".join(specs))
    both = runner.invoke(app, ["config", "show", "--json"])
    assert json.loads(both.stdout)["function_specs"] == specs
    monkeypatch.setenv("AGENT_SYSTEM_FUNCTION_SPECS", json.dumps(specs))
    as_json = runner.invoke(app, ["config", "show", "--json"])
    assert json.loads(as_json.stdout)["function_specs"] == specs


def test_a_json_setting_that_is_not_json_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("AGENT_SYSTEM_MCP_SERVERS", "{bad")
    line = _one_line_exit_2(["tools", "list"])
    assert line.startswith("Configuration error: AGENT_SYSTEM_MCP_SERVERS is not valid JSON")


def test_mcp_serve_without_the_extra_names_the_install_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "mcp", None)
    line = _one_line_exit_2(["mcp", "serve"])
    assert "pip install 'agent-system[mcp]'" in line


def test_serve_on_a_busy_port_is_one_line_with_exit_code_2(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-m", "agent_system", "serve", "--open", "--port", str(port)],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines() == [
        f"Configuration error: Port {port} on 127.0.0.1 is already in use (another server?): "
        "stop it, or pick a free port with --port (or `port` in the config file)."
    ]

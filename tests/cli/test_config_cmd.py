"""`config show` masks secrets; `config init` writes a commented TOML file once."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent_system.cli._app import app
from agent_system.cli._config_cmd import render_config_template
from agent_system.config import Settings

runner = CliRunner()


def test_config_show_masks_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-very-secret")
    monkeypatch.setenv("AGENT_SYSTEM_API_KEYS", "key-one,key-two")
    result = runner.invoke(app, ["config", "show", "--json"])
    assert result.exit_code == 0, result.output
    values = json.loads(result.stdout)
    assert values["openai_api_key"] == "********"
    assert values["api_keys"] == ["********", "********"]
    assert values["max_replans"] == 2
    assert "sk-very-secret" not in result.output


def test_config_show_names_the_config_file_and_each_setting(tmp_path: Path) -> None:
    result = runner.invoke(app, ["config", "show"])
    assert result.exit_code == 0, result.output
    assert f"config file: {tmp_path / 'home' / 'config.toml'}" in result.stdout
    assert "not created" in result.stdout
    assert "route_fast_threshold" in result.stdout


def test_config_init_writes_a_file_that_parses_and_changes_nothing(tmp_path: Path) -> None:
    result = runner.invoke(app, ["config", "init"])
    assert result.exit_code == 0, result.output
    path = tmp_path / "home" / "config.toml"
    text = path.read_text()
    assert tomllib.loads(text) == {}  # everything is commented out
    assert "# max_replans = 2" in text
    assert "(environment: AGENT_SYSTEM_MAX_REPLANS)" in text


def test_every_line_of_the_template_is_valid_toml_once_uncommented() -> None:
    for line in render_config_template().splitlines():
        if line.startswith("# ") and " = " in line and "unset" not in line and "..." not in line:
            tomllib.loads(line[2:])


def test_an_uncommented_setting_in_the_written_file_takes_effect(tmp_path: Path) -> None:
    runner.invoke(app, ["config", "init"])
    path = tmp_path / "home" / "config.toml"
    path.write_text(path.read_text().replace("# max_replans = 2", "max_replans = 4"))
    assert Settings().max_replans == 4


def test_config_init_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    path = tmp_path / "home" / "config.toml"
    path.parent.mkdir(parents=True)
    path.write_text("max_replans = 1\n")
    refused = runner.invoke(app, ["config", "init"])
    assert refused.exit_code == 2
    assert "already exists; use --force" in refused.output
    assert path.read_text() == "max_replans = 1\n"
    forced = runner.invoke(app, ["config", "init", "--force"])
    assert forced.exit_code == 0
    assert "# max_replans = 2" in path.read_text()


def test_an_invalid_setting_is_a_configuration_error_with_exit_code_2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("AGENT_SYSTEM_MAX_REPLANS", "lots")
    result = runner.invoke(app, ["config", "show"])
    assert result.exit_code == 2
    assert "Configuration error: AGENT_SYSTEM_MAX_REPLANS='lots': input should be" in result.output
    assert "Traceback" not in result.output

"""Every command's --help is written for people: an example, and no `<bool>` type on flags."""

from __future__ import annotations

from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from agent_system.cli._app import app

runner = CliRunner()


def _commands(group: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    if hasattr(group, "commands"):  # a group (typer vendors its own click)
        found: list[tuple[str, ...]] = []
        for name, sub in group.commands.items():
            found.extend(_commands(sub, (*path, name)))
        return found
    return [path]


COMMANDS = _commands(typer.main.get_command(app))


def test_every_command_is_checked() -> None:
    assert {("ask",), ("daemon",), ("tools", "call"), ("threads", "list")} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_has_an_example_and_no_bool_metavar(command: tuple[str, ...]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert "Example: agent-system " in result.stdout
    assert "<bool>" not in result.stdout

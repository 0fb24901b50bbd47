"""Approval guards every path to a tool that needs it, and asks in plain words.

`agent-system tools call smart_home.unlock` and the MCP server's ``tools/call`` used to unlock the
door with no approval; "yes" typed at the ask and chat prompts was refused; the prompt for a
planned step did not say which device.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from mcp.shared.memory import create_connected_server_and_client_session
from rich.console import Console
from typer.testing import CliRunner

from agent_system._api_results import approval_prompt
from agent_system.cli._app import app
from agent_system.cli._runner import ask_each
from agent_system.registry._mcp_server import create_mcp_server
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolOutput, tool
from agent_system.testing import make_runtime

UNLOCK = ["tools", "call", "smart_home.unlock", "--args", '{"device": "front door"}']


def _front_door() -> str:
    shown = CliRunner().invoke(
        app,
        ["tools", "call", "smart_home.get_state", "--json", "--args", '{"device": "front door"}'],
    )
    assert shown.exit_code == 0, shown.output
    return shown.stdout


def test_tools_call_refuses_a_tool_that_needs_approval_without_yes() -> None:
    before = _front_door()
    refused = CliRunner().invoke(app, UNLOCK)
    assert refused.exit_code == 1
    assert "needs your approval" in refused.stderr and "--yes" in refused.stderr
    assert _front_door() == before
    allowed = CliRunner().invoke(app, [*UNLOCK, "--yes"])
    assert allowed.exit_code == 0, allowed.output
    assert _front_door() != before


calls: list[str] = []


@tool(name="door.unlock", side_effects="reversible", requires_approval=True)
def unlock(door: str) -> ToolOutput:
    """Unlock a door.

    Args:
        door: Which door.
    """
    calls.append(door)
    return ToolOutput(data={"door": door}, display=f"{door} unlocked")


@pytest.mark.anyio
async def test_the_mcp_server_runs_a_tool_that_needs_approval_only_when_started_with_yes() -> None:
    registry = ToolRegistry()
    registry.tool(unlock)
    calls.clear()
    async with create_connected_server_and_client_session(
        create_mcp_server(registry, make_runtime())
    ) as client:
        refused = await client.call_tool("door.unlock", {"door": "front"})
    assert refused.isError and "mcp serve --yes" in refused.content[0].text
    assert calls == []
    async with create_connected_server_and_client_session(
        create_mcp_server(registry, make_runtime(), approve=True)
    ) as client:
        allowed = await client.call_tool("door.unlock", {"door": "front"})
    assert not allowed.isError
    assert calls == ["front"]


@pytest.mark.parametrize(("typed", "approved"), [("yes", True), ("Yes.", True), ("no", False)])
def test_the_ask_prompt_takes_yes_and_no_in_words(
    monkeypatch: pytest.MonkeyPatch, typed: str, approved: bool
) -> None:
    monkeypatch.setattr("builtins.input", lambda *_: typed)
    step = {"step_id": "s1", "tool": "smart_home.unlock", "arguments": {"device": "back door"}}
    decision = ask_each(Console(file=io.StringIO()))([step])
    assert decision == {"approved": ["s1"] if approved else []}


def test_the_approval_prompt_says_which_device_in_plain_words() -> None:
    step = {
        "step_id": "s3",
        "tool": "smart_home.unlock",
        "arguments": {"device": "garage door"},
        "description": "Unlock the door",
    }
    text = approval_prompt([step])
    assert text.splitlines()[1] == "- Unlock the door (device: garage door)"


@pytest.mark.heavy  # chat in a pty: .ci/run's terminal step
def test_yes_typed_at_the_chat_approval_prompt_approves(tmp_path: Path) -> None:
    from tests.cli.test_repl import _quit, _spawn

    child = _spawn(tmp_path)
    child.sendline("unlock the front door")
    child.expect("Approve: unlock the front door")
    child.expect("approve>")
    child.sendline("yes")
    child.expect("unlocked")
    child.expect("chat>")
    _quit(child)

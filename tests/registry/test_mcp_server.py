from __future__ import annotations

import sys
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.memory import create_connected_server_and_client_session

from agent_system.registry._mcp_server import create_mcp_server, result_to_mcp
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolOutput, tool
from agent_system.testing import make_runtime

EXAMPLE = Path(__file__).parents[2] / "examples" / "unit_convert_plugin"


@tool(name="math.halve", side_effects="none", idempotent=True)
def halve(x: float) -> ToolOutput:
    """Halve a number.

    Args:
        x: The number.
    """
    return ToolOutput(data=x / 2, display=f"Half of {x:g} is {x / 2:g}.")


@tool(name="lights.off", side_effects="irreversible")
def lights_off(room: str) -> dict[str, str]:
    """Switch the lights off.

    Args:
        room: Which room.
    """
    raise RuntimeError(f"no lights in {room}")


def _registry() -> ToolRegistry:
    registry = ToolRegistry()
    registry.tool(halve)
    registry.tool(lights_off)
    return registry


@pytest.mark.anyio
async def test_an_mcp_client_lists_every_tool_with_its_json_schema_and_hints() -> None:
    server = create_mcp_server(_registry(), make_runtime())
    async with create_connected_server_and_client_session(server) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
    assert sorted(listed) == ["lights.off", "math.halve"]
    assert listed["math.halve"].inputSchema == halve.__tool_spec__.parameters
    assert listed["math.halve"].description == "Halve a number."
    assert listed["math.halve"].annotations.readOnlyHint is True
    assert listed["lights.off"].annotations.destructiveHint is True


@pytest.mark.anyio
async def test_an_mcp_call_returns_display_text_and_structured_content() -> None:
    server = create_mcp_server(_registry(), make_runtime())
    async with create_connected_server_and_client_session(server) as client:
        result = await client.call_tool("math.halve", {"x": 9})
    assert not result.isError
    assert result.content[0].text == "Half of 9 is 4.5."
    assert result.structuredContent == {"result": 4.5}


@pytest.mark.anyio
async def test_bad_arguments_failures_and_unknown_tools_are_error_results() -> None:
    server = create_mcp_server(_registry(), make_runtime())
    async with create_connected_server_and_client_session(server) as client:
        bad = await client.call_tool("math.halve", {"x": "many"})
        failed = await client.call_tool("lights.off", {"room": "attic"})
        unknown = await client.call_tool("nope", {})
    assert bad.isError and "Invalid arguments for tool 'math.halve': x:" in bad.content[0].text
    assert failed.isError and "RuntimeError: no lights in attic" in failed.content[0].text
    assert unknown.isError and "Unknown tool 'nope'" in unknown.content[0].text


def test_plain_data_becomes_json_text_and_an_object_stays_structured() -> None:
    result = result_to_mcp({"a": [1, 2]})
    assert result.structuredContent == {"a": [1, 2]}
    assert result.content[0].text == '{\n  "a": [\n    1,\n    2\n  ]\n}'
    assert result_to_mcp(None).structuredContent is None


@pytest.mark.slow
@pytest.mark.anyio
async def test_mcp_serve_over_stdio_offers_a_plugins_tools_to_a_real_client(
    tmp_path: Path,
) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=[
            "-c",
            "from agent_system.cli._mcp_cmd import app; app()",
            "serve",
            "--plugin",
            str(EXAMPLE / "unit_convert_plugin" / "__init__.py"),
        ],
        env={
            "AGENT_SYSTEM_HOME": str(tmp_path),
            "AGENT_SYSTEM_LOAD_ENTRY_POINTS": "false",
            "AGENT_SYSTEM_TIMEZONE": "UTC",
            "PATH": "/usr/bin:/bin",
        },
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        names = [t.name for t in (await session.list_tools()).tools]
        result = await session.call_tool(
            "units.convert", {"value": 1, "from_unit": "km", "to_unit": "m"}
        )
    assert "units.convert" in names
    assert result.content[0].text == "1 km is 1000 m."
    assert result.structuredContent == {"value": 1000.0, "unit": "m"}

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from langchain_core.tools import tool as lc_tool

from agent_system.errors import InvalidArgumentsError, ToolExecutionError
from agent_system.registry._loaders import aload_plugins, load_plugins, spec_from_langchain_tool
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolContext, ToolOutput
from agent_system.testing import make_runtime, make_settings

SERVER = Path(__file__).with_name("mcp_stdio_server.py")


@lc_tool(parse_docstring=True)
def multiply(a: int, b: int = 2) -> int:
    """Multiply two numbers.

    Args:
        a: The first factor.
        b: The second factor.
    """
    return a * b


@pytest.mark.anyio
async def test_a_langchain_tool_keeps_its_schema_and_runs_through_ainvoke() -> None:
    spec = spec_from_langchain_tool(multiply)
    assert spec.name == "multiply"
    assert spec.description == "Multiply two numbers."
    assert spec.parameters == {
        "type": "object",
        "properties": {
            "a": {"description": "The first factor.", "type": "integer"},
            "b": {"default": 2, "description": "The second factor.", "type": "integer"},
        },
        "required": ["a"],
    }
    ctx = ToolContext(runtime=make_runtime())
    assert await spec.ainvoke({"a": 4}, ctx) == 8
    with pytest.raises(InvalidArgumentsError, match="'a' is a required property"):
        await spec.ainvoke({}, ctx)


@pytest.mark.slow
@pytest.mark.anyio
async def test_tools_of_a_stdio_mcp_server_load_and_run_with_structured_results(
    tmp_path: Path,
) -> None:
    settings = make_settings(
        tmp_path, mcp_servers={"calc": {"command": sys.executable, "args": [str(SERVER)]}}
    )
    registry = ToolRegistry()
    assert await aload_plugins(registry, settings) == []
    assert registry.names() == ["add", "shout"]
    add = registry["add"]
    assert add.source == "MCP server 'calc'"
    assert add.parameters["properties"]["a"]["type"] == "integer"
    assert add.parameters["required"] == ["a", "b"]
    ctx = ToolContext(runtime=make_runtime())
    result = await add.ainvoke({"a": 2, "b": 40}, ctx)
    assert isinstance(result, ToolOutput)
    assert result.data == {"sum": 42}
    with pytest.raises(ToolExecutionError, match="nothing to shout"):
        await registry["shout"].ainvoke({"text": ""}, ctx)


@pytest.mark.anyio
async def test_load_plugins_lists_mcp_tools_even_when_called_inside_a_running_loop(
    tmp_path: Path,
) -> None:
    settings = make_settings(
        tmp_path, mcp_servers={"calc": {"command": sys.executable, "args": [str(SERVER)]}}
    )
    registry = ToolRegistry()
    assert load_plugins(registry, settings) == []
    result = await registry["add"].ainvoke({"a": 1, "b": 1}, ToolContext(runtime=make_runtime()))
    assert result.data == {"sum": 2}

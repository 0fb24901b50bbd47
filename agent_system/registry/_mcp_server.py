"""Expose a `ToolRegistry` as an MCP server (the `mcp` package's low-level `Server`).

Every tool is listed with its JSON schema as its ``inputSchema`` (exactly what our planner's LLM
sees) and MCP annotations drawn from its metadata (``readOnlyHint`` when it has no side effects,
``destructiveHint`` when they are irreversible, ``idempotentHint``). A call validates the
arguments against the tool's schema, runs the tool with a `ToolContext` on the server's
`Runtime`, and answers with text content (the tool's display text, or its data as JSON) plus
structured content (the data; a non-object value is wrapped as ``{"result": value}``). A failure
becomes an ``isError`` result whose text says what went wrong.

`agent-system mcp serve` runs it over stdio (default) or streamable HTTP (``--http``).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server
from pydantic_core import to_jsonable_python

from agent_system.errors import AgentSystemError
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import SideEffect, ToolContext, ToolOutput, ToolSpec
from agent_system.runtime import Runtime

__all__ = ["create_mcp_server", "result_to_mcp", "serve_http", "serve_stdio", "tool_to_mcp"]

SERVER_NAME = "agent-system"


def tool_to_mcp(spec: ToolSpec) -> types.Tool:
    """The MCP description of one tool."""
    return types.Tool(
        name=spec.name,
        description=spec.description,
        inputSchema=spec.parameters,
        annotations=types.ToolAnnotations(
            readOnlyHint=spec.side_effects == SideEffect.NONE,
            destructiveHint=spec.side_effects == SideEffect.IRREVERSIBLE,
            idempotentHint=spec.idempotent,
        ),
    )


def result_to_mcp(value: Any) -> types.CallToolResult:
    """A tool's return value (plain data or `ToolOutput`) as an MCP result."""
    output = value if isinstance(value, ToolOutput) else ToolOutput(data=value)
    data = to_jsonable_python(output.data, fallback=str)
    if output.display:
        text = output.display
    elif isinstance(data, str):
        text = data
    else:
        text = json.dumps(data, ensure_ascii=False, indent=2)
    structured: dict[str, Any] | None
    if data is None:
        structured = None
    elif isinstance(data, dict):
        structured = data
    else:
        structured = {"result": data}
    content: list[types.ContentBlock] = [types.TextContent(type="text", text=text)]
    content.extend(
        types.TextContent(type="text", text=f"Source: {source}") for source in output.sources
    )
    return types.CallToolResult(content=content, structuredContent=structured, isError=False)


def _error(message: str) -> types.CallToolResult:
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=message)], isError=True
    )


def create_mcp_server(
    registry: ToolRegistry, runtime: Runtime, *, name: str = SERVER_NAME, approve: bool = False
) -> Server[Any, Any]:
    """An MCP server listing and calling the registry's tools on `runtime`.

    A tool that needs approval (unlocking a door) is refused unless `approve` is set (``agent-system
    mcp serve --yes``): MCP clients differ in whether they ask their user before a call.
    """
    server: Server[Any, Any] = Server(name)

    @server.list_tools()  # type: ignore[untyped-decorator,no-untyped-call]
    async def list_tools() -> list[types.Tool]:
        return [tool_to_mcp(spec) for spec in sorted(registry, key=lambda s: s.name)]

    @server.call_tool(validate_input=False)  # type: ignore[untyped-decorator]
    async def call_tool(tool_name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        spec = registry.get(tool_name)
        if spec is None:
            return _error(f"Unknown tool {tool_name!r}; known: {', '.join(registry.names())}")
        if spec.needs_approval(arguments) and not approve:
            return _error(
                f"Not run: {tool_name} needs the user's approval, and this server was started "
                "without it. Restart it with `agent-system mcp serve --yes` to allow such tools."
            )
        ctx = ToolContext(runtime=runtime, user=None)  # the local user, as in the CLI
        try:
            value = await spec.ainvoke(arguments, ctx)
        except AgentSystemError as exc:
            return _error(exc.message)
        except Exception as exc:
            return _error(f"Tool {tool_name!r} failed: {type(exc).__name__}: {exc}")
        return result_to_mcp(value)

    return server


async def serve_stdio(registry: ToolRegistry, runtime: Runtime, *, approve: bool = False) -> None:
    """Serve over standard input and output until the client closes them."""
    from mcp.server.stdio import stdio_server

    server = create_mcp_server(registry, runtime, approve=approve)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


async def serve_http(
    registry: ToolRegistry,
    runtime: Runtime,
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    approve: bool = False,
) -> None:
    """Serve over streamable HTTP at ``http://{host}:{port}/mcp``."""
    import uvicorn
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
    from starlette.applications import Starlette
    from starlette.routing import Mount
    from starlette.types import Receive, Scope, Send

    manager = StreamableHTTPSessionManager(
        app=create_mcp_server(registry, runtime, approve=approve)
    )

    async def handle(scope: Scope, receive: Receive, send: Send) -> None:
        await manager.handle_request(scope, receive, send)

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with manager.run():
            yield

    app = Starlette(routes=[Mount("/mcp", app=handle)], lifespan=lifespan)
    await uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning")).serve()

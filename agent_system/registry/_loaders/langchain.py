"""langchain-core tools and MCP servers (through langchain-mcp-adapters) as `ToolSpec`s.

`spec_from_langchain_tool` wraps any ``BaseTool``: its argument schema as the LLM sees it
(``tool_call_schema``, injected arguments left out), its description, and a call through
``ainvoke``. `aload_mcp_tools` asks each configured MCP server for its tools with
``MultiServerMCPClient.get_tools(server_name=...)``, one server at a time, so one server that is
down costs only its own tools.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from uuid import uuid4

from agent_system.errors import PluginError, ToolExecutionError
from agent_system.registry._schema import clean_schema
from agent_system.registry.spec import ToolOutput, ToolSpec

if TYPE_CHECKING:
    from langchain_core.tools import BaseTool

__all__ = ["aload_mcp_tools", "spec_from_langchain_tool"]

log = logging.getLogger(__name__)


def _parameters(lc_tool: BaseTool) -> dict[str, Any]:
    schema = lc_tool.args_schema
    if isinstance(schema, dict):  # MCP tools carry the server's JSON schema as is
        parameters = dict(schema)
    else:
        call_schema: Any = lc_tool.tool_call_schema
        parameters = (
            dict(call_schema) if isinstance(call_schema, dict) else call_schema.model_json_schema()
        )
        parameters.pop("description", None)
    parameters = clean_schema(parameters)
    parameters.pop("title", None)
    return parameters


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            block if isinstance(block, str) else str(block.get("text", ""))
            for block in content
            if isinstance(block, str) or (isinstance(block, dict) and block.get("type") == "text")
        ]
        return "\n".join(p for p in parts if p)
    return str(content)


def spec_from_langchain_tool(
    lc_tool: BaseTool, *, source: str | None = None, name: str | None = None
) -> ToolSpec:
    """A `ToolSpec` that runs a langchain-core tool with ``ainvoke``.

    Tools answering with content and artifact (MCP tools do) return a `ToolOutput` whose
    ``display`` is the text content and whose ``data`` is the structured content when there is
    one. An error result (``status="error"``) raises `ToolExecutionError` with the tool's text.
    """
    tool_name = name or lc_tool.name
    where = source or f"langchain tool {lc_tool.name!r}"
    try:
        parameters = _parameters(lc_tool)
    except Exception as exc:
        raise PluginError(
            f"tool {tool_name!r}: cannot read its argument schema: {exc}", plugin=where
        ) from exc
    with_artifact = lc_tool.response_format == "content_and_artifact"

    async def call(**arguments: Any) -> Any:
        if not with_artifact:
            return await lc_tool.ainvoke(arguments)
        call_id = f"call_{uuid4().hex[:12]}"
        message = await lc_tool.ainvoke(
            {"type": "tool_call", "id": call_id, "name": lc_tool.name, "args": arguments}
        )
        text = _text(getattr(message, "content", message))
        if getattr(message, "status", "success") == "error":
            raise ToolExecutionError(
                f"Tool {tool_name!r} failed: {text}", details={"tool": tool_name}
            )
        artifact = getattr(message, "artifact", None)
        data: Any = text
        if isinstance(artifact, Mapping) and artifact.get("structured_content") is not None:
            data = artifact["structured_content"]
        return ToolOutput(data=data, display=text or None)

    call.__name__ = tool_name.replace(".", "_")
    return ToolSpec(
        name=tool_name,
        description=lc_tool.description or "",
        parameters=parameters,
        func=call,
        args_model=None,
        source=where,
    )


async def aload_mcp_tools(
    servers: Mapping[str, Mapping[str, Any]],
) -> tuple[list[ToolSpec], list[str]]:
    """Tools of every MCP server in `servers` (langchain-mcp-adapters connections by name).

    Returns the specs and one warning per server that could not be reached or listed.
    """
    if not servers:
        return [], []
    try:
        from langchain_mcp_adapters.client import MultiServerMCPClient
    except ImportError:
        return [], [
            "MCP servers are configured but langchain-mcp-adapters is not installed; "
            "run: pip install 'agent-system[mcp]'"
        ]
    specs: list[ToolSpec] = []
    warnings: list[str] = []
    connections: dict[str, dict[str, Any]] = {}
    for name, conn in servers.items():
        try:
            connections[name] = _connection(name, dict(conn))
        except PluginError as exc:
            warnings.append(exc.message)
    client = MultiServerMCPClient(connections)  # type: ignore[arg-type]
    for server in connections:
        where = f"MCP server {server!r}"
        try:
            tools = await client.get_tools(server_name=server)
        except Exception as exc:
            warnings.append(
                f"{where}: could not list its tools ({_reason(exc)}); its tools are skipped. "
                "Check the command or URL in settings.mcp_servers."
            )
            continue
        for lc_tool in tools:
            try:
                specs.append(spec_from_langchain_tool(lc_tool, source=where))
            except PluginError as exc:
                warnings.append(exc.message)
    return specs, warnings


def _connection(name: str, conn: dict[str, Any]) -> dict[str, Any]:
    """Fill the transport when it can be inferred: a ``command`` means stdio, a ``url`` HTTP."""
    if "transport" not in conn:
        if "command" in conn:
            conn["transport"] = "stdio"
        elif "url" in conn:
            conn["transport"] = "streamable_http"
        else:
            raise PluginError(
                "needs a 'command' (stdio) or a 'url' (streamable HTTP)",
                plugin=f"MCP server {name!r}",
            )
    return conn


def _reason(exc: BaseException) -> str:
    """The innermost useful message of an exception group (anyio task groups wrap errors)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return f"{type(exc).__name__}: {exc}"

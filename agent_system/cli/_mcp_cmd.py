"""`agent-system mcp serve`: offer the registry's tools to any MCP client."""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Annotated

import typer

from agent_system.cli._common import guarded, load_settings

if TYPE_CHECKING:
    from agent_system.config import Settings
    from agent_system.registry._registry import ToolRegistry

__all__ = ["app"]

app = typer.Typer(help="Serve the tools over the Model Context Protocol.", no_args_is_help=True)


@app.callback()
def mcp() -> None:
    """Serve the tools over the Model Context Protocol."""


@app.command("serve")
def serve(
    http: Annotated[bool, typer.Option("--http", help="Streamable HTTP instead of stdio.")] = False,
    host: Annotated[str, typer.Option(help="HTTP host.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="HTTP port.")] = 8765,
    yes: Annotated[
        bool,
        typer.Option("--yes", help="Allow tools that need approval (unlocking doors)."),
    ] = False,
    plugin: Annotated[
        list[str] | None,
        typer.Option("--plugin", "-p", help="A plugin module, module:attr or .py file."),
    ] = None,
) -> None:
    """Serve every tool (built-in and plugins) over stdio, or HTTP at /mcp with --http.

    Needs the mcp extra: pip install 'agent-system[mcp]'.

    Example: agent-system mcp serve --http --port 8765
    """
    import asyncio

    from agent_system.errors import ConfigurationError
    from agent_system.registry._loaders import build_registry

    with guarded():
        if importlib.util.find_spec("mcp") is None:
            raise ConfigurationError(
                "Serving tools over MCP needs the mcp extra: pip install 'agent-system[mcp]'."
            )
        settings = load_settings()
        registry = build_registry(settings, plugin or [])
        for warning in registry.warnings:
            typer.echo(f"warning: {warning}", err=True)
        if http:
            typer.echo(f"MCP server on http://{host}:{port}/mcp ({len(registry)} tools)", err=True)
        asyncio.run(_serve(settings, registry, http=http, host=host, port=port, approve=yes))


async def _serve(
    settings: Settings,
    registry: ToolRegistry,
    *,
    http: bool,
    host: str,
    port: int,
    approve: bool = False,
) -> None:
    from agent_system._persistence import open_persistence, open_runtime
    from agent_system.registry._mcp_server import serve_http, serve_stdio

    persistence = await open_persistence(settings)
    runtime = open_runtime(settings, store=persistence.store)
    try:
        if http:
            await serve_http(registry, runtime, host=host, port=port, approve=approve)
        else:
            await serve_stdio(registry, runtime, approve=approve)
    finally:
        await runtime.http.aclose()
        runtime.db.close()
        await persistence.aclose()

"""`agent-system tools ...`: list, show, validate and call the tools the planner can use.

Every command builds the registry the engine would (built-in tools plus plugins from settings,
entry points, function spec files and MCP servers) and accepts ``--plugin`` (repeatable) for one
more module, ``module:attr`` or ``.py`` file.
"""

from __future__ import annotations

import json
import shutil
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from agent_system.cli._common import guarded, load_settings

if TYPE_CHECKING:
    from agent_system.config import Settings
    from agent_system.registry._registry import ToolRegistry
    from agent_system.registry.spec import ToolSpec

__all__ = ["app"]

app = typer.Typer(help="List, inspect, validate and call tools.", no_args_is_help=True)

PluginOption = Annotated[
    list[str] | None,
    typer.Option("--plugin", "-p", help="A plugin module, module:attr or .py file (repeatable)."),
]


def _registry(plugins: list[str] | None) -> tuple[Settings, ToolRegistry]:
    from agent_system.registry._loaders import build_registry

    settings = load_settings()
    registry = build_registry(settings, plugins or [])
    return settings, registry


def _spec(registry: ToolRegistry, name: str) -> ToolSpec:
    spec = registry.get(name)
    if spec is None:
        typer.echo(f"Unknown tool {name!r}. Known tools: {', '.join(registry.names())}", err=True)
        raise typer.Exit(2)
    return spec


def _summary(spec: ToolSpec, registry: ToolRegistry) -> dict[str, Any]:
    return {
        "name": spec.name,
        "description": spec.description,
        "parameters": spec.parameters,
        "side_effects": spec.side_effects.value,
        "requires_approval": spec.requires_approval,
        "idempotent": spec.idempotent,
        "timeout_s": spec.timeout_s,
        "tags": list(spec.tags),
        "source": spec.source,
        "plugin": registry.origins.get(spec.name),
    }


def _fit(line: str) -> str:
    """On a terminal, cut a line to its width (a pipe gets every character)."""
    if not sys.stdout.isatty():
        return line
    width = shutil.get_terminal_size().columns
    return line if len(line) <= width else line[: max(width - 1, 1)] + "…"


@app.command("list")
def list_tools(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    plugin: PluginOption = None,
) -> None:
    """List every registered tool with the first line of its description, grouped by where it
    comes from (built in, or the plugin that adds it).

    Example: agent-system tools list --plugin ./my_tools.py
    """
    with guarded():
        _, registry = _registry(plugin)
        specs = sorted(registry, key=lambda s: s.name)
        if as_json:
            typer.echo(json.dumps([_summary(s, registry) for s in specs], indent=2))
        else:
            groups: dict[str, list[ToolSpec]] = {}
            for spec in specs:
                origin = registry.origins.get(spec.name)
                groups.setdefault(f"From plugin {origin}:" if origin else "Built in:", []).append(
                    spec
                )
            width = max((len(s.name) for s in specs), default=0)
            for title, members in sorted(groups.items(), key=lambda kv: kv[0] != "Built in:"):
                typer.echo(title)
                for spec in members:
                    first = spec.description.splitlines()[0] if spec.description else ""
                    typer.echo(_fit(f"  {spec.name:<{width}}  {first}".rstrip()))
            if not specs:
                typer.echo("No tools registered.")
        for warning in registry.warnings:
            typer.echo(f"warning: {warning}", err=True)


@app.command("show")
def show(name: str, plugin: PluginOption = None) -> None:
    """Print a tool's schema exactly as it is sent to the LLM.

    Example: agent-system tools show timer.set
    """
    with guarded():
        _, registry = _registry(plugin)
        typer.echo(json.dumps(_spec(registry, name).llm_schema(), indent=2))


@app.command("validate")
def validate(plugin: PluginOption = None) -> None:
    """Check every tool (and plugin) for problems; exit 1 when there are any.

    Example: agent-system tools validate --plugin ./my_tools.py
    """
    from agent_system.registry._validate import validate_registry

    with guarded():
        _, registry = _registry(plugin)
        problems = validate_registry(registry)
        for problem in problems:
            typer.echo(f"- {problem}")
        if problems:
            typer.echo(f"{len(problems)} problem(s) in {len(registry)} tool(s).", err=True)
            raise typer.Exit(1)
        typer.echo(f"OK: {len(registry)} tool(s), no problems.")


@app.command("call")
def call(
    name: str,
    args: Annotated[str, typer.Option("--args", "-a", help="Arguments as a JSON object.")] = "{}",
    as_json: Annotated[bool, typer.Option("--json", help="Print the full result as JSON.")] = False,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Run a tool that needs approval without asking.")
    ] = False,
    plugin: PluginOption = None,
) -> None:
    """Run one tool with JSON arguments on the real data directory.

    Example: agent-system tools call timer.set --args '{"duration": "5 minutes"}'
    """
    import asyncio

    from pydantic_core import to_jsonable_python

    from agent_system.errors import AgentSystemError
    from agent_system.registry.spec import ToolOutput

    with guarded():
        settings, registry = _registry(plugin)
        spec = _spec(registry, name)
        try:
            arguments = json.loads(args)
        except json.JSONDecodeError as exc:
            typer.echo(f"--args is not valid JSON: {exc.msg} (column {exc.colno})", err=True)
            raise typer.Exit(2) from None
        if not isinstance(arguments, dict):
            typer.echo('--args must be a JSON object, like \'{"city": "Paris"}\'', err=True)
            raise typer.Exit(2)
        if spec.needs_approval(arguments) and not yes:
            _ask_approval(spec, arguments)
        try:
            result = asyncio.run(_run(settings, spec, arguments))
        except AgentSystemError as exc:
            typer.echo(f"error: {exc.message}", err=True)
            raise typer.Exit(1) from None
        output = result if isinstance(result, ToolOutput) else ToolOutput(data=result)
        if as_json:
            typer.echo(json.dumps(to_jsonable_python(output, fallback=str), indent=2))
        elif output.display:
            typer.echo(output.display)
        elif isinstance(output.data, str):
            typer.echo(output.data)  # a plain string is the answer itself, not a JSON blob
        else:
            typer.echo(json.dumps(to_jsonable_python(output.data, fallback=str), indent=2))


def _ask_approval(spec: ToolSpec, arguments: dict[str, Any]) -> None:
    """Approval for a tool that needs it, as every other path asks: a question on a terminal,
    else a refusal naming ``--yes``."""
    import sys

    from rich.console import Console

    from agent_system.cli._runner import YesNo

    what = ", ".join(f"{k} {v}" for k, v in arguments.items()) or "no arguments"
    question = f"{spec.name} needs your approval ({what}). Run it?"
    if not sys.stdin.isatty():
        typer.echo(f"Not run: {question.removesuffix(' Run it?')} Pass --yes to run it.", err=True)
        raise typer.Exit(1)
    if not YesNo.ask(question, console=Console(stderr=True), default=False):
        typer.echo("Not run.", err=True)
        raise typer.Exit(1)


async def _run(settings: Settings, spec: ToolSpec, arguments: dict[str, Any]) -> Any:
    from agent_system._persistence import open_persistence, open_runtime
    from agent_system.registry.spec import ToolContext

    persistence = await open_persistence(settings)
    runtime = open_runtime(settings, store=persistence.store)
    try:
        # The local user, as `ask`, `chat` and `timers` are: their timers, memories and events
        # are the same ones.
        return await spec.ainvoke(arguments, ToolContext(runtime=runtime, user=None))
    finally:
        await runtime.http.aclose()
        runtime.db.close()
        await persistence.aclose()

"""The `agent-system` command: ``ask``, ``chat``, ``plan``, ``route``, threads, timers, config...

Every command reads the settings once (`Settings()`), opens one `AgentSystem`, and maps errors to
exit codes (see `agent_system.cli._common`).
"""

from __future__ import annotations

import errno
import sys
import uuid
from typing import Annotated, Any

import typer

from agent_system.cli import _common as common
from agent_system.cli import _help
from agent_system.cli._common import EXIT_FAILURE, EXIT_OK, guarded, load_settings, make_console
from agent_system.cli._config_cmd import config_app
from agent_system.cli._daemon_cmd import daemon_command
from agent_system.cli._db_cmd import db_app
from agent_system.cli._extra_cmd import calendar_app, timers_command
from agent_system.cli._log_cmd import log_command
from agent_system.cli._threads_cmd import threads_app

__all__ = ["app"]

_help.install()

app = typer.Typer(
    name="agent-system",
    help="An open agent meta-planner: ask for things, watch the plan run, approve what matters.",
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)


Verbose = Annotated[
    bool, typer.Option("--verbose", "-v", help="Show tokens, cost, timings and full tracebacks.")
]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
Text = Annotated[
    str, typer.Argument(help="The request, in plain words.", show_default=False, metavar="TEXT")
]
Thread = Annotated[
    str | None,
    typer.Option("--thread", "-t", metavar="ID", help="Continue this conversation."),
]
Last = Annotated[
    bool,
    typer.Option("--last", "-c", help="Continue the most recent conversation (no id to copy)."),
]
Yes = Annotated[bool, typer.Option("--yes", "-y", help="Approve steps that need approval.")]
Area = Annotated[
    str | None,
    typer.Option(
        "--area",
        metavar="ROOM",
        help="The room you are in: 'turn off the light' then means the light there.",
    ),
]


def _version(value: bool) -> None:
    if value:
        from agent_system.cli import version_line

        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def main(
    verbose: Verbose = False,
    _: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Answer requests with fast-reply roles or typed, planned tool calls."""
    common.state.verbose = verbose


@app.command()
def ask(
    text: Text,
    as_json: AsJson = False,
    thread: Thread = None,
    last: Last = False,
    yes: Yes = False,
    verbose: Verbose = False,
    area: Area = None,
) -> None:
    """Answer one request, showing the route, the plan and each step as it runs.

    Example: agent-system ask "set a timer for 10 minutes and check the weather in Paris"
    """
    verbose = verbose or common.state.verbose
    with guarded(verbose):
        from agent_system.cli._display import RunDisplay
        from agent_system.cli._repl import fire_due_timers
        from agent_system.cli._runner import ask_each, describe_pending, run_request

        settings = load_settings()
        out = make_console()
        err = make_console(stderr=True)
        interactive = sys.stdin.isatty()

        def decide(pending: list[dict[str, Any]]) -> bool | dict[str, list[str]]:
            if yes:
                return True
            if interactive:
                return ask_each(err, verbose=verbose)(pending)
            for step in pending:
                err.print(
                    f"Declined {describe_pending(step, verbose=verbose)}: approval needs a "
                    "terminal (stdin is not one). Re-run with --yes to approve it.",
                    markup=False,
                    soft_wrap=True,
                )
            return False

        thread_id = thread or str(uuid.uuid4())  # known even if Ctrl-C cuts the run short

        async def go() -> Any:
            nonlocal thread_id
            async with common.open_system(settings) as system:
                if last and thread is None:
                    thread_id = await common.latest_thread(system) or thread_id
                # Timers that came due while nothing ran ring now, marked late.
                await fire_due_timers(system, err)
                display = None if as_json else RunDisplay(out, verbose=verbose)
                if display is None:
                    return await run_request(
                        system, text, thread_id=thread_id, decide=decide, display=None, area=area
                    )
                with display:
                    return await run_request(
                        system,
                        text,
                        thread_id=thread_id,
                        decide=decide,
                        display=display,
                        area=area,
                    )

        try:
            result, declined = common.run_async(go())
        except KeyboardInterrupt:
            err.print(
                "Interrupted. The run's state is saved: `agent-system chat --thread "
                f"{thread_id}` then /resume continues it.",
                markup=False,
                soft_wrap=True,
            )
            raise typer.Exit(130) from None
        if as_json:
            common.echo_json(result)
        else:
            err.print(f"thread {result.thread_id}", style="dim", markup=False, soft_wrap=True)
    ok = result.status == "success" and declined == 0
    raise typer.Exit(EXIT_OK if ok else EXIT_FAILURE)


@app.command()
def plan(text: Text, as_json: AsJson = False, verbose: Verbose = False) -> None:
    """Show the plan the system would run for a request; nothing is executed.

    Example: agent-system plan "turn on the kitchen lights then set a timer for 5 minutes"
    """
    with guarded(verbose):
        from agent_system.cli._display import print_plan

        result = common.with_system(load_settings(), lambda system: system.aplan(text))
        if as_json:
            common.echo_json(result)
            return
        print_plan(make_console(), result, f"Plan for {text!r}")


@app.command()
def route(text: Text, as_json: AsJson = False, verbose: Verbose = False) -> None:
    """Show where a request would go (fast-reply role or meta-planning) and how sure it is.

    Example: agent-system route "what's the weather in Paris tomorrow"
    """
    with guarded(verbose):
        from agent_system.cli._display import describe_route

        decision = common.with_system(load_settings(), lambda system: system.aroute(text))
        if as_json:
            common.echo_json(decision)
            return
        out = make_console()
        out.print(describe_route(decision), markup=False, soft_wrap=True)
        if decision.slots:
            slots = ", ".join(f"{k}={v!r}" for k, v in decision.slots.items())
            out.print(f"slots: {slots}", markup=False, soft_wrap=True)
        if decision.reason:
            out.print(f"reason: {decision.reason}", markup=False, soft_wrap=True)
        if decision.scores:
            top = sorted(decision.scores.items(), key=lambda kv: -kv[1])[:4]
            out.print(
                "scores: " + ", ".join(f"{k} {v:.2f}" for k, v in top), markup=False, soft_wrap=True
            )


@app.command()
def chat(
    thread: Thread = None,
    last: Last = False,
    yes: Yes = False,
    verbose: Verbose = False,
) -> None:
    """Talk to the assistant: history, line editing, /commands, and timers that ring.

    Example: agent-system chat --last
    """
    verbose = verbose or common.state.verbose
    with guarded(verbose):
        settings = load_settings()
        from agent_system.cli._repl import run_chat

        common.run_async(run_chat(settings, thread_id=thread, last=last, yes=yes, verbose=verbose))


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Interface to bind (default: settings).")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default: settings).")] = None,
    open_: Annotated[
        bool,
        typer.Option(
            "--open", help="Serve without API keys (loopback addresses only; for local use)."
        ),
    ] = False,
    workers: Annotated[int, typer.Option(min=1, help="Server worker processes.")] = 1,
    verbose: Verbose = False,
) -> None:
    """Run the HTTP backend: the native API and the OpenAI-compatible API.

    Example: agent-system serve --open --port 8000
    """
    with guarded(verbose):
        from agent_system.errors import ConfigurationError

        settings = load_settings()
        try:
            from agent_system.server._app import serve as run_server
        except ImportError as exc:
            raise ConfigurationError(
                f"The HTTP server is not available ({exc}). Install agent-system with its "
                "server dependencies (pip install agent-system)."
            ) from exc
        bind_host = host or settings.host
        bind_port = settings.port if port is None else port
        _check_port_free(bind_host, bind_port)
        _check_storage(settings)
        try:
            run_server(settings, bind_host, bind_port, open_=open_, workers=workers)
        except SystemExit as exc:
            if exc.code == 3:  # uvicorn's startup failure: the port was taken meanwhile
                raise ConfigurationError(_busy(bind_host, bind_port)) from None
            raise


def _check_storage(settings: Any) -> None:
    """Open the database once before uvicorn starts, so a damaged or unwritable file is one
    line (exit 2) rather than a startup traceback."""
    import asyncio

    from agent_system._persistence import open_persistence

    async def probe() -> None:
        await (await open_persistence(settings)).aclose()

    asyncio.run(probe())


def _busy(host: str, port: int) -> str:
    return (
        f"Port {port} on {host} is already in use (another server?): stop it, or pick a free "
        "port with --port (or `port` in the config file)."
    )


def _check_port_free(host: str, port: int) -> None:
    """Fail with one line, before uvicorn starts, when the port is taken."""
    import socket

    from agent_system.errors import ConfigurationError

    if port == 0:
        return
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise ConfigurationError(
            f"Cannot serve on {host!r}: {exc.strerror}. Use --host with an address of this "
            "machine, such as 127.0.0.1."
        ) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise ConfigurationError(_busy(host, port)) from None
            raise ConfigurationError(
                f"Cannot serve on {host}:{port}: {exc.strerror}. Pick another --host or --port."
            ) from None


app.command("timers")(timers_command)
app.command("daemon")(daemon_command)
app.command("log")(log_command)
app.add_typer(threads_app, name="threads")
app.add_typer(calendar_app, name="calendar")
app.add_typer(config_app, name="config")
app.add_typer(db_app, name="db")


def _mount_optional(module: str, attributes: tuple[str, ...], name: str) -> None:
    """Mount a sub-app written elsewhere, if it is installed and imports cleanly."""
    import importlib

    try:
        found = importlib.import_module(module)
    except ImportError:
        return
    for attribute in attributes:
        sub = getattr(found, attribute, None)
        if isinstance(sub, typer.Typer):
            app.add_typer(sub, name=name)
            return


_mount_optional("agent_system.cli._tools_cmd", ("tools_app", "app"), "tools")
_mount_optional("agent_system.cli._mcp_cmd", ("mcp_app", "app"), "mcp")

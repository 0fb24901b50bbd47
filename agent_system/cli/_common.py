"""What every command shares: settings, consoles, the event loop, and error to exit-code mapping.

Exit codes: 0 success; 1 the request ended partial, failed, or is still waiting for approval;
2 usage or configuration error (`ConfigurationError`, invalid settings). An error is one readable
line; ``--verbose`` adds the traceback.
"""

from __future__ import annotations

import contextlib
import gc
import json
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from agent_system.cli._settings import load_settings

if TYPE_CHECKING:
    from rich.console import Console

    from agent_system.api import AgentSystem
    from agent_system.config import Settings

__all__ = [
    "EXIT_FAILURE",
    "EXIT_OK",
    "EXIT_USAGE",
    "CliState",
    "collector_paused",
    "echo_json",
    "guarded",
    "latest_thread",
    "load_settings",
    "open_system",
    "run_async",
    "state",
    "with_system",
]

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2

T = TypeVar("T")


@dataclass
class CliState:
    """Options given before the command (``agent-system --verbose ask ...``)."""

    verbose: bool = False


state = CliState()
"""The global options of the current invocation (set by the app callback)."""


def make_console(*, stderr: bool = False) -> Console:
    """A rich console; rich itself honours NO_COLOR and plain output when not a terminal."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


@contextlib.asynccontextmanager
async def open_system(settings: Settings) -> AsyncIterator[AgentSystem]:
    """An open `AgentSystem` for one command."""
    with collector_paused():
        from agent_system.api import AgentSystem

        system = AgentSystem(settings)
    try:
        with collector_paused():
            await system.aopen()
        yield system
    finally:
        await system.aclose()


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No garbage collection while the system is built, then those objects frozen.

    Start-up creates hundreds of thousands of objects that live as long as the process (modules,
    compiled rules, the router model); the collector's full passes over them cost about a sixth of
    a one-step ``ask``. Once built they are frozen (`gc.freeze`: never scanned again, not even at
    exit) and collection resumes as before.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


async def latest_thread(system: AgentSystem) -> str | None:
    """The local user's most recently updated thread (``--last``), or None if there is none."""
    threads = await system.athreads()
    return str(threads[0]["thread_id"]) if threads else None


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run a command's coroutine on a fresh event loop."""
    import asyncio

    return asyncio.run(coro)


def with_system(settings: Settings, call: Callable[[AgentSystem], Awaitable[T]]) -> T:
    """Open a system, await ``call(system)``, close it, and return the result."""

    async def go() -> T:
        async with open_system(settings) as system:
            return await call(system)

    return run_async(go())


def echo_json(value: Any) -> None:
    """Print JSON for scripts: plain stdout, no markup, no wrapping (pydantic models by alias)."""
    from pydantic import BaseModel

    if isinstance(value, BaseModel):
        text = value.model_dump_json(indent=2, by_alias=True)
    else:
        text = json.dumps(value, indent=2, default=str, ensure_ascii=False)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _one_line(exc: BaseException) -> str:
    message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    return " ".join(str(message).split()) if "\n" not in str(message) else str(message)


@contextlib.contextmanager
def guarded(verbose: bool = False) -> Iterator[None]:
    """Turn exceptions into one readable line on stderr and the right exit code."""
    verbose = verbose or state.verbose
    err = make_console(stderr=True)
    try:
        yield
    except (typer.Exit, typer.Abort, SystemExit):
        raise
    except KeyboardInterrupt:
        err.print("Interrupted.")
        raise typer.Exit(130) from None
    except Exception as exc:
        from rich.markup import escape

        from agent_system.errors import AgentSystemError, ConfigurationError

        if isinstance(exc, ConfigurationError):
            if verbose:
                err.print_exception()
            err.print(
                f"[red]Configuration error:[/] {escape(_one_line(exc))}",
                markup=True,
                soft_wrap=True,
            )
            raise typer.Exit(EXIT_USAGE) from None
        if isinstance(exc, AgentSystemError):
            if verbose:
                err.print_exception()
            err.print(f"[red]Error:[/] {escape(_one_line(exc))}", markup=True, soft_wrap=True)
            raise typer.Exit(EXIT_FAILURE) from None
        if verbose:
            err.print_exception()
            hint = ""
        else:
            hint = " (run with --verbose for the traceback)"
        err.print(
            f"[red]Unexpected error:[/] {type(exc).__name__}: {escape(_one_line(exc))}{hint}",
            markup=True,
            soft_wrap=True,
        )
        raise typer.Exit(EXIT_FAILURE) from None

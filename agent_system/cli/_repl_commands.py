"""The chat REPL's slash commands: /help, /new, /threads, /thread, /plan, /tools, /approve...

Each command is an async function ``(session, rest_of_line)``; `COMMANDS` maps names to them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text

from agent_system.errors import AgentSystemError

if TYPE_CHECKING:
    from rich.console import Console

    from agent_system.api import AgentSystem

__all__ = ["COMMANDS", "HELP", "CommandsMixin"]

HELP = [
    ("/help", "show this help"),
    ("/new", "start a new conversation"),
    ("/threads", "list conversations"),
    ("/thread ID", "continue an earlier conversation"),
    ("/plan TEXT", "preview the plan for TEXT without running it"),
    ("/tools", "list the tools plans can use"),
    ("/approve [no | STEP…]", "answer a pending approval (all, none, or the named steps)"),
    ("/resume", "continue a run cancelled with Ctrl-C"),
    ("/quit", "leave (also Ctrl-D, or Ctrl-C twice)"),
]


class CommandsMixin:
    """What the commands need from the session (implemented by `ChatSession`)."""

    system: AgentSystem
    console: Console
    thread_id: str | None
    pending: list[dict[str, Any]]

    async def answer_approval(self, decision: bool | dict[str, list[str]]) -> None:
        raise NotImplementedError

    async def resume(self) -> None:
        raise NotImplementedError

    def say(self, text: str, style: str | None = None) -> None:
        """Print plain text (no markup)."""
        self.console.print(text, markup=False, style=style, soft_wrap=True)


Command = Callable[[Any, str], Awaitable[None]]


async def _help(session: CommandsMixin, _: str) -> None:
    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for name, what in HELP:
        table.add_row(Text(name), Text(what))
    session.console.print(table)
    session.say("Enter sends; end a line with \\ (or press Alt-Enter) to add another line.")


async def _new(session: CommandsMixin, _: str) -> None:
    session.thread_id = None
    session.pending = []
    session.say("New conversation.")


async def _threads(session: CommandsMixin, _: str) -> None:
    from agent_system.cli._threads_cmd import threads_table

    threads = await session.system.athreads()
    if not threads:
        session.say("No conversations yet.")
        return
    session.console.print(threads_table(threads, session.console.width))
    if session.thread_id:
        session.say(f"current: {session.thread_id}", style="dim")


async def _thread(session: CommandsMixin, rest: str) -> None:
    if not rest:
        session.say(f"current thread: {session.thread_id or '(new)'}; /thread ID switches.")
        return
    from agent_system.cli._threads_cmd import print_thread

    try:
        thread = await session.system.aget_thread(rest)
    except AgentSystemError as exc:
        session.say(exc.message, style="red")
        return
    session.thread_id = rest
    session.pending = list(thread.get("pending_approval", []))
    print_thread(session.console, thread)


async def _plan(session: CommandsMixin, rest: str) -> None:
    if not rest:
        session.say("Usage: /plan TEXT (shows the plan without running it)")
        return
    from agent_system.cli._display import print_plan

    plan = await session.system.aplan(rest, thread_id=session.thread_id)
    print_plan(session.console, plan, "Plan (not run)")


async def _tools(session: CommandsMixin, rest: str) -> None:
    registry = session.system.engine.registry
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("tool")
    table.add_column("approval")
    table.add_column("description", overflow="fold")
    specs = [s for s in registry if not rest or rest.lower() in s.name.lower()]
    for spec in sorted(specs, key=lambda s: s.name):
        first = spec.description.strip().splitlines()[0] if spec.description.strip() else ""
        table.add_row(Text(spec.name), "yes" if spec.requires_approval else "", Text(first))
    session.console.print(table)


async def _approve(session: CommandsMixin, rest: str) -> None:
    if not session.pending or session.thread_id is None:
        session.say("Nothing is waiting for approval.")
        return
    words = rest.split()
    decision: bool | dict[str, list[str]]
    if not words or words[0].lower() in ("yes", "y", "all"):
        decision = True
    elif words[0].lower() in ("no", "n", "none"):
        decision = False
    else:
        known = {str(step.get("step_id")) for step in session.pending}
        unknown = [w for w in words if w not in known]
        if unknown:
            session.say(f"Unknown step {', '.join(unknown)}; waiting: {', '.join(sorted(known))}.")
            return
        decision = {"approved": words}
    await session.answer_approval(decision)


async def _resume(session: CommandsMixin, _: str) -> None:
    if session.thread_id is None:
        session.say("Nothing to resume.")
        return
    await session.resume()


async def _quit(session: CommandsMixin, _: str) -> None:
    from agent_system.cli._repl import Quit

    raise Quit


COMMANDS: dict[str, Command] = {
    "/help": _help,
    "/?": _help,
    "/new": _new,
    "/threads": _threads,
    "/thread": _thread,
    "/plan": _plan,
    "/tools": _tools,
    "/approve": _approve,
    "/resume": _resume,
    "/quit": _quit,
    "/exit": _quit,
}

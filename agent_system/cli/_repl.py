"""``agent-system chat``: a REPL with history, line editing, /commands and ringing timers.

Enter sends; a trailing backslash or Alt-Enter adds a line. Ctrl-C during a run cancels it (its
state stays saved: ``/resume`` continues it); a second Ctrl-C quits. Due timers ring (``\\a``) and
print while the REPL is open, from a `TimerService` running in the background.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import uuid
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from rich.console import Console

from agent_system import events as ev
from agent_system.cli._common import latest_thread, make_console, open_system
from agent_system.cli._display import RunDisplay
from agent_system.cli._repl_commands import COMMANDS, CommandsMixin
from agent_system.cli._runner import (
    NO,
    YES,
    approval_question,
    consume,
    describe_pending,
    settle,
)
from agent_system.errors import AgentSystemError

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession

    from agent_system.api import AgentSystem
    from agent_system.config import Settings

__all__ = ["ChatSession", "run_chat"]

T = TypeVar("T")

HISTORY_FILE = "chat_history"


class Quit(Exception):
    """Leave the REPL."""


class ChatSession(CommandsMixin):
    """One REPL session over an open `AgentSystem`."""

    def __init__(
        self,
        system: AgentSystem,
        console: Console,
        *,
        thread_id: str | None = None,
        yes: bool = False,
        verbose: bool = False,
        interactive: bool = True,
    ) -> None:
        self.system = system
        self.console = console
        self.thread_id = thread_id
        self.yes = yes
        self.verbose = verbose
        self.interactive = interactive
        self.pending: list[dict[str, Any]] = []
        self._last_interrupt = False
        self._quit_requested = False

    # --- the loop ------------------------------------------------------------------------
    async def loop(self) -> None:
        """Read and answer lines until /quit, Ctrl-D or a second Ctrl-C."""
        self.console.print(
            "agent-system chat: type a request, /help for commands, Ctrl-D to leave.",
            style="dim",
            markup=False,
            soft_wrap=True,
        )
        session = self._prompt_session() if self.interactive else None
        if self.thread_id is not None:  # --thread: pick up a pending approval
            thread = await self.system.aget_thread(self.thread_id)
            self.pending = list(thread.get("pending_approval", []))
            if self.pending:
                self._show_pending()
        while True:
            try:
                line = await self._read(session)
            except KeyboardInterrupt:
                if self._last_interrupt:
                    break
                self._last_interrupt = True
                self.console.print(
                    "(Ctrl-C again or /quit to leave)", style="dim", markup=False, soft_wrap=True
                )
                continue
            except EOFError:
                break
            if line is None:
                break
            self._last_interrupt = False
            try:
                await self.handle_line(line)
            except Quit:
                break
            except AgentSystemError as exc:
                self._error(exc.message)
            except Exception as exc:  # the REPL outlives one failed request
                if self.verbose:
                    self.console.print_exception()
                self._error(f"Unexpected error: {type(exc).__name__}: {exc}")
            if self._quit_requested:
                break
        self.console.print("Bye.", style="dim", markup=False, soft_wrap=True)

    async def _read(self, session: PromptSession[str] | None) -> str | None:
        if session is None:
            raw = await asyncio.to_thread(sys.stdin.readline)
            if not raw:
                return None
            lines = [raw.rstrip("\n")]
            while lines[-1].endswith("\\"):
                lines[-1] = lines[-1][:-1]
                more = await asyncio.to_thread(sys.stdin.readline)
                if not more:
                    break
                lines.append(more.rstrip("\n"))
            return "\n".join(lines)
        from prompt_toolkit.patch_stdout import patch_stdout

        with patch_stdout(raw=True):
            text: str = await session.prompt_async(self._prompt_text())
        return text

    def _error(self, message: str) -> None:
        self.console.print(message, markup=False, style="red", soft_wrap=True)

    def _prompt_text(self) -> str:
        return "approve> " if self.pending else "chat> "

    def _prompt_session(self) -> PromptSession[str]:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory
        from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

        bindings = KeyBindings()

        @bindings.add("enter")
        def _enter(event: KeyPressEvent) -> None:
            buffer = event.current_buffer
            if buffer.document.text_before_cursor.endswith("\\"):
                buffer.delete_before_cursor(1)
                buffer.insert_text("\n")
            else:
                buffer.validate_and_handle()

        @bindings.add("escape", "enter")
        def _newline(event: KeyPressEvent) -> None:
            event.current_buffer.insert_text("\n")

        home = self.system.settings.home
        home.mkdir(parents=True, exist_ok=True)
        return PromptSession(
            history=FileHistory(str(home / HISTORY_FILE)),
            key_bindings=bindings,
            prompt_continuation="… ",
            enable_history_search=False,
        )

    async def handle_line(self, line: str) -> None:
        """Run a /command or send a request."""
        text = line.strip()
        if not text:
            return
        if text.startswith("/"):
            name, _, rest = text.partition(" ")
            handler = COMMANDS.get(name.lower())
            if handler is None:
                self.console.print(
                    f"Unknown command {name}; /help lists the commands.", markup=False
                )
                return
            await handler(self, rest.strip())
            return
        if self.pending and text.strip().lower().rstrip(".!") in (*YES, *NO):
            await self.answer_approval(text.strip().lower().rstrip(".!") in YES)
            return
        if self.pending:
            self.console.print(
                "A step is waiting for your approval: /approve runs it, /approve no declines "
                "it, /new starts a new conversation.",
                markup=False,
                soft_wrap=True,
            )
            return
        await self.request(text)

    # --- runs ----------------------------------------------------------------------------
    async def request(self, text: str) -> None:
        """Send one request on the current thread and show it live."""

        self.thread_id = self.thread_id or str(uuid.uuid4())  # known even if Ctrl-C cuts in
        thread_id = self.thread_id

        async def go(display: RunDisplay) -> ev.RunResult:
            return await consume(
                self.system.astream(text, thread_id=thread_id), display, system=self.system
            )

        await self.drive(go)

    async def answer_approval(self, decision: bool | dict[str, list[str]]) -> None:
        """Answer the pending approval of the current thread."""
        assert self.thread_id is not None
        thread_id = self.thread_id
        answered = frozenset(str(step.get("step_id")) for step in self.pending)
        self.pending = []

        async def go(display: RunDisplay) -> ev.RunResult:
            stream = self.system.astream_resume(thread_id, decision)
            return await consume(stream, display, answered, system=self.system)

        await self.drive(go)

    async def resume(self) -> None:
        """Continue a run that Ctrl-C cut off."""
        assert self.thread_id is not None
        thread_id = self.thread_id

        async def go(display: RunDisplay) -> ev.RunResult:
            return await consume(
                self.system.astream_resume(thread_id, None), display, system=self.system
            )

        await self.drive(go)

    async def drive(self, run: Callable[[RunDisplay], Awaitable[ev.RunResult]]) -> None:
        """Run with a live display; Ctrl-C cancels it (a second Ctrl-C quits)."""

        async def body() -> ev.RunResult:
            with RunDisplay(self.console, verbose=self.verbose) as display:
                result = await run(display)
                if result.status == "interrupted" and result.pending_approval and self.yes:
                    result, _ = await settle(self.system, result, lambda _pending: True, display)
                return result

        outcome = await self._cancellable(body())
        if outcome is None:
            return
        self.thread_id = outcome.thread_id
        if outcome.status == "interrupted" and outcome.pending_approval:
            self.pending = list(outcome.pending_approval)
            self._show_pending()

    def _show_pending(self) -> None:
        if len(self.pending) == 1:
            (step,) = self.pending
            self.console.print(
                approval_question(step, verbose=self.verbose),
                markup=False,
                style="magenta",
                soft_wrap=True,
            )
            self.console.print("Type yes or no.", markup=False, soft_wrap=True)
            return
        self.console.print("These need your approval:", markup=False, style="magenta")
        for step in self.pending:
            self.console.print(
                f"  {step.get('step_id')}: {describe_pending(step, verbose=self.verbose)}",
                markup=False,
                style="magenta",
                soft_wrap=True,
            )
        self.console.print(
            "Type yes to approve them all, no to decline, or /approve <step id>… to choose.",
            markup=False,
            soft_wrap=True,
        )

    async def _cancellable(self, coro: Awaitable[T]) -> T | None:
        """Await `coro`; the first Ctrl-C cancels it, a second one also quits the REPL."""
        task = asyncio.ensure_future(coro)
        loop = asyncio.get_running_loop()
        presses = 0

        def on_sigint() -> None:
            nonlocal presses
            presses += 1
            if presses > 1:
                self._quit_requested = True
            task.cancel()

        installed = False
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signal.SIGINT, on_sigint)
            installed = True
        try:
            return await task
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                raise
            self._after_cancel()
            return None
        finally:
            if installed:
                loop.remove_signal_handler(signal.SIGINT)

    def _after_cancel(self) -> None:
        self._last_interrupt = True
        self.console.print(
            "Cancelled. The run's state is saved: /resume continues it; Ctrl-C again quits.",
            markup=False,
            soft_wrap=True,
            style="yellow",
        )


async def _ring(console: Console, fired: Any) -> None:
    """Print a due timer, with a terminal bell."""
    if getattr(fired, "user", "") not in ("", None):
        return
    console.file.write("\a")  # the bell goes where the message goes (stderr for `ask`)
    console.file.flush()
    console.print(f"⏰ {fired.text}", markup=False, style="bold yellow", soft_wrap=True)


async def fire_due_timers(system: AgentSystem, console: Console) -> int:
    """Ring every timer that came due while no process ran (once each); how many rang."""
    service = _timer_service(system, console)
    return len(await service.tick()) if service is not None else 0


def _timer_service(system: AgentSystem, console: Console) -> Any:
    try:
        from roles.timer.service import TimerService, command_runner
    except ImportError:  # pragma: no cover - the timer role is not installed
        return None

    async def notify(fired: Any) -> None:
        await _ring(console, fired)

    run = command_runner(system)  # "turn off the lights in 10 minutes"
    return TimerService(system.engine.runtime, notify, user="", run=run)  # the local user's only


async def run_chat(
    settings: Settings,
    *,
    thread_id: str | None = None,
    last: bool = False,
    yes: bool = False,
    verbose: bool = False,
    console: Console | None = None,
) -> None:
    """Open the system, start the timer service, and run the REPL until the user leaves.

    ``last``: continue the most recent conversation (when ``thread_id`` is not given).
    """
    console = console or make_console()
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    async with open_system(settings) as system:
        if thread_id is None and last:
            thread_id = await latest_thread(system)
        session = ChatSession(
            system,
            console,
            thread_id=thread_id,
            yes=yes,
            verbose=verbose,
            interactive=interactive,
        )
        service = _timer_service(system, console)
        stop = asyncio.Event()
        ticker = asyncio.create_task(service.run(stop)) if service is not None else None
        try:
            await session.loop()
        finally:
            stop.set()
            if ticker is not None:
                ticker.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await ticker

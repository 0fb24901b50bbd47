"""``agent-system daemon``: ring the local user's timers on time, with no chat open.

A light background process (no router, no planner): it opens the data directory, fires each
timer, alarm or reminder of the local user when due, prints one line per ring on stdout (the
journal, under systemd) and shows a desktop notification where one is available (``notify-send``
on Linux, ``osascript`` on macOS). Timers ring once across processes: a chat REPL, an ``ask`` or
a server that is also running never rings the same one again.
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import subprocess
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from agent_system.cli._common import guarded, load_settings

if TYPE_CHECKING:
    from agent_system.config import Settings

__all__ = ["daemon_command", "desktop_notifier"]


def desktop_notifier() -> list[str] | None:
    """The command that shows a desktop notification here (title appended), or None."""
    if sys.platform == "darwin" and shutil.which("osascript"):
        return ["osascript", "-e"]
    found = shutil.which("notify-send")
    if found:
        return [found, "--app-name=agent-system", "--urgency=critical"]
    return None


def _notify_desktop(command: list[str], text: str) -> None:
    if command[0].endswith("osascript"):
        script = 'display notification "{}" with title "agent-system" sound name "Glass"'
        args = [*command, script.format(text.replace('"', "'"))]
    else:
        args = [*command, "agent-system", text]
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(args, check=False, timeout=10, capture_output=True)


async def _serve(settings: Settings, *, once: bool, desktop: bool, interval: float) -> int:
    import asyncio

    from agent_system._persistence import open_persistence, open_runtime
    from roles.timer.service import FiredTimer, TimerService

    command = desktop_notifier() if desktop else None
    persistence = await open_persistence(settings)
    runtime = open_runtime(settings, store=persistence.store)

    async def ring(fired: FiredTimer) -> None:
        stamp = fired.fired_at.strftime("%H:%M:%S")
        sys.stdout.write(f"{stamp} ⏰ {fired.text}\n")
        sys.stdout.flush()
        if command is not None:
            await asyncio.to_thread(_notify_desktop, command, fired.text)

    service = TimerService(runtime, ring, user="")  # the local user's timers only
    try:
        if once:
            return len(await service.tick())
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError):  # (Windows)
                loop.add_signal_handler(sig, stop.set)
        where = "desktop notifications" if command else "no desktop notifier found"
        sys.stderr.write(f"agent-system daemon: ringing timers ({where}); Ctrl-C stops.\n")
        sys.stderr.flush()
        await service.run(stop, interval=interval)
        return 0
    finally:
        await runtime.http.aclose()
        runtime.db.close()
        await persistence.aclose()


def daemon_command(
    once: Annotated[
        bool, typer.Option("--once", help="Ring what is due now, then exit (for cron).")
    ] = False,
    desktop: Annotated[
        bool,
        typer.Option("--desktop/--no-desktop", help="Show desktop notifications when available."),
    ] = True,
    interval: Annotated[float, typer.Option(min=0.1, max=60, help="Seconds between checks.")] = 1.0,
) -> Any:
    """Ring timers, alarms and reminders on time in the background, with no chat open.

    Prints one line per ring and shows a desktop notification (notify-send, osascript) where
    one is available. Run it under systemd (see docs/cli.md) to have it always on.

    Example: agent-system daemon &
    """
    import asyncio

    with guarded():
        settings = load_settings()
        asyncio.run(_serve(settings, once=once, desktop=desktop, interval=interval))

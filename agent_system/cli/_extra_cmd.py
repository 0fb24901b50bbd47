"""``agent-system timers`` (active timers, alarms, reminders) and ``calendar export`` (ICS)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from agent_system.cli._common import echo_json, guarded, load_settings, make_console

__all__ = ["calendar_app", "format_remaining", "timers_command"]

T = TypeVar("T")

calendar_app = typer.Typer(help="Work with the local calendar.", no_args_is_help=True)


def format_remaining(left: timedelta) -> str:
    """``1h 05m 03s``, ``4m 10s``, ``12s``."""
    seconds = int(left.total_seconds())
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h {minutes:02d}m {secs:02d}s"
    if minutes:
        return f"{minutes}m {secs:02d}s"
    return f"{secs}s"


def _with_repository(work: Callable[[Any, Any], Awaitable[T]]) -> T:
    """Run ``work(repository, clock)`` on the configured repository (SQLite application
    database, or PostgreSQL when ``database_url`` says so), without building the whole graph."""
    from agent_system._storage import Database
    from agent_system.repository import SQLiteRepository
    from agent_system.runtime import SystemClock, resolve_timezone

    settings = load_settings()
    clock = SystemClock(resolve_timezone(settings.timezone))

    async def main() -> T:
        if settings.uses_postgres:
            from agent_system._repository_pg import PostgresRepository

            repository = PostgresRepository(str(settings.database_url))
            try:
                return await work(repository, clock)
            finally:
                await repository.aclose()
        db = Database(settings.sqlite_path)
        try:
            return await work(SQLiteRepository(db), clock)
        finally:
            db.close()

    return asyncio.run(main())


def timers_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
    all_users: Annotated[
        bool, typer.Option("--all-users", help="Every user's timers, not only the local ones.")
    ] = False,
) -> None:
    """List running and paused timers, alarms and reminders with the time left.

    Example: agent-system timers --json
    """
    from rich.table import Table
    from rich.text import Text

    from agent_system.errors import ConfigurationError

    with guarded():
        try:
            from roles.timer._repeat import describe
            from roles.timer.store import TimerStore
        except ImportError as exc:
            raise ConfigurationError(f"The timer role is not installed ({exc}).") from exc

        async def work(repository: Any, clock: Any) -> tuple[Any, list[Any]]:
            store = TimerStore(repository, clock)
            return clock.now(), await store.list_timers(None if all_users else "")

        now, timers = _with_repository(work)
        if as_json:
            echo_json(
                [
                    {
                        "id": t.id,
                        "user": t.user,
                        "kind": t.kind,
                        "label": t.label,
                        "message": t.message,
                        "state": t.state,
                        "due_at": t.due_at.isoformat() if t.due_at else None,
                        "remaining_s": t.remaining(now).total_seconds(),
                        "repeat": t.repeat,
                    }
                    for t in timers
                ]
            )
            return
        out = make_console()
        if not timers:
            out.print("No active timers.")
            return
        table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
        for column in ("id", "kind", "name", "state", "due", "left"):
            table.add_column(column)
        for t in timers:
            due = t.due_at.strftime("%Y-%m-%d %H:%M:%S") if t.due_at else ""
            name = (
                t.message
                or t.label
                or (f"{format_remaining(t.duration)} {t.kind}" if t.duration else "")
            )
            if t.repeat:  # "take out the bins (every Monday)"
                name = f"{name} ({describe(t.repeat)})"
            cells = (str(t.id), t.kind, name, t.state, due, format_remaining(t.remaining(now)))
            table.add_row(*(Text(cell) for cell in cells))
        out.print(table)


def _calendar() -> Any:
    """The calendar role's ICS module (`roles.calendar.ics`)."""
    from agent_system.errors import ConfigurationError

    try:
        from roles.calendar import ics
    except ImportError as exc:
        raise ConfigurationError(f"The calendar role is not installed ({exc}).") from exc
    return ics


def _calendar_store(repository: Any, clock: Any) -> Any:
    from roles.calendar.store import CalendarStore

    return CalendarStore(repository, clock)


@calendar_app.command("export")
def export(
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file (default: stdout).")
    ] = None,
) -> None:
    """Export the local user's calendar as an ICS (iCalendar) file.

    Example: agent-system calendar export --output calendar.ics
    """
    with guarded():
        export_ics = _calendar().export_ics
        text: str = _with_repository(
            lambda repo, clock: export_ics(_calendar_store(repo, clock), "")
        )
        if output is None:
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        output.write_text(text, encoding="utf-8")
        count = text.count("BEGIN:VEVENT")
        make_console(stderr=True).print(
            f"Wrote {count} event{'s' if count != 1 else ''} to {output}",
            markup=False,
            soft_wrap=True,
        )


@calendar_app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="An .ics file.", exists=True, dir_okay=False)],
) -> None:
    """Import events from an ICS (iCalendar) file into the local user's calendar.

    Example: agent-system calendar import ~/Downloads/holidays.ics
    """
    with guarded():
        import_ics = _calendar().import_ics
        content = file.read_text(encoding="utf-8")
        result = _with_repository(
            lambda repo, clock: import_ics(_calendar_store(repo, clock), content, "")
        )
        make_console().print(result.display, markup=False, soft_wrap=True)

"""``agent-system db check``: is the database file whole? Reads only; never repairs or rewrites."""

from __future__ import annotations

import sqlite3

import typer

from agent_system.cli._common import EXIT_USAGE, load_settings

__all__ = ["db_app"]

db_app = typer.Typer(help="Check the database file.", no_args_is_help=True)


@db_app.command("check")
def check() -> None:
    """Check the SQLite database (PRAGMA integrity_check); exit 2 when it is damaged.

    Example: agent-system db check
    """
    settings = load_settings()
    if settings.uses_postgres:
        typer.echo("The database is PostgreSQL: check it with PostgreSQL's own tools (amcheck).")
        return
    path = settings.sqlite_path
    if not path.exists():
        typer.echo(f"No database yet at {path}: it is created on first use.")
        return
    try:
        # Read-only: a damaged file is never written to.
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            rows = [str(r[0]) for r in conn.execute("PRAGMA integrity_check").fetchall()]
    except sqlite3.DatabaseError as exc:
        rows = [str(exc)]
    if rows == ["ok"]:
        typer.echo(f"OK: {path} is intact.")
        return
    typer.echo(f"{path} is damaged:", err=True)
    for row in rows[:20]:
        typer.echo(f"- {row}", err=True)
    typer.echo(
        "Restore it from a backup, or move it aside to start with an empty one "
        "(conversations, timers and the audit log in it would be lost).",
        err=True,
    )
    raise typer.Exit(EXIT_USAGE)

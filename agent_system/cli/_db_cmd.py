"""``agent-system db check | export | erase``: the database file's health; a user's data.

``check`` reads only and never repairs or rewrites. ``export`` writes one JSON document with
everything a user has; ``erase`` deletes it from every store (`agent_system._userdata`).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Annotated

import typer

from agent_system._migrations import schema_versions
from agent_system.cli import _common as common
from agent_system.cli._common import EXIT_USAGE, guarded, load_settings

__all__ = ["db_app"]

db_app = typer.Typer(
    help="Check the database file; export or erase a user's data.", no_args_is_help=True
)

User = Annotated[
    str | None,
    typer.Option(
        "--user",
        help="A server user's id (as `agent-system log` shows it, e.g. u_1a2b...); "
        "default: the local user of the chat and ask commands.",
    ),
]


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
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
            versions = schema_versions(conn)
        typer.echo("Schema versions: " + ", ".join(f"{k} {v}" for k, v in versions.items()) + ".")
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


@db_app.command("export")
def export(
    user: User = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file (default: stdout).")
    ] = None,
) -> None:
    """Export everything a user has (conversations, memories, timers, calendar, lists, audit log)
    as one JSON document.

    Example: agent-system db export --output my-data.json
    """
    with guarded():
        document = common.with_system(load_settings(), lambda system: system.aexport_user(user))
    text = json.dumps(document, indent=2, ensure_ascii=False, default=str)
    if output is None:
        typer.echo(text)
        return
    output.write_text(text + "\n", encoding="utf-8")
    counts = ", ".join(f"{len(v)} {k}" for k, v in document["data"].items())
    typer.echo(f"Wrote {output} ({counts}).")


@db_app.command("erase")
def erase(
    user: User = None,
    yes: Annotated[bool, typer.Option("--yes", help="Erase without asking (for scripts).")] = False,
) -> None:
    """Delete everything a user has, from every store. It cannot be undone: export first.

    Example: agent-system db erase --user u_1a2b3c4d5e6f7a8b --yes
    """
    who = f"user {user}" if user else "the local user"
    if not yes:
        if not typer.confirm(f"Erase all data of {who}? This cannot be undone.", default=False):
            typer.echo("Nothing was erased.")
            raise typer.Exit(EXIT_USAGE)
    with guarded():
        counts = common.with_system(load_settings(), lambda system: system.aerase_user(user))
    summary = ", ".join(f"{n} {k}" for k, n in counts.items())
    typer.echo(f"Erased the data of {who}: {summary}.")

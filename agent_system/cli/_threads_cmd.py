"""``agent-system threads list | show ID | delete ID``: the local user's conversations."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer

from agent_system.cli import _common as common
from agent_system.cli._common import echo_json, guarded, load_settings, make_console

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

__all__ = ["print_thread", "threads_app", "threads_table"]

threads_app = typer.Typer(help="List, show or delete conversations.", no_args_is_help=True)

AsJson = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
ThreadId = Annotated[str, typer.Argument(help="The thread id (see `threads list`).")]


def _short_time(value: Any) -> str:
    """``14:05`` today, ``2026-11-21`` before: the table's update time, 10 columns at most."""
    try:
        moment = datetime.fromisoformat(str(value))
    except ValueError:
        return str(value)[:10]
    now = datetime.now(moment.tzinfo)
    return moment.strftime("%H:%M") if moment.date() == now.date() else moment.strftime("%Y-%m-%d")


def threads_table(threads: Sequence[Mapping[str, Any]], width: int | None = None) -> Table:
    """Threads, most recent first: id, last update, title (wrapped to fit ``width`` columns)."""
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    id_width = max((len(str(info.get("thread_id"))) for info in threads), default=6)
    table.add_column("thread", no_wrap=True, min_width=id_width)  # whole: --thread takes it
    table.add_column("updated", no_wrap=True, min_width=10)
    title_width = max(10, (width or 10_000) - id_width - 10 - 4)
    table.add_column("title", overflow="fold", max_width=title_width)  # a long title wraps
    for info in threads:
        table.add_row(
            Text(str(info.get("thread_id"))),
            Text(_short_time(info.get("updated_at", ""))),
            Text(str(info.get("title", ""))),
        )
    return table


def print_thread(console: Console, thread: dict[str, Any]) -> None:
    """A thread's turns and the status of its last run."""
    console.print(
        f"thread {thread['thread_id']}  status: {thread.get('status')}",
        markup=False,
        soft_wrap=True,
    )
    for turn in thread.get("history", []):
        role = f" [{turn.get('role')}]" if turn.get("role") else ""
        console.print(f"> {turn.get('text', '')}{role}", markup=False, style="bold")
        if turn.get("reply"):
            console.print(str(turn["reply"]), markup=False, soft_wrap=True)
    for step in thread.get("pending_approval", []):
        console.print(
            f"waiting for approval: {step.get('step_id')} {step.get('tool')} "
            f"{json.dumps(step.get('arguments') or {})}",
            markup=False,
            soft_wrap=True,
            style="magenta",
        )


@threads_app.command("list")
def list_threads(as_json: AsJson = False) -> None:
    """List conversations, most recent first.

    Example: agent-system threads list
    """
    with guarded():
        threads = common.with_system(load_settings(), lambda system: system.athreads())
        if as_json:
            echo_json([dict(t) for t in threads])
            return
        out = make_console()
        if not threads:
            out.print("No conversations yet. Start one with `agent-system ask` or `chat`.")
            return
        if out.is_terminal:
            out.print(threads_table(threads, out.width))
            return
        # A pipe gets whole lines (no width to fit): id, time, title, separated by two spaces.
        for info in threads:
            updated = str(info.get("updated_at", ""))[:19].replace("T", " ")
            title = str(info.get("title", ""))
            out.print(f"{info.get('thread_id')}  {updated}  {title}", markup=False, soft_wrap=True)


@threads_app.command("show")
def show_thread(thread_id: ThreadId, as_json: AsJson = False) -> None:
    """Show a conversation's turns and its last run's status.

    Example: agent-system threads show 48039a29-f60c-43fa-82ee-813712cb4751
    """
    with guarded():
        thread = common.with_system(load_settings(), lambda system: system.aget_thread(thread_id))
        if as_json:
            echo_json(thread)
            return
        print_thread(make_console(), thread)


@threads_app.command("delete")
def delete_thread(thread_id: ThreadId) -> None:
    """Delete a conversation and its saved state.

    Example: agent-system threads delete 48039a29-f60c-43fa-82ee-813712cb4751
    """
    with guarded():
        common.with_system(load_settings(), lambda system: system.adelete_thread(thread_id))
        make_console().print(f"Deleted thread {thread_id}.", markup=False, soft_wrap=True)

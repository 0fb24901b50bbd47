"""``agent-system log``: a searchable log of past runs, with their steps and timings.

Every run that ``ask`` or ``chat`` finishes (or pauses for approval) is written to the
``run_log`` table of the local SQLite database (``<home>/agent-system.db``), or with a
PostgreSQL ``database_url`` to ``agent_system_run_log`` there (with the runs of every server
worker, see `agent_system._audit`): the request, route,
each step's tool, arguments, outcome and duration, the reply, status, usage and timings. ``log``
lists the latest, newest first; ``log WORDS`` keeps the runs whose request, reply, tools or
arguments contain every word; ``--json`` prints the records for scripts.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any

import typer

from agent_system.cli._common import echo_json, guarded, load_settings, make_console

if TYPE_CHECKING:
    from rich.console import Console

    from agent_system import events as ev
    from agent_system._storage import Database
    from agent_system.config import Settings
    from agent_system.runtime import Runtime

__all__ = ["arecord_run", "log_command", "record_run", "run_record", "search_runs"]

_DDL = """
CREATE TABLE IF NOT EXISTS run_log (
    run_id TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL,
    user_id TEXT NOT NULL DEFAULT '',
    finished_at REAL NOT NULL,
    status TEXT NOT NULL,
    request TEXT NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS run_log_finished ON run_log(finished_at);
"""

_MARKS = {"succeeded": "✓", "failed": "✗", "skipped": "-", "cancelled": "✗"}


def run_record(result: ev.RunResult, finished_at: datetime) -> dict[str, Any]:
    """What the log keeps of a run (JSON-ready)."""
    steps = []
    for step in result.result.steps if result.result is not None else []:
        planned = next(
            (s for s in (result.plan.steps if result.plan else []) if s.id == step.step_id), None
        )
        steps.append(
            {
                "id": step.step_id,
                "tool": step.tool,
                "arguments": planned.arguments if planned is not None else {},
                "status": str(step.status),
                "duration_ms": round(step.duration_ms, 1),
                "result": step.error.message if step.error else (step.display or ""),
            }
        )
    route = result.route
    usage = result.usage
    return {
        "run_id": str(result.run_id),
        "thread_id": result.thread_id,
        "finished_at": finished_at.isoformat(),
        "request": result.request,
        "status": result.status,
        "duration_ms": round(result.duration_ms, 1),
        "route": None
        if route is None
        else {"target": str(route.target), "role": route.role, "confidence": route.confidence},
        "planner": result.plan.planner if result.plan is not None else None,
        "steps": steps,
        "reply": result.reply,
        "usage": {
            "llm_calls": usage.llm_calls,
            "input_tokens": usage.input_tokens,
            "output_tokens": usage.output_tokens,
            "cost_usd": usage.cost_usd,
            "tool_calls": usage.tool_calls,
        },
    }


def record_run(db: Database, result: ev.RunResult, user: str | None = None) -> None:
    """Write (or, for a resumed run, overwrite) one run's record."""
    finished = datetime.now(UTC)
    db.ensure_schema("run_log", _DDL)
    record = run_record(result, finished)
    db.execute(
        "INSERT OR REPLACE INTO run_log (run_id, thread_id, user_id, finished_at, status, "
        "request, record) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            record["run_id"],
            result.thread_id,
            user or "",
            finished.timestamp(),
            result.status,
            result.request,
            json.dumps(record, ensure_ascii=False, default=str),
        ),
    )


async def arecord_run(runtime: Runtime, result: ev.RunResult, user: str | None = None) -> None:
    """`record_run` where the runtime's data lives (PostgreSQL: every worker's log)."""
    from agent_system._audit import postgres_logs

    logs = postgres_logs(runtime)
    if logs is None:
        record_run(runtime.db, result, user)
        return
    record = run_record(result, datetime.now(UTC))
    await logs.record_run(
        record,
        thread_id=result.thread_id,
        user=user or "",
        status=result.status,
        request=result.request,
    )


def _search_postgres(
    settings: Settings, words: list[str], *, limit: int, thread: str | None
) -> list[dict[str, Any]]:
    import asyncio

    from agent_system._audit import PostgresLogs
    from agent_system._repository_pg import PostgresRepository

    async def search() -> list[dict[str, Any]]:
        repository = PostgresRepository(str(settings.database_url))
        try:
            return await PostgresLogs(repository).search_runs(words, limit=limit, thread=thread)
        finally:
            await repository.aclose()

    return asyncio.run(search())


def search_runs(
    db: Database, words: list[str], *, limit: int, thread: str | None = None, user: str = ""
) -> list[dict[str, Any]]:
    """The user's runs, newest first, whose record contains every word (case-insensitive)."""
    db.ensure_schema("run_log", _DDL)
    sql = "SELECT record FROM run_log WHERE user_id = ?"
    params: list[Any] = [user]
    for word in words:
        sql += " AND lower(record) LIKE ? ESCAPE '\\'"
        escaped = word.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        params.append(f"%{escaped}%")
    if thread:
        sql += " AND thread_id = ?"
        params.append(thread)
    sql += " ORDER BY finished_at DESC LIMIT ?"
    params.append(limit)
    return [json.loads(row["record"]) for row in db.query(sql, params)]


def _print_run(out: Console, record: dict[str, Any]) -> None:
    when = datetime.fromisoformat(record["finished_at"]).astimezone().strftime("%Y-%m-%d %H:%M")
    out.print(
        f"{when}  {record['status']}  {_ms(record['duration_ms'])}  thread {record['thread_id']}",
        markup=False,
        style="bold",
        soft_wrap=True,
    )
    out.print(f"> {record['request']}", markup=False, soft_wrap=True)
    route = record.get("route") or {}
    if route:
        where = f"fast reply → {route.get('role')}" if route.get("role") else "planning"
        planner = f", planner {record['planner']}" if record.get("planner") else ""
        out.print(f"  route: {where}{planner}", markup=False, style="dim", soft_wrap=True)
    for step in record.get("steps", []):
        arguments = json.dumps(step.get("arguments") or {}, ensure_ascii=False)
        mark = _MARKS.get(step["status"], "·")
        line = f"  {mark} {step['id']} {step['tool']} {arguments}  {_ms(step['duration_ms'])}"
        out.print(line, markup=False, soft_wrap=True)
    if record.get("reply"):
        for line in str(record["reply"]).splitlines():
            out.print(f"  {line}", markup=False, soft_wrap=True)
    usage = record.get("usage") or {}
    if usage.get("llm_calls"):
        out.print(
            f"  {usage['llm_calls']} LLM calls, {usage['input_tokens']} in + "
            f"{usage['output_tokens']} out tokens, ${usage['cost_usd']:.4f}",
            markup=False,
            style="dim",
            soft_wrap=True,
        )
    out.print()


def _ms(value: float) -> str:
    return f"{value:.0f} ms" if value < 10_000 else f"{value / 1000:.1f} s"


def log_command(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[WORDS]...", help="Keep runs containing every word.", show_default=False
        ),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="How many runs.")] = 10,
    thread: Annotated[
        str | None, typer.Option("--thread", "-t", metavar="ID", help="Only this conversation.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Show past runs, newest first: request, route, each step with its time, the reply.

    Example: agent-system log timer -n 3
    """
    from agent_system._storage import Database

    with guarded():
        settings = load_settings()
        if settings.uses_postgres:
            runs = _search_postgres(settings, words or [], limit=limit, thread=thread)
        else:
            db = Database(settings.sqlite_path)
            try:
                runs = search_runs(db, words or [], limit=limit, thread=thread)
            finally:
                db.close()
        if as_json:
            echo_json(runs)
            return
        out = make_console()
        if not runs:
            what = f" matching {' '.join(words)!r}" if words else ""
            out.print(f"No runs{what} yet.", markup=False, soft_wrap=True)
            return
        for record in runs:
            _print_run(out, record)

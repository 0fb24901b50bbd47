"""Results stored by idempotency key (`tool_effects`) are kept `tool_results_keep_days`, then
deleted: by a process's first idempotent write, then once a day while it runs.

Before, every step of every `@once` tool left a row for ever (issue 14 follow-up).
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from agent_system._storage import Database
from agent_system.idempotency import PRUNE_EVERY_S, once, prune
from agent_system.registry.spec import ToolContext, ToolOutput
from agent_system.runtime import FakeClock, Runtime
from agent_system.testing import make_runtime, make_settings

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = 24 * 3600.0


@once
def note(ctx: ToolContext, text: str) -> ToolOutput:
    """Write a note (a row of the application database)."""
    ctx.runtime.db.ensure_schema("notes", "CREATE TABLE IF NOT EXISTS notes (text TEXT);")
    ctx.runtime.db.execute("INSERT INTO notes (text) VALUES (?)", (text,))
    return ToolOutput(data={"text": text}, display=f"noted {text}")


def _runtime(path: Path, clock: FakeClock, **settings: float) -> Runtime:
    return make_runtime(make_settings(path.parent, **settings), clock=clock, db=Database(path))


def _step(runtime: Runtime, step: str, text: str) -> ToolOutput:
    ctx = ToolContext(runtime=runtime, user="ann", thread_id="t", plan_id="p", step_id=step)
    result: ToolOutput = note(ctx, text=text)
    return result


def _stored(runtime: Runtime) -> int:
    return int(runtime.db.query("SELECT COUNT(*) AS n FROM tool_effects")[0]["n"])


def test_results_older_than_the_setting_are_deleted_on_the_first_write_then_daily(
    tmp_path: Path,
) -> None:
    clock = FakeClock(START)
    first = _runtime(tmp_path / "a.db", clock, tool_results_keep_days=7)
    _step(first, "s1", "old")
    assert _stored(first) == 1
    clock.advance(8 * DAY)
    # A new process (a new connection): its first idempotent write prunes.
    later = _runtime(tmp_path / "a.db", clock, tool_results_keep_days=7)
    _step(later, "s2", "new")
    assert _stored(later) == 1
    # The pruned key is forgotten: that step would act again; the kept one still answers.
    assert _step(later, "s2", "new").display == "noted new"
    assert len(later.db.query("SELECT * FROM notes WHERE text = 'new'")) == 1
    # Within the day no second prune, however old the rows: one a day is enough.
    clock.advance(PRUNE_EVERY_S / 2)
    _backdate(later, days=30)
    _step(later, "s3", "third")
    assert _stored(later) == 2
    clock.advance(PRUNE_EVERY_S / 2)
    _step(later, "s4", "fourth")
    assert {r["tool"] for r in later.db.query("SELECT tool FROM tool_effects")} == {"note"}
    assert _stored(later) == 2  # s2 (backdated) went; s3 and s4 stay


def test_a_result_within_the_retention_is_found_after_a_restart(tmp_path: Path) -> None:
    clock = FakeClock(START)
    _step(_runtime(tmp_path / "a.db", clock), "s1", "once")
    clock.advance(29 * DAY)  # the default keeps 30 days
    again = _runtime(tmp_path / "a.db", clock)
    assert _step(again, "s1", "once").display == "noted once"
    assert len(again.db.query("SELECT * FROM notes")) == 1  # found, not done again


def test_zero_keeps_every_result(tmp_path: Path) -> None:
    clock = FakeClock(START)
    _step(_runtime(tmp_path / "a.db", clock, tool_results_keep_days=0), "s1", "kept")
    clock.advance(3650 * DAY)
    runtime = _runtime(tmp_path / "a.db", clock, tool_results_keep_days=0)
    _step(runtime, "s2", "also kept")
    assert _stored(runtime) == 2
    assert prune(runtime.db, 0, clock.now()) == 0


def test_the_setting_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENT_SYSTEM_TOOL_RESULTS_KEEP_DAYS", "2.5")
    assert make_settings().tool_results_keep_days == 2.5
    monkeypatch.setenv("AGENT_SYSTEM_TOOL_RESULTS_KEEP_DAYS", "-1")
    with pytest.raises(ValueError, match="tool_results_keep_days"):
        make_settings()


def test_pruning_uses_an_index_on_the_time(tmp_path: Path) -> None:
    Database(tmp_path / "a.db")
    with sqlite3.connect(tmp_path / "a.db") as conn:
        plan = conn.execute(
            "EXPLAIN QUERY PLAN DELETE FROM tool_effects WHERE at < '2026'"
        ).fetchall()
    assert any("tool_effects_at" in str(row) for row in plan), plan


def _backdate(runtime: Runtime, days: float) -> None:
    old = datetime.fromtimestamp(START.timestamp() - days * DAY, UTC).isoformat()
    runtime.db.execute("UPDATE tool_effects SET at = ?", (old,))

"""`timers` lists active timers; `calendar export` / `import` round-trip ICS."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from pathlib import Path

from typer.testing import CliRunner

from agent_system._storage import Database
from agent_system.cli._app import app
from agent_system.cli._extra_cmd import format_remaining
from agent_system.config import Settings
from agent_system.repository import SQLiteRepository
from agent_system.runtime import SystemClock
from roles.calendar.store import CalendarStore
from roles.timer.store import TimerStore

runner = CliRunner()


def _db() -> Database:
    return Database(Settings().sqlite_path)


def test_timers_lists_the_local_users_active_timers_soonest_first() -> None:
    db, clock = _db(), SystemClock()
    store = TimerStore(SQLiteRepository(db), clock)
    now = clock.now()

    async def add() -> None:
        await store.add(user="", kind="timer", due=now + timedelta(minutes=10), label="pasta")
        await store.add(
            user="", kind="reminder", due=now + timedelta(minutes=2), message="call mum"
        )
        await store.add(user="alice", kind="timer", due=now + timedelta(minutes=1), label="hers")

    asyncio.run(add())
    db.close()
    result = runner.invoke(app, ["timers", "--json"])
    assert result.exit_code == 0, result.output
    timers = json.loads(result.stdout)
    assert [(t["kind"], t["label"] or t["message"]) for t in timers] == [
        ("reminder", "call mum"),
        ("timer", "pasta"),
    ]
    assert 500 < timers[1]["remaining_s"] <= 600
    table = runner.invoke(app, ["timers"])
    assert "pasta" in table.stdout
    assert "hers" not in table.stdout
    everyone = runner.invoke(app, ["timers", "--all-users"])
    assert "hers" in everyone.stdout


def test_timers_show_how_a_reminder_repeats() -> None:
    db, clock = _db(), SystemClock()
    store = TimerStore(SQLiteRepository(db), clock)
    due = clock.now() + timedelta(days=7)
    asyncio.run(store.add(user="", kind="reminder", due=due, message="bins", repeat="mon"))
    db.close()
    listed = json.loads(runner.invoke(app, ["timers", "--json"]).stdout)
    table = runner.invoke(app, ["timers"])
    assert [t["repeat"] for t in listed] == ["mon"]
    assert "bins (every Monday)" in table.stdout


def test_timers_says_so_when_none_are_active() -> None:
    result = runner.invoke(app, ["timers"])
    assert result.exit_code == 0
    assert result.stdout.strip() == "No active timers."


def test_remaining_time_is_formatted_compactly() -> None:
    assert format_remaining(timedelta(hours=1, minutes=5, seconds=3)) == "1h 05m 03s"
    assert format_remaining(timedelta(minutes=4, seconds=10)) == "4m 10s"
    assert format_remaining(timedelta(seconds=12.7)) == "12s"


def test_calendar_export_writes_an_ics_file_that_imports_back(tmp_path: Path) -> None:
    db, clock = _db(), SystemClock()
    start = clock.now().replace(microsecond=0) + timedelta(days=1)
    asyncio.run(
        CalendarStore(SQLiteRepository(db), clock).add(
            "", "Dentist", start, start + timedelta(hours=1)
        )
    )
    db.close()
    target = tmp_path / "cal.ics"
    result = runner.invoke(app, ["calendar", "export", "--output", str(target)])
    assert result.exit_code == 0, result.output
    assert f"Wrote 1 event to {target}" in result.output
    text = target.read_text()
    assert "BEGIN:VCALENDAR" in text
    assert "SUMMARY:Dentist" in text
    to_stdout = runner.invoke(app, ["calendar", "export"])
    assert "SUMMARY:Dentist" in to_stdout.stdout
    again = runner.invoke(app, ["calendar", "import", str(target)])
    assert again.exit_code == 0, again.output
    assert "0 new and 1 updated" in again.stdout

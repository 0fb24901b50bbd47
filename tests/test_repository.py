"""The repository on both engines: same behaviour, claims that one caller gets, migrations.

The PostgreSQL half needs AGENT_SYSTEM_TEST_POSTGRES_URL (``.ci/run`` sets it) and runs on a
fresh database per test.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from agent_system._storage import Database
from agent_system.repository import Repository, SQLiteRepository
from agent_system.runtime import FakeClock
from roles.calendar.store import CalendarStore
from roles.timer.store import TimerStore

POSTGRES_URL = os.environ.get("AGENT_SYSTEM_TEST_POSTGRES_URL")
needs_postgres = pytest.mark.skipif(
    not POSTGRES_URL, reason="AGENT_SYSTEM_TEST_POSTGRES_URL is not set"
)
pytestmark = pytest.mark.anyio


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=[needs_postgres])])
async def repo(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Repository]:
    if request.param == "sqlite":
        db = Database(tmp_path / "app.db")
        yield SQLiteRepository(db)
        db.close()
        return
    from agent_system._repository_pg import PostgresRepository

    url = request.getfixturevalue("fresh_database")
    pg = PostgresRepository(url)
    yield pg
    await pg.aclose()


async def test_records_are_kept_per_owner_and_numbered_per_collection(repo: Repository) -> None:
    first = await repo.insert("notes", {"text": "a"}, "ann")
    second = await repo.insert("notes", {"text": "b"}, "bob")
    assert (first.key, second.key) == ("1", "2")
    assert [r.body["text"] for r in await repo.records("notes", "ann")] == ["a"]
    assert await repo.get("notes", "2", "ann") is None
    found = await repo.lookup("notes", "2")
    assert found is not None and found.owner == "bob"
    assert sorted(r.key for r in await repo.scan("notes")) == ["1", "2"]
    assert await repo.delete("notes", "1", "ann") is True
    assert await repo.delete("notes", "1", "ann") is False


async def test_a_users_records_are_exported_and_erased_across_collections(
    repo: Repository,
) -> None:
    await repo.insert("timers", {"n": 1}, "ann")
    await repo.put("lists", "shopping", {"items": []}, "ann")
    await repo.put("lists", "shopping", {"items": []}, "bob")
    assert sorted(r.collection for r in await repo.owned("ann")) == ["lists", "timers"]
    assert await repo.erase_owner("ann") == 2
    assert await repo.owned("ann") == []
    assert len(await repo.owned("bob")) == 1


async def test_concurrent_updates_of_one_record_all_land(repo: Repository) -> None:
    def bump(body: dict[str, Any] | None) -> dict[str, Any]:
        return {"n": (body or {"n": 0})["n"] + 1}

    await asyncio.gather(*(repo.update("count", "k", bump) for _ in range(20)))
    record = await repo.get("count", "k")
    assert record is not None and record.body == {"n": 20}


async def test_a_due_record_is_claimed_by_one_caller_until_its_lease_runs_out(
    repo: Repository,
) -> None:
    await repo.put("jobs", "a", {"_due": 100.0}, "ann")
    await repo.put("jobs", "b", {"_due": 500.0}, "ann")
    await repo.put("jobs", "c", {"_due": 90.0}, "bob")
    claims = await asyncio.gather(*(repo.claim_due("jobs", 200.0, f"w{i}", 30.0) for i in range(4)))
    keys = sorted(r.key for claim in claims for r in claim)
    assert keys == ["a", "c"]  # each due record went to exactly one worker; b is not due yet
    assert await repo.claim_due("jobs", 220.0, "w9", 30.0) == []  # still leased
    again = await repo.claim_due("jobs", 231.0, "w9", 30.0, owners=["ann"])
    assert [r.key for r in again] == ["a"]  # the lease ran out: someone else may take it
    await repo.put("jobs", "a", {"done": True}, "ann")  # a write without _due unschedules it
    assert [r.key for r in await repo.claim_due("jobs", 1000.0, "w9", 30.0, owners=["bob"])] == [
        "c"
    ]
    assert [r.key for r in await repo.claim_due("jobs", 1000.0, "w8", 30.0)] == ["b"]


async def test_timers_fire_once_when_many_services_tick_together(repo: Repository) -> None:
    clock = FakeClock(datetime(2026, 1, 5, 9, 0, tzinfo=UTC))
    store = TimerStore(repo, clock)
    for n in range(5):
        await store.add(user="ann", kind="timer", due=clock.now() + timedelta(seconds=n + 1))
    clock.advance(10)
    claimed = await asyncio.gather(
        *(store.claim(clock.now(), f"worker-{i}", 30.0) for i in range(3))
    )
    ids = sorted(t.id for batch in claimed for t in batch)
    assert ids == [1, 2, 3, 4, 5]
    fired = [await store.fire(i, clock.now(), late=False) for i in ids]
    assert all(t is not None and t.state == "fired" for t in fired)
    assert await store.fire(1, clock.now(), late=False) is None
    clock.advance(3600)
    assert await store.claim(clock.now(), "worker-9", 30.0) == []


async def test_pausing_a_timer_unschedules_it_and_resuming_schedules_it_again(
    repo: Repository,
) -> None:
    clock = FakeClock(datetime(2026, 1, 5, 9, 0, tzinfo=UTC))
    store = TimerStore(repo, clock)
    timer = await store.add(user="", kind="timer", due=clock.now() + timedelta(seconds=60))
    clock.advance(20)
    paused = await store.pause(timer.id)
    assert paused.remaining_paused == timedelta(seconds=40)
    clock.advance(600)
    assert await store.claim(clock.now(), "w", 30.0) == []
    resumed = await store.resume(timer.id)
    assert resumed.due_at == clock.now() + timedelta(seconds=40)
    with pytest.raises(ValueError, match="is running, not paused"):
        await store.resume(timer.id)
    clock.advance(41)
    assert [t.id for t in await store.claim(clock.now(), "w", 30.0)] == [timer.id]


async def test_calendar_events_round_trip(repo: Repository) -> None:
    clock = FakeClock(datetime(2026, 1, 5, 9, 0, tzinfo=UTC))
    store = CalendarStore(repo, clock)
    start = clock.now() + timedelta(days=1)
    event = await store.add("ann", "Dentist", start, start + timedelta(hours=1))
    moved = await store.update(
        event.id,
        title="Dentist (moved)",
        start=start + timedelta(hours=2),
        end=start + timedelta(hours=3),
    )
    assert moved.title == "Dentist (moved)" and moved.id == event.id
    assert [e.title for e in await store.between("ann", start, start + timedelta(days=1))] == [
        "Dentist (moved)"
    ]
    assert await store.all_events("bob") == []
    assert await store.delete(event.id) is True


def test_an_old_sqlite_file_keeps_its_timers_events_and_device_states(tmp_path: Path) -> None:
    """Tables of older versions are copied into records once; ids and states survive."""
    path = tmp_path / "agent-system.db"
    conn = sqlite3.connect(path)
    conn.executescript(
        """
        CREATE TABLE timers (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL DEFAULT '',
            thread_id TEXT, kind TEXT NOT NULL, label TEXT NOT NULL DEFAULT '',
            message TEXT NOT NULL DEFAULT '', state TEXT NOT NULL, created_at REAL NOT NULL,
            duration_s REAL, due_at REAL, remaining_s REAL, fired_at REAL,
            late INTEGER NOT NULL DEFAULT 0);
        INSERT INTO timers (id, user_id, kind, label, state, created_at, duration_s, due_at)
            VALUES (7, 'ann', 'timer', 'tea', 'running', 1000, 300, 1300);
        CREATE TABLE calendar_events (id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL DEFAULT '', uid TEXT NOT NULL, title TEXT NOT NULL,
            start_at REAL NOT NULL, end_at REAL NOT NULL, all_day INTEGER NOT NULL DEFAULT 0,
            location TEXT NOT NULL DEFAULT '', notes TEXT NOT NULL DEFAULT '',
            created_at REAL NOT NULL);
        INSERT INTO calendar_events VALUES (3, '', 'u@x', 'Dentist', 2000, 5600, 0, '', '', 1);
        CREATE TABLE smart_home_devices (id TEXT PRIMARY KEY, state TEXT NOT NULL,
            attributes TEXT NOT NULL);
        INSERT INTO smart_home_devices VALUES ('kitchen_light', 'on', '{"brightness": 40}');
        """
    )
    conn.commit()
    conn.close()

    async def check() -> None:
        for start in range(2):  # a second start migrates nothing twice
            db = Database(path)
            repo = SQLiteRepository(db)
            clock = FakeClock(datetime(1970, 1, 1, 0, 10, tzinfo=UTC))
            timers = await TimerStore(repo, clock).list_timers("ann")
            assert [(t.id, t.label, t.state) for t in timers][:1] == [(7, "tea", "running")]
            assert len(timers) == 1 + start  # the timer added at the first start, once
            [event] = await CalendarStore(repo, clock).all_events("")
            assert (event.id, event.title) == (3, "Dentist")
            device = await repo.get("devices", "kitchen_light")
            assert device is not None and device.body["attributes"] == {"brightness": 40}
            new = await TimerStore(repo, clock).add(
                user="ann", kind="timer", due=clock.now() + timedelta(hours=1)
            )
            assert new.id > 7  # numbering continues after the old ids
            db.close()

    asyncio.run(check())
    rows = sqlite3.connect(path).execute("SELECT COUNT(*) FROM timers").fetchone()
    assert rows == (1,)  # the old table is left as it was

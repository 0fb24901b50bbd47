"""On PostgreSQL a fired timer is announced exactly once, whatever the workers do.

The announcement (a ``NOTIFY``) is sent in the transaction that marks the timer fired, so
PostgreSQL delivers it when, and only when, the mark commits. These tests listen on a real
server: a worker whose claim ran out while it was frozen announces nothing when it wakes, and a
worker failing after its ``NOTIFY`` but before its commit announces nothing either; the timer
then fires once on the other worker. Needs AGENT_SYSTEM_TEST_POSTGRES_URL.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from agent_system._repository_pg import PostgresRepository
from agent_system.runtime import FakeClock
from agent_system.testing import make_runtime
from roles.timer.service import FiredTimer, TimerService
from roles.timer.store import TimerStore

POSTGRES_URL = os.environ.get("AGENT_SYSTEM_TEST_POSTGRES_URL")
CHANNEL = "agent_system_test_timers"

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.postgres,
    pytest.mark.skipif(not POSTGRES_URL, reason="AGENT_SYSTEM_TEST_POSTGRES_URL is not set"),
]


class Heard:
    """What a listener on `CHANNEL` received: the timer ids announced, in order."""

    def __init__(self) -> None:
        self.timers: list[int] = []


@pytest.fixture
async def heard(fresh_database: str) -> AsyncIterator[Heard]:
    import psycopg

    heard = Heard()
    ready = asyncio.Event()

    async def listen() -> None:
        async with await psycopg.AsyncConnection.connect(fresh_database, autocommit=True) as conn:
            await conn.execute(f"LISTEN {CHANNEL}")
            ready.set()
            async for note in conn.notifies():
                heard.timers.append(int(json.loads(note.payload)["timer"]))

    task = asyncio.create_task(listen())
    await asyncio.wait_for(ready.wait(), 10)
    yield heard
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


async def settle(heard: Heard) -> list[int]:
    await asyncio.sleep(0.5)  # a NOTIFY arrives within milliseconds of its commit
    return list(heard.timers)


def service(
    repository: PostgresRepository, clock: FakeClock, worker: str, *, broken: bool = False
) -> TimerService:
    """A timer service announcing on `CHANNEL`; `broken` fails after its NOTIFY, before the
    commit (a second NOTIFY on an empty channel name is an error)."""

    async def notices(fired: FiredTimer) -> Sequence[tuple[str, str]]:
        sent = [(CHANNEL, json.dumps({"timer": fired.timer.id}))]
        return [*sent, ("", "x")] if broken else sent

    async def notify(fired: FiredTimer) -> None:
        raise AssertionError("with notices, notify is not called")

    svc = TimerService(make_runtime(clock=clock), notify, notices=notices, lease_s=60.0)
    svc.store = TimerStore(repository, clock)
    svc.worker = worker
    return svc


async def add_timer(repository: PostgresRepository, clock: FakeClock) -> int:
    store = TimerStore(repository, clock)
    timer = await store.add(user="ann", kind="timer", due=clock.now() + timedelta(seconds=1))
    return timer.id


async def states(repository: PostgresRepository) -> dict[str, Any]:
    return {r.key: r.body["state"] for r in await repository.scan("timers")}


async def test_a_frozen_worker_whose_claim_ran_out_announces_nothing_when_it_wakes(
    fresh_database: str, heard: Heard
) -> None:
    repository = PostgresRepository(fresh_database)
    clock = FakeClock(datetime(2026, 1, 5, 9, 0, tzinfo=UTC))
    try:
        timer_id = await add_timer(repository, clock)
        frozen, other = service(repository, clock, "A"), service(repository, clock, "B")
        clock.advance(2)
        [claimed] = await frozen.store.claim(clock.now(), "A", 60.0)  # then A freezes
        clock.advance(61)  # A's claim runs out
        assert [f.timer.id for f in await other.tick()] == [timer_id]
        assert await frozen.fire(claimed, clock.now()) is None  # A wakes: already fired
        assert await other.tick() == []
        assert await settle(heard) == [timer_id]  # heard once, from B
        assert await states(repository) == {str(timer_id): "fired"}
    finally:
        await repository.aclose()


async def test_a_worker_failing_after_its_notify_but_before_the_commit_announces_nothing(
    fresh_database: str, heard: Heard
) -> None:
    repository = PostgresRepository(fresh_database)
    clock = FakeClock(datetime(2026, 1, 5, 9, 0, tzinfo=UTC))
    try:
        timer_id = await add_timer(repository, clock)
        dying = service(repository, clock, "A", broken=True)
        other = service(repository, clock, "B")
        clock.advance(2)
        assert await dying.tick() == []  # its transaction rolled back, NOTIFY and all
        assert await settle(heard) == []
        assert await states(repository) == {str(timer_id): "running"}
        assert await other.tick() == []  # A's claim holds until its lease runs out
        clock.advance(61)
        assert [f.timer.id for f in await other.tick()] == [timer_id]
        assert [f.late for f in await other.tick()] == []
        assert await settle(heard) == [timer_id]  # never zero times, never twice
    finally:
        await repository.aclose()


async def test_many_workers_ticking_together_announce_each_timer_once(
    fresh_database: str, heard: Heard
) -> None:
    repository = PostgresRepository(fresh_database)
    clock = FakeClock(datetime(2026, 1, 5, 9, 0, tzinfo=UTC))
    try:
        ids = [await add_timer(repository, clock) for _ in range(20)]
        workers = [service(repository, clock, f"w{n}") for n in range(4)]
        clock.advance(2)
        fired = await asyncio.gather(*(w.tick() for w in workers))
        assert sorted(f.timer.id for batch in fired for f in batch) == ids
        assert sorted(await settle(heard)) == ids
    finally:
        await repository.aclose()

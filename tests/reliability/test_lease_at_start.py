"""On SQLite a later fast-lane turn takes its thread's lease in the transaction that saves its
start: it reads the thread, routes and lets its role choose under the in-process lock only, and
checks the thread's last checkpoint again when the start is saved (agent_system/_api_turns.py,
graph/_lane.py `FastLane.begin`). A lease another worker holds, or a thread another worker moved
on since it was read, starts the turn again under the lease: no turn is lost or run on a stale
thread."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.graph._lane import FastLane
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


@pytest.fixture
async def system(tmp_path: Path) -> AsyncIterator[AgentSystem]:
    async with AgentSystem(make_settings(tmp_path / "home")) as built:
        yield built


@contextmanager
def traced(system: AgentSystem) -> Iterator[list[str]]:
    """Every statement run on the shared connection while the block runs."""
    persistence: Any = system._persistence
    conn: sqlite3.Connection = persistence.shared.conn
    statements: list[str] = []
    conn.set_trace_callback(lambda sql: statements.append(" ".join(sql.split())))
    try:
        yield statements
    finally:
        conn.set_trace_callback(None)


def _texts(thread: dict[str, Any]) -> list[str]:
    return [turn["text"] for turn in thread["history"]]


async def test_a_later_turn_takes_its_lease_with_its_start_three_commits_in_all(
    system: AgentSystem,
) -> None:
    await system.arun("set a timer for 10 minutes", thread_id="kitchen")
    with traced(system) as statements:
        result = await system.arun("set a timer for 5 minutes", thread_id="kitchen")
    assert result.status == "success", result.reply
    take = next(i for i, sql in enumerate(statements) if sql.startswith("INSERT INTO agent_"))
    begin = max(i for i in range(take) if statements[i] == "BEGIN IMMEDIATE")
    commit = min(i for i in range(take, len(statements)) if statements[i] == "COMMIT")
    inside = statements[begin:commit]
    assert [sql for sql in inside if sql.startswith("INSERT OR REPLACE INTO checkpoints")]
    assert not [sql for sql in statements[:begin] if sql.startswith(("INSERT", "UPDATE"))]
    assert statements.count("COMMIT") == 3  # start with its lease, the step, the end
    assert _texts(await system.aget_thread("kitchen"))[-1] == "set a timer for 5 minutes"


async def test_a_thread_another_worker_moved_on_meanwhile_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another worker runs a whole turn of the thread between this turn's read and its start:
    this turn starts again from the thread as that worker left it."""
    settings = make_settings(tmp_path / "home")
    async with AgentSystem(settings) as first, AgentSystem(settings) as second:
        await first.arun("set a timer for 10 minutes", thread_id="kitchen")
        prepare = FastLane.prepare
        meddled: list[str] = []

        async def meddling(self: FastLane, *args: Any, **kwargs: Any) -> Any:
            found = await prepare(self, *args, **kwargs)
            if self.engine is first.engine and not meddled:
                meddled.append("once")
                other = await second.arun("set a timer for 2 minutes", thread_id="kitchen")
                assert other.status == "success", other.reply
            return found

        monkeypatch.setattr(FastLane, "prepare", meddling)
        result = await first.arun("set a timer for 5 minutes", thread_id="kitchen")
        assert meddled == ["once"]
        assert result.status == "success", result.reply
        assert _texts(await first.aget_thread("kitchen")) == [
            "set a timer for 10 minutes",
            "set a timer for 2 minutes",
            "set a timer for 5 minutes",
        ]


async def test_a_lease_another_worker_holds_is_waited_for(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "home")
    async with AgentSystem(settings) as first, AgentSystem(settings) as second:
        await first.arun("set a timer for 10 minutes", thread_id="kitchen")
        holding = asyncio.Event()

        async def hold_a_while() -> None:
            async with second._thread_locks.hold("kitchen"):
                holding.set()
                await asyncio.sleep(0.3)

        holder = asyncio.create_task(hold_a_while())
        await holding.wait()
        started = time.monotonic()
        result = await first.arun("set a timer for 5 minutes", thread_id="kitchen")
        waited = time.monotonic() - started
        await holder
        assert result.status == "success", result.reply
        assert waited >= 0.2
        assert _texts(await first.aget_thread("kitchen")) == [
            "set a timer for 10 minutes",
            "set a timer for 5 minutes",
        ]
        persistence: Any = first._persistence
        leases = persistence.shared.conn.execute("SELECT * FROM agent_system_thread_locks")
        assert leases.fetchall() == []

"""On SQLite a fast-lane turn ends in ONE transaction: its end checkpoint, the step journal's
clearing, the thread listing's touch and the release of the thread's lease commit together
(graph/_lane.py `TurnEnd`, on the connection `agent_system._sqlite.SharedConnection`)."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from agent_system._storage import StorageError
from agent_system.api import AgentSystem
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


def _leases(system: AgentSystem) -> list[Any]:
    persistence: Any = system._persistence
    return persistence.shared.conn.execute("SELECT * FROM agent_system_thread_locks").fetchall()


async def test_the_end_of_a_turn_is_one_commit(system: AgentSystem) -> None:
    await system.arun("set a timer for 10 minutes", thread_id="kitchen")
    before = (await system.athreads())[0]["updated_at"]
    with traced(system) as statements:
        result = await system.arun("set a timer for 5 minutes", thread_id="kitchen")
    assert result.status == "success", result.reply
    puts = [
        i
        for i, sql in enumerate(statements)
        if sql.startswith("INSERT OR REPLACE INTO checkpoints")
    ]
    assert len(puts) == 2  # the turn's start, its end
    begin = max(i for i in range(puts[-1]) if statements[i] == "BEGIN IMMEDIATE")
    commit = min(i for i in range(puts[-1], len(statements)) if statements[i] == "COMMIT")
    inside = statements[begin:commit]
    assert any(sql.startswith("DELETE FROM agent_system_thread_locks") for sql in inside)
    assert any(sql.startswith("DELETE FROM store") for sql in inside)  # the journal's entry
    assert any(sql.startswith("UPDATE store SET value") for sql in inside)  # the listing
    assert not any("FROM store" in sql for sql in statements if sql.startswith("SELECT"))
    assert statements[commit + 1 :] == []  # nothing written after the turn's end
    assert _leases(system) == []
    assert (await system.athreads())[0]["updated_at"] > before
    journal = await system.engine.runtime.store.asearch(("journal",), limit=10)  # type: ignore[union-attr]
    assert journal == []


async def test_a_turn_touches_its_listing_in_place_and_lists_nothing_else(
    system: AgentSystem,
) -> None:
    store: Any = system.engine.runtime.store
    await system.arun("set a timer for 10 minutes", thread_id="kitchen")
    await system.arun("set a timer for 3 minutes", thread_id="hall")
    listed = {t["thread_id"]: t for t in await system.athreads()}
    await system.arun("set a timer for 5 minutes", thread_id="kitchen")
    threads = await system.athreads()
    assert [t["thread_id"] for t in threads] == ["kitchen", "hall"]
    kitchen = {k: v for k, v in threads[0].items() if k != "updated_at"}
    assert kitchen == {k: v for k, v in listed["kitchen"].items() if k != "updated_at"}
    assert threads[0]["updated_at"] > listed["kitchen"]["updated_at"]
    assert threads[1] == listed["hall"]
    await store.adelete(("threads", "_local"), "hall")  # unlisted: a turn does not list it
    await system.arun("set a timer for 4 minutes", thread_id="hall")
    assert [t["thread_id"] for t in await system.athreads()] == ["kitchen"]


async def test_a_failed_end_keeps_the_turn_running_and_releases_the_lease(
    system: AgentSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The end transaction fails after the checkpoint was put: nothing of it stays (the turn
    resumes from its start, its step not run again) and the lease is released as usual."""
    store: Any = system.engine.runtime.store
    await system.arun("set a timer for 10 minutes", thread_id="kitchen")
    original = store.batch
    calls = [0]

    def batch(ops: Any) -> Any:
        if any(getattr(op, "value", 1) is None for op in ops):  # the journal's clearing
            calls[0] += 1
            raise sqlite3.OperationalError("database or disk is full")
        return original(ops)

    monkeypatch.setattr(store, "batch", batch)
    with pytest.raises(StorageError):
        await system.arun("set a timer for 5 minutes", thread_id="kitchen")
    monkeypatch.undo()
    assert calls[0] == 1 and _leases(system) == []
    assert (await system.aget_thread("kitchen"))["status"] == "running"
    done = await system.aresume("kitchen", None)
    assert done.status == "success"
    timers = await system.arun("list my timers", thread_id="kitchen")
    assert "5 minutes" in timers.reply and timers.reply.count("5 minutes") == 1, timers.reply


async def test_a_steps_audit_row_and_journal_entry_are_one_commit(system: AgentSystem) -> None:
    """The timer's audit row (the application database is the same file) commits with the
    step journal's entry, not on its own."""
    await system.arun("set a timer for 10 minutes", thread_id="kitchen")
    with traced(system) as statements:
        result = await system.arun("set a timer for 5 minutes", thread_id="kitchen")
    assert result.status == "success", result.reply
    audit = [i for i, sql in enumerate(statements) if sql.startswith("INSERT INTO audit_log")]
    assert len(audit) == 1
    begin = max(i for i in range(audit[0]) if statements[i] == "BEGIN IMMEDIATE")
    commit = min(i for i in range(audit[0], len(statements)) if statements[i] == "COMMIT")
    inside = statements[begin:commit]
    assert any(sql.startswith("INSERT OR REPLACE INTO store") for sql in inside)  # journal
    assert len(system.audit_log(thread_id="kitchen")) == 2
    rows = system.audit_log(thread_id="kitchen")
    assert [r.outcome for r in rows] == ["succeeded", "succeeded"]
    assert rows[0].tool == "timer.set" and rows[0].plan_id and rows[0].step_id


async def test_a_failed_journal_write_still_writes_the_audit_row(
    system: AgentSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The transaction of the audit row and the journal entry fails: the row is written on
    its own (the step ran), the turn answers, and the journal entry is only missed."""
    store: Any = system.engine.runtime.store
    original = store.batch

    def batch(ops: Any) -> Any:
        if any(getattr(op, "namespace", ("",))[0] == "journal" and op.value for op in ops):
            raise sqlite3.OperationalError("database or disk is full")
        return original(ops)

    monkeypatch.setattr(store, "batch", batch)
    result = await system.arun("set a timer for 5 minutes", thread_id="kitchen")
    monkeypatch.undo()
    assert result.status == "success", result.reply
    rows = system.audit_log(thread_id="kitchen")
    assert [(r.tool, r.outcome) for r in rows] == [("timer.set", "succeeded")]

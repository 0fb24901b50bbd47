"""A new turn on SQLite reuses the checkpoint the thread's previous turn put in this process
(graph/_save.py `CheckpointWriter.last`) after one small query says it is still the thread's
last one; a checkpoint put since by anything else is read."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio

_READ = "SELECT thread_id, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata"


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


async def test_a_later_turn_does_not_read_its_threads_checkpoint_again(
    system: AgentSystem,
) -> None:
    await system.arun("set a timer for 10 minutes", thread_id="kitchen")
    with traced(system) as statements:
        result = await system.arun("set a timer for 5 minutes", thread_id="kitchen")
    assert result.status == "success", result.reply
    assert not [sql for sql in statements if sql.startswith(_READ)]
    thread = await system.aget_thread("kitchen")
    assert [t["text"] for t in thread["history"]] == [
        "set a timer for 10 minutes",
        "set a timer for 5 minutes",
    ]


async def test_a_turn_another_process_saved_is_read(tmp_path: Path) -> None:
    """Two systems on one file (two workers): each sees the other's turns on the thread."""
    settings = make_settings(tmp_path / "home")
    async with AgentSystem(settings) as first, AgentSystem(settings) as second:
        await first.arun("set a timer for 10 minutes", thread_id="kitchen")
        await second.arun("set a timer for 5 minutes", thread_id="kitchen")
        with traced(first) as statements:
            result = await first.arun("what timers do i have", thread_id="kitchen")
        assert [sql for sql in statements if sql.startswith(_READ)]
        # the timers' names, not their time left: a real clock may have moved a second on
        assert "5-minute timer" in result.reply and "10-minute timer" in result.reply, result.reply
        history = (await first.aget_thread("kitchen"))["history"]
        assert [t["text"] for t in history] == [
            "set a timer for 10 minutes",
            "set a timer for 5 minutes",
            "what timers do i have",
        ]


async def test_a_checkpoint_the_graph_put_since_is_read(system: AgentSystem) -> None:
    """A state change outside the lane (here the update API) is what the next turn starts
    from, not the checkpoint the lane remembers."""
    await system.arun("set a timer for 10 minutes", thread_id="kitchen")
    await system.graph.aupdate_state(
        {"configurable": {"thread_id": "kitchen"}}, {"history": []}, as_node="synthesize"
    )
    await system.arun("set a timer for 5 minutes", thread_id="kitchen")
    history = (await system.aget_thread("kitchen"))["history"]
    assert [t["text"] for t in history] == ["set a timer for 5 minutes"]

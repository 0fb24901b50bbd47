"""Storage failing in the middle of a turn (issue 14.7): disk full, database locked, read-only.

The database can fail while a turn runs: a checkpoint, the step journal or a tool's own rows.
Before, `arun` raised a bare ``OperationalError`` (the CLI: "Unexpected error", the server: a
500 with no reason) and a tool's reply said ``Tool 'timer.set' raised OperationalError``. Now:
one plain line naming the file, what happened and what to do; what was saved stays saved; the
thread goes on once the fault is gone; the server answers 503 and keeps serving.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from agent_system._storage import StorageError
from agent_system.api import AgentSystem
from agent_system.testing import make_settings

from .conftest import ServerFactory

FAULTS = {
    "disk full": ("database or disk is full", "disk is full"),
    "locked": ("database is locked", "locked by another program"),
    "read-only": ("attempt to write a readonly database", "cannot be opened for writing"),
}


@contextmanager
def failing(obj: Any, method: str, message: str, at: int = 1) -> Iterator[list[int]]:
    """Make the `at`-th call of ``obj.method`` (and later ones) raise like SQLite does."""
    original = getattr(obj, method)
    calls = [0]

    def fail(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] >= at:
            raise sqlite3.OperationalError(message)
        return original(*args, **kwargs)

    async def afail(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] >= at:
            raise sqlite3.OperationalError(message)
        return await original(*args, **kwargs)

    setattr(obj, method, afail if method.startswith("a") else fail)
    try:
        yield calls
    finally:
        setattr(obj, method, original)


@pytest.fixture
async def system(tmp_path: Path) -> AsyncIterator[AgentSystem]:
    async with AgentSystem(make_settings(tmp_path / "home")) as built:
        yield built


def _timers(system: AgentSystem) -> int:
    rows = system.engine.runtime.db.query("SELECT body FROM records WHERE collection = 'timers'")
    return sum(json.loads(row["body"])["state"] == "running" for row in rows)


@pytest.mark.anyio
@pytest.mark.parametrize("fault", FAULTS, ids=list(FAULTS))
@pytest.mark.parametrize(
    ("where", "method", "at"),
    # A fast reply runs in the fast lane (graph/_lane.py): its first checkpoint is the turn's
    # input (nothing ran yet), the second its end, after the step ran (both through the
    # saver's sync `put`, the end inside the transaction that also clears the journal); it
    # saves no pending writes (graph/_save.py).
    [("checkpointer", "put", 2), ("store", "batch", 3)],
    ids=["checkpoint", "journal"],
)
async def test_a_turn_cut_by_storage_says_so_in_one_line_and_the_thread_goes_on(
    system: AgentSystem, fault: str, where: str, method: str, at: int
) -> None:
    sqlite_message, advice = FAULTS[fault]
    target = system.graph.checkpointer if where == "checkpointer" else system.engine.runtime.store
    with failing(target, method, sqlite_message, at), pytest.raises(StorageError) as caught:
        await system.arun("set a timer for 10 minutes", thread_id="kitchen")
    message = caught.value.message
    assert "\n" not in message and "OperationalError" not in message
    assert str(system.settings.sqlite_path) in message and advice in message
    assert "'kitchen'" in message

    # The fault is gone: the cut turn can be finished, and the thread takes new turns.
    state = await system.aget_thread("kitchen")
    if state["status"] == "running":
        finished = await system.aresume("kitchen", None)
        assert finished.status == "success", finished.reply
    assert _timers(system) == 1  # set once: not lost, not doubled
    listed = await system.arun("list my timers", thread_id="kitchen")
    assert listed.status == "success" and "10" in listed.reply, listed.reply
    assert [t["text"] for t in (await system.aget_thread("kitchen"))["history"]][-1] == (
        "list my timers"
    )


@pytest.mark.anyio
async def test_a_tool_whose_rows_cannot_be_written_replies_plainly(system: AgentSystem) -> None:
    db = system.engine.runtime.db
    with failing(db, "transaction", "database or disk is full"):
        result = await system.arun("set a timer for 10 minutes", thread_id="t")
    assert result.status == "failure"
    assert "I couldn't save that." in result.reply and "the disk is full" in result.reply
    assert "OperationalError" not in result.reply and "Tool '" not in result.reply
    again = await system.arun("set a timer for 10 minutes", thread_id="t")
    assert again.status == "success" and _timers(system) == 1


def test_the_server_answers_503_and_keeps_serving(server_factory: ServerFactory) -> None:
    live = server_factory(["sk-storage-0123456789abcdef"])
    checkpointer = live.system.graph.checkpointer
    with live.client("sk-storage-0123456789abcdef") as client:
        with failing(checkpointer, "aput", "database or disk is full", at=2):
            cut = client.post("/v1/threads/t1/runs", json={"text": "echo one"})
            assert cut.status_code == 503, cut.text
            assert cut.headers["Retry-After"] == "30"
            assert "disk is full" in cut.json()["error"]["message"]
            streamed = client.post("/v1/threads/t2/runs/stream", json={"text": "echo two"})
            assert "disk is full" in streamed.text and "Traceback" not in streamed.text
        ok = client.post("/v1/threads/t3/runs", json={"text": "echo three"})
        assert ok.status_code == 200 and ok.json()["reply"] == "echo: three"
        health = client.get("/healthz")
        assert health.status_code == 200

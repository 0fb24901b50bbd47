"""WAL checkpoints run in a background thread, never inside a commit on the event loop
(agent_system._walcheck): the loop's connections have ``wal_autocheckpoint=0``, and the file's
thread copies the WAL back into the database."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from agent_system import _walcheck as walcheck
from agent_system._storage import Database
from agent_system.api import AgentSystem
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


async def test_the_loops_connections_leave_checkpoints_to_the_thread(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("set a timer for 10 minutes", thread_id="t")
        persistence: Any = system._persistence
        path = system.settings.sqlite_path
        shared = persistence.shared.conn
        app = system.engine.runtime.db._conn
        for conn in (shared, app):
            assert conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        checkpointer = walcheck.running(path)
        assert checkpointer is not None and checkpointer.thread.is_alive()
        for _ in range(100):  # the thread checkpoints what the turn wrote
            if checkpointer.last is not None and checkpointer.last[1] > 0:
                break
            await asyncio.sleep(0.05)
        assert checkpointer.last is not None
        _busy, frames, done = checkpointer.last
        assert frames > 0 and done == frames
    assert not checkpointer.thread.is_alive() and walcheck.running(path) is None


def test_a_commit_never_checkpoints_when_the_thread_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Far more than the 1000 pages of SQLite's own automatic checkpoint, written through the
    application database while its thread waits: the WAL keeps them all (no commit copied them
    back, so none synced the disk), until the thread's checkpoint."""
    monkeypatch.setattr(walcheck, "INTERVAL_S", 3600.0)
    db = Database(tmp_path / "app.db")
    try:
        db.execute("CREATE TABLE big (v BLOB)")
        for _ in range(300):
            db.execute("INSERT INTO big VALUES (?)", (b"x" * 16384,))
        checkpointer = walcheck.running(tmp_path / "app.db")
        assert checkpointer is not None and checkpointer.runs == 0
        probe = sqlite3.connect(tmp_path / "app.db")
        _busy, frames, done = probe.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        probe.close()
        assert frames > 1000 and done == frames
    finally:
        db.close()
    assert not checkpointer.thread.is_alive()

"""An upgrade keeps every row (issue 14.10): a database the previous release wrote, opened now.

``data/release-76500b6.sqlite3.gz`` was written by the release at commit 76500b6 (the schema
before migrations existed) with ``data/make_release_db.py``: three users (ann, bob and the local
user) with conversations, timers, reminders, lists, memories, calendar events, device states and
audit rows. Opening it migrates it in place (a copy of the old file is kept); every old row is
still there, the conversations continue, and each user's export finds their data.
"""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from agent_system._migrations import SCHEMA_VERSION
from agent_system._storage import Database, StorageError
from agent_system.api import AgentSystem
from agent_system.testing import make_settings

RELEASE = Path(__file__).parent / "data" / "release-76500b6.sqlite3.gz"


def _release_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    with gzip.open(RELEASE) as src, (home / "agent-system.db").open("wb") as dst:
        shutil.copyfileobj(src, dst)
    return home


def _rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    with sqlite3.connect(path) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {n: sorted(conn.execute(f'SELECT * FROM "{n}"').fetchall(), key=repr) for n in names}


@pytest.mark.anyio
async def test_a_release_database_keeps_every_row_and_its_conversations_continue(
    tmp_path: Path,
) -> None:
    home = _release_home(tmp_path)
    db = home / "agent-system.db"
    before = _rows(db)
    assert {"timers", "calendar_events", "records", "audit_log", "checkpoints", "store"} <= set(
        before
    )
    assert all(before[t] for t in ("timers", "calendar_events", "records", "audit_log"))

    async with AgentSystem(make_settings(home)) as system:
        # Every row of every table of the old file is still there, unchanged.
        after = _rows(db)
        for table, rows in before.items():
            assert set(rows) <= set(after[table]), table
        with sqlite3.connect(db) as conn:
            assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert _rows(Path(f"{db}.before-schema-1")) == before  # the copy kept first

        for user, marker in (("ann", "ann"), ("bob", "bob"), (None, "local")):
            threads = await system.athreads(user)
            assert {t["thread_id"] for t in threads} == {f"{marker}-{i}" for i in range(7)}
            asked = await system.arun(
                "what's on my shopping list", thread_id=f"{marker}-2", user=user
            )
            assert asked.reply == "Your shopping list: oat milk, eggs.", asked.reply
            state = await system.aget_thread(f"{marker}-2", user)
            assert len(state["history"]) == 2
            recalled = await system.arun(
                "what do you remember about my bike", thread_id=f"{marker}-r", user=user
            )
            assert "blue" in recalled.reply.lower(), recalled.reply
            listed = await system.arun("list my timers", thread_id=f"{marker}-t", user=user)
            assert "10 minutes" in listed.reply or "timer" in listed.reply.lower(), listed.reply
            exported = await system.aexport_user(user)
            text = json.dumps(exported["data"])
            assert all(word in text for word in ("oat milk", "bike is blue", "Dentist"))
            tables = {row["table"] for row in exported["data"]["tables"]}
            assert {"timers", "calendar_events", "audit_log"} <= tables

        # New features work on the old file: a timer set with an idempotency key applies once.
        result = await system.arun("set a timer for 5 minutes", thread_id="ann-new", user="ann")
        assert result.status == "success"


def test_opening_twice_migrates_once_and_a_new_file_gets_no_copy(tmp_path: Path) -> None:
    home = _release_home(tmp_path)
    Database(home / "agent-system.db").close()
    Database(home / "agent-system.db").close()
    assert sorted(p.name for p in home.iterdir()) == [
        "agent-system.db",
        "agent-system.db-shm",
        "agent-system.db-wal",
        "agent-system.db.before-schema-1",
    ] or sorted(p.name for p in home.iterdir()) == [
        "agent-system.db",
        "agent-system.db.before-schema-1",
    ]
    fresh = tmp_path / "fresh" / "agent-system.db"
    Database(fresh).close()
    assert [p.name for p in fresh.parent.iterdir() if "before" in p.name] == []


def test_a_database_from_a_newer_release_is_refused_unchanged(tmp_path: Path) -> None:
    home = _release_home(tmp_path)
    db = home / "agent-system.db"
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    before = db.read_bytes()
    with pytest.raises(StorageError, match="newer agent-system") as caught:
        Database(db)
    assert str(db) in str(caught.value) and "\n" not in str(caught.value)
    assert db.read_bytes() == before

    from agent_system.cli._app import app

    answer = CliRunner().invoke(app, ["ask", "hello"], env={"AGENT_SYSTEM_HOME": str(home)})
    assert answer.exit_code == 2, answer.output
    assert "newer agent-system" in answer.output and "Traceback" not in answer.output
    assert db.read_bytes() == before

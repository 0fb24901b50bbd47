"""On PostgreSQL the audit log and the run log are the cluster's, not each machine's.

Two `AgentSystem` instances with separate data directories on one fresh PostgreSQL database
stand for two workers on two machines: rows either writes are read, exported and erased
through the other, and nothing lands in their local SQLite files. Needs
AGENT_SYSTEM_TEST_POSTGRES_URL.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent_system.api import AgentSystem
from agent_system.cli._log_cmd import arecord_run
from agent_system.config import Settings
from agent_system.planning.models import ExecutionPlan, ExecutionStep
from agent_system.registry.spec import ToolOutput, spec_from_function
from tests.graph.conftest import Calls, EchoRole, FakeRouter, ScriptedPlanner, make_tools

POSTGRES_URL = os.environ.get("AGENT_SYSTEM_TEST_POSTGRES_URL")

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.postgres,
    pytest.mark.skipif(not POSTGRES_URL, reason="AGENT_SYSTEM_TEST_POSTGRES_URL is not set"),
]


def worker(home: Path, url: str, plans: int) -> AgentSystem:
    """A system writing one side effect per plan (`test.book`)."""

    async def book(what: str) -> ToolOutput:
        """Book something.

        Args:
            what: What to book.
        """
        return ToolOutput(data={"what": what}, display=f"booked {what}")

    registry = make_tools(Calls())
    registry.add(spec_from_function(book, name="test.book", side_effects="reversible"))
    plan = ExecutionPlan(
        request="x",
        steps=[ExecutionStep(id="s1", tool="test.book", arguments={"what": "a table"})],
    )
    return AgentSystem(
        Settings(home=home, database_url=url),
        registry=registry,
        router=FakeRouter(),
        planner=ScriptedPlanner([plan.model_copy() for _ in range(plans)]),
        models={},
        roles={"echo": EchoRole()},
    )


def local_rows(home: Path, table: str) -> int:
    path = home / "agent-system.db"
    with sqlite3.connect(path) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] if table in names else 0


async def test_audit_rows_of_every_worker_are_read_exported_and_erased_anywhere(
    tmp_path: Path, fresh_database: str
) -> None:
    a, b = worker(tmp_path / "a", fresh_database, 1), worker(tmp_path / "b", fresh_database, 2)
    try:
        await a.arun("book it", thread_id="ta", user="alice")
        await b.arun("book it", thread_id="tb", user="alice")
        await b.arun("book it", thread_id="tc", user="bob")
        seen_by_a = await a.aaudit_log(user="alice")
        assert sorted(r.thread_id or "" for r in seen_by_a) == ["ta", "tb"]
        assert [r.tool for r in seen_by_a] == ["test.book", "test.book"]
        assert [r.thread_id for r in await a.aaudit_log(user="bob")] == ["tc"]
        assert local_rows(tmp_path / "a", "audit_log") == 0  # nothing stays on the machine
        assert local_rows(tmp_path / "b", "audit_log") == 0

        exported = await a.aexport_user("alice")
        audit = [r for r in exported["data"]["tables"] if r["table"] == "agent_system_audit_log"]
        assert sorted(r["thread_id"] for r in audit) == ["ta", "tb"]
        erased = await b.aerase_user("alice")
        assert erased["tables"] >= 2
        assert await a.aaudit_log(user="alice") == []
        assert len(await a.aaudit_log(user="bob")) == 1  # another user's rows stay
    finally:
        await a.aclose()
        await b.aclose()
    # the synchronous reader (scripts, tests) reads the same rows
    c = worker(tmp_path / "c", fresh_database, 0)
    try:
        await c.aopen()
        assert [r.thread_id for r in c.audit_log(user="bob")] == ["tc"]
    finally:
        await c.aclose()


def test_agent_system_log_lists_the_runs_of_every_machine(
    tmp_path: Path, fresh_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def two_machines() -> None:
        a, b = worker(tmp_path / "a", fresh_database, 0), worker(tmp_path / "b", fresh_database, 0)
        try:
            ra = await a.arun("echo from alpha", thread_id="la")
            rb = await b.arun("echo from bravo", thread_id="lb")
            await arecord_run(a.engine.runtime, ra)
            await arecord_run(b.engine.runtime, rb)
            await arecord_run(b.engine.runtime, rb)  # a resumed run overwrites its record
        finally:
            await a.aclose()
            await b.aclose()

    asyncio.run(two_machines())
    assert local_rows(tmp_path / "a", "run_log") == 0

    from agent_system.cli._app import app

    monkeypatch.setenv("AGENT_SYSTEM_HOME", str(tmp_path / "c"))
    monkeypatch.setenv("AGENT_SYSTEM_DATABASE_URL", fresh_database)
    out = CliRunner().invoke(app, ["log", "--json"])
    assert out.exit_code == 0, out.output
    runs = json.loads(out.output)
    assert [r["request"] for r in runs] == ["echo from bravo", "echo from alpha"]
    out = CliRunner().invoke(app, ["log", "ALPHA", "--json"])
    assert [r["thread_id"] for r in json.loads(out.output)] == ["la"]

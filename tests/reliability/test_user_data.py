"""A user's data exported and erased from every store (issue 14.10): Python API, CLI, server.

Two users fill every store through ordinary requests (threads, timers, calendar, lists, memory,
audit log, run log); the export of one holds all of hers and nothing of the other's; erasing her
leaves nothing of hers anywhere and the other user's data untouched.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from agent_system.api import AgentSystem
from agent_system.testing import make_settings

from .conftest import ServerFactory

REQUESTS = [
    "set a timer for 10 minutes",
    "add oat milk to my shopping list",
    "remember that my bike is blue",
    "add dentist tomorrow at 3 pm to my calendar",
    "turn on the kitchen light",
]


@pytest.fixture
async def system(tmp_path: Path) -> AsyncIterator[AgentSystem]:
    async with AgentSystem(make_settings(tmp_path / "home")) as built:
        yield built


async def _fill(system: AgentSystem, user: str | None, marker: str) -> None:
    for i, text in enumerate(REQUESTS):
        result = await system.arun(text, thread_id=f"{marker}-{i}", user=user)
        assert result.status == "success", (text, result.reply)
    await system.arun(f"remember that my code word is {marker}", thread_id=f"{marker}-m", user=user)


def _where(document: dict[str, Any], text: str) -> set[str]:
    """The sources of an export that mention `text`."""
    return {name for name, rows in document["data"].items() if text in json.dumps(rows)}


@pytest.mark.anyio
async def test_export_holds_all_of_one_user_and_erase_leaves_nothing(
    system: AgentSystem,
) -> None:
    await _fill(system, "ann", "ann-zebra")
    await _fill(system, "bob", "bob-walrus")
    await _fill(system, None, "local-otter")

    ann = await system.aexport_user("ann")
    assert ann["format"] == "agent-system-user-export/1" and ann["user"] == "ann"
    data = ann["data"]
    assert len(data["threads"]) == len(REQUESTS) + 1
    tables = {row["table"] for row in data["tables"]}
    assert {"audit_log"} <= tables
    collections = {r["collection"] for r in data["records"]}
    assert {"lists", "timers", "calendar"} <= collections
    assert _where(ann, "oat milk") >= {"threads", "records"}
    assert "store" in _where(ann, "ann-zebra")  # the memory
    assert _where(ann, "bob-walrus") == set() and _where(ann, "local-otter") == set()

    erased = await system.aerase_user("ann")
    assert erased["threads"] == len(REQUESTS) + 1 and erased["tables"] > 0
    after = await system.aexport_user("ann")
    assert all(rows == [] for rows in after["data"].values()), after["data"]
    assert await system.athreads("ann") == []
    # Nothing of hers anywhere in the database, in any table.
    db = system.engine.runtime.db
    names = [r["name"] for r in db.query("SELECT name FROM sqlite_master WHERE type='table'")]
    for name in names:
        for row in db.query(f'SELECT * FROM "{name}"'):
            assert "ann-zebra" not in json.dumps(dict(row), default=str), name

    bob = await system.aexport_user("bob")
    assert len(bob["data"]["threads"]) == len(REQUESTS) + 1
    assert "store" in _where(bob, "bob-walrus")
    local = await system.aexport_user(None)
    assert len(local["data"]["threads"]) == len(REQUESTS) + 1
    assert _where(local, "bob-walrus") == set()


def test_the_cli_exports_to_a_file_and_erases_with_yes(tmp_path: Path) -> None:
    from agent_system.cli._app import app

    runner = CliRunner()
    asked = runner.invoke(app, ["ask", "remember that my cat is called Miso"])
    assert asked.exit_code == 0, asked.output
    out = tmp_path / "me.json"
    exported = runner.invoke(app, ["db", "export", "--output", str(out)])
    assert exported.exit_code == 0, exported.output
    assert "Miso" in out.read_text() and f"Wrote {out}" in exported.output
    refused = runner.invoke(app, ["db", "erase"], input="n\n")
    assert refused.exit_code == 2 and "Nothing was erased" in refused.output
    erased = runner.invoke(app, ["db", "erase", "--yes"])
    assert erased.exit_code == 0, erased.output
    assert "Erased the data of the local user" in erased.output
    again = runner.invoke(app, ["db", "export"])
    assert "Miso" not in again.stdout


def test_the_server_exports_and_erases_only_the_callers_data(
    server_factory: ServerFactory,
) -> None:
    live = server_factory(["sk-ann-0123456789abcdef", "sk-bob-0123456789abcdef"])
    with (
        live.client("sk-ann-0123456789abcdef") as ann,
        live.client("sk-bob-0123456789abcdef") as bob,
    ):
        assert ann.post("/v1/threads/t1/runs", json={"text": "echo ann-zebra"}).status_code == 200
        assert bob.post("/v1/threads/t2/runs", json={"text": "echo bob-walrus"}).status_code == 200
        mine = ann.get("/v1/me/data")
        assert mine.status_code == 200
        assert "ann-zebra" in mine.text and "bob-walrus" not in mine.text
        gone = ann.delete("/v1/me/data")
        assert gone.status_code == 200 and gone.json()["erased"]["threads"] == 1
        assert "ann-zebra" not in ann.get("/v1/me/data").text
        assert ann.get("/v1/threads/t1").status_code == 404
        assert "bob-walrus" in bob.get("/v1/me/data").text

"""A run's event stream can be continued after the connection drops (the run journal).

Every SSE event of ``POST /v1/threads/{id}/runs/stream`` carries ``id: <number>``, the response
names the run (``Content-Location: /v1/runs/{run_id}``), and ``GET /v1/runs/{run_id}/stream``
with ``Last-Event-ID`` sends the events after that one. Here on one SQLite worker (the journal
in memory); tests/server/test_cluster.py continues streams on another worker over PostgreSQL.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from httpx_sse import connect_sse

from agent_system.server._journal import JournalWriter, LocalJournal, RunRow, follow

from .conftest import KEY_B, Live


def events(client: httpx.Client, method: str, url: str, **kwargs: Any) -> list[tuple[str, str]]:
    with connect_sse(client, method, url, **kwargs) as source:
        return [(sse.id, sse.event) for sse in source.iter_sse()]


def test_a_streamed_run_can_be_continued_from_its_last_event_id(live: Live) -> None:
    with live.client() as client:
        with connect_sse(
            client, "POST", "/v1/threads/j1/runs/stream", json={"text": "echo hello there"}
        ) as source:
            where = source.response.headers["content-location"]
            full = [(sse.id, sse.event) for sse in source.iter_sse()]
        assert where.startswith("/v1/runs/")
        assert [seq for seq, _ in full] == [str(n) for n in range(1, len(full) + 1)]
        assert full[-1][1] == "run_finished" and len(full) >= 3

        rest = events(client, "GET", f"{where}/stream", headers={"Last-Event-ID": "2"})
        assert rest == full[2:]  # the same events, numbered the same, after the second
        assert events(client, "GET", f"{where}/stream?after=0") == full

        run = client.get(where).json()
        assert run["status"] == "success" and run["thread_id"] == "j1"
        assert run["result"]["reply"]

    with live.client(KEY_B) as other:  # another user's run does not exist for them
        assert other.get(where).status_code == 404
        assert other.get(f"{where}/stream").status_code == 404


def test_a_json_run_names_its_run_too(live: Live) -> None:
    with live.client() as client:
        reply = client.post("/v1/threads/j2/runs", json={"text": "echo hi"})
        assert reply.status_code == 200
        run = client.get(reply.headers["content-location"]).json()
    assert run["result"]["run_id"] == reply.json()["run_id"]
    assert run["kind"] == "run"


def test_a_bad_last_event_id_is_one_plain_error(live: Live) -> None:
    with live.client() as client:
        where = client.post("/v1/threads/j3/runs", json={"text": "echo hi"}).headers[
            "content-location"
        ]
        reply = client.get(f"{where}/stream", headers={"Last-Event-ID": "abc"})
    assert reply.status_code == 422
    assert "Last-Event-ID" in json.loads(reply.text)["error"]["message"]


@pytest.mark.anyio
async def test_a_follower_gets_items_written_while_it_waits() -> None:
    journal = LocalJournal()
    await journal.create(RunRow("r", "t", None, "run"))
    writer = JournalWriter(journal, "r")
    got: list[int] = []

    async def read() -> None:
        async for seq, item in follow(journal, "r", 0, poll_s=5.0):
            got.append(seq)
            assert item == {"n": seq}

    import asyncio

    reader = asyncio.create_task(read())
    for n in range(1, 6):
        writer.put({"n": n})
        await asyncio.sleep(0.01)
    await writer.finish("success")
    await asyncio.wait_for(reader, 2.0)  # woken by the writes, not by the 5 s poll
    assert got == [1, 2, 3, 4, 5]


@pytest.mark.anyio
async def test_a_journal_in_memory_has_each_item_as_soon_as_it_is_put() -> None:
    import asyncio

    journal = LocalJournal()
    await journal.create(RunRow("r", "t", None, "run"))
    tasks = len(asyncio.all_tasks())
    writer = JournalWriter(journal, "r")
    assert len(asyncio.all_tasks()) == tasks  # no writer task of its own
    assert writer.put({"n": 1}) == 1
    assert writer.put({"n": 2}) == 2
    # readable at once, in order: nothing ran in between
    assert await journal.items("r", 0) == [(1, {"n": 1}), (2, {"n": 2})]
    await writer.finish("success", {"result": "done"})
    row = await journal.get("r")
    assert row is not None and row.ended and row.output == {"result": "done"}

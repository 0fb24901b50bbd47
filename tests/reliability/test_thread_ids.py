"""Every documented thread id (letters, digits, ``._:-``) works on every face; others get a 422.

Thread ids with a period used to break the step journal (its store namespace held the raw id):
500s that left the thread stuck ``running``, ``InvalidNamespaceError`` from `arun`, "Unexpected
error" from the CLI.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from agent_system.api import ThreadNotFoundError
from agent_system.planning.models import ExecutionPlan, ExecutionStep

from .conftest import RigFactory, Server, ServerFactory

KEY = "sk-test-thread-ids-0123456789"

IDS = ["a.b", "v1.2.3", "...", "%2E", "x:y-z_1.", ".hidden"]
PLAN = ExecutionPlan(
    steps=[
        ExecutionStep(id="one", tool="test.add", arguments={"a": 1, "b": 2}),
        ExecutionStep(id="two", tool="test.echo", arguments={"text": "done"}, depends_on=["one"]),
    ]
)


@pytest.mark.anyio
async def test_the_python_api_runs_lists_and_deletes_dotted_threads(
    rig_factory: RigFactory,
) -> None:
    system = rig_factory(plans=[PLAN] * len(IDS)).system
    for thread in IDS:
        result = await system.arun("do the plan", thread_id=thread, user="a.b@example.com")
        assert result.status == "success", (thread, result.errors)
        echoed = await system.arun("echo hi", thread_id=thread, user="a.b@example.com")
        assert echoed.reply == "echo: hi"
        state = await system.aget_thread(thread, user="a.b@example.com")
        assert [t["text"] for t in state["history"]] == ["do the plan", "echo hi"]
    listed = {t["thread_id"] for t in await system.athreads(user="a.b@example.com")}
    assert listed == set(IDS)
    for thread in IDS:
        await system.adelete_thread(thread, user="a.b@example.com")
        with pytest.raises(ThreadNotFoundError):
            await system.aget_thread(thread, user="a.b@example.com")
    assert await system.athreads(user="a.b@example.com") == []


@pytest.fixture
def live(server_factory: ServerFactory) -> Server:
    return server_factory([KEY])


def test_the_native_server_runs_and_deletes_a_dotted_thread(live: Server) -> None:
    with live.client(KEY) as client:
        ran = client.post("/v1/threads/a.b/runs", json={"text": "echo one"})
        assert ran.status_code == 200, ran.text
        assert ran.json()["status"] == "success"
        state = client.get("/v1/threads/a.b").json()
        assert state["status"] == "success"
        assert [t["text"] for t in state["history"]] == ["echo one"]
        assert client.delete("/v1/threads/a.b").status_code == 204
        assert client.get("/v1/threads/a.b").status_code == 404


def test_the_openai_endpoint_takes_a_dotted_x_thread_id(live: Server) -> None:
    body = {"model": "agent-system", "messages": [{"role": "user", "content": "echo hi"}]}
    with live.client(KEY) as client:
        answer = client.post("/v1/chat/completions", json=body, headers={"X-Thread-Id": "c.d"})
        assert answer.status_code == 200, answer.text
        assert answer.json()["choices"][0]["message"]["content"] == "echo: hi"
        state = client.get("/v1/threads/c.d")
        assert state.status_code == 200
        assert state.json()["status"] == "success"


@pytest.mark.parametrize("bad", ["a b", "a/b", "é", "x" * 201, "a\tb"])
def test_an_invalid_x_thread_id_is_refused_with_422_before_any_work(live: Server, bad: str) -> None:
    body = {"model": "agent-system", "messages": [{"role": "user", "content": "echo hi"}]}
    with live.client(KEY) as client:
        answer = client.post(
            "/v1/chat/completions",
            json=body,
            headers={"X-Thread-Id": bad.encode("utf-8")},
        )
    assert answer.status_code == 422, answer.text
    assert "X-Thread-Id" in answer.json()["error"]["message"]
    assert live.calls.counts == {}


def test_the_cli_asks_on_a_dotted_thread() -> None:
    from agent_system.cli._app import app

    runner = CliRunner()
    first = runner.invoke(
        app, ["ask", "--json", "--thread", "kitchen.v2", "set a timer for 1 minute"]
    )
    assert first.exit_code == 0, first.output
    assert json.loads(first.stdout)["status"] == "success"
    second = runner.invoke(app, ["ask", "--json", "--thread", "kitchen.v2", "list my timers"])
    assert second.exit_code == 0, second.output
    shown = runner.invoke(app, ["threads", "show", "--json", "kitchen.v2"])
    texts = [turn["text"] for turn in json.loads(shown.stdout)["history"]]
    assert texts == ["set a timer for 1 minute", "list my timers"]
    deleted = runner.invoke(app, ["threads", "delete", "kitchen.v2"])
    assert deleted.exit_code == 0, deleted.output

"""LangGraph's server protocol, driven by the official clients (`langgraph-sdk`, `RemoteGraph`)
against a real server on loopback, on the offline engine (embedded router, built-in roles)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.pregel.remote import RemoteGraph
from langgraph.types import Command
from langgraph_sdk import get_client, get_sync_client
from langgraph_sdk.errors import (
    AuthenticationError,
    ConflictError,
    NotFoundError,
    UnprocessableEntityError,
)
from langgraph_sdk.schema import StreamPart

from agent_system.server import create_app
from agent_system.server._lgserver import ASSISTANT_ID, GRAPH_ID
from agent_system.testing import make_settings

from .conftest import KEY_A, KEY_B, run_server

PLAN = "turn on the kitchen lights and set a timer for 5 minutes"
ALL_MODES: list[Any] = ["values", "updates", "custom", "messages", "messages-tuple", "events"]


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server on the default `AgentSystem` of a fresh data directory, keys A and B."""
    home = tmp_path_factory.mktemp("lgapi") / "home"
    runner = run_server(create_app(make_settings(home, api_keys=[KEY_A, KEY_B])))
    yield next(runner)
    next(runner, None)


def _user(text: str) -> dict[str, Any]:
    return {"messages": [{"role": "user", "content": text}]}


def test_the_one_assistant_is_found_with_its_schemas_and_graph(url: str) -> None:
    client = get_sync_client(url=url, api_key=KEY_A)
    [found] = client.assistants.search()
    assert (found["assistant_id"], found["graph_id"]) == (ASSISTANT_ID, GRAPH_ID)
    assert client.assistants.get(GRAPH_ID) == client.assistants.get(ASSISTANT_ID) == found
    assert client.assistants.search(graph_id="another") == []
    schemas = client.assistants.get_schemas(GRAPH_ID)
    assert {"messages", "text"} <= set(schemas["input_schema"]["properties"])
    assert {"messages", "route", "plan", "steps"} <= set(schemas["state_schema"]["properties"])
    graph = client.assistants.get_graph(GRAPH_ID)
    assert {"route", "plan", "approve", "execute", "synthesize"} <= {
        n["id"] for n in graph["nodes"]
    }
    with pytest.raises(NotFoundError, match="serves one"):
        client.assistants.get("not-ours")


def test_a_plan_run_streams_in_every_supported_mode(url: str) -> None:
    client = get_sync_client(url=url, api_key=KEY_A)
    thread = client.threads.create(metadata={"app": "test"})
    tid = thread["thread_id"]
    mine = {"app": "test", "graph_id": GRAPH_ID, "assistant_id": ASSISTANT_ID}
    assert (thread["status"], thread["metadata"]) == ("idle", mine)
    parts = list(client.runs.stream(tid, GRAPH_ID, input=_user(PLAN), stream_mode=ALL_MODES))
    names = [p.event for p in parts]
    assert names[0] == "metadata" and "error" not in names
    by = _by_event(parts)

    final = by["values"][-1]
    reply = final["reply"]
    assert "Kitchen light is on" in reply and "Timer set for 5 minutes" in reply
    assert [m["type"] for m in final["messages"]] == ["human", "ai"]
    assert final["messages"][0]["content"] == PLAN and final["messages"][1]["content"] == reply
    assert final["route"]["target"] == "meta_planning" and final["status"] == "success"
    assert [s["tool"] for s in final["plan"]["steps"]] == ["smart_home.turn_on", "timer.set"]
    assert {s["status"] for s in final["steps"]} == {"succeeded"}
    # values: the starting state holds the request, then it grows with each update
    assert by["values"][0]["messages"][-1]["content"] == PLAN and by["values"][0]["plan"] is None

    nodes = [next(iter(u)) for u in by["updates"]]
    assert nodes[0] == "route" and nodes[1] == "plan" and nodes[-1] == "synthesize"
    assert nodes.count("execute") == 2
    custom = [e["type"] for e in by["custom"]]
    assert custom[0] == "route_decided" and custom[-1] == "run_finished"
    assert custom.count("step_started") == 2 and custom.count("step_finished") == 2

    ai_id = final["messages"][1]["id"]
    [meta] = by["messages/metadata"]
    assert list(meta) == [ai_id]
    assert by["messages/partial"][-1][0]["content"] == reply
    assert by["messages/complete"][0][0] == {**by["messages/complete"][0][0], "id": ai_id}
    assert by["messages/complete"][0][0]["content"] == reply
    chunks = by["messages"]
    assert "".join(c[0]["content"] for c in chunks) == reply
    assert {c[0]["type"] for c in chunks} == {"AIMessageChunk"}
    assert chunks[0][1]["langgraph_node"] == "synthesize"
    kinds = [e["event"] for e in by["events"]]
    assert kinds[0] == "on_chain_start" and kinds[-1] == "on_chain_end"
    assert by["events"][-1]["data"]["output"] == final
    streamed = [e["data"]["chunk"]["content"] for e in by["events"] if "chunk" in e["data"]]
    assert "".join(streamed) == reply

    state = client.threads.get_state(tid)
    assert state["values"] == final and state["next"] == [] and state["interrupts"] == []
    got = client.threads.get(tid)
    assert (got["status"], got["metadata"], got["values"]) == ("idle", mine, final)
    found = client.threads.search(metadata={"graph_id": GRAPH_ID, "app": "test"}, limit=100)
    assert [t["thread_id"] for t in found] == [tid]
    assert client.threads.search(metadata={"app": "other"}) == []
    history = client.threads.get_history(tid, limit=50)
    assert history[0]["values"] == final and len(history) > 2


def _by_event(parts: list[StreamPart]) -> dict[str, list[Any]]:
    by: dict[str, list[Any]] = {}
    for part in parts:
        by.setdefault(part.event, []).append(part.data)
    return by


def test_an_approval_ends_the_run_with_an_interrupt_that_command_resume_answers(url: str) -> None:
    client = get_sync_client(url=url, api_key=KEY_A)
    tid = client.threads.create()["thread_id"]
    parts = list(
        client.runs.stream(
            tid,
            GRAPH_ID,
            input={"text": "unlock the front door"},
            stream_mode=["updates", "values"],
        )
    )
    updates = _by_event(parts)["updates"]
    [interrupt] = updates[-1]["__interrupt__"]
    assert interrupt["value"]["type"] == "approval" and interrupt["id"]
    [step] = interrupt["value"]["steps"]
    assert step["tool"] == "smart_home.unlock"
    assert _by_event(parts)["values"][-1]["__interrupt__"] == [interrupt]

    again = client.threads.create()["thread_id"]
    [*_, last] = client.runs.stream(
        again, GRAPH_ID, input={"text": "unlock the front door"}, version="v2"
    )  # the SDK's typed parts: the interrupt is taken out of the last values
    assert last["type"] == "values" and last["interrupts"][0]["value"] == interrupt["value"]

    state = client.threads.get_state(tid)
    assert state["next"] == ["approve"] and state["interrupts"] == [interrupt]
    assert state["tasks"][0]["interrupts"] == [interrupt]
    assert state["values"]["status"] == "interrupted" and state["values"]["steps"] == []
    assert state["values"]["messages"][-1]["content"] == "unlock the front door"
    thread = client.threads.get(tid)
    assert thread["status"] == "interrupted" and list(thread["interrupts"].values()) == [
        [interrupt]
    ]

    done = client.runs.wait(tid, GRAPH_ID, command={"resume": True})
    assert done["status"] == "success" and "unlocked" in done["reply"].lower()
    assert [(s["tool"], s["status"]) for s in done["steps"]] == [("smart_home.unlock", "succeeded")]
    assert [m["type"] for m in done["messages"]] == ["human", "ai"]
    assert client.threads.get(tid)["status"] == "idle"
    with pytest.raises(ConflictError, match="not waiting for approval"):
        client.runs.create(tid, GRAPH_ID, command={"resume": True})


def test_a_denied_approval_skips_the_step(url: str) -> None:
    client = get_sync_client(url=url, api_key=KEY_A)
    tid = client.threads.create()["thread_id"]
    paused = client.runs.wait(tid, GRAPH_ID, input=_user("unlock the front door"))
    [interrupt] = paused["__interrupt__"]
    done = client.runs.wait(tid, GRAPH_ID, command={"resume": {interrupt["id"]: False}})
    assert [s["status"] for s in done["steps"]] == ["skipped"]
    assert "__interrupt__" not in done


def test_background_runs_are_read_and_joined(url: str) -> None:
    created: list[Any] = []

    async def scenario() -> tuple[Any, Any, Any, Any]:
        client = get_client(url=url, api_key=KEY_A)
        tid = (await client.threads.create())["thread_id"]
        run = await client.runs.create(
            tid,
            GRAPH_ID,
            input={"text": "set a timer for 2 minutes"},
            metadata={"source": "test"},
            on_run_created=created.append,
        )
        joined = await client.runs.join(tid, run["run_id"])
        got = await client.runs.get(tid, run["run_id"])
        listed = await client.runs.list(tid)
        return run, joined, got, listed

    run, joined, got, listed = asyncio.run(scenario())
    assert run["status"] in ("pending", "running") and run["metadata"] == {"source": "test"}
    assert created == [{"run_id": run["run_id"], "thread_id": run["thread_id"]}]
    assert "Timer set for 2 minutes" in joined["reply"]
    assert got["status"] == "success" and [r["run_id"] for r in listed] == [run["run_id"]]


def test_stateless_runs_leave_no_thread_behind(url: str) -> None:
    client = get_sync_client(url=url, api_key=KEY_B)
    before = {t["thread_id"] for t in client.threads.search(limit=100)}
    out = client.runs.wait(None, GRAPH_ID, input=_user("turn off the kitchen lights"))
    assert out["reply"] == "Kitchen light is off." and out["messages"][-1]["type"] == "ai"
    chunks = list(client.runs.stream(None, GRAPH_ID, input={"text": "set a timer for 1 hour"}))
    assert "Timer set for 1 hour" in chunks[-1].data["reply"]
    assert {t["thread_id"] for t in client.threads.search(limit=100)} == before


def test_keys_are_required_and_each_sees_only_its_own_threads(url: str) -> None:
    alice = get_sync_client(url=url, api_key=KEY_A)
    bob = get_sync_client(url=url, api_key=KEY_B)
    tid = alice.threads.create()["thread_id"]
    alice.runs.wait(tid, GRAPH_ID, input={"text": "set a timer for 3 minutes"})
    with pytest.raises(NotFoundError):
        bob.threads.get(tid)
    with pytest.raises(NotFoundError):
        bob.threads.get_state(tid)
    with pytest.raises(NotFoundError):
        bob.runs.create(tid, GRAPH_ID, input={"text": "hi"}, if_not_exists="create")
    with pytest.raises(NotFoundError):
        bob.threads.delete(tid)
    assert tid not in {t["thread_id"] for t in bob.threads.search(limit=100)}
    with pytest.raises(NotFoundError):  # runs on an unknown thread need if_not_exists="create"
        alice.runs.create("no-such-thread", GRAPH_ID, input={"text": "hi"})
    with pytest.raises(AuthenticationError):
        get_sync_client(url=url, api_key=None).threads.get(tid)
    with pytest.raises(UnprocessableEntityError, match="needs the request"):
        alice.runs.create(tid, GRAPH_ID, input={"messages": []})
    bearer = {"Authorization": f"Bearer {KEY_A}"}
    got = httpx.get(f"{url}/threads/{tid}", headers=bearer)
    assert got.status_code == 200 and got.json()["thread_id"] == tid
    crons = httpx.post(f"{url}/runs/crons", headers=bearer, json={})
    assert crons.status_code == 404 and "Crons are not supported" in crons.text
    update = httpx.post(f"{url}/threads/{tid}/state", headers=bearer, json={"values": {}})
    assert update.status_code == 405 and "start a run" in update.text
    alice.threads.delete(tid)
    with pytest.raises(NotFoundError):
        alice.threads.get(tid)


def _parent(url: str, checkpointer: InMemorySaver | None = None) -> Any:
    """A graph of the test's own whose one node is the served assistant."""
    remote = RemoteGraph(GRAPH_ID, url=url, api_key=KEY_A)
    builder = StateGraph(MessagesState)
    builder.add_node("assistant", remote)
    builder.add_edge(START, "assistant")
    return builder.compile(checkpointer=checkpointer)


def test_remote_graph_runs_as_a_node_of_a_local_graph(url: str) -> None:
    out = _parent(url).invoke(_user("turn on the kitchen lights"))
    assert [m.type for m in out["messages"]] == ["human", "ai"]
    assert out["messages"][-1].content.startswith("Kitchen light is on")
    # with a checkpointer the conversation goes on, each message once, under the parent's ids
    parent = _parent(url, InMemorySaver())
    config: Any = {"configurable": {"thread_id": "parent-chat-1"}}
    parent.invoke(_user("turn on the kitchen lights"), config)
    out = parent.invoke(_user("set a timer for 4 minutes"), config)
    assert [m.type for m in out["messages"]] == ["human", "ai", "human", "ai"]
    assert out["messages"][-1].content.startswith("Timer set for 4 minutes")
    client = get_sync_client(url=url, api_key=KEY_A)
    served = client.threads.get_state("parent-chat-1")["values"]["messages"]
    assert [m["id"] for m in served] == [m.id for m in out["messages"]]
    remote = RemoteGraph(GRAPH_ID, url=url, api_key=KEY_A)
    assert {"route", "plan", "execute"} <= set(remote.get_graph().nodes)


def test_an_approval_inside_remote_graph_interrupts_the_parent_graph(url: str) -> None:
    config: Any = {"configurable": {"thread_id": "parent-door-1"}}
    parent = _parent(url, InMemorySaver())
    out = parent.invoke(_user("unlock the front door"), config)
    [interrupt] = out["__interrupt__"]
    assert interrupt.value["type"] == "approval"
    assert interrupt.value["steps"][0]["tool"] == "smart_home.unlock"
    assert parent.get_state(config).interrupts == (interrupt,)

    remote = RemoteGraph(GRAPH_ID, url=url, api_key=KEY_A)
    remote_state = remote.get_state(config)  # the served thread has the parent's thread id
    assert remote_state.next == ("approve",) and remote_state.interrupts[0].id == interrupt.id
    done = remote.invoke(Command(resume=True), config)
    assert [(s["tool"], s["status"]) for s in done["steps"]] == [("smart_home.unlock", "succeeded")]
    assert done["status"] == "success" and "__interrupt__" not in done

"""LangGraph runs over time, with `langgraph-sdk` on the scripted fakes: failures, background
runs followed while they run, and streams dropped by their client."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from langgraph.pregel.remote import RemoteException, RemoteGraph
from langgraph_sdk import get_sync_client

from agent_system.planning.models import ExecutionPlan, ExecutionStep

from .conftest import KEY_A, Live

GRAPH = "agent-system"


def _slow_plan(seconds: float) -> ExecutionPlan:
    return ExecutionPlan(
        steps=[ExecutionStep(id="nap", tool="test.slow", arguments={"seconds": seconds})]
    )


def test_a_run_that_raises_ends_its_stream_with_an_error_event(
    live_factory: Callable[..., Live],
) -> None:
    live = live_factory(plans=[])  # the scripted planner has nothing left: planning raises
    client = get_sync_client(url=live.url, api_key=KEY_A)
    tid = client.threads.create()["thread_id"]
    parts = list(client.runs.stream(tid, GRAPH, input={"text": "plan something"}))
    assert parts[-1].event == "error"
    assert parts[-1].data == {"error": "server_error", "message": "Internal server error."}
    [run] = client.runs.list(tid)
    assert run["status"] == "error" and client.threads.get(tid)["status"] == "error"
    with pytest.raises(RemoteException):
        RemoteGraph(GRAPH, url=live.url, api_key=KEY_A).invoke({"text": "plan again"})
    assert "Traceback" not in str(parts[-1].data)


def test_a_background_run_is_followed_while_it_runs(live_factory: Callable[..., Live]) -> None:
    live = live_factory(plans=[_slow_plan(0.6)])
    client = get_sync_client(url=live.url, api_key=KEY_A)
    tid = client.threads.create()["thread_id"]
    run = client.runs.create(tid, GRAPH, input={"text": "take a nap"})
    assert client.threads.get(tid)["status"] == "busy"
    parts = list(client.runs.join_stream(tid, run["run_id"], stream_mode=["custom", "updates"]))
    custom = [p.data["type"] for p in parts if p.event == "custom"]
    assert custom[-1] == "run_finished" and "step_finished" in custom
    assert next(iter(parts[-1].data)) == "synthesize"
    assert client.runs.get(tid, run["run_id"])["status"] == "success"
    assert client.threads.get(tid)["status"] == "idle"
    assert live.calls.counts["slow"] == 1


def test_a_dropped_stream_leaves_the_run_finishing(live_factory: Callable[..., Live]) -> None:
    live = live_factory(plans=[_slow_plan(0.4)])
    client = get_sync_client(url=live.url, api_key=KEY_A)
    tid = client.threads.create()["thread_id"]
    stream = client.runs.stream(tid, GRAPH, input={"text": "take a nap"}, stream_mode="custom")
    first = next(iter(stream))
    assert first.event == "metadata"
    stream.close()  # the client goes away after the first event
    done = client.runs.join(tid, first.data["run_id"])
    assert [(s["step_id"], s["status"]) for s in done["steps"]] == [("nap", "succeeded")]
    assert live.calls.counts["slow"] == 1

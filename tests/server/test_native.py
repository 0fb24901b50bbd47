"""The native API against a real server: threads, runs, SSE, approvals, tools, notifications."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from datetime import timedelta

import httpx
from httpx_sse import connect_sse

from agent_system.events import EventAdapter, RunResult
from agent_system.planning.models import ExecutionPlan, ExecutionStep
from agent_system.server._auth import user_id_for

from .conftest import KEY_A, Live


def _unlock_plan() -> ExecutionPlan:
    return ExecutionPlan(
        steps=[
            ExecutionStep(id="look", tool="test.echo", arguments={"text": "porch"}),
            ExecutionStep(id="open", tool="test.unlock", arguments={"door": "front"}),
        ]
    )


def _wait_for(predicate: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "condition not reached in time"
        time.sleep(0.02)


def test_a_created_thread_is_listed_empty_then_holds_its_runs(live: Live) -> None:
    with live.client() as client:
        created = client.post("/v1/threads")
        assert created.status_code == 201
        thread = created.json()["thread_id"]
        assert client.get(f"/v1/threads/{thread}").json()["history"] == []
        result = RunResult.model_validate(
            client.post(f"/v1/threads/{thread}/runs", json={"text": "echo one"}).json()
        )
        assert (result.status, result.reply, result.thread_id) == ("success", "echo: one", thread)
        assert result.route is not None and result.route.role == "echo"
        assert result.result is not None and result.result.steps[0].output == {"text": "one"}
        client.post(f"/v1/threads/{thread}/runs", json={"text": "echo two"})
        state = client.get(f"/v1/threads/{thread}").json()
        assert [t["reply"] for t in state["history"]] == ["echo: one", "echo: two"]
        assert [t["thread_id"] for t in client.get("/v1/threads").json()["threads"]] == [thread]


def test_a_streamed_run_sends_typed_events_ending_with_run_finished(live: Live) -> None:
    with (
        live.client() as client,
        connect_sse(
            client, "POST", "/v1/threads/s/runs/stream", json={"text": "echo streamed"}
        ) as source,
    ):
        assert source.response.headers["content-type"].startswith("text/event-stream")
        events = [
            (sse.event, EventAdapter.validate_python(sse.json())) for sse in source.iter_sse()
        ]
    names = [name for name, _ in events]
    assert names[0] == "route_decided" and names[-1] == "run_finished"
    assert {"plan_created", "step_started", "step_finished"} <= set(names)
    assert all(name == event.type for name, event in events)
    final = events[-1][1]
    assert final.type == "run_finished" and final.result.reply == "echo: streamed"


def test_deleting_a_thread_removes_it(live: Live) -> None:
    with live.client() as client:
        client.post("/v1/threads/gone/runs", json={"text": "echo x"})
        assert client.delete("/v1/threads/gone").status_code == 204
        assert client.get("/v1/threads/gone").status_code == 404
        assert client.get("/v1/threads").json()["threads"] == []
        empty = client.post("/v1/threads").json()["thread_id"]
        assert client.delete(f"/v1/threads/{empty}").status_code == 204
        assert client.get(f"/v1/threads/{empty}").status_code == 404


def test_an_approval_pauses_the_run_until_it_is_answered(live_factory: Callable[..., Live]) -> None:
    live = live_factory(plans=[_unlock_plan()])
    with live.client() as client:
        paused = client.post("/v1/threads/door/runs", json={"text": "unlock the front door"}).json()
        assert paused["status"] == "interrupted"
        assert [p["step_id"] for p in paused["pending_approval"]] == ["open"]
        assert live.calls.counts.get("unlock") is None
        assert client.get("/v1/threads/door").json()["status"] == "interrupted"
        done = client.post("/v1/threads/door/approval", json={"approved": True}).json()
        assert done["status"] == "success"
        assert live.calls.counts["unlock"] == 1
        again = client.post("/v1/threads/door/approval", json={"approved": True})
        assert again.status_code == 409
        assert "nothing to resume" in again.json()["error"]["message"]


def test_an_approval_can_be_answered_with_a_stream(live_factory: Callable[..., Live]) -> None:
    live = live_factory(plans=[_unlock_plan()])
    with live.client() as client:
        client.post("/v1/threads/door/runs", json={"text": "unlock the front door"})
        with connect_sse(
            client, "POST", "/v1/threads/door/approval?stream=true", json={"approved": False}
        ) as source:
            events = list(source.iter_sse())
    assert events[-1].event == "run_finished"
    assert live.calls.counts.get("unlock") is None
    result = json.loads(events[-1].data)["result"]
    steps = {s["step_id"]: s["status"] for s in result["result"]["steps"]}
    assert steps == {"look": "succeeded", "open": "skipped"}
    assert "did not approve 'Unlock a door'" in result["reply"]  # what the step does, in words
    skipped = [json.loads(e.data)["result"] for e in events if e.event == "step_skipped"]
    assert [(s["step_id"], s["status"]) for s in skipped] == [("open", "skipped")]


def test_a_dropped_stream_leaves_the_run_finishing_in_the_background(
    live_factory: Callable[..., Live],
) -> None:
    plan = ExecutionPlan(
        steps=[ExecutionStep(id="nap", tool="test.slow", arguments={"seconds": 0.5})]
    )
    live = live_factory(plans=[plan])
    with live.client() as client:
        with connect_sse(
            client, "POST", "/v1/threads/bg/runs/stream", json={"text": "take a nap"}
        ) as source:
            first = next(source.iter_sse())
            assert first.event == "route_decided"
        # the connection is closed here, long before the 0.5 s step ends; had the run been
        # cancelled with it, the thread would never reach success
        _wait_for(lambda: client.get("/v1/threads/bg").json()["status"] == "success")
        state = client.get("/v1/threads/bg").json()
        assert state["result"]["steps"][0]["output"] == {"slept": 0.5}
        assert live.calls.counts["slow"] == 1


def test_tools_are_listed_with_their_schemas(live: Live) -> None:
    with live.client() as client:
        tools = {t["name"]: t for t in client.get("/v1/tools").json()["tools"]}
    assert set(tools) >= {"test.echo", "test.unlock"}
    assert tools["test.unlock"]["requires_approval"] is True
    assert tools["test.add"]["parameters"]["properties"]["a"]["type"] == "integer"


def test_a_fired_timer_is_a_notification_on_its_users_event_stream(live: Live) -> None:
    from agent_system.repository import SQLiteRepository
    from roles.timer.store import TimerStore

    runtime = live.system.engine.runtime
    hub = live.app.state.server.hub
    user = user_id_for(KEY_A)
    with live.client() as client, connect_sse(client, "GET", "/v1/events") as source:
        _wait_for(lambda: hub.subscribers(user) == 1)
        store = TimerStore(SQLiteRepository(runtime.db), runtime.clock)
        add = store.add(
            user=user,
            kind="timer",
            label="tea",
            due=runtime.clock.now() + timedelta(milliseconds=100),
            duration=timedelta(milliseconds=100),
        )
        asyncio.run(add)
        sse = next(source.iter_sse())
    event = EventAdapter.validate_python(sse.json())
    assert sse.event == "notification" and event.type == "notification"
    assert "'tea' is done" in event.title


def test_notifications_go_only_to_their_user(live: Live) -> None:
    from agent_system.events import Notification

    hub = live.app.state.server.hub
    assert hub.publish(user_id_for(KEY_A), Notification(title="x")) == 0
    with httpx.Client(base_url=live.url, timeout=5) as client:
        assert client.get("/v1/events").status_code == 401


def test_a_plans_notification_reaches_its_users_event_stream(live: Live) -> None:
    import tools.notification as notification

    live.system.engine.registry.add_module(notification)
    live.planner.plans.append(
        ExecutionPlan(
            steps=[
                ExecutionStep(
                    id="n",
                    tool="notification.send",
                    arguments={"title": "Backup done", "body": "All files copied."},
                )
            ]
        )
    )
    user = user_id_for(KEY_A)
    hub = live.app.state.server.hub
    with live.client() as client, connect_sse(client, "GET", "/v1/events") as source:
        _wait_for(lambda: hub.subscribers(user) == 1)
        ran = client.post("/v1/threads/nt/runs", json={"text": "tell me when the backup is done"})
        assert ran.status_code == 200, ran.text
        assert ran.json()["status"] == "success"
        sse = next(source.iter_sse())
    event = EventAdapter.validate_python(sse.json())
    assert event.type == "notification"
    assert event.title == "Backup done" and event.body == "All files copied."

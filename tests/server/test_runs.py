"""Background runs, notification fan-out and the SSE wire format."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from agent_system import events as ev
from agent_system.server._metrics import Metrics
from agent_system.server._runs import NotificationHub, RunFailed, RunManager, sse


def test_an_sse_event_has_its_name_and_one_data_line_per_line() -> None:
    assert sse("step_started", {"a": 1}) == b'event: step_started\ndata: {"a":1}\n\n'
    assert sse(None, "two\nlines") == b"data: two\ndata: lines\n\n"


@pytest.mark.anyio
async def test_a_run_outlives_the_reader_that_stops_listening() -> None:
    release = asyncio.Event()

    async def events() -> AsyncIterator[ev.Event]:
        yield ev.ReplyDelta(text="a")
        await release.wait()
        yield ev.RunFinished(result=ev.RunResult(thread_id="t", request="x", reply="done"))

    manager = RunManager(Metrics())
    handle = manager.start("run", events())
    reader = asyncio.create_task(handle.result())
    await asyncio.sleep(0)
    reader.cancel()  # the client went away
    release.set()
    assert handle.task is not None
    await handle.task
    assert manager.active == 0
    items = [item async for item in handle.events()]
    assert isinstance(items[-1], ev.RunFinished) and items[-1].result.reply == "done"


@pytest.mark.anyio
async def test_drain_cancels_runs_still_going_after_the_timeout() -> None:
    async def forever() -> AsyncIterator[ev.Event]:
        yield ev.ReplyDelta(text="a")
        await asyncio.Event().wait()
        yield ev.ReplyDelta(text="never")

    manager = RunManager(Metrics())
    handle = manager.start("run", forever())
    assert await manager.drain(0.05) == 1
    items = [item async for item in handle.events()]
    assert isinstance(items[0], ev.ReplyDelta)
    assert isinstance(items[-1], RunFailed)
    assert isinstance(items[-1].error, asyncio.CancelledError)


@pytest.mark.anyio
async def test_a_run_that_raises_hands_the_error_to_its_reader() -> None:
    async def broken() -> AsyncIterator[ev.Event]:
        raise RuntimeError("boom")
        yield  # pragma: no cover

    handle = RunManager(Metrics()).start("run", broken())
    with pytest.raises(RuntimeError, match="boom"):
        await handle.result()


@pytest.mark.anyio
async def test_notifications_reach_every_stream_of_their_user_only() -> None:
    hub = NotificationHub()
    first, second, other = hub.subscribe("u1"), hub.subscribe("u1"), hub.subscribe("u2")
    assert hub.publish("u1", ev.Notification(title="tea")) == 2
    assert (await first.get()) == (await second.get())
    assert other.empty()
    hub.unsubscribe("u1", first)
    assert hub.subscribers("u1") == 1
    hub.close()
    assert (await other.get()) is None
    assert (await hub.subscribe("u3").get()) is None

"""`request_timeout_s` bounds a whole turn: what is in flight is cancelled and a template reply
(no LLM call) says what finished and what did not; the turn lands in the thread.

Before, each LLM call had its own timeout and retries and a turn makes several: a hung endpoint
held a request for about 8 minutes at the defaults.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from agent_system.planning.models import ExecutionPlan
from agent_system.registry.spec import ToolSpec
from agent_system.routing.models import Turn

from .conftest import RigFactory, plan_of


@pytest.mark.anyio
async def test_a_step_that_hangs_is_cut_at_the_deadline_and_the_reply_says_what_was_done(
    rig_factory: RigFactory,
) -> None:
    plan = plan_of(
        {"id": "a", "tool": "test.add", "arguments": {"a": 1, "b": 2}},
        {"id": "h", "tool": "fault.hang", "arguments": {"seconds": 30}, "timeout_s": 60},
    )
    rig = rig_factory([plan], request_timeout_s=0.6, step_timeout_s=60)
    started = time.monotonic()
    result = await rig.system.arun("add then hang", thread_id="t")
    assert time.monotonic() - started < 20  # the hang: 30 s or more; idle: about 1 s
    assert result.status == "partial"
    assert "1 + 2 = 3" in result.reply and "Not done" in result.reply
    assert "fault.hang" in result.reply or "hang" in result.reply.lower()
    assert any(e.code == "deadline_exceeded" for e in result.errors)
    thread = await rig.system.aget_thread("t")
    assert thread["status"] == "partial"
    assert [t["text"] for t in thread["history"]] == ["add then hang"]
    # The thread is usable: the next turn runs normally.
    assert (await rig.system.arun("echo next", thread_id="t")).reply == "echo: next"


class HangingPlanner:
    """A planner whose LLM never answers."""

    name = "hanging"

    async def plan(
        self, request: str, tools: list[ToolSpec], history: list[Turn] | None = None
    ) -> ExecutionPlan:
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")


@pytest.mark.anyio
async def test_a_hung_llm_planner_is_cut_at_the_deadline(rig_factory: RigFactory) -> None:
    rig = rig_factory(planner=HangingPlanner(), request_timeout_s=0.5)
    started = time.monotonic()
    result = await rig.system.arun("plan something", thread_id="p")
    assert time.monotonic() - started < 20  # the hang: 30 s or more; idle: about 1 s
    assert result.status == "failure"
    assert "within 0.5 seconds" in result.reply and "Nothing was done" in result.reply
    assert "planner" not in result.reply.lower()
    thread = await rig.system.aget_thread("p")
    assert thread["status"] == "failure"
    assert thread["history"][-1]["reply"] == result.reply


@pytest.mark.anyio
@pytest.mark.parametrize("ticks", range(8))
async def test_a_cancel_that_arrives_with_the_next_event_stops_the_turn(ticks: int) -> None:
    # On Python 3.11 `asyncio.wait_for` returns an item that is ready when the waiting task is
    # cancelled and drops the cancel: a turn cancelled (Ctrl-C, a client gone) as an event
    # arrived ran on. `ticks` moves the cancel across the moment the event is handed over.
    from agent_system.graph._deadline import bounded

    release = asyncio.Event()

    async def events() -> Any:
        await release.wait()
        yield 1
        await asyncio.sleep(3600)

    async def consume() -> None:
        async for _ in bounded(events(), 60):
            pass

    task = asyncio.create_task(consume())
    for _ in range(3):
        await asyncio.sleep(0)
    release.set()
    for _ in range(ticks):
        await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        async with asyncio.timeout(5):  # a lost cancel would wait for the hour-long sleep
            await task

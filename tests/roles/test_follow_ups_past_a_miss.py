"""A turn that was not understood does not break the thread (issue 15): the next follow-up
looks back past it, for every role's frame ("and in london?", "cancel it", "and milk").

Through the public API, offline, on a fake clock, one thread per conversation.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio

MISSES = ["frobnicate the wibble", "blah blah foo", "the blue glorp sings"]


@pytest.mark.parametrize("miss", MISSES)
async def test_a_conversation_follow_up_looks_past_a_miss(system: AgentSystem, miss: str) -> None:
    first = await system.arun("what time is it in tokyo")
    missed = await system.arun(miss, thread_id=first.thread_id)
    again = await system.arun("and in london?", thread_id=first.thread_id)
    assert missed.status == "failure"
    assert again.reply.startswith("It's ") and "London" in again.reply


@pytest.mark.parametrize("miss", MISSES)
async def test_cancel_it_after_a_miss_cancels_the_timer_just_set(
    system: AgentSystem, miss: str
) -> None:
    first = await system.arun("set a timer for 10 minutes")
    await system.arun(miss, thread_id=first.thread_id)
    cancelled = await system.arun("cancel it", thread_id=first.thread_id)
    assert cancelled.reply == "Cancelled the 10-minute timer."


@pytest.mark.parametrize("miss", MISSES)
async def test_two_misses_in_a_row_and_a_list_follow_up(system: AgentSystem, miss: str) -> None:
    first = await system.arun("put eggs on my shopping list")
    await system.arun(miss, thread_id=first.thread_id)
    await system.arun("zzzz qqqq", thread_id=first.thread_id)
    more = await system.arun("and milk", thread_id=first.thread_id)
    assert more.reply == "Added milk to your shopping list."


async def test_a_follow_up_with_nothing_understood_before_it_stays_a_miss(
    system: AgentSystem,
) -> None:
    first = await system.arun("frobnicate the wibble")
    again = await system.arun("and in london?", thread_id=first.thread_id)
    assert "London" not in again.reply


async def test_aroute_looks_past_a_miss_as_the_graph_does(system: AgentSystem) -> None:
    first = await system.arun("set a timer for 10 minutes")
    await system.arun("frobnicate the wibble", thread_id=first.thread_id)
    routed = await system.aroute("cancel it", thread_id=first.thread_id)
    assert routed.role == "timer"

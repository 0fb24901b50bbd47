"""An order on an item it does not name asks which (issue 15 item 1): "kill item", "remove an
item" on their own; "include this" / "add something" / "kill item" after a list turn ask about
that list, and the answer is served; an answer that is another order is no answer.

Through the public API, offline, on a fake clock, one thread per conversation.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("said", ["kill item", "remove an item", "delete the entry"])
async def test_an_item_not_named_is_asked_for(system: AgentSystem, said: str) -> None:
    asked = await system.arun(said)
    assert asked.route is not None and asked.route.role == "lists" and not asked.route.guess
    assert asked.reply == "What should I take off your list?"


@pytest.mark.parametrize("said", ["include this", "add something", "add this please"])
async def test_include_this_after_a_list_turn_asks_what_to_add_there(
    system: AgentSystem, said: str
) -> None:
    first = await system.arun("add eggs to my shopping list")
    asked = await system.arun(said, thread_id=first.thread_id)
    answered = await system.arun("bread", thread_id=first.thread_id)
    assert asked.reply == "What should I add to your shopping list?"
    assert answered.reply == "Added bread to your shopping list."


@pytest.mark.parametrize("said", ["kill item", "remove an item", "get rid of this"])
async def test_kill_item_after_a_list_turn_asks_what_to_take_off_there(
    system: AgentSystem, said: str
) -> None:
    first = await system.arun("add eggs and milk to my shopping list")
    asked = await system.arun(said, thread_id=first.thread_id)
    answered = await system.arun("the eggs", thread_id=first.thread_id)
    assert asked.reply == "What should I take off your shopping list?"
    assert answered.reply == "Removed eggs from your shopping list."


async def test_another_order_is_no_answer_to_what_to_add(system: AgentSystem) -> None:
    first = await system.arun("add eggs to my shopping list")
    await system.arun("add something", thread_id=first.thread_id)
    other = await system.arun("remove an item", thread_id=first.thread_id)
    listed = await system.arun("what's on my shopping list")
    assert other.reply.startswith("What should I take off your")
    assert listed.reply == "Your shopping list: eggs."  # no item called "an item" was added

"""Lists follow-ups the lead found missed (issue 15 item 1): "mark it done" after several items
asks which one and the answer is served; "mark them all done"; "what's left on the list" reads
the list in context; "anything else on it"; a list opened after a question ("go to the list and
remove item").

Through the public API, offline, on a fake clock, one thread per conversation.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio

ASKED = "Which one should I check off your shopping list: eggs, milk or bread?"


@pytest.mark.parametrize(
    "said", ["mark it done", "check it off", "i've bought it", "tick that off"]
)
async def test_it_after_several_items_asks_which_one(system: AgentSystem, said: str) -> None:
    added = await system.arun("add eggs, milk and bread to my shopping list")
    asked = await system.arun(said, thread_id=added.thread_id)
    listed = await system.arun("what's on my shopping list")
    assert asked.reply == ASKED
    assert listed.reply == "Your shopping list: eggs, milk, bread."  # nothing checked off yet


@pytest.mark.parametrize(
    ("answer", "left"),
    [
        ("bread", "eggs, milk"),
        ("the milk", "eggs, bread"),
        ("eggs and bread", "milk"),
        ("just the eggs please", "milk, bread"),
    ],
)
async def test_the_answer_checks_off_the_one_named(
    system: AgentSystem, answer: str, left: str
) -> None:
    added = await system.arun("add eggs, milk and bread to my shopping list")
    await system.arun("mark it done", thread_id=added.thread_id)
    await system.arun(answer, thread_id=added.thread_id)
    listed = await system.arun("what's on my shopping list")
    assert listed.reply == f"Your shopping list: {left}."


@pytest.mark.parametrize("answer", ["all of them", "both", "everything", "all three"])
async def test_every_one_as_the_answer_checks_them_all_off(
    system: AgentSystem, answer: str
) -> None:
    added = await system.arun("add eggs, milk and bread to my shopping list")
    await system.arun("mark it done", thread_id=added.thread_id)
    await system.arun(answer, thread_id=added.thread_id)
    listed = await system.arun("what's on my shopping list")
    assert listed.reply == "Your shopping list is empty."


@pytest.mark.parametrize(
    "said", ["mark them all done", "tick all of them off", "mark both of them as done"]
)
async def test_them_all_checks_every_item_just_added(system: AgentSystem, said: str) -> None:
    await system.arun("add call the bank to my to do list")
    added = await system.arun("put eggs and milk on my shopping list")
    await system.arun(said, thread_id=added.thread_id)
    assert (await system.arun("what's on my shopping list")).reply == "Your shopping list is empty."
    assert (await system.arun("what's on my to do list")).reply == "Your to-do list: call the bank."


@pytest.mark.parametrize(
    "said",
    [
        "what's left on the list",
        "what's still on my list",
        "what's still left on the list",
        "what remains on my list",
        "anything else on it",
        "is there anything else on there?",
    ],
)
async def test_whats_left_reads_the_list_in_context(system: AgentSystem, said: str) -> None:
    await system.arun("add call the bank to my to do list")
    added = await system.arun("add eggs, milk and bread to my shopping list")
    read = await system.arun(said, thread_id=added.thread_id)
    assert read.reply == "Your shopping list: eggs, milk, bread."


async def test_a_list_opened_after_a_question_is_a_request_not_the_answer(
    system: AgentSystem,
) -> None:
    added = await system.arun("add eggs to my shopping list")
    await system.arun("kill item", thread_id=added.thread_id)
    opened = await system.arun("go to the list and remove item", thread_id=added.thread_id)
    answered = await system.arun("eggs", thread_id=added.thread_id)
    assert opened.reply == "What should I take off your list?"
    assert answered.reply == "Removed eggs from your shopping list."

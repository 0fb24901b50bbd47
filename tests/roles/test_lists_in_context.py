""" "my list" / "the list" after a turn about one list is that list (issue 15, item 3): "how many
items are on my list" after adding to the shopping list answered for every list ("... Your
to-do list is empty.")."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("how many items are on my list", "You have 3 items on your shopping list: "),
        ("how many things are on the list", "You have 3 items on your shopping list: "),
        ("what's on my list", "Your shopping list: "),
        ("read me the list", "Your shopping list: "),
        ("what do i have on the list", "Your shopping list: "),
    ],
)
async def test_my_list_after_adding_to_one_list_is_that_list(
    system: AgentSystem, question: str, reply: str
) -> None:
    await system.arun("add call mom to my to do list", thread_id="other")
    await system.arun("add milk, eggs and bread to my shopping list", thread_id="t")
    await system.arun("what's the weather in paris", thread_id="t")  # another turn between
    result = await system.arun(question, thread_id="t")
    assert result.reply.startswith(reply), result.reply
    assert "to-do" not in result.reply


@pytest.mark.anyio
async def test_the_to_do_list_talked_about_is_read_counted_and_added_to(
    system: AgentSystem,
) -> None:
    await system.arun("add milk to my shopping list", thread_id="other")
    await system.arun("add call mom to my to do list", thread_id="t")
    count = await system.arun("how many items are on my list", thread_id="t")
    has = await system.arun("is milk on the list", thread_id="t")
    added = await system.arun("add pay rent to my list", thread_id="t")
    read = await system.arun("read me my list", thread_id="t")
    every = await system.arun("what's on my lists", thread_id="t")
    assert count.reply == "You have 1 item on your to-do list: call mom."
    assert has.reply == "No, your to-do list doesn't have milk. It's on your shopping list."
    assert added.reply == "Added pay rent to your to-do list."
    assert read.reply == "Your to-do list: call mom, pay rent."
    assert every.reply == "Your shopping list: milk. Your to-do list: call mom, pay rent."


@pytest.mark.anyio
async def test_with_no_list_talked_about_my_list_is_every_list(system: AgentSystem) -> None:
    await system.arun("add milk to my shopping list", thread_id="a")
    await system.arun("add call mom to my to do list", thread_id="b")
    fresh = await system.arun("how many items are on my list", thread_id="c")
    await system.arun("what's on my lists", thread_id="d")  # every list: no one list
    after_all = await system.arun("how many items are on my list", thread_id="d")
    both = (
        "You have 1 item on your shopping list: milk. You have 1 item on your to-do list: call mom."
    )
    assert fresh.reply == both
    assert after_all.reply == both


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("added", "done", "left"),
    [
        ("add milk to the shopping list", "mark it done", "bread"),
        ("put milk on my shopping list", "check it off", "bread"),
        ("add milk to my shopping list", "i've bought it", "bread"),
        ("add milk and eggs to my shopping list", "tick them off", "bread"),
    ],
)
async def test_what_was_just_added_is_checked_off_by_it_or_them(
    system: AgentSystem, added: str, done: str, left: str
) -> None:
    # "mark it done" after an add was not understood
    await system.arun("add bread to my shopping list", thread_id="other")
    await system.arun(added, thread_id="t")
    result = await system.arun(done, thread_id="t")
    assert result.reply.startswith("Checked off milk on your shopping list"), result.reply
    shown = await system.arun("what's on my shopping list", thread_id="t")
    assert shown.reply == f"Your shopping list: {left}."


@pytest.mark.anyio
async def test_it_after_several_items_checks_nothing_off(system: AgentSystem) -> None:
    await system.arun("add milk and eggs to my shopping list", thread_id="t")
    await system.arun("mark it done", thread_id="t")
    shown = await system.arun("what's on my shopping list", thread_id="t")
    assert shown.reply == "Your shopping list: milk, eggs."

"""Lists said the short way (issue 15, dogfood and the lead's notes): "forget the milk", "take
off the sugar", "scratch eggs" take an item off the list it is on ("forget it" and "forget my
birthday" never touch a list); "add milk" with milk on the list says so and stores it once; "do
i need milk" answers about milk; "delete the list" after working on one list deletes that one;
"mark call mom as done" ticks it off (or says it is on no list).

Through the public API, offline, on a fake clock.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        ("forget the milk", "milk"),
        ("take off the sugar", "sugar"),
        ("scratch eggs", "eggs"),
        ("actually forget about the bread", "bread"),
        ("strike the apples", "apples"),
    ],
)
async def test_a_bare_removal_takes_the_item_off_its_list(
    system: AgentSystem, said: str, gone: str
) -> None:
    await system.arun("add milk, sugar, eggs, bread and apples to my shopping list")
    taken = await system.arun(said)
    assert taken.reply == f"Removed {gone} from your shopping list."
    left = (await system.arun("what's on my shopping list")).reply
    assert gone not in left and left.startswith("Your shopping list: ")


async def test_a_task_comes_off_the_to_do_list(system: AgentSystem) -> None:
    await system.arun("add call the plumber to my to do list")
    assert (await system.arun("forget call the plumber")).reply == (
        "Removed call the plumber from your to-do list."
    )


async def test_an_item_on_no_list_is_said_so(system: AgentSystem) -> None:
    said = await system.arun("forget the milk")
    assert "milk" in said.reply and "nothing was changed" in said.reply


@pytest.mark.parametrize("said", ["forget it", "forget my birthday"])
async def test_forgetting_something_else_leaves_the_lists(system: AgentSystem, said: str) -> None:
    await system.arun("add milk to my shopping list")
    await system.arun(said)
    assert (await system.arun("what's on my shopping list")).reply == "Your shopping list: milk."


async def test_forget_the_pasta_after_a_pasta_timer_is_not_the_lists(system: AgentSystem) -> None:
    await system.arun("add pasta to my shopping list")
    made = await system.arun("set a timer for 10 minutes for pasta")
    await system.arun("forget the pasta", thread_id=made.thread_id)
    assert (await system.arun("what's on my shopping list")).reply == "Your shopping list: pasta."


async def test_an_item_already_on_the_list_is_not_added_twice(system: AgentSystem) -> None:
    await system.arun("add milk")
    again = await system.arun("add milk")
    both = await system.arun("add milk and eggs to my shopping list")
    assert again.reply == "Your shopping list already has milk."
    assert both.reply == "Added eggs to your shopping list (it already has milk)."
    assert (await system.arun("what's on my shopping list")).reply == (
        "Your shopping list: milk, eggs."
    )


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        ("do i need milk", "Yes, your shopping list has milk."),
        ("do we still need any more milk", "Yes, your shopping list has milk."),
        ("do i need eggs", "No, none of your lists has eggs."),
    ],
)
async def test_do_i_need_an_item_answers_about_it(
    system: AgentSystem, said: str, reply: str
) -> None:
    await system.arun("create a packing list")
    await system.arun("add milk to my shopping list")
    assert (await system.arun(said)).reply == reply


async def test_delete_the_list_deletes_the_one_the_thread_is_about(system: AgentSystem) -> None:
    made = await system.arun("create a packing list")
    await system.arun("add passport and charger to it", thread_id=made.thread_id)
    await system.arun("remove the charger", thread_id=made.thread_id)
    deleted = await system.arun("delete the list", thread_id=made.thread_id)
    assert "packing" in deleted.reply.lower()
    assert "packing" not in (await system.arun("what lists do i have")).reply.lower()


async def test_delete_the_list_in_a_new_thread_still_asks_which(system: AgentSystem) -> None:
    await system.arun("create a packing list")
    assert (await system.arun("delete the list")).reply == "Which list should I delete?"


async def test_marking_a_to_do_done_ticks_it_off(system: AgentSystem) -> None:
    missing = await system.arun("mark call mom as done")
    assert "call mom" in missing.reply and "nothing was changed" in missing.reply
    await system.arun("add call mom to my to do list")
    done = await system.arun("mark call mom as done")
    assert done.reply == "Checked off call mom on your to-do list."

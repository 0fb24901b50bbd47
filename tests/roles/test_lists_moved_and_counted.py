"""Lists in a conversation (issue 15 items 3-5): an item moved between lists, the lists counted,
what was just added taken off again, a thing marked bought. The stored lists are checked, not
only the reply."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


async def _say(system: AgentSystem, *turns: str, thread: str = "t") -> list[str]:
    return [(await system.arun(turn, thread_id=thread)).reply for turn in turns]


async def _read(system: AgentSystem, name: str) -> str:
    return (await system.arun(f"what's on my {name} list", thread_id="x")).reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said",
    [
        "move milk to the to do list",
        "move the milk from my shopping list to the to-do list",
        "could you move milk over to my to do list please",
    ],
)
async def test_an_item_moved_leaves_one_list_for_the_other(system: AgentSystem, said: str) -> None:
    await _say(
        system, "add milk and eggs to the shopping list", "add call the plumber to my to do list"
    )
    (moved,) = await _say(system, said)
    assert moved == "Moved milk from your shopping list to your to-do list."
    assert await _read(system, "shopping") == "Your shopping list: eggs."
    assert await _read(system, "to do") == "Your to-do list: call the plumber, milk."


@pytest.mark.anyio
async def test_moving_what_is_on_no_list_only_adds_it_and_says_so(system: AgentSystem) -> None:
    (moved,) = await _say(system, "shift the charger to my packing list")
    assert moved == "Added charger to your packing list (not on another list)."
    assert await _read(system, "packing") == "Your packing list: charger."


@pytest.mark.anyio
async def test_moving_what_is_on_two_lists_asks_which_and_changes_nothing(
    system: AgentSystem,
) -> None:
    await _say(system, "add tape to my shopping list", "add tape to my packing list")
    (asked,) = await _say(system, "move tape to the to do list")
    assert "which one? Nothing was changed." in asked
    assert await _read(system, "shopping") == "Your shopping list: tape."
    assert await _read(system, "packing") == "Your packing list: tape."
    assert await _read(system, "to do") == "Your to-do list is empty."


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said", ["how many lists do i have", "how many different lists have i got?"]
)
async def test_how_many_lists_counts_the_lists_not_their_items(
    system: AgentSystem, said: str
) -> None:
    await _say(system, "add milk to my shopping list", "add socks and a hat to my packing list")
    (counted,) = await _say(system, said)
    assert counted == "You have 3 lists: shopping (1 item), packing (2 items) and to-do (empty)."


@pytest.mark.anyio
@pytest.mark.parametrize("said", ["actually remove that", "take it back off", "oops, delete that"])
async def test_what_was_just_added_is_taken_off_again(system: AgentSystem, said: str) -> None:
    await _say(system, "add bread to the shopping list")
    replies = await _say(system, "add tomatoes to my shopping list", said)
    assert replies[-1] == "Removed tomatoes from your shopping list."
    assert await _read(system, "shopping") == "Your shopping list: bread."


@pytest.mark.anyio
async def test_them_after_several_takes_every_one_off(system: AgentSystem) -> None:
    await _say(system, "add milk to my shopping list", thread="u")
    await _say(system, "add eggs and flour to my shopping list", "take them back off")
    assert await _read(system, "shopping") == "Your shopping list: milk."


@pytest.mark.anyio
@pytest.mark.parametrize("said", ["mark rice as bought", "mark the rice as purchased please"])
async def test_marked_bought_ticks_it_off(system: AgentSystem, said: str) -> None:
    await _say(system, "add rice and beans to the shopping list")
    (ticked,) = await _say(system, said)
    assert "rice" in ticked
    assert await _read(system, "shopping") == "Your shopping list: beans."


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said",
    [
        "add milk to shopping and batteries to the todo list",
        "add milk to my shopping list and batteries to my to do list",
    ],
)
async def test_two_adds_each_go_on_their_own_list(system: AgentSystem, said: str) -> None:
    await _say(system, said)
    assert await _read(system, "shopping") == "Your shopping list: milk."
    assert await _read(system, "to do") == "Your to-do list: batteries."

"""An item named by its place on the list (issue 15): "remove the last one", "the second item",
"tick off the first one", "the last thing i added", after a turn on a list."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


async def _three(system: AgentSystem, thread: str = "t") -> None:
    await system.arun("add eggs to the shopping list", thread_id=thread)
    await system.arun("and milk", thread_id=thread)
    await system.arun("and bread", thread_id=thread)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "gone"),
    [("remove the last one", "bread"), ("remove the first one", "eggs"),
     ("delete the second item", "milk"), ("take the third thing off the list", "bread"),
     ("get rid of the last thing i added please", "bread"), ("drop item number two", "milk"),
     ("scratch the 1st one", "eggs")],
)  # fmt: skip
async def test_an_item_by_its_place_is_taken_off(system: AgentSystem, said: str, gone: str) -> None:
    await _three(system)
    await system.arun("what's on it", thread_id="t")
    result = await system.arun(said, thread_id="t")
    assert result.route is not None and result.route.role == "lists"
    assert result.reply == f"Removed {gone} from your shopping list."
    left = await system.arun("what's on my shopping list", thread_id="t")
    assert gone not in left.reply and left.reply.count(",") == 1


@pytest.mark.anyio
async def test_an_item_by_its_place_is_checked_off(system: AgentSystem) -> None:
    await _three(system)
    ticked = await system.arun("tick off the first one", thread_id="t")
    marked = await system.arun("mark the last one as done", thread_id="t")
    assert ticked.reply == "Checked off eggs on your shopping list."
    assert marked.reply == "Checked off bread on your shopping list."
    left = await system.arun("what's on my shopping list", thread_id="t")
    assert left.reply == "Your shopping list: milk."


@pytest.mark.anyio
async def test_the_place_is_on_the_list_the_thread_is_about(system: AgentSystem) -> None:
    await system.arun("add eggs to the shopping list", thread_id="t")
    await system.arun("add pay rent and call jo to my to do list", thread_id="t")
    result = await system.arun("remove the second one", thread_id="t")
    assert result.reply == "Removed call jo from your to-do list."
    named = await system.arun("delete the first item on my shopping list", thread_id="u")
    assert named.reply == "Removed eggs from your shopping list."


@pytest.mark.anyio
async def test_a_place_past_the_end_changes_nothing(system: AgentSystem) -> None:
    await system.arun("add eggs and milk to the shopping list", thread_id="t")
    result = await system.arun("remove the fifth one", thread_id="t")
    assert result.reply == "Your shopping list has only 2 items; nothing was changed."


@pytest.mark.anyio
async def test_a_place_after_a_timer_turn_is_not_the_lists(system: AgentSystem) -> None:
    await system.arun("add eggs and milk to the shopping list", thread_id="t")
    await system.arun("set a timer for 5 minutes", thread_id="t")
    await system.arun("set a timer for 10 minutes", thread_id="t")
    result = await system.arun("remove the first one", thread_id="t")
    assert result.route is not None and result.route.role == "timer"
    left = await system.arun("what's on my shopping list", thread_id="t")
    assert left.reply == "Your shopping list: eggs, milk."


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "reply"),
    [("take bread out of the list", "Removed bread from your shopping list."),
     ("delete the item bread from my list", "Removed bread from your shopping list."),
     ("i already bought the bread remove it from the list",
      "Checked off bread on your shopping list."),
     ("i got the bread so delete it from my shopping list",
      "Checked off bread on your shopping list.")],
)  # fmt: skip
async def test_an_item_taken_off_said_other_ways(
    system: AgentSystem, said: str, reply: str
) -> None:
    await system.arun("add bread and eggs to the shopping list", thread_id="t")
    result = await system.arun(said, thread_id="u")
    assert result.reply == reply

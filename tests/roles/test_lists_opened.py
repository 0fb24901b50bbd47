"""A list opened and then worked on, a list read back however it is asked, a reminder that
is really a shopping item, and "move X to the trash" (issue 15)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home")) as engine:
        yield engine


@pytest.mark.anyio
async def test_a_list_opened_then_worked_on_is_one_request(system: AgentSystem) -> None:
    added = await system.arun("go to my shopping list and add eggs and flour")
    done = await system.arun("open the shopping list and cross off eggs")
    asked = await system.arun("go to the shopping list and remove an item", thread_id="t")
    answered = await system.arun("flour", thread_id="t")
    await system.arun("add paint to my hardware list")
    deleted = await system.arun("find the hardware list and delete it")
    lists = await system.arun("what lists do i have")
    assert added.route is not None and added.route.role == "lists"
    assert added.reply == "Added eggs and flour to your shopping list."
    assert done.plan is not None and [s.tool for s in done.plan.steps] == ["lists.complete"]
    assert asked.reply == "What should I take off your shopping list?"
    assert answered.reply == "Removed flour from your shopping list."
    assert deleted.plan is not None and [s.tool for s in deleted.plan.steps] == ["lists.delete"]
    assert "hardware" not in lists.reply


@pytest.mark.anyio
async def test_a_list_read_back_however_it_is_asked(system: AgentSystem) -> None:
    await system.arun("add walk the dog to my to do list")
    await system.arun("add milk to my shopping list")
    said = await system.arun("go ahead and say all of the points on my list of to-do's please")
    according = await system.arun("what do i have to do tomorrow, according to my to-do list")
    looked = await system.arun("can you look up what my shopping list has on it")
    assert said.reply == "Your to-do list: walk the dog."
    assert according.reply == "Your to-do list for tomorrow: walk the dog."  # none for later
    assert looked.reply == "Your shopping list: milk."


@pytest.mark.anyio
async def test_a_reminder_for_the_next_shop_goes_on_the_shopping_list(
    system: AgentSystem,
) -> None:
    bread = await system.arun("remind me to buy bread next time i go shopping")
    supplies = await system.arun("i'm out of cleaning supplies, remind me on my list")
    timed = await system.aroute("remind me to go grocery shopping at 5pm")
    shopping = await system.arun("what's on my shopping list")
    assert bread.route is not None and bread.route.role == "lists"
    assert shopping.reply == "Your shopping list: bread, cleaning supplies."
    assert supplies.reply == "Added cleaning supplies to your shopping list."
    assert timed.role == "timer"  # a time to ring at: a reminder


@pytest.mark.anyio
async def test_moving_an_item_to_the_trash_removes_it_and_a_dropped_item_is_forgotten(
    system: AgentSystem,
) -> None:
    await system.arun("add buying eggs and milk to my to do list")
    trashed = await system.arun("move buying eggs item to trash from to do list")
    dropped = await system.arun("i no longer need milk, so forget that")
    left = await system.arun("read me my to do list")
    assert trashed.reply == "Removed buying eggs from your to-do list."
    assert dropped.plan is not None and [s.tool for s in dropped.plan.steps] == ["lists.remove"]
    assert left.reply == "Your to-do list is empty."


@pytest.mark.anyio
async def test_a_list_of_things_in_the_world_is_not_one_of_the_users_lists(
    system: AgentSystem,
) -> None:
    for text in (
        "can you list off 4 star restaurants",
        "give me a list of things to do in orlando",
        "what is the ingredient list for an omelette",
        "list some neat stuff about rats",
        "i need a list of ways to build up my credit score",  # "my", but no list of mine
    ):
        decision = await system.aroute(text)
        assert decision.role != "lists", text
    await system.arun("add milk to my shopping list")
    items = await system.arun("list the items on my shopping list")
    mine = await system.arun("give me a list of my to do items")
    assert items.reply == "Your shopping list: milk."
    assert mine.plan is not None and [s.tool for s in mine.plan.steps] == ["lists.show"]

"""A list as a whole in everyday words (issue 15): brought up, asked about with a day, looked
at, what is left to buy, done with, no longer needed, and "take milk off"."""

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


def _tools(result: Any) -> list[str]:
    return [step.tool for step in result.plan.steps] if result.plan is not None else []


@pytest.mark.anyio
async def test_a_list_is_brought_up_looked_at_and_read_whatever_day_is_said(
    system: AgentSystem,
) -> None:
    await system.arun("add walk the dog to my to do list")
    await system.arun("add milk and eggs to my shopping list")
    brought = await system.arun("bring up my shopping list")
    checked = await system.arun("check my shopping list")  # looks; checks nothing off
    today = await system.arun("anything on my to do list for today")
    todays = await system.arun("read me today's to do list")
    told = await system.arun("can you tell me what is in my shopping list")
    new = await system.arun("bring up a new packing list")
    for reply in (brought.reply, checked.reply, told.reply):
        assert reply == "Your shopping list: milk, eggs."
    assert today.reply == todays.reply == "Your to-do list for today: walk the dog."
    assert _tools(new) == ["lists.create"]


@pytest.mark.anyio
async def test_what_is_left_to_buy_reads_the_shopping_list_and_a_recipe_question_does_not(
    system: AgentSystem,
) -> None:
    await system.arun("add bread to my shopping list")
    left = await system.arun("what else do i need to buy")
    store = await system.arun("what do i need to get at the store")
    recipe = await system.aroute("what do i need to buy to make pierogi")
    assert left.route is not None and left.route.role == "lists"
    assert left.reply == store.reply == "Your shopping list: bread."
    assert recipe.role != "lists"


@pytest.mark.anyio
async def test_done_with_a_list_empties_it_and_no_longer_needed_deletes_it(
    system: AgentSystem,
) -> None:
    await system.arun("add milk to my shopping list")
    await system.arun("add tent to my camping list")
    await system.arun("add cake to my party list")
    done = await system.arun("i'm done with the shopping list")
    unneeded = await system.arun("i don't need the camping list anymore")
    thrown = await system.arun("throw out the party list")
    lists = await system.arun("what lists do i have")
    shopping = await system.arun("what's on my shopping list")
    assert _tools(done) == ["lists.clear"]
    assert _tools(unneeded) == _tools(thrown) == ["lists.delete"]
    assert "camping" not in lists.reply and "party" not in lists.reply
    assert "milk" not in shopping.reply


@pytest.mark.anyio
async def test_take_an_item_off_and_an_opened_list_with_only_a_verb_asks_what(
    system: AgentSystem,
) -> None:
    await system.arun("add milk and bread to my shopping list")
    taken = await system.arun("take the milk off the list")
    asked = await system.arun("bring up the grocery list and add", thread_id="t")
    answered = await system.arun("apples", thread_id="t")
    removing = await system.arun("go to my shopping list and remove", thread_id="u")
    shopping = await system.arun("what's on my shopping list")
    assert _tools(taken) == ["lists.remove"]
    assert asked.reply == "What should I add to your grocery list?"
    assert answered.reply == "Added apples to your shopping list."  # groceries = shopping
    assert removing.reply == "What should I take off your shopping list?"
    assert shopping.reply == "Your shopping list: bread, apples."


@pytest.mark.anyio
async def test_what_is_left_to_do_and_a_bare_list_name_read_the_list(system: AgentSystem) -> None:
    await system.arun("add walk the dog to my to do list")
    await system.arun("add milk to my shopping list")
    left = await system.arun("what do i still have to do")
    tasks = await system.arun("what tasks do i have today")
    bare = await system.arun("shopping list")
    latest = await system.arun("what's the latest list i made")
    passport = await system.aroute("what do i need to do to get a passport")
    assert left.route is not None and left.route.role == "lists"
    assert left.reply == "Your to-do list: walk the dog."
    assert tasks.reply == "Your to-do list for today: walk the dog."
    assert bare.reply == "Your shopping list: milk."
    assert "walk the dog" in latest.reply and "milk" in latest.reply  # every list
    assert passport.role != "lists"


@pytest.mark.anyio
async def test_whether_an_item_is_there_and_a_list_read_back_to_me(system: AgentSystem) -> None:
    await system.arun("add eggs to my shopping list")
    await system.arun("add a torch to my packing list")
    added = await system.arun("have i added eggs already")
    left = await system.arun("what's left to buy")
    remind = await system.arun("remind me what's on my shopping list")
    to_me = await system.arun("can you read the packing list to me")
    back = await system.arun("read back my packing list")
    assert added.reply == "Yes, your shopping list has eggs."
    assert left.reply == remind.reply == "Your shopping list: eggs."
    assert to_me.reply == back.reply == "Your packing list: torch."

"""Lists the way people say them (issue 15): removals said every way, the last item, how many,
adds of several items, list names said without "list"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import RoleCall
from agent_system.testing import make_runtime, make_settings
from roles.lists.role import ROLE


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home")) as engine:
        yield engine


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("i don't want the eggs on my list", ("lists.remove", {"item": "eggs"})),
        (
            "we won't need butter on the shopping list",
            ("lists.remove", {"item": "butter", "list_name": "shopping"}),
        ),
        ("no more crisps on the list please", ("lists.remove", {"item": "crisps"})),
        ("get the batteries off my list", ("lists.remove", {"item": "batteries"})),
        (
            "knock the yoghurt off the groceries",
            ("lists.remove", {"item": "yoghurt", "list_name": "groceries"}),
        ),
        (
            "lose the olives from the party list",
            ("lists.remove", {"item": "olives", "list_name": "party"}),
        ),
        (
            "the car wash can come off my to do list",
            ("lists.remove", {"item": "car wash", "list_name": "to do"}),
        ),
        ("leave the ham off the list", ("lists.remove", {"item": "ham"})),
        ("we won't be needing cheese after all", ("lists.remove", {"item": "cheese"})),
    ],
)
def test_an_item_taken_off_said_every_way(text: str, call: tuple[str, Any]) -> None:
    assert ROLE.interpret(text, {}, make_runtime(), []) == RoleCall(*call)


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("drop the last item", {"last": True}),
        ("undo the last thing i added to my list", {"last": True}),
        (
            "please delete the latest entry on the packing list",
            {"last": True, "list_name": "packing"},
        ),
        ("scratch the most recent one from my to do list", {"last": True, "list_name": "to do"}),
    ],
)
def test_the_last_item_is_the_newest_one(text: str, arguments: dict[str, Any]) -> None:
    assert ROLE.interpret(text, {}, make_runtime(), []) == RoleCall("lists.remove", arguments)


@pytest.mark.anyio
async def test_the_last_item_comes_off_the_list_it_was_added_to(system: AgentSystem) -> None:
    await system.arun("add eggs, flour and sugar to my shopping list")
    dropped = await system.arun("drop the last item")
    shopping = await system.arun("what's on my shopping list")
    await system.arun("put the passport on the packing list")
    which = await system.arun("remove the last thing i added")
    named = await system.arun("delete the latest entry on the packing list")
    empty = await system.arun("take off the last item on the packing list")
    assert dropped.reply == "Removed sugar from your shopping list."
    assert shopping.reply == "Your shopping list: eggs, flour."
    assert "Which list should I take the last item off: shopping or packing?" in which.reply
    assert named.reply == "Removed passport from your packing list."
    assert "Your packing list is empty; nothing was changed." in empty.reply


@pytest.mark.anyio
async def test_how_many_says_the_number_first(system: AgentSystem) -> None:
    await system.arun("add bread, butter and jam to the groceries")
    many = await system.arun("how many things are on my grocery list")
    buy = await system.arun("how many items do we still need to buy")
    todo = await system.arun("how many things are on my to do")
    assert many.reply == "You have 3 items on your shopping list: bread, butter, jam."
    assert buy.reply == many.reply
    assert todo.reply == "Your to-do list is empty."


@pytest.mark.anyio
async def test_several_items_and_names_said_without_list(system: AgentSystem) -> None:
    tasks = await system.arun("put ring the bank and book the vet on my to do list")
    colon = await system.arun("add to my to do list: water the plants and pay rent")
    todo = await system.arun("what's on my to do")
    tinsel = await system.arun("add tinsel and wrapping paper to my christmas shopping")
    christmas = await system.arun("what's on my christmas shopping")
    assert tasks.reply == "Added ring the bank and book the vet to your to-do list."
    assert colon.reply == "Added water the plants and pay rent to your to-do list."
    assert todo.reply == "Your to-do list: ring the bank, book the vet, water the plants, pay rent."
    assert tinsel.reply == "Added tinsel and wrapping paper to your christmas shopping list."
    assert christmas.reply == "Your christmas shopping list: tinsel, wrapping paper."


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said",
    [
        "let's start a new list called road trip",
        "could you begin a fresh list named gifts for grandma",
        "open a new checklist titled moving house",
    ],
)
async def test_a_new_list_with_its_name_said_is_started(system: AgentSystem, said: str) -> None:
    result = await system.arun(said)
    assert result.reply.startswith("Started your ")


@pytest.mark.anyio
async def test_a_new_list_keeps_the_items_said_with_it(system: AgentSystem) -> None:
    packing = await system.arun("create a packing list with socks, charger and passport")
    camping = await system.arun("start a new list called camping with tent and stove")
    read = await system.arun("what's on my packing list")
    assert packing.reply == "Started your packing list with socks, charger, passport."
    assert camping.reply == "Started your camping list with tent, stove."
    assert read.reply == "Your packing list: socks, charger, passport."

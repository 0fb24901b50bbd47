"""Items said in a row with no comma (issue 15): "put eggs milk and bread on the shopping list"
is three items, and a two-word item ("ice cream", "peanut butter") stays one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import RoleCall
from agent_system.testing import make_settings
from roles.lists.role import ROLE


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home")) as engine:
        yield engine


@pytest.mark.anyio
async def test_a_run_of_groceries_is_one_item_each(system: AgentSystem) -> None:
    added = await system.arun("put eggs milk and bread on the shopping list")
    shopping = await system.arun("what's on my shopping list")
    assert added.reply == "Added eggs, milk and bread to your shopping list."
    assert shopping.reply == "Your shopping list: eggs, milk, bread."


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("put apples bananas oranges on my grocery list", ["apples", "bananas", "oranges"]),
        (
            "add some tomatoes onions and garlic to my shopping list",
            ["tomatoes", "onions", "garlic"],
        ),
        ("add paper towels milk and eggs to the shopping list", ["paper towels", "milk", "eggs"]),
        ("add toilet paper shampoo to my shopping list", ["toilet paper", "shampoo"]),
        (
            "add cherries strawberries and yogurt to the shopping list",
            ["cherries", "strawberries", "yogurt"],
        ),
        ("add ice cream and peanut butter to my shopping list", ["ice cream", "peanut butter"]),
        ("put paper towels on the shopping list", ["paper towels"]),
        ("add chicken soup and rice to my shopping list", ["chicken soup", "rice"]),
        ("add orange juice to my shopping list", ["orange juice"]),
        ("add green beans to my shopping list", ["green beans"]),
        ("add dog food to my shopping list", ["dog food"]),
        ("put milk chocolate on my shopping list", ["milk chocolate"]),
    ],
)
def test_items_said_in_a_row(text: str, items: list[str]) -> None:
    found = ROLE.interpret(text, {}, None, [])  # type: ignore[arg-type]
    assert isinstance(found, RoleCall) and found.tool == "lists.add"
    assert found.arguments["items"] == items


@pytest.mark.parametrize(
    "text", ["add water the plants to my to do list", "add pay bills to my to do list"]
)
def test_a_task_is_never_split(text: str) -> None:
    found = ROLE.interpret(text, {}, None, [])  # type: ignore[arg-type]
    assert isinstance(found, RoleCall) and len(found.arguments["items"]) == 1

"""Groceries added with no list named go on the shopping list, the way "add milk" does (issue
15): "add bread, butter, jam" was not understood (the commas made three requests)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "items"),
    [("add bread, butter, jam", ["bread", "butter", "jam"]),
     ("add tomatoes, onions, garlic", ["tomatoes", "onions", "garlic"]),
     ("please add peanut butter, paper towels and bananas", ["peanut butter", "paper towels",
                                                              "bananas"]),
     ("could you add 2 cartons of milk, a loaf of bread and some apples for me",
      ["2 cartons of milk", "loaf of bread", "apples"]),
     ("put down shampoo, toothpaste, soap", ["shampoo", "toothpaste", "soap"])],
)  # fmt: skip
async def test_groceries_said_bare_go_on_the_shopping_list(
    system: AgentSystem, said: str, items: list[str]
) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.route is not None and result.route.role == "lists"
    assert result.plan is not None and [s.tool for s in result.plan.steps] == ["lists.add"]
    assert result.plan.steps[0].arguments["items"] == items
    assert result.reply.endswith("to your shopping list.")
    alone = await system.arun("add milk", thread_id="u")
    assert alone.reply == "Added milk to your shopping list."


@pytest.mark.anyio
@pytest.mark.parametrize("said", ["add 5 and 3", "add an event tomorrow at 5"])
async def test_an_add_of_other_things_is_not_the_lists(system: AgentSystem, said: str) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.route is None or result.route.role != "lists"

"""A reason before a list request, fillers, a list named before a comma, vague asks (issue 15)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import Clarification, RoleCall
from agent_system.testing import make_runtime, make_settings
from roles.lists.role import ROLE


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home")) as engine:
        yield engine


@pytest.mark.anyio
async def test_a_reason_before_the_request_says_what_it_and_them_are(system: AgentSystem) -> None:
    sugar = await system.arun("we ran out of sugar, add it to the shopping list please")
    beans = await system.arun("i don't have any more beans so put them on my shopping list")
    ham = await system.arun("for the shopping list, add ham as well")
    olives = await system.arun("update my shopping list, delete sugar")
    shopping = await system.arun("what's on my shopping list")
    assert sugar.reply == "Added sugar to your shopping list."
    assert beans.reply == "Added beans to your shopping list."
    assert ham.reply == "Added ham to your shopping list."
    assert olives.reply == "Removed sugar from your shopping list."
    assert shopping.reply == "Your shopping list: beans, ham."


@pytest.mark.anyio
async def test_fillers_and_the_list_of_things_to_do(system: AgentSystem) -> None:
    added = await system.arun("on my list of things to do, add paint the fence")
    taken = await system.arun("go ahead and take paint the fence off my to do list")
    favour = await system.arun("do me a favour and put glue on my list for shopping")
    assert added.reply == "Added paint the fence to your to-do list."
    assert taken.reply == "Removed paint the fence from your to-do list."
    assert favour.reply == "Added glue to your shopping list."


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("i'm out of apples, add them to my list", ("lists.add", {"items": ["apples"]})),
        (
            "i no longer need the milk, take it off my shopping list",
            ("lists.remove", {"item": "milk", "list_name": "shopping"}),
        ),
        (
            "could you cross the gym off my to do list",
            ("lists.complete", {"item": "gym", "list_name": "to do"}),
        ),
        (
            "we already did the ironing so tick it off the to do list",
            ("lists.complete", {"item": "ironing", "list_name": "to do"}),
        ),
        (
            "i want you to get pears added to our shopping list, we're out",
            ("lists.add", {"items": ["pears"], "list_name": "shopping"}),
        ),
        (
            "for my to do list: i need mowing added",
            ("lists.add", {"items": ["mowing"], "list_name": "to do"}),
        ),
        (
            "we don't need to fold laundry, take it off the list",
            ("lists.remove", {"item": "fold laundry"}),
        ),
    ],
)
def test_interpret_reads_a_reason_then_the_request(text: str, call: tuple[str, Any]) -> None:
    assert ROLE.interpret(text, {}, make_runtime(), []) == RoleCall(*call)


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("this item should be added to the list", "What should I add to your list?"),
        (
            "can an extra item be added to my grocery list",
            "What should I add to your grocery list?",
        ),
        ("enter this on a list", "What should I add to your list?"),
        ("how do i remove the item", "What should I take off your list?"),
        ("a new list to be created", "What should I call the new list?"),
    ],
)
def test_a_vague_or_passive_request_asks_what(text: str, question: str) -> None:
    result = ROLE.interpret(text, {}, make_runtime(), [])
    assert isinstance(result, Clarification) and result.question == question


@pytest.mark.anyio
async def test_a_list_request_after_a_reason_is_not_split_but_other_roles_still_are(
    system: AgentSystem,
) -> None:
    whole = await system.aroute("i'm out of apples, add them to my shopping list")
    both = await system.aroute("add milk to my shopping list and turn on the kitchen lights")
    assert whole.role == "lists" and whole.target == "fast_reply"
    assert both.target == "meta_planning"  # two roles: the planner serves both clauses


@pytest.mark.anyio
async def test_add_unless_it_is_there_adds_only_what_is_missing(system: AgentSystem) -> None:
    await system.arun("add eggs to my shopping list")
    there = await system.arun("are eggs on my shopping list, if not add them")
    milk = await system.arun("please add milk on my shopping list, if it is not already on it")
    shopping = await system.arun("what's on my shopping list")
    assert there.reply == "Your shopping list already has eggs."
    assert milk.reply == "Added milk to your shopping list."
    assert shopping.reply == "Your shopping list: eggs, milk."

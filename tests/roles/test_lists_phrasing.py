"""The lists role's everyday phrasing and its own questions, through the public API (issue 15)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import Clarification, RoleCall
from agent_system.routing.models import Turn
from agent_system.testing import make_runtime, make_settings
from roles.lists.role import ROLE


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home")) as engine:
        yield engine


@pytest.mark.anyio
async def test_add_take_off_read_create_and_clear_the_everyday_way(system: AgentSystem) -> None:
    added = await system.arun("add eggs and milk to my shopping list", thread_id="t")
    taken = await system.arun("take milk off the list", thread_id="t")
    todo = await system.arun("what's on my to do list", thread_id="t")
    packing = await system.arun("create a packing list", thread_id="t")
    cleared = await system.arun("clear my list", thread_id="t")  # the only list with items
    shopping = await system.arun("what's on my shopping list", thread_id="t")
    lists = await system.arun("what lists do I have", thread_id="t")
    assert added.reply == "Added eggs and milk to your shopping list."
    assert taken.reply == "Removed milk from your shopping list."
    assert todo.reply == "Your to-do list is empty."
    assert packing.reply == "Started your packing list."
    assert cleared.reply == "Cleared your shopping list (1 item removed)."
    assert shopping.reply == "Your shopping list is empty."
    assert "packing list" in lists.reply  # cleared, not deleted: the packing list stays


@pytest.mark.anyio
async def test_an_item_no_longer_needed_comes_off_the_list(system: AgentSystem) -> None:
    await system.arun("add eggs and bread to my shopping list")
    removed = await system.arun("we no longer need bread on the shopping list")
    shopping = await system.arun("what's on my shopping list")
    assert removed.reply == "Removed bread from your shopping list."
    assert shopping.reply == "Your shopping list: eggs."


@pytest.mark.anyio
async def test_clear_my_list_with_two_full_lists_changes_nothing_and_says_which(
    system: AgentSystem,
) -> None:
    await system.arun("add eggs to my shopping list")
    await system.arun("put a tent on the camping list")
    result = await system.arun("clear my list")
    named = await system.arun("empty the camping list")
    shopping = await system.arun("what's on my shopping list")
    assert "Which list should I clear" in result.reply and "nothing was changed" in result.reply
    assert named.reply == "Cleared your camping list (1 item removed)."
    assert shopping.reply == "Your shopping list: eggs."


@pytest.mark.anyio
async def test_the_answer_to_the_lists_own_question_completes_the_request(
    system: AgentSystem,
) -> None:
    asked = await system.arun("create a new list", thread_id="t")
    answered = await system.arun("camping", thread_id="t")
    add = await system.arun("add to my camping list", thread_id="t")
    items = await system.arun("a tent and a torch", thread_id="t")
    which = await system.arun("delete this item", thread_id="t")
    removed = await system.arun("the torch", thread_id="t")
    deleted = await system.arun("delete the list", thread_id="t")  # the list the thread is on
    assert asked.reply == "What should I call the new list?"
    assert answered.route is not None and answered.route.role == "lists"
    assert answered.reply == "Started your camping list."
    assert add.reply == "What should I add to your camping list?"
    assert items.reply == "Added tent and torch to your camping list."
    assert which.reply == "What should I take off your camping list?"  # the list just used
    assert removed.reply == "Removed torch from your camping list."
    assert deleted.reply == "Deleted your camping list (1 item)."


@pytest.mark.anyio
async def test_groceries_answers_which_list_and_a_new_request_is_not_taken_as_a_name(
    system: AgentSystem,
) -> None:
    await system.arun("add eggs to my shopping list", thread_id="t")
    await system.arun("make a new list", thread_id="t")
    groceries = await system.arun("groceries", thread_id="t")  # the shopping list's other name
    await system.arun("start a new list", thread_id="t")
    weather = await system.arun("what's the weather in Paris", thread_id="t")
    lists = await system.arun("what lists do I have", thread_id="t")
    assert groceries.reply == "You already have a shopping list. Your shopping list: eggs."
    assert weather.route is not None and weather.route.role != "lists"
    assert "weather" not in lists.reply.lower()


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("clear my shopping list", ("lists.clear", {"list_name": "shopping"})),
        ("remove everything from the to-do list", ("lists.clear", {"list_name": "to-do"})),
        ("please clear the list", ("lists.clear", {})),
        ("add bread and jam", ("lists.add", {"items": ["bread", "jam"]})),
        ("what do I need to buy", ("lists.show", {"list_name": "shopping"})),
        ("add a list for school supplies", ("lists.create", {"list_name": "school supplies"})),
        ("remove the grocery list from my lists", ("lists.delete", {"list_name": "grocery"})),
        (
            "we're out of paint so take the paint off the list",
            ("lists.remove", {"item": "paint"}),
        ),
        (
            "do I have a to do list for today",
            ("lists.show", {"list_name": "to do", "day": "2026-01-05"}),
        ),
        ("i don't need the milk any more", ("lists.remove", {"item": "milk"})),
        (
            "we no longer need bread on the shopping list",
            ("lists.remove", {"item": "bread", "list_name": "shopping"}),
        ),
    ],
)
def test_interpret_reads_everyday_list_phrasing(text: str, call: tuple[str, Any]) -> None:
    assert ROLE.interpret(text, {}, make_runtime(), []) == RoleCall(*call)


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("create list", "What should I call the new list?"),
        ("delete the list", "Which list should I delete?"),
        ("add to my groceries", "What should I add to your groceries list?"),
        ("add this one too", "What should I add to your list?"),
        ("remove an item", "What should I take off your list?"),
    ],
)
def test_a_request_naming_nothing_asks_for_it(text: str, question: str) -> None:
    result = ROLE.interpret(text, {}, make_runtime(), [])
    assert isinstance(result, Clarification) and result.question == question


def test_no_answer_is_read_when_the_last_turn_did_not_ask() -> None:
    done = Turn(text="create a packing list", role="lists", reply="Started your packing list.")
    result = ROLE.interpret("camping", {}, make_runtime(), [done])
    assert not (isinstance(result, RoleCall) and result.tool == "lists.create")

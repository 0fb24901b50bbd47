"""Lists talked about without naming one (issue 15): running out and needing more add to the
shopping list, a note of a need adds, buying checks off, and questions read the list; running
out of time, needing help or ordering something are no list's."""

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


def _tools(result: Any) -> list[str]:
    return [step.tool for step in result.plan.steps] if result.plan is not None else []


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said",
    [
        "we're out of coffee",
        "oh we are completely out of coffee",
        "we've run out of coffee",
        "looks like we're running low on coffee",
        "there's no more coffee in the cupboard",
        "we've got no coffee left",
        "we need more coffee",
        "we need some more coffee",
        "i need to pick up some coffee",
        "make a note that we need coffee",
        "jot down that i'm out of coffee",
        "remember we need coffee",
    ],
)
async def test_running_out_and_needing_more_go_on_the_shopping_list(
    system: AgentSystem, said: str
) -> None:
    result = await system.arun(said)
    assert result.route is not None and result.route.role == "lists"
    assert _tools(result) == ["lists.add"]
    assert result.reply == "Added coffee to your shopping list."


@pytest.mark.anyio
async def test_a_note_of_a_task_goes_on_the_to_do_list(system: AgentSystem) -> None:
    noted = await system.arun("jot down that i need to call the bank")
    assert noted.reply == "Added call the bank to your to-do list."


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said",
    [
        "i picked up the bread",
        "i've bought the bread",
        "we got the bread already",
        "i got the bread",
    ],
)
async def test_buying_something_checks_it_off(system: AgentSystem, said: str) -> None:
    await system.arun("add bread and eggs to my shopping list")
    result = await system.arun(said)
    assert _tools(result) == ["lists.complete"]
    shown = await system.arun("what's on my shopping list")
    assert "bread" not in shown.reply.split(":", 1)[1].replace("(done)", "")
    assert "eggs" in shown.reply


@pytest.mark.anyio
@pytest.mark.parametrize("said", ["cross bread off", "tick off bread", "cross off the bread"])
async def test_crossing_off_needs_no_list_named(system: AgentSystem, said: str) -> None:
    await system.arun("add bread to my shopping list")
    result = await system.arun(said)
    assert result.route is not None and result.route.role == "lists"
    assert _tools(result) == ["lists.complete"]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said",
    [
        "do i need anything from the store",
        "is there anything we need from the supermarket",
        "do we need to pick up anything else",
        "what else do we need",
        "what groceries do we need",
    ],
)
async def test_what_is_needed_reads_the_shopping_list(system: AgentSystem, said: str) -> None:
    await system.arun("add bread to my shopping list")
    result = await system.arun(said)
    assert result.route is not None and result.route.role == "lists"
    assert result.reply == "Your shopping list: bread."


@pytest.mark.anyio
async def test_is_it_on_there_and_whats_left_to_do_read_the_lists(system: AgentSystem) -> None:
    await system.arun("add bread to my shopping list")
    await system.arun("add walk the dog to my to do list")
    there = await system.arun("are the eggs on there already")
    left = await system.arun("anything left on my to do")
    todo = await system.arun("tell me what i still have to do today")
    to_me = await system.arun("read my list to me")
    assert _tools(there) == ["lists.show"]
    assert there.reply == "No, none of your lists has eggs."  # asked whether, answered
    assert left.reply == "Your to-do list: walk the dog."
    assert todo.reply == "Your to-do list for today: walk the dog."
    assert "Your shopping list: bread." in to_me.reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said",
    [
        "we're out of time",
        "i'm out of the office tomorrow",
        "i need more information about my account",
        "i got the job",
        "is netflix on there",
        "i'm out of paper towels so will you order me some more",
        "what things do i need for a passport",
    ],
)
async def test_what_is_no_list_is_not_claimed(system: AgentSystem, said: str) -> None:
    decision = await system.aroute(said)
    assert decision.reason != "Names a list and what to do with it."  # the lists first stage


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("what do we have there", {}),
        ("how many things are there", {"count": True}),
        ("anything new on there", {}),
    ],
)
def test_a_question_the_role_gets_reads_instead_of_asking_what_to_do(
    text: str, arguments: dict[str, Any]
) -> None:
    assert ROLE.interpret(text, {}, make_runtime(), []) == RoleCall("lists.show", arguments)


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("we don't need eggs anymore", ("lists.remove", {"item": "eggs"})),
        ("i no longer want the eggs", ("lists.remove", {"item": "eggs"})),
        ("laundry is done", ("lists.complete", {"item": "laundry"})),
        ("the eggs are bought", ("lists.complete", {"item": "eggs"})),
        ("the ironing is done, so cross it off", ("lists.complete", {"item": "ironing"})),
        ("chuck some bread on my list", ("lists.add", {"items": ["bread"]})),
        ("put down eggs", ("lists.add", {"items": ["eggs"]})),
        ("can you add eggs to it", ("lists.add", {"items": ["eggs"]})),
        ("i want a new list for the holidays", ("lists.create", {"list_name": "holidays"})),
        ("what's on there", ("lists.show", {})),
        ("read it to me", ("lists.show", {})),
    ],
)
def test_the_role_reads_more_everyday_shapes(text: str, call: tuple[str, Any]) -> None:
    assert ROLE.interpret(text, {}, make_runtime(), []) == RoleCall(*call)


@pytest.mark.anyio
async def test_no_longer_needing_a_reservation_is_not_claimed(system: AgentSystem) -> None:
    decision = await system.aroute("i no longer need the dinner reservation")
    assert decision.reason != "Names a list and what to do with it."

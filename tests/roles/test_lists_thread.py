"""Lists the way people say them (issue 15): whether an item is on a list is answered yes or no
(and changes nothing), an add or a removal naming no list after a turn on a list is on that
list, "start a road trip list" starts one, and deleting a list deletes only that one.

Paraphrases here are not the fit rows'.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings


@pytest.fixture
async def system(tmp_path: Path) -> AsyncIterator[AgentSystem]:
    async with AgentSystem(make_settings(tmp_path / "home")) as engine:
        await engine.arun("add eggs and butter to my shopping list")
        await engine.arun("add a tent and a lantern to my camping list")
        yield engine


def _steps(result: Any) -> list[tuple[str, dict[str, Any]]]:
    if result.plan is None:
        return []
    return [(step.tool, dict(step.arguments)) for step in result.plan.steps]


async def _lists(system: AgentSystem) -> str:
    return (await system.arun("what lists do i have")).reply


# --- is it on my list? --------------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "reply"),
    [
        ("do we have butter on the shopping list", "Yes, your shopping list has butter."),
        ("is there any cheese on my grocery list", "No, your shopping list doesn't have cheese."),
        ("does the camping list have a lantern", "Yes, your camping list has lantern."),
        ("have i added eggs to the shopping list yet", "Yes, your shopping list has eggs."),
        ("is the tent already on my list", "Yes, your camping list has tent."),
        ("do i have candles on any list", "No, none of your lists has candles."),
        (
            "is the lantern on my shopping list",
            "No, your shopping list doesn't have lantern. It's on your camping list.",
        ),
    ],
)
async def test_whether_an_item_is_on_a_list_is_answered_and_changes_nothing(
    system: AgentSystem, said: str, reply: str
) -> None:
    before = await _lists(system)
    result = await system.arun(said)
    assert result.route is not None and result.route.role == "lists"
    assert [tool for tool, _ in _steps(result)] == ["lists.show"]
    assert result.reply == reply
    assert await _lists(system) == before


@pytest.mark.anyio
async def test_a_statement_with_a_request_is_not_asked_whether(system: AgentSystem) -> None:
    result = await system.arun("i have packed the lantern now please remove it on my camping list")
    assert [tool for tool, _ in _steps(result)] != ["lists.show"]


@pytest.mark.anyio
async def test_anything_on_a_list_is_no_item_and_reads_it(system: AgentSystem) -> None:
    result = await system.arun("do i have anything on my camping list")
    assert result.reply == "Your camping list: tent, lantern."


# --- the thread's list ----------------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "call", "reply"),
    [
        (
            "add a camping stove",
            ("lists.add", {"items": ["camping stove"], "list_name": "camping"}),
            "Added camping stove to your camping list.",
        ),
        (
            "pop some matches on there please",
            ("lists.add", {"items": ["matches"], "list_name": "camping"}),
            "Added matches to your camping list.",
        ),
        (
            "ok get rid of the tent",
            ("lists.remove", {"item": "tent", "list_name": "camping"}),
            "Removed tent from your camping list.",
        ),
        (
            "we won't need the lantern after all",
            ("lists.remove", {"item": "lantern", "list_name": "camping"}),
            "Removed lantern from your camping list.",
        ),
        (
            "tick the tent off",
            ("lists.complete", {"item": "tent", "list_name": "camping"}),
            None,
        ),
    ],
)
async def test_an_add_or_removal_naming_no_list_is_on_the_list_just_used(
    system: AgentSystem, said: str, call: tuple[str, dict[str, Any]], reply: str | None
) -> None:
    read = await system.arun("read me my camping list")
    result = await system.arun(said, thread_id=read.thread_id)
    assert result.route is not None and result.route.role == "lists"
    assert _steps(result) == [call]
    if reply is not None:
        assert result.reply == reply
    assert "eggs, butter" in await _lists(system)  # the shopping list is untouched


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "role"),
    [("add ten minutes", "timer"), ("remove my wake up alarm", "timer")],
)
async def test_another_roles_request_after_a_list_turn_is_not_an_item(
    system: AgentSystem, said: str, role: str
) -> None:
    read = await system.arun("read me my camping list")
    decision = await system.aroute(said, thread_id=read.thread_id)
    assert decision.role != "lists"


# --- a list as a whole ----------------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("start a beach trip list", "beach trip"),
        ("could you set up a new moving house list", "moving house"),
        ("let's make a wedding gifts list please", "wedding gifts"),
    ],
)
async def test_starting_a_named_list_starts_it(system: AgentSystem, said: str, name: str) -> None:
    decision = await system.aroute(said)
    assert decision.role == "lists" and not decision.guess
    result = await system.arun(said)
    assert _steps(result) == [("lists.create", {"list_name": name})]
    assert result.reply == f"Started your {name} list."


@pytest.mark.anyio
async def test_what_is_left_after_a_list_turn_reads_that_list(system: AgentSystem) -> None:
    read = await system.arun("add a torch to my camping list")
    left = await system.arun("what's still left", thread_id=read.thread_id)
    assert left.reply == "Your camping list: tent, lantern, torch."


@pytest.mark.anyio
async def test_thanks_after_the_lists_name_is_no_part_of_it(system: AgentSystem) -> None:
    result = await system.arun("take the butter off the shopping list, thanks")
    assert _steps(result) == [("lists.remove", {"item": "butter", "list_name": "shopping"})]
    assert result.reply == "Removed butter from your shopping list."


@pytest.mark.anyio
async def test_adding_a_list_of_things_starts_that_list(system: AgentSystem) -> None:
    result = await system.arun("add list of songs to learn for the recital")
    assert _steps(result) == [("lists.create", {"list_name": "songs to learn for the recital"})]


@pytest.mark.anyio
async def test_deleting_a_list_deletes_only_that_list(system: AgentSystem) -> None:
    result = await system.arun("please get rid of the camping list")
    assert _steps(result) == [("lists.delete", {"list_name": "camping"})]
    lists = await _lists(system)
    assert "camping" not in lists.lower()
    assert "Your shopping list: eggs, butter." in lists

"""A list said first and then asked about, and an item that names another role's thing put on
the to-do list by name (issue 15)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

MONDAY = datetime(2026, 3, 2, 9, 0)
"""Monday 2 March 2026, 09:00."""


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock(MONDAY)) as engine:
        yield engine


@pytest.mark.anyio
async def test_a_list_said_first_then_asked_about_is_read(system: AgentSystem) -> None:
    await system.arun("add pay rent to my to do list for today")
    await system.arun("add fix the fence to my to do list for friday")
    await system.arun("add milk and eggs to my shopping list")
    today = await system.arun("the tasks for today, what are they")
    chores = await system.arun("my chores - what are they")
    shopping = await system.arun("the shopping list, what's on it")
    read = await system.arun("my shopping list: read it to me please")
    assert today.route is not None and today.route.role == "lists"
    assert today.reply == "Your to-do list for today: pay rent (today)."
    assert chores.reply == "Your to-do list: pay rent (today), fix the fence (Friday 6 March)."
    assert shopping.reply == read.reply == "Your shopping list: milk, eggs."


@pytest.mark.anyio
@pytest.mark.parametrize("text", ["the weather, what is it", "the meeting tomorrow, what is it"])
async def test_something_else_said_first_is_no_list(system: AgentSystem, text: str) -> None:
    assert (await system.aroute(text)).role != "lists"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("please put the meeting with carla on my to do list", "meeting with carla"),
        ("add book the dentist appointment to my to do list", "book the dentist appointment"),
        ("put the team meeting notes on my to do list for tomorrow", "team meeting notes"),
        ("add new alarm clock batteries to the shopping list", "new alarm clock batteries"),
    ],
)
async def test_an_item_naming_a_meeting_goes_on_the_list_named(
    system: AgentSystem, text: str, item: str
) -> None:
    route = await system.aroute(text)
    added = await system.arun(text)
    assert route.role == "lists" and not route.guess
    assert added.plan is not None and [s.tool for s in added.plan.steps] == ["lists.add"]
    assert added.plan.steps[0].arguments["items"] == [item]


@pytest.mark.anyio
async def test_a_reminder_put_on_the_to_do_list_stays_a_reminder(system: AgentSystem) -> None:
    assert (await system.aroute("add reminder to call mom to my to do list")).role != "lists"


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "what items did i plan to buy",
        "what things do we need to pick up",
        "which groceries do we need to buy",
    ],
)
async def test_what_to_buy_reads_the_shopping_list(system: AgentSystem, text: str) -> None:
    await system.arun("add bread to my shopping list")
    route = await system.aroute(text)
    read = await system.arun(text)
    assert route.role == "lists" and not route.guess
    assert read.reply == "Your shopping list: bread."

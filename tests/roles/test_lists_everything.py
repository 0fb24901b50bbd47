"""Everything on a list, or everything for a day, taken off at once (issue 15): never more than
the request names. "i'm done with today's to do list" once emptied the whole to-do list."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import RoleCall
from agent_system.runtime import FakeClock
from agent_system.testing import make_runtime, make_settings
from roles.lists.role import ROLE

MONDAY = datetime(2026, 3, 2, 9, 0)
"""Monday 2 March 2026, 09:00."""


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock(MONDAY)) as engine:
        yield engine


async def _fill(system: AgentSystem) -> None:
    await system.arun("add pay rent and water the plants to my to do list for today")
    await system.arun("add book the dentist to my to do list for tomorrow")
    await system.arun("add fix the fence to my to do list")
    await system.arun("add milk to my shopping list for today")


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "i'm done with today's to do list",
        "we're finished with my to do list for today",
        "clear today's items from my to do list",
        "remove today's tasks from the to do list",
        "i've finished everything on my to do list for today",
        "clear my to do list for today",
        "please delete all the things due today on my to do list",
    ],
)
async def test_the_items_for_today_go_and_every_other_item_stays(
    system: AgentSystem, text: str
) -> None:
    await _fill(system)
    assert (await system.aroute(text)).role == "lists"
    done = await system.arun(text)
    todo = await system.arun("what's on my to do list")
    shopping = await system.arun("what's on my shopping list")
    assert done.reply == (
        "Removed the items for today from your to-do list: pay rent, water the plants. "
        "The other 2 items stay."
    )
    assert todo.reply == "Your to-do list: book the dentist (tomorrow), fix the fence."
    assert shopping.reply == "Your shopping list: milk (today)."


@pytest.mark.anyio
async def test_nothing_for_the_day_removes_nothing(system: AgentSystem) -> None:
    await system.arun("add fix the fence to my to do list")
    await system.arun("add book the dentist to my to do list for tomorrow")
    done = await system.arun("i'm done with today's to do list")
    todo = await system.arun("what's on my to do list")
    assert done.reply == "Nothing on your to-do list is for today; nothing was removed."
    assert todo.reply == "Your to-do list: fix the fence, book the dentist (tomorrow)."


@pytest.mark.anyio
async def test_todays_items_with_no_list_said_come_off_the_one_list_that_has_them(
    system: AgentSystem,
) -> None:
    await system.arun("add pay rent to my to do list for today")
    await system.arun("add fix the fence to my to do list")
    await system.arun("add bread to my shopping list")
    one = await system.arun("clear today's items")
    await system.arun("add walk the dog to my to do list for tomorrow")
    await system.arun("add eggs to my shopping list for tomorrow")
    two = await system.arun("clear all of tomorrow's tasks")
    lists = await system.arun("what lists do i have")
    assert one.reply == (
        "Removed the items for today from your to-do list: pay rent. The other 1 item stays."
    )
    assert "Which list" in two.reply and "Nothing was changed" in two.reply
    assert "walk the dog" in lists.reply and "eggs" in lists.reply and "bread" in lists.reply
    assert "pay rent" not in lists.reply and "fix the fence" in lists.reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "i finished everything on my to do list",
        "mark everything on my to do list as done",
        "please wipe out all the items on my to do list",
        "we completed all the tasks on our to do list",
    ],
)
async def test_everything_on_a_list_empties_that_list_only(system: AgentSystem, text: str) -> None:
    await _fill(system)
    assert (await system.aroute(text)).role == "lists"
    done = await system.arun(text)
    todo = await system.arun("what's on my to do list")
    shopping = await system.arun("what's on my shopping list")
    assert done.reply == "Cleared your to-do list (4 items removed)."
    assert todo.reply == "Your to-do list is empty."
    assert shopping.reply == "Your shopping list: milk (today)."


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("finished everything on my list", ("lists.clear", {})),
        ("check off everything due today", ("lists.clear", {"day": "2026-03-02"})),
        (
            "empty my to do list for this week",
            ("lists.clear", {"list_name": "to do", "day": "2026-03-02", "until": "2026-03-09"}),
        ),
        (
            "get rid of the tasks for wednesday on my chores list",
            ("lists.clear", {"list_name": "chores", "day": "2026-03-04"}),
        ),
        ("i'm done with the shopping list", ("lists.clear", {"list_name": "shopping"})),
    ],
)
def test_everything_said_is_a_clear_of_what_it_names(text: str, call: tuple[str, Any]) -> None:
    runtime = make_runtime(clock=FakeClock(MONDAY))
    assert ROLE.interpret(text, {}, runtime, []) == RoleCall(*call)


@pytest.mark.parametrize("text", ["i did all my chores", "remove everything", "delete all"])
def test_no_list_and_no_day_is_never_a_clear(text: str) -> None:
    runtime = make_runtime(clock=FakeClock(MONDAY))
    found = ROLE.interpret(text, {}, runtime, [])
    assert not (isinstance(found, RoleCall) and found.tool == "lists.clear")

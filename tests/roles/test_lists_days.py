"""Days on lists (issue 15): an item for a day, a list read for a day or a span."""

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


@pytest.mark.parametrize(
    ("text", "call"),
    [
        (
            "stick feed the cat on my to do list for tomorrow",
            ("lists.add", {"items": ["feed the cat"], "list_name": "to do", "due": "2026-03-03"}),
        ),
        (
            "what's on the shopping list for today",
            ("lists.show", {"list_name": "shopping", "day": "2026-03-02"}),
        ),
        (
            "go through my chores list for this week",
            ("lists.show", {"list_name": "chores", "day": "2026-03-02", "until": "2026-03-09"}),
        ),
        (
            "read me wednesday's to do list",
            ("lists.show", {"list_name": "to do", "day": "2026-03-04"}),
        ),
        (
            "what's on my list for the weekend",
            ("lists.show", {"day": "2026-03-07", "until": "2026-03-09"}),
        ),
        ("what's on the list for the bake sale", ("lists.show", {"list_name": "bake sale"})),
        (
            "add a trip to the zoo to my to do list",
            ("lists.add", {"items": ["trip to the zoo"], "list_name": "to do"}),
        ),
    ],
)
def test_a_day_said_with_a_list_request(text: str, call: tuple[str, Any]) -> None:
    runtime = make_runtime(clock=FakeClock(MONDAY))
    assert ROLE.interpret(text, {}, runtime, []) == RoleCall(*call)


@pytest.mark.anyio
async def test_a_list_read_for_a_day_leaves_out_later_days(system: AgentSystem) -> None:
    added = await system.arun("add pay the gas bill to my to do list for friday")
    await system.arun("add water the plants to my to do list")
    await system.arun("put ring the plumber on my to do list for today")
    today = await system.arun("what's on my to do list for today")
    week = await system.arun("read out my to do list for this week")
    everything = await system.arun("what's on my to do list")
    tomorrow = await system.arun("anything on my shopping list for tomorrow")
    assert added.reply == "Added pay the gas bill to your to-do list for Friday 6 March."
    assert today.reply == "Your to-do list for today: water the plants, ring the plumber (today)."
    assert week.reply == (
        "Your to-do list for today to Sunday 8 March: pay the gas bill (Friday 6 March), "
        "water the plants, ring the plumber (today)."
    )
    assert everything.reply == (
        "Your to-do list: pay the gas bill (Friday 6 March), water the plants, "
        "ring the plumber (today)."
    )
    assert tomorrow.reply == "Nothing on your shopping list for tomorrow."

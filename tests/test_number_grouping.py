"""A comma that groups a number's digits is no list of requests (issue 15, compounds)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.understanding import split_clauses

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        ("set a timer for 1,500 seconds", ["set a timer for 1500 seconds"]),
        ("add 2,000 steps to my list", ["add 2000 steps to my list"]),
        ("set timers for 5,10 and 15 minutes", None),  # not a grouping: left to the list rules
    ],
)
def test_digit_groups_stay_one_number(text: str, clauses: list[str] | None) -> None:
    found = [c.text for c in split_clauses(text)]
    if clauses is None:
        assert len(found) >= 2
    else:
        assert found == clauses


async def test_a_grouped_duration_sets_one_timer(system: AgentSystem) -> None:
    plan = await system.aplan("set a timer for 1,500 seconds")
    assert [(s.tool, s.arguments.get("duration")) for s in plan.steps] == [
        ("timer.set", "25 minutes")
    ]

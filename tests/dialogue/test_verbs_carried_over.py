"""A verb said once for two targets (issue 15 item 5): "add milk to my shopping list and call mom
to my to do list" (the second is an item, not a call), "add dentist tomorrow at 3pm and gym
friday at 7am" (two events, not one 'Dentist and gym'), "cancel my 3pm and 5pm meetings" (two
events).

Through the public API, offline, on a fake clock (Monday 2026-01-05 09:00 UTC).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from tests._plans import planned_steps

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("text", "first", "second", "item"),
    [
        ("add milk to my shopping list and call mom to my to do list", "milk", "to do", "call mom"),
        (
            "add milk and eggs to the shopping list and call mom to the to do list",
            "milk",
            "to do",
            "call mom",
        ),
        (
            "put bread on the shopping list and pay rent on my todo list",
            "bread",
            "todo",
            "pay rent",
        ),
        (
            "add eggs to my shopping list, then book the dentist to my to-do list",
            "eggs",
            "to-do",
            "book the dentist",
        ),
        (
            "add apples to the shopping list and wash the car to the chores list",
            "apples",
            "chores",
            "wash the car",
        ),
    ],
)
async def test_an_item_for_another_list_keeps_the_add(
    system: AgentSystem, text: str, first: str, second: str, item: str
) -> None:
    result = await system.arun(text)
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["lists.add", "lists.add"]
    assert first in result.plan.steps[0].arguments["items"]
    assert result.plan.steps[1].arguments["items"] == [item]
    assert result.plan.steps[1].arguments["list_name"] == second


async def test_the_item_is_on_the_list_afterwards(system: AgentSystem) -> None:
    await system.arun("add milk to my shopping list and call mom to my to do list")
    todo = await system.arun("what's on my to do list")
    shopping = await system.arun("what's on my shopping list")
    assert todo.reply == "Your to-do list: call mom."
    assert "milk" in shopping.reply and "call mom" not in shopping.reply


@pytest.mark.parametrize(
    "text",
    [
        "add milk to my shopping list and show me my to do list",
        "add milk to my shopping list and what's on my to do list",
    ],
)
async def test_a_list_verb_of_its_own_is_not_an_item(system: AgentSystem, text: str) -> None:
    steps = await planned_steps(system, text)
    assert steps[0] == ("lists.add", {"items": ["milk"], "list_name": "shopping"})
    assert len(steps) == 2 and steps[1][0] != "lists.add"


@pytest.mark.parametrize(
    ("text", "events"),
    [
        (
            "add dentist tomorrow at 3pm and gym friday at 7am",
            [("Dentist", "2026-01-06T15:00"), ("Gym", "2026-01-09T07:00")],
        ),
        (
            "schedule lunch with Sam on monday at noon and a call with Jo on tuesday at 4pm",
            [("Lunch with Sam", "2026-01-12T12:00"), ("Call with Jo", "2026-01-06T16:00")],
        ),
        (
            "put yoga on wednesday at 6pm and pilates on thursday at 7pm",
            [("Yoga", "2026-01-07T18:00"), ("Pilates", "2026-01-08T19:00")],
        ),
        (
            "book a haircut on friday at 10am and a massage on the 15th at 2pm",
            [("Haircut", "2026-01-09T10:00"), ("Massage", "2026-01-15T14:00")],
        ),
        (  # the second says only a time: the first one's day
            "add lunch tomorrow at noon and dinner at 7pm",
            [("Lunch", "2026-01-06T12:00"), ("Dinner", "2026-01-06T19:00")],
        ),
    ],
)
async def test_two_events_one_verb(
    system: AgentSystem, text: str, events: list[tuple[str, str]]
) -> None:
    steps = await planned_steps(system, text)
    assert [tool for tool, _ in steps] == ["calendar.create", "calendar.create"]
    made = [(str(a["title"]), str(a["start"])[:16]) for _, a in steps]
    assert made == events


async def test_one_event_with_two_people_stays_one(system: AgentSystem) -> None:
    steps = await planned_steps(system, "schedule a meeting with Jo and Sam tomorrow at 3pm")
    assert [tool for tool, _ in steps] == ["calendar.create"]
    assert steps[0][1]["title"] == "Meeting with Jo and Sam"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("cancel my 3pm and 5pm meetings", "meeting"),
        ("delete my 9am and 11am appointments", "appointment"),
        ("cancel my 9am and 11am meetings", "meeting"),
    ],
)
async def test_two_times_before_one_kind_are_two_events(
    system: AgentSystem, text: str, kind: str
) -> None:
    await system.arun(f"add a {kind} tomorrow at 9am")
    await system.arun(f"add a {kind} tomorrow at 11am")
    await system.arun(f"add a {kind} tomorrow at 3pm")
    await system.arun(f"add a {kind} tomorrow at 5pm")
    steps = await planned_steps(system, text)
    assert [tool for tool, _ in steps] == ["calendar.delete", "calendar.delete"]
    result = await system.arun(text)
    left = await system.arun("what's on my calendar tomorrow")
    assert result.status == "success"
    assert left.reply.count(kind.capitalize()) == 2

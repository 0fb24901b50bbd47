"""Two more everyday ways of asking the calendar (issue 15), each family with our own paraphrases:

- "between <hour> <hour>" said with no "and" is the window between them ("what meetings do i
  have between 8 10 today" is 08:00-10:00, "anything between two four pm tomorrow" 14:00-16:00);
- "change of plans" / "change my plans" / "plans changed" before a change is no part of it
  ("change my plan erase my next event" deletes the next event).

Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _seeded(system: AgentSystem) -> None:
    for text in (
        "add breakfast with jo tomorrow at 8am",
        "add standup tomorrow at 9:30am",
        "add lunch with sam tomorrow at 1pm",
        "add gym tomorrow at 3pm",
    ):
        assert (await system.arun(text)).reply.startswith("Added")


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "what meetings do i have between eight ten tomorrow",
            "Tomorrow from 08:00 to 10:00: 2 events: 08:00-09:00 Breakfast with jo; "
            "09:30-10:30 Standup.",
        ),
        (
            "anything between two four pm tomorrow",
            "Tomorrow from 14:00 to 16:00: 1 event: 15:00-16:00 Gym.",
        ),
        (
            "what events are going to happen between 12 2 tomorrow",
            "Tomorrow from 12:00 to 14:00: 1 event: 13:00-14:00 Lunch with sam.",
        ),
    ],
)
async def test_two_hours_said_without_and_are_a_window(
    system: AgentSystem, text: str, reply: str
) -> None:
    await _seeded(system)
    assert (await system.aroute(text)).role == "calendar"
    assert (await system.arun(text)).reply == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "change my plan erase my next event",
            "Deleted 'Breakfast with jo' (tomorrow, 08:00-09:00).",
        ),
        ("change of plans cancel the gym", "Deleted 'Gym' (tomorrow, 15:00-16:00)."),
        (
            "plans changed: move lunch with sam to 2pm",
            "Moved 'Lunch with sam': tomorrow, 14:00-15:00.",
        ),
        ("a slight change in plans scrap my 9:30 am", "Deleted 'Standup' (tomorrow, 09:30-10:30)."),
    ],
)
async def test_a_change_of_plans_said_first_is_no_part_of_the_change(
    system: AgentSystem, text: str, reply: str
) -> None:
    await _seeded(system)
    assert (await system.aroute(text)).role == "calendar"
    assert (await system.arun(text)).reply == reply

"""A day cleared (issue 15): "clear my friday", "wipe my schedule for tomorrow", "cancel
everything on thursday", "free up my afternoon tomorrow", "clear my day".

Every event of that day, or of the part of it said, is deleted in one call, once the user says
yes when two or more would go; other days keep theirs; "is my saturday clear" only asks.
Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _seeded(system: AgentSystem) -> None:
    for text in (
        "add dentist appointment on friday at 10am",
        "add lunch with sam on friday at 1",
        "add drinks with jo on friday at 7pm",
        "add team review tomorrow at 3pm",
    ):
        assert (await system.arun(text)).reply.startswith("Added")


@pytest.mark.parametrize(
    "text",
    [
        "clear my friday",
        "wipe my schedule for friday",
        "clear everything on friday",
        "hey olly can you clear out my diary for friday please",
        "cancel all my plans on friday",
        "empty friday's calendar",
    ],
)
async def test_a_day_cleared_loses_every_event_of_that_day(system: AgentSystem, text: str) -> None:
    await _seeded(system)
    assert (await system.aroute(text)).role == "calendar"
    asked = await system.arun(text, thread_id="clear")
    assert asked.status == "interrupted"
    assert asked.reply == "This deletes 3 events on Fri 6 Mar. Go ahead?"
    cleared = await system.aresume("clear", True)
    assert cleared.reply == (
        "Cleared Fri 6 Mar: deleted 3 events: 'Dentist appointment' (10:00-11:00), "
        "'Lunch with sam' (13:00-14:00), 'Drinks with jo' (19:00-20:00)."
    )
    assert (await system.arun("what's on friday")).reply == "Nothing on your calendar on Fri 6 Mar."
    kept = await system.arun("what's on tomorrow")
    assert kept.reply == "Tomorrow: 1 event: 15:00-16:00 Team review."


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("free up my friday afternoon", "'Lunch with sam'"),
        ("clear my friday evening", "'Drinks with jo'"),
        ("wipe friday morning", "'Dentist appointment'"),
    ],
)
async def test_part_of_a_day_cleared_keeps_the_rest(
    system: AgentSystem, text: str, gone: str
) -> None:
    await _seeded(system)
    cleared = await system.arun(text)
    assert cleared.reply.startswith("Cleared Fri 6 Mar from ")
    assert f": deleted 1 event: {gone} (" in cleared.reply
    listed = await system.arun("what's on friday")
    assert listed.reply.startswith("Fri 6 Mar: 2 events:")
    assert gone.strip("'") not in listed.reply


async def test_clear_my_day_is_today(system: AgentSystem) -> None:
    await system.arun("add standup today at 11am")
    await system.arun("add team review tomorrow at 3pm")
    cleared = await system.arun("clear my day")
    assert cleared.reply == "Cleared today: deleted 1 event: 'Standup' (11:00-12:00)."
    assert "Team review" in (await system.arun("what's on tomorrow")).reply


async def test_a_clear_out_naming_no_day_is_everything_from_now_on(system: AgentSystem) -> None:
    await _seeded(system)
    asked = await system.arun("can you wipe my calendar", thread_id="wipe")
    assert asked.reply == "This deletes 4 events from now on. Go ahead?"
    assert "3 events" in (await system.arun("what's on friday")).reply  # nothing deleted yet
    answered = await system.aresume("wipe", True)
    assert answered.reply.startswith("Cleared from now on: deleted 4 events: 'Team review' (")


async def test_an_empty_day_cleared_says_so(system: AgentSystem) -> None:
    await _seeded(system)
    cleared = await system.arun("clear my saturday")
    assert cleared.status == "success"
    assert cleared.reply == "Nothing to clear: your calendar is empty on Sat 7 Mar."


@pytest.mark.parametrize("text", ["is my friday clear", "is friday afternoon free"])
async def test_asking_whether_a_day_is_clear_deletes_nothing(
    system: AgentSystem, text: str
) -> None:
    await _seeded(system)
    await system.arun(text)
    assert "3 events" in (await system.arun("what's on friday")).reply


@pytest.mark.parametrize(
    "text", ["clear the shopping list", "clear all my timers", "clear everything"]
)
async def test_other_clear_outs_are_not_the_calendars(system: AgentSystem, text: str) -> None:
    await _seeded(system)
    await system.arun(text)
    assert "3 events" in (await system.arun("what's on friday")).reply


async def test_a_clear_out_with_a_bound_it_cannot_read_never_clears_the_whole_day(
    system: AgentSystem,
) -> None:
    await _seeded(system)
    await system.arun("cancel everything on friday after 5pm")
    listed = await system.arun("what's on friday")
    assert "Dentist appointment" in listed.reply and "Lunch with sam" in listed.reply

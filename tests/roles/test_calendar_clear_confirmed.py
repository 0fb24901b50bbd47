"""Bulk clear-outs ask first (issue 15): "clear my calendar", "clear my week", "delete all my
meetings", "cancel everything next week".

A clear-out names a period (none: everything from now on); when two or more events would go,
the run stops for the user's approval with one plain question naming how many and which
period; nothing is deleted before "yes", "no" deletes nothing, and an empty period is said
plainly with no question. One event goes at once, as "cancel the dentist" does.
Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio

EVENTS = (
    "add team review tomorrow at 3pm",
    "add dentist appointment on friday at 10am",
    "add lunch with sam on friday at 1",
    "add yoga on monday the 9th at 6pm",
    "add book club on thursday the 12th at 7pm",
)


async def _seeded(system: AgentSystem) -> None:
    for text in EVENTS:
        assert (await system.arun(text)).reply.startswith("Added")


async def _titles(system: AgentSystem) -> str:
    return (await system.arun("what's on my calendar this month")).reply


@pytest.mark.parametrize(
    "text",
    [
        "clear my calendar",
        "empty my calendar",
        "delete all my meetings",
        "could you clear out my whole calendar please",
        "cancel all of my appointments",
        "get rid of everything on my calendar",
        "delete everything from my calendar",
    ],
)
async def test_the_whole_calendar_asks_then_goes_on_yes(system: AgentSystem, text: str) -> None:
    await _seeded(system)
    asked = await system.arun(text, thread_id="all")
    assert asked.status == "interrupted"
    assert asked.reply == "This deletes 5 events from now on. Go ahead?"
    assert "Book club" in await _titles(system)  # nothing gone before the answer
    done = await system.aresume("all", True)
    assert done.reply.startswith("Cleared from now on: deleted 5 events: 'Team review' (tomorrow")
    assert "'Book club' (on Thu 12 Mar, 19:00-20:00)" in done.reply
    assert "Nothing" in await _titles(system)


THIS_WEEK = "This deletes 3 events from Mon 2 Mar to Sun 8 Mar. Go ahead?"
NEXT_WEEK = "This deletes 2 events from Mon 9 Mar to Sun 15 Mar. Go ahead?"


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("clear my week", THIS_WEEK),
        ("wipe my whole week", THIS_WEEK),
        ("cancel everything next week", NEXT_WEEK),
        ("clear my calendar for next week", NEXT_WEEK),
        ("get rid of all my appointments next week", NEXT_WEEK),
    ],
)
async def test_a_week_asks_naming_how_many_and_when(
    system: AgentSystem, text: str, question: str
) -> None:
    await _seeded(system)
    assert (await system.aroute(text)).role == "calendar"
    asked = await system.arun(text, thread_id="week")
    assert asked.reply == question
    done = await system.aresume("week", True)
    assert done.reply.startswith(f"Cleared from {question.split(' from ')[1].split('.')[0]}: ")
    left = await _titles(system)
    assert ("Team review" in left) is ("next" in text)
    assert ("Book club" in left) is ("next" not in text)


@pytest.mark.parametrize(
    "text", ["clear my calendar", "cancel everything next week", "clear my friday"]
)
async def test_no_deletes_nothing(system: AgentSystem, text: str) -> None:
    await _seeded(system)
    asked = await system.arun(text, thread_id="no")
    assert asked.status == "interrupted"
    declined = await system.aresume("no", False)
    assert declined.reply == "OK, nothing was deleted."
    left = await _titles(system)
    assert all(name in left for name in ("Team review", "Dentist", "Lunch", "Yoga", "Book club"))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("clear my saturday", "on Sat 7 Mar"),
        ("clear everything on sunday", "on Sun 8 Mar"),
        ("cancel all my plans for the weekend", "from Sat 7 Mar to Sun 8 Mar"),
    ],
)
async def test_nothing_to_clear_asks_nothing(system: AgentSystem, text: str, said: str) -> None:
    await _seeded(system)
    result = await system.arun(text)
    assert result.status == "success"
    assert result.reply == f"Nothing to clear: your calendar is empty {said}."


@pytest.mark.parametrize("text", ["clear my tuesday", "wipe tomorrow", "clear everything tomorrow"])
async def test_one_event_goes_without_a_question(system: AgentSystem, text: str) -> None:
    await _seeded(system)
    result = await system.arun(text)
    assert result.status == "success"
    assert result.reply == "Cleared tomorrow: deleted 1 event: 'Team review' (15:00-16:00)."


async def test_the_plan_shown_says_a_clear_out_needs_approval(system: AgentSystem) -> None:
    cleared = await system.aplan("clear my week")
    assert [s.requires_approval for s in cleared.steps] == [True]
    one = await system.aplan("cancel the dentist appointment")
    assert [(s.tool, s.requires_approval) for s in one.steps] == [("calendar.delete", False)]


async def test_a_clear_out_asked_in_a_thread_waits_for_the_answer(system: AgentSystem) -> None:
    await _seeded(system)
    asked = await system.arun("clear my friday", thread_id="chat")
    assert asked.reply == "This deletes 2 events on Fri 6 Mar. Go ahead?"
    assert asked.pending_approval and asked.pending_approval[0]["tool"] == "calendar.delete"
    done = await system.aresume("chat", {"approve": True})
    assert done.reply == (
        "Cleared Fri 6 Mar: deleted 2 events: 'Dentist appointment' (10:00-11:00), "
        "'Lunch with sam' (13:00-14:00)."
    )

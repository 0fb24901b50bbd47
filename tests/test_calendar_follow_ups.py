"""Follow-ups to the calendar change the event just added, or widen a listing (issue 15 item 4).

Through the public API, offline, on a fake clock (Monday 5 January 2026, 09:00 UTC), one thread.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


async def test_it_is_the_event_just_added_moved_then_cancelled(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        added = await system.arun("add lunch with sam on friday at 1")
        assert "13:00-14:00" in added.reply
        thread = added.thread_id
        moved = await system.arun("move it to 2pm", thread_id=thread)
        assert moved.reply == "Moved 'Lunch with sam': on Fri 9 Jan, 14:00-15:00."
        again = await system.arun("actually make it 3pm", thread_id=thread)
        assert again.reply == "Moved 'Lunch with sam': on Fri 9 Jan, 15:00-16:00."
        listed = await system.arun("what's on for friday")
        assert listed.reply.count("Lunch with sam") == 1  # moved, never added twice
        assert "Actually" not in listed.reply
        gone = await system.arun("cancel it", thread_id=thread)
        assert gone.reply.startswith("Deleted 'Lunch with sam'")
        assert "Nothing" in (await system.arun("what's on for friday")).reply


async def test_a_question_after_adding_changes_nothing(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        added = await system.arun("add dinner with jo tomorrow at 7pm")
        asked = await system.arun("and what about the day after?", thread_id=added.thread_id)
        assert asked.reply == "Nothing on your calendar on Wed 7 Jan."
        listed = await system.arun("what's on tomorrow")
        assert listed.reply == "Tomorrow: 1 event: 19:00-20:00 Dinner with jo."


async def test_what_about_next_week_lists_the_whole_week(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add the review on wednesday the 14th at 10am")
        first = await system.arun("what's on my calendar tomorrow")
        week = await system.arun("what about next week?", thread_id=first.thread_id)
        assert week.reply.startswith("From Mon 12 Jan to Sun 18 Jan: 1 event")
        assert "Review" in week.reply


async def test_cancel_it_with_nothing_added_before_is_not_a_calendar_change(
    tmp_path: Path,
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        decision = await system.aroute("cancel it")
        assert decision.slots.get("follow_up") is not True


async def _seeded(system: AgentSystem) -> None:
    for text in (
        "add dentist appointment on friday at 10am",
        "add lunch with sam on friday at 1",
        "add team review tomorrow at 3pm",
    ):
        assert (await system.arun(text)).reply.startswith("Added")


async def test_it_is_the_one_event_a_question_named(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await _seeded(system)
        asked = await system.arun("when is my dentist appointment")
        assert asked.reply == "Coming up: 1 event: Fri 9 Jan 10:00-11:00 Dentist appointment."
        moved = await system.arun("can you move it to thursday", thread_id=asked.thread_id)
        assert moved.reply == "Moved 'Dentist appointment': on Thu 8 Jan, 10:00-11:00."
        gone = await system.arun("cancel it", thread_id=asked.thread_id)
        assert gone.reply == "Deleted 'Dentist appointment' (on Thu 8 Jan, 10:00-11:00)."
        nothing = await system.arun("when is my dentist appointment")
        assert (
            nothing.reply
            == "Nothing called 'dentist appointment' on your calendar in the coming year."
        )


async def test_it_is_the_next_meeting_just_read_out(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await _seeded(system)
        asked = await system.arun("what's my next meeting")
        assert asked.reply == "Next: Team review, tomorrow, 15:00-16:00."
        pushed = await system.arun("push it to 4pm", thread_id=asked.thread_id)
        assert pushed.reply == "Moved 'Team review': tomorrow, 16:00-17:00."
        checked = await system.arun("is lunch with sam on friday")
        gone = await system.arun("cancel that", thread_id=checked.thread_id)
        assert gone.reply == "Deleted 'Lunch with sam' (on Fri 9 Jan, 13:00-14:00)."


async def test_cancel_it_after_several_events_asks_which(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await _seeded(system)
        listed = await system.arun("what's on friday")
        assert listed.reply.startswith("Fri 9 Jan: 2 events")
        asked = await system.arun("cancel it", thread_id=listed.thread_id)
        assert asked.reply == "Which event should I delete?"
        relisted = await system.arun("what's on friday")
        moved = await system.arun("move it to 5pm", thread_id=relisted.thread_id)
        assert moved.reply == "Which event should I change?"
        again = await system.arun("what's on friday")
        assert again.reply == listed.reply  # nothing deleted or moved
        later = await system.arun("and the day after?", thread_id=listed.thread_id)
        assert later.reply == "Nothing on your calendar on Sat 10 Jan."


async def test_a_possessive_title_is_found_by_the_question_that_names_it(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add doctor's appointment on the 20th at 9am")
        asked = await system.arun("when is my doctor's appointment")
        assert asked.reply == "Coming up: 1 event: Tue 20 Jan 09:00-10:00 Doctor's appointment."


async def test_an_event_moves_by_a_length_said(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        added = await system.arun("add team review tomorrow at 3pm")
        thread = added.thread_id
        later = await system.arun("push it back an hour", thread_id=thread)
        assert later.reply == "Moved 'Team review': tomorrow, 16:00-17:00."
        earlier = await system.arun("bring it forward 30 minutes", thread_id=thread)
        assert earlier.reply == "Moved 'Team review': tomorrow, 15:30-16:30."
        named = await system.arun("postpone the team review by a day")
        assert named.reply == "Moved 'Team review': on Wed 7 Jan, 15:30-16:30."


async def test_the_answer_to_which_event_completes_the_change(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await _seeded(system)
        first = await system.arun("what's on friday")
        await system.arun("cancel it", thread_id=first.thread_id)
        other = await system.arun("what's the weather in paris", thread_id=first.thread_id)
        assert "Deleted" not in other.reply  # a new request is no answer
        listed = await system.arun("what's on friday")
        assert listed.reply.startswith("Fri 9 Jan: 2 events")
        thread = listed.thread_id
        assert (await system.arun("move it to 5pm", thread_id=thread)).reply == (
            "Which event should I change?"
        )
        moved = await system.arun("the dentist", thread_id=thread)
        assert moved.reply == "Moved 'Dentist appointment': on Fri 9 Jan, 17:00-18:00."
        again = await system.arun("what's on friday")
        asked = await system.arun("delete an event", thread_id=again.thread_id)
        assert asked.reply == "Which event should I delete?"
        gone = await system.arun("lunch with sam", thread_id=again.thread_id)
        assert gone.reply == "Deleted 'Lunch with sam' (on Fri 9 Jan, 13:00-14:00)."


@pytest.mark.parametrize(
    ("said", "moved_to"),
    [
        ("move it to 3", "15:00-16:00"),
        ("actually make it 4:30", "16:30-17:30"),
        ("push it to 2", "14:00-15:00"),
    ],
)
async def test_a_bare_hour_moves_the_event_just_added_near_its_time(
    tmp_path: Path, said: str, moved_to: str
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        added = await system.arun("add lunch with priya on friday at 1pm")
        moved = await system.arun(said, thread_id=added.thread_id)
        assert moved.reply == f"Moved 'Lunch with priya': on Fri 9 Jan, {moved_to}."
        listed = await system.arun("what's on for friday")
        assert listed.reply.count("Lunch with priya") == 1

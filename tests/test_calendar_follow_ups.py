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

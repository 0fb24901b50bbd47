"""Calendar requests that take a turn or name their event around the verb (issue 15).

"What should I call the event?" ... "team review" adds it; "find my next event and delete it"
deletes that event (not a list item); "on the twentieth clear my calendar" is about the 20th;
"what are my reminders for this week" reads the reminders. Through the public API, offline, on a
fake clock (Monday 5 January 2026, 09:00 UTC).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("request_", "answer", "added"),
    [
        (
            "make a calendar entry for next saturday at ten am please",
            "team review",
            "Added 'Team review' on Sat 10 Jan, 10:00-11:00.",
        ),
        ("olly add an event on friday at 3pm", "the book club", "Added 'Book club' on Fri 9 Jan"),
        (
            "put something in my calendar for the 14th at 10am",
            "call it piano lesson",
            "Added 'Piano lesson' on Wed 14 Jan, 10:00-11:00.",
        ),
    ],
)
async def test_the_name_asked_for_completes_the_entry(
    tmp_path: Path, request_: str, answer: str, added: str
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        asked = await system.arun(request_)
        assert asked.reply == "What should I call the event?"
        named = await system.arun(answer, thread_id=asked.thread_id)
        assert named.reply.startswith(added)
        listed = await system.arun("what's on my calendar this month")
        assert added.split("'")[1] in listed.reply


async def test_a_new_request_after_the_name_question_is_not_a_name(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        asked = await system.arun("add an event tomorrow at noon")
        other = await system.arun("what's the weather", thread_id=asked.thread_id)
        assert other.route is not None and other.route.role != "calendar"
        assert "Nothing" in (await system.arun("what's on my calendar tomorrow")).reply


@pytest.mark.parametrize(
    "text",
    [
        "find my next event and delete it please",
        "can you look up my next meeting and cancel it",
        "find the next thing on my calendar then remove it",
    ],
)
async def test_the_next_event_found_then_deleted_is_that_event(tmp_path: Path, text: str) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add dentist on friday at 3pm")
        await system.arun("add team lunch tomorrow at noon")
        await system.arun("add milk to my shopping list")
        deleted = await system.arun(text)
        assert deleted.plan is not None
        assert [s.tool for s in deleted.plan.steps][-1] == "calendar.delete"
        assert "Deleted 'Team lunch'" in deleted.reply
        week = await system.arun("what's on my calendar this week")
        assert "Dentist" in week.reply and "Team lunch" not in week.reply
        assert "milk" in (await system.arun("what's on my shopping list")).reply


async def test_a_day_before_the_verb_picks_the_event_of_that_day(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add yoga class on the 20th at 6pm")
        await system.arun("add yoga class on the 21st at 6pm")
        gone = await system.arun("hey olly on the twentieth cancel the yoga class")
        assert gone.reply.startswith("Deleted 'Yoga class' (on Tue 20 Jan")
        left = await system.arun("what's on my calendar this month")
        assert "Wed 21 Jan" in left.reply and "Tue 20 Jan" not in left.reply


@pytest.mark.parametrize(
    "text",
    [
        "what are my reminders for this week",
        "show me this week's reminders",
        "do i have any reminders this week",
    ],
)
async def test_reminders_asked_about_are_read(tmp_path: Path, text: str) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("remind me to call the bank on wednesday at 10am")
        await system.arun("add dentist on thursday at 3pm")
        read = await system.arun(text)
        assert read.plan is not None
        assert [s.tool for s in read.plan.steps] == ["calendar.list"]
        assert read.plan.steps[0].arguments["reminders"] is True
        assert "call the bank" in read.reply
        assert "Dentist" not in read.reply


@pytest.mark.parametrize(
    "text",
    [
        "i wish this event to be removed from my calendar",
        "i want that appointment deleted",
        "this event should be cancelled",
    ],
)
async def test_this_event_wanted_gone_is_the_event_just_read(tmp_path: Path, text: str) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add dentist on friday at 3pm")
        await system.arun("add yoga on saturday at 9am")
        read = await system.arun("what's my next appointment")
        assert read.reply.startswith("Next: Dentist")
        gone = await system.arun(text, thread_id=read.thread_id)
        assert gone.reply.startswith("Deleted 'Dentist'")
        assert "Yoga" in (await system.arun("what's on my calendar this week")).reply

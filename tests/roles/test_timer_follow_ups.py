"""Timer follow-ups resolved against the previous turn's call and slots (issue 15 item 4)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

NOW = datetime(2026, 3, 2, 9, 0)  # a Monday morning


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock(NOW)) as engine:
        yield engine


@pytest.mark.anyio
async def test_and_for_another_time_asks_the_same_question_then(system: AgentSystem) -> None:
    await system.arun("set an alarm for 8am tomorrow", thread_id="t")
    await system.arun("set an alarm for 9am tomorrow", thread_id="t")
    first = await system.arun("do I have an alarm for 8am", thread_id="t")
    nine = await system.arun("and for 9?", thread_id="t")
    ten = await system.arun("what about 10?", thread_id="t")
    listing = await system.arun("list my alarms", thread_id="t")
    assert first.reply == "Alarm for tomorrow at 08:00."
    assert nine.reply == "Alarm for tomorrow at 09:00."
    assert ten.reply == "You have no alarms set at that time."
    assert listing.reply.startswith("You have 2:")  # the questions changed nothing


@pytest.mark.anyio
async def test_make_it_changes_what_the_previous_turn_made(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am", thread_id="t")
    await system.arun("remind me to call mom at 5pm", thread_id="t")
    moved = await system.arun("make it 6pm", thread_id="t")
    again = await system.arun("actually make that 6:30", thread_id="t")
    alarms = await system.arun("list my alarms", thread_id="t")
    assert moved.reply == "Moved your reminder for 18:00: call mom."
    assert again.reply == "Moved your reminder for 18:30: call mom."
    assert alarms.reply == "Alarm for tomorrow at 07:00."  # the alarm before was left alone


@pytest.mark.anyio
async def test_what_to_remind_of_is_asked_then_the_answer_sets_the_reminder(
    system: AgentSystem,
) -> None:
    asked = await system.arun("remind me at five pm", thread_id="t")
    answered = await system.arun("to call the plumber", thread_id="t")
    assert asked.reply == "What should I remind you about?"
    assert answered.reply == "Reminder set for 17:00: call the plumber."
    other = await system.arun("remind me at six pm", thread_id="u")
    await system.arun("never mind", thread_id="u")  # no answer: nothing is set
    listing = await system.arun("list my reminders", thread_id="v")
    assert other.reply == "What should I remind you about?"
    assert listing.reply.count("call the plumber") == 1 and "six" not in listing.reply

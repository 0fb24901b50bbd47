"""More everyday timer phrasing through the public API (issue 15): a reminder with no time yet
is still the timer's, "tell me to ... in an hour", "what time am I waking up"."""

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
async def test_a_reminder_without_a_time_asks_when_and_the_answer_sets_it(
    system: AgentSystem,
) -> None:
    asked = await system.arun("i need a reminder to order cookies", thread_id="t")
    answered = await system.arun("tomorrow at 10am", thread_id="t")
    assert asked.route is not None and asked.route.role == "timer"
    assert asked.reply == "When should I remind you?"
    assert answered.reply == "Reminder set for tomorrow at 10:00: order cookies."


@pytest.mark.anyio
async def test_tell_me_to_sets_a_reminder_and_waking_up_asks_about_alarms(
    system: AgentSystem,
) -> None:
    told = await system.arun("tell me to take out the trash in an hour", thread_id="t")
    await system.arun("set an alarm for 7am tomorrow", thread_id="t")
    waking = await system.arun("what time am i waking up tomorrow", thread_id="t")
    assert told.reply == "Reminder set for 10:00: take out the trash."
    assert waking.reply == "Alarm for tomorrow at 07:00."


@pytest.mark.anyio
async def test_a_week_filters_alarms_and_a_run_together_clock_sets_one(
    system: AgentSystem,
) -> None:
    run_together = await system.arun("set an alarm for five hundred and thirty pm", thread_id="t")
    await system.arun("set an alarm for 7am on friday", thread_id="t")
    await system.arun("set an alarm for 8am on the 11th", thread_id="t")
    week = await system.arun("what alarms are set for this week", thread_id="t")
    stopped = await system.arun("stop the wake up calls for this week", thread_id="t")
    left = await system.arun("list my alarms", thread_id="t")
    assert run_together.reply == "Alarm set for 17:30."
    assert week.reply == "You have 2: alarm for 17:30; alarm for Fri 6 Mar at 07:00."
    assert stopped.reply.startswith("Cancelled 2")
    assert left.reply == "Alarm for Wed 11 Mar at 08:00."


@pytest.mark.anyio
async def test_alert_me_at_a_time_is_routed_to_the_timer_role(system: AgentSystem) -> None:
    for text in ("alert me at 7am", "let me know when it is ten", "tell me when it's 5pm"):
        decision = await system.aroute(text)
        assert decision.role == "timer", text
    rain = await system.aroute("let me know when it is raining")
    assert rain.role != "timer"  # no time of day: not an alarm

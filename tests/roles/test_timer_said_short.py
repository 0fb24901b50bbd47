"""Alarm and timer orders said short or with the time in words (issue 15, alarm_set and
alarm_remove): "alarm for six thirty" sets one (it looked for an alarm called 'six thirty'),
"alarm off" / "timer off please" / "turn off the timer" cancel it."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("said", "at"),
    [("alarm for six thirty tomorrow", "tomorrow at 06:30"),
     ("alarm six forty five am", "tomorrow at 06:45"),
     ("wake up alarm for six fifteen tomorrow", "tomorrow at 06:15")],
)  # fmt: skip
async def test_an_alarm_at_a_time_said_in_words_is_set(
    system: AgentSystem, said: str, at: str
) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.plan is not None and [s.tool for s in result.plan.steps] == ["timer.alarm"]
    assert result.reply == f"Alarm set for {at}."


async def test_a_time_in_words_is_no_alarms_name(system: AgentSystem) -> None:
    await system.arun("set an alarm for 6:30 am tomorrow", thread_id="t")
    found = await system.arun("is there an alarm for six thirty", thread_id="t")
    assert "06:30" in found.reply and "called" not in found.reply


@pytest.mark.parametrize("said", ["alarm off", "my alarm off please", "alarms off"])
async def test_alarm_off_cancels_it(system: AgentSystem, said: str) -> None:
    await system.arun("set an alarm for 7am tomorrow", thread_id="t")
    result = await system.arun(said, thread_id="u")
    assert result.reply == "Cancelled alarm for tomorrow at 07:00."
    asked = await system.arun("is my alarm off", thread_id="v")
    assert asked.plan is not None and [s.tool for s in asked.plan.steps] == ["timer.list"]


@pytest.mark.parametrize("said", ["turn off the timer", "timer off please", "switch off my timer"])
async def test_turning_the_timer_off_cancels_it(system: AgentSystem, said: str) -> None:
    await system.arun("set a timer for 10 minutes", thread_id="t")
    result = await system.arun(said, thread_id="u")
    assert result.reply == "Cancelled the 10-minute timer."

"""Countdowns and alarm orders claimed by the timer role's first stage (issue 15): the
classifier alone sent "start counting down from two minutes" or "ring my phone at 12 pm" to the
planner. The clock is Monday 2 March 2026, 09:00 (`MONDAY_MORNING`)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "duration"),
    [
        ("count down 5 minutes", "5 minutes"),
        ("start counting down from two minutes", "2 minutes"),
        ("please begin a countdown of 90 seconds", "1 minute 30 seconds"),
        ("set 60 minutes for oven please", "1 hour"),
        ("set half an hour for the pasta", "30 minutes"),
    ],
)
async def test_a_countdown_of_a_length_is_a_timer(
    system: AgentSystem, text: str, duration: str
) -> None:
    route = await system.aroute(text)
    plan = await system.aplan(text)
    assert route.role == "timer" and not route.guess
    assert [(s.tool, s.arguments["duration"]) for s in plan.steps] == [("timer.set", duration)]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("set an alarm for five o'clock this evening labelled taxi", "2026-03-02T17:00:00"),
        ("at 9 tomorrow, set off the alarm", "2026-03-03T09:00:00"),
        ("ring my phone at 12 pm", "2026-03-02T12:00:00"),
        ("please set an alarm for 6 am called gym", "2026-03-03T06:00:00"),
    ],
)
async def test_an_alarm_ordered_at_a_time_is_claimed(
    system: AgentSystem, text: str, at: str
) -> None:
    route = await system.aroute(text)
    plan = await system.aplan(text)
    assert route.role == "timer" and not route.guess
    assert [s.tool for s in plan.steps] == ["timer.alarm"]
    assert plan.steps[0].arguments["at"].startswith(at)


@pytest.mark.anyio
async def test_more_than_an_alarm_or_a_bare_count_is_not_claimed(system: AgentSystem) -> None:
    both = await system.aplan("set an alarm for 7 and turn on the lights")
    count = await system.aroute("count down from 10")
    assert "timer.alarm" in [s.tool for s in both.steps]
    assert len(both.steps) == 2
    assert count.role != "timer" or count.guess

"""Several alarms in one request (issue 15): every alarm said is set, none is dropped, and a
later moment is never read as a calendar event."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
async def test_each_alarm_said_is_set(system: AgentSystem) -> None:
    another = await system.arun("set an alarm for 7am and another for 8am", thread_id="t")
    again = await system.arun("wake me up at 6 and again at 6:15 on friday", thread_id="t")
    days = await system.arun(
        "could you set one alarm for 8am saturday and one for 9am sunday", thread_id="t"
    )
    counted = await system.arun(
        "please set two alarms, one at 12 pm and the next at 1 pm", thread_id="t"
    )
    listing = await system.arun("how many alarms do i have", thread_id="t")
    for result in (another, again, days, counted):
        assert result.route is not None and result.route.role == "timer"
        assert (
            result.plan is not None and [s.tool for s in result.plan.steps] == ["timer.alarm"] * 2
        )
    assert "07:00" in another.reply and "08:00" in another.reply
    assert "Sun 8 Mar at 09:00" in days.reply
    assert "You have 8" in listing.reply
    events = await system.arun("what's on my calendar this weekend", thread_id="u")
    assert "One" not in events.reply


@pytest.mark.anyio
async def test_more_than_a_moment_after_and_is_not_read_as_one_more_alarm(
    system: AgentSystem,
) -> None:
    plan = await system.aplan("wake me up at 7 and at 8 turn on the lights")
    assert [s.tool for s in plan.steps][:1] == ["timer.alarm"]
    assert len([s for s in plan.steps if s.tool == "timer.alarm"]) == 1

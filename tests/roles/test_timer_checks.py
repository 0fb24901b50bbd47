"""Alarms cancelled several at once and alarms checked (issue 15). The clock is Monday 2 March
2026, 09:00 (`MONDAY_MORNING`)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


async def _replies(system: AgentSystem, *texts: str) -> list[str]:
    return [(await system.arun(text, thread_id="t")).reply for text in texts]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "cancel the alarm at four am ten pm",
        "delete my alarms at 4 am and 10 pm",
        "please turn off the alarms for 4 am and 10 pm",
        "remove the four am and ten pm alarms",
    ],
)
async def test_each_alarm_said_is_cancelled_and_no_other(system: AgentSystem, text: str) -> None:
    await _replies(system, "set an alarm for 4 am", "set an alarm for 10 pm")
    await _replies(system, "set an alarm for 6 am")
    route = await system.aroute(text)
    cancelled = await _replies(system, text)
    left = await _replies(system, "list my alarms")
    assert route.role == "timer"
    assert cancelled == ["Cancelled alarm for tomorrow at 04:00.\nCancelled alarm for 22:00."]
    assert left == ["Alarm for tomorrow at 06:00."]


@pytest.mark.anyio
async def test_alarm_numbers_are_never_read_as_clock_times(system: AgentSystem) -> None:
    plan = await system.aplan("cancel alarm 2 and 3")
    whens = [s.arguments.get("when") for s in plan.steps if s.tool == "timer.cancel"]
    assert not any(when in ("02:00", "03:00", "02:00 or 14:00") for when in whens)


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "confirm that the alarm is set for tomorrow",
        "make sure my alarm is set for tomorrow",
        "check that my alarm is on for tomorrow",
        "can you double check the alarm for tomorrow is on",
        "verify my alarm is set for tomorrow",
    ],
)
async def test_a_check_that_an_alarm_is_set_reads_it_and_sets_nothing(
    system: AgentSystem, text: str
) -> None:
    await _replies(system, "set an alarm for 6:30 am tomorrow")
    checked = await _replies(system, text)
    count = await _replies(system, "how many alarms do i have")
    assert checked == ["Alarm for tomorrow at 06:30."]
    assert count[0].startswith("You have 1 ")


@pytest.mark.anyio
async def test_an_hour_with_a_day_and_no_am_or_pm_finds_the_alarm_either_way(
    system: AgentSystem,
) -> None:
    await _replies(system, "set an alarm for 6 am tomorrow", "set an alarm for 7 pm on friday")
    asked = await _replies(system, "do i have an alarm at 6 tomorrow")
    friday = await _replies(system, "cancel my alarm for 7 on friday")
    morning = await _replies(system, "turn off my alarm at 6 tomorrow", "list my alarms")
    assert asked == ["Alarm for tomorrow at 06:00."]
    assert friday == ["Cancelled alarm for Fri 6 Mar at 19:00."]
    assert morning == ["Cancelled alarm for tomorrow at 06:00.", "You have no alarms set."]

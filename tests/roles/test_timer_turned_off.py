"""Turning off what the timer role just named (issue 15, item 3): after "set an alarm for 7am",
"turn it off" asked "Which device?". After a timer turn, "turn it off" / "switch it off" / "shut
it off" / "kill it" / "stop it" cancel the alarm or timer just named, or stop it while it rings
(a repeating alarm keeps its next ring); after a device, they are the device's. The clock:
Monday 2 March 2026, 09:00."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from roles.timer.service import FiredTimer, TimerService


async def _ring(system: AgentSystem, seconds: float) -> list[str]:
    """Let `seconds` pass and fire what is due then; what rang."""
    clock = system.engine.runtime.clock
    assert isinstance(clock, FakeClock)
    fired: list[FiredTimer] = []

    async def inbox(item: FiredTimer) -> None:
        fired.append(item)

    service = TimerService(system.engine.runtime, inbox)
    for _ in range(int(seconds // 30)):
        clock.advance(30)
        await service.tick()
    return [item.text for item in fired]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "off", ["turn it off", "switch it off", "shut that off", "kill it", "please turn it off"]
)
async def test_an_alarm_just_set_is_turned_off(system: AgentSystem, off: str) -> None:
    await system.arun("set an alarm for 6am", thread_id="t")
    await system.arun("set an alarm for 7am", thread_id="t")
    result = await system.arun(off, thread_id="t")
    left = await system.arun("list my alarms", thread_id="u")
    assert result.route is not None and result.route.role == "timer"
    assert result.reply == "Cancelled alarm for tomorrow at 07:00."  # the one just set
    assert left.reply == "Alarm for tomorrow at 06:00."


@pytest.mark.anyio
@pytest.mark.parametrize("off", ["switch it off", "stop it", "turn that off"])
async def test_a_timer_just_set_is_turned_off(system: AgentSystem, off: str) -> None:
    await system.arun("set a timer for 20 minutes", thread_id="t")
    await system.arun("set a timer for 5 minutes", thread_id="t")
    result = await system.arun(off, thread_id="t")
    assert result.reply == "Cancelled the 5-minute timer."


@pytest.mark.anyio
async def test_turn_it_off_after_asking_about_an_alarm_cancels_that_alarm(
    system: AgentSystem,
) -> None:
    await system.arun("set an alarm for 6pm", thread_id="a")
    await system.arun("set an alarm for 8pm", thread_id="a")
    asked = await system.arun("is my alarm set for 8pm", thread_id="t")
    off = await system.arun("turn it off", thread_id="t")
    left = await system.arun("list my alarms", thread_id="u")
    assert asked.reply == "Alarm for 20:00."
    assert off.reply == "Cancelled alarm for 20:00."
    assert left.reply == "Alarm for 18:00."


@pytest.mark.anyio
async def test_a_ringing_timer_is_stopped_not_refused(system: AgentSystem) -> None:
    await system.arun("set a timer for 1 minute", thread_id="t")
    assert await _ring(system, 60) == ["Your 1-minute timer is done."]
    stopped = await system.arun("stop it", thread_id="t")
    assert stopped.reply == "Stopped the 1-minute timer."
    await system.arun("set a timer for 1 minute called tea", thread_id="u")
    await _ring(system, 60 * 20)
    late = await system.arun("turn it off", thread_id="u")
    assert late.reply == "Tea already rang at 09:02; there is nothing to stop."


@pytest.mark.anyio
async def test_a_ringing_daily_alarm_keeps_ringing_on_the_next_days(system: AgentSystem) -> None:
    await system.arun("wake me up every day at 9:30", thread_id="t")
    await system.arun("set an alarm for 10am tomorrow", thread_id="t")
    await _ring(system, 30 * 60)
    stopped = await system.arun("stop the alarm", thread_id="u")
    left = await system.arun("list my alarms", thread_id="u")
    assert stopped.reply == "Stopped your alarm; it rings again tomorrow at 09:30 (every day)."
    assert left.reply == (
        "You have 2: alarm for tomorrow at 09:30 (every day); alarm for tomorrow at 10:00."
    )


@pytest.mark.anyio
async def test_after_a_device_it_is_the_device(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am", thread_id="t")
    await system.arun("turn on the kitchen light", thread_id="t")
    off = await system.arun("turn it off", thread_id="t")
    alarms = await system.arun("list my alarms", thread_id="t")
    assert off.route is not None and off.route.role == "smart_home"
    assert off.reply == "Kitchen light is off."
    assert alarms.reply == "Alarm for tomorrow at 07:00."

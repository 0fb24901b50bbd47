"""Stopping what rings in a thread that never spoke of it (issue 15 item 6): an alarm or timer
rings, and "turn it off" / "stop" / "quiet please" in a new thread stop it (they went to the
home: "Which device?", or were not understood). After a device turn they stay the device's, and
long after the ring they are no timer's. The clock: Monday 2 March 2026, 09:00.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from roles.timer.service import FiredTimer, TimerService

pytestmark = pytest.mark.anyio


async def _ring(system: AgentSystem, seconds: float) -> list[str]:
    """Let `seconds` pass, firing what is due every 30 seconds; what rang."""
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


@pytest.mark.parametrize(
    "said", ["turn it off", "stop", "ok stop it", "quiet please", "make it stop", "i'm up"]
)
async def test_a_ringing_alarm_is_stopped_from_a_new_thread(system: AgentSystem, said: str) -> None:
    await system.arun("set an alarm for 9:05", thread_id="set")
    assert await _ring(system, 330) == ["Alarm (09:05)."]
    stopped = await system.arun(said, thread_id="new")
    assert stopped.route is not None and stopped.route.role == "timer"
    assert stopped.reply == "Stopped your alarm."


@pytest.mark.parametrize("said", ["switch it off", "stop", "shut up"])
async def test_a_ringing_timer_is_stopped_from_a_new_thread(system: AgentSystem, said: str) -> None:
    await system.arun("set a timer for 2 minutes", thread_id="set")
    await system.arun("set a timer for 30 minutes", thread_id="set")
    await _ring(system, 150)
    stopped = await system.arun(said, thread_id="new")
    running = await system.arun("how many timers do i have", thread_id="other")
    assert stopped.reply == "Stopped the 2-minute timer."
    assert running.reply.startswith("You have 1 timer")  # the 30-minute one runs on


async def test_turn_it_off_after_a_device_stays_the_devices(system: AgentSystem) -> None:
    await system.arun("set an alarm for 9:05", thread_id="set")
    await _ring(system, 330)
    await system.arun("turn on the kitchen light", thread_id="home")
    off = await system.arun("turn it off", thread_id="home")
    assert off.route is not None and off.route.role == "smart_home"


async def test_long_after_the_ring_stop_is_no_timers(system: AgentSystem) -> None:
    await system.arun("set an alarm for 9:05", thread_id="set")
    await _ring(system, 1200)
    said = await system.arun("stop", thread_id="new")
    assert said.route is None or said.route.role != "timer"


async def test_with_nothing_rung_turn_it_off_cancels_no_alarm(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am tomorrow", thread_id="set")
    await system.arun("turn it off", thread_id="new")
    left = await system.arun("list my alarms", thread_id="other")
    assert left.reply == "Alarm for tomorrow at 07:00."

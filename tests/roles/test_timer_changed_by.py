"""Timers, alarms and reminders changed by an amount, and snoozing, through the public API
(issue 15). The clock is Monday 2 March 2026, 09:00 (`MONDAY_MORNING`)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from roles.timer import FiredTimer, TimerService


async def _replies(system: AgentSystem, *texts: str) -> list[str]:
    return [(await system.arun(text, thread_id="t")).reply for text in texts]


@pytest.mark.anyio
async def test_a_timer_named_gets_more_time_the_ways_people_say_it(system: AgentSystem) -> None:
    await _replies(system, "set a pasta timer for 10 minutes", "set a tea timer for 4 minutes")
    more = await _replies(
        system,
        "give the pasta timer five more minutes",  # 09:15
        "the pasta timer needs another 2 minutes",  # 09:17
        "make the pasta timer 3 minutes longer",  # 09:20
        "my tea timer could use another minute",  # 09:05
    )
    assert more == [
        "Added 5 minutes to the pasta timer: 15 minutes left now (ends at 09:15).",
        "Added 2 minutes to the pasta timer: 17 minutes left now (ends at 09:17).",
        "Added 3 minutes to the pasta timer: 20 minutes left now (ends at 09:20).",
        "Added 1 minute to the tea timer: 5 minutes left now (ends at 09:05).",
    ]


@pytest.mark.anyio
async def test_a_timer_named_gets_less_time_and_never_below_nothing(system: AgentSystem) -> None:
    await _replies(system, "set a pasta timer for 10 minutes", "set a tea timer for 4 minutes")
    less = await _replies(
        system,
        "make the pasta timer 2 minutes shorter",
        "shave a minute off the tea timer",
        "the tea timer needs 5 minutes less",
    )
    assert less[:2] == [
        "Took 2 minutes off the pasta timer: 8 minutes left now (ends at 09:08).",
        "Took 1 minute off the tea timer: 3 minutes left now (ends at 09:03).",
    ]
    assert "only 3 minutes left" in less[2] and "nothing was changed" in less[2]


@pytest.mark.anyio
async def test_an_alarm_moved_by_an_amount_rings_earlier_or_later(system: AgentSystem) -> None:
    await _replies(system, "set an alarm for 7am tomorrow", "set a gym alarm for 6am on friday")
    moved = await _replies(
        system,
        "make my 7am alarm 15 minutes earlier",
        "bring my gym alarm forward by half an hour",
        "push tomorrow's alarm back 10 minutes",
        "wake me up 5 minutes later on friday",
    )
    left = await _replies(system, "list my alarms")
    assert moved[0] == "Moved 15 minutes earlier: alarm for tomorrow at 06:45."
    assert moved[1] == "Moved 30 minutes earlier: alarm 'gym' for Fri 6 Mar at 05:30."
    assert moved[2] == "Added 10 minutes to your alarm for tomorrow at 06:55."
    assert moved[3] == "Added 5 minutes to your alarm 'gym' for Fri 6 Mar at 05:35."
    assert left == ["You have 2: alarm for tomorrow at 06:55; alarm 'gym' for Fri 6 Mar at 05:35."]


@pytest.mark.anyio
async def test_an_alarm_cannot_be_moved_earlier_than_now(system: AgentSystem) -> None:
    await _replies(system, "set an alarm for 9:10")
    [reply] = await _replies(system, "make my alarm 20 minutes earlier")
    assert reply == (
        "Your alarm for 09:10 is only 10 minutes away, so it can't ring 20 minutes earlier; "
        "nothing was changed."
    )


async def _ring(system: AgentSystem, clock: FakeClock, seconds: float) -> list[FiredTimer]:
    fired: list[FiredTimer] = []

    async def inbox(item: FiredTimer) -> None:
        fired.append(item)

    clock.advance(seconds)
    await TimerService(system.engine.runtime, inbox).tick()
    return fired


@pytest.mark.anyio
async def test_snooze_rings_what_just_rang_again_later(system: AgentSystem) -> None:
    clock = system.engine.runtime.clock
    assert isinstance(clock, FakeClock)
    early = await _replies(system, "snooze")
    await _replies(system, "set a gym alarm for 9:30", "wake me up every day at 6")
    assert [f.timer.label for f in await _ring(system, clock, 30 * 60)] == ["gym"]
    snoozed = await _replies(system, "hit snooze", "snooze the alarm for 5 minutes")
    later = await _replies(system, "snooze for another 9 minutes please", "list my alarms")
    assert early == ["There is nothing that rang in the last hour to snooze."]
    assert snoozed == [
        "Snoozed your alarm 'gym' for 10 minutes; it rings again at 09:40.",
        "Snoozed your alarm 'gym' for 5 minutes; it rings again at 09:35.",
    ]
    assert later[0] == "Snoozed your alarm 'gym' for 9 minutes; it rings again at 09:39."
    # snoozed again before it rang: one snooze, and the daily alarm keeps its own ring
    assert later[1] == "You have 2: alarm 'gym' for 09:39; alarm for tomorrow at 06:00 (every day)."


@pytest.mark.anyio
async def test_a_reminder_snoozed_keeps_its_message(system: AgentSystem) -> None:
    clock = system.engine.runtime.clock
    assert isinstance(clock, FakeClock)
    await _replies(system, "remind me to take the bread out in 20 minutes")
    await _ring(system, clock, 20 * 60)
    clock.advance(2 * 3600)
    late = await _replies(system, "snooze it")  # it rang two hours ago
    assert late == ["There is nothing that rang in the last hour to snooze."]
    await _replies(system, "remind me to call the vet in 5 minutes")
    await _ring(system, clock, 5 * 60)
    [reply] = await _replies(system, "please snooze the reminder for 15 minutes")
    assert reply == (
        "Snoozed your reminder (call the vet) for 15 minutes; it rings again at 11:40."
    )

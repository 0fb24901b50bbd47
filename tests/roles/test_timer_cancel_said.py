"""Alarms cancelled or skipped the ways people say it, through the public API (issue 15). The
clock is Monday 2 March 2026, 09:00 (`MONDAY_MORNING`)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


async def _replies(system: AgentSystem, *texts: str) -> list[str]:
    return [(await system.arun(text, thread_id="t")).reply for text in texts]


@pytest.mark.anyio
async def test_no_wake_up_on_a_day_skips_that_ring_of_a_repeating_alarm(
    system: AgentSystem,
) -> None:
    await _replies(system, "wake me up every weekday at 6", "set an alarm for 8am tomorrow")
    skipped = await _replies(system, "no need to wake me tomorrow", "list my alarms")
    assert skipped == [
        "Skipped the alarm for tomorrow at 06:00 (every weekday); it rings again on Wed 4 Mar at "
        "06:00. Cancelled alarm for tomorrow at 08:00.",
        "Alarm for Wed 4 Mar at 06:00 (every weekday).",  # the series stays
    ]
    again = await _replies(system, "i'm off on wednesday so no alarm", "list my alarms")
    assert again == [
        "Skipped the alarm for Wed 4 Mar at 06:00 (every weekday); it rings again on Thu 5 Mar at "
        "06:00.",
        "Alarm for Thu 5 Mar at 06:00 (every weekday).",
    ]


@pytest.mark.anyio
async def test_skip_asks_which_day_and_never_sets_an_alarm(system: AgentSystem) -> None:
    await _replies(system, "set a daily alarm at 7")
    asked = await _replies(system, "skip the 7am alarm")
    answered = await _replies(system, "tomorrow")
    assert asked == ["Which day's alarm should I skip?"]
    assert answered == [
        "Skipped the alarm for tomorrow at 07:00 (every day); it rings again on Wed 4 Mar at 07:00."
    ]


@pytest.mark.anyio
async def test_scrap_dont_wake_me_and_a_weekday_alarm_cancel(system: AgentSystem) -> None:
    await _replies(system, "set an alarm for 7am on friday", "wake me up every weekday at 6")
    weekday = await _replies(system, "disable my weekday alarm")
    friday = await _replies(system, "don't wake me up on friday")
    none = await _replies(system, "scrap my alarm")
    assert weekday == ["Cancelled alarm for tomorrow at 06:00 (every weekday)."]
    assert friday == ["Cancelled alarm for Fri 6 Mar at 07:00."]
    assert none == ["You have no alarms to cancel."]


@pytest.mark.anyio
async def test_nothing_to_cancel_then_is_said_in_words(system: AgentSystem) -> None:
    await _replies(system, "set an alarm for 7am on friday")
    said = await _replies(system, "cancel my alarm for tomorrow", "cancel my 9pm alarm")
    assert said == [
        "You have no alarms tomorrow to cancel.",
        "You have no alarms at 21:00 to cancel.",
    ]

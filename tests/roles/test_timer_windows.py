"""Questions about alarms over a window: days of the week and "between", through the public API
(issue 15). The clock is Monday 2 March 2026, 09:00 (`MONDAY_MORNING`)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import RoleCall
from roles.timer.role import ROLE


async def _alarms(system: AgentSystem) -> None:
    for text in (
        "set an alarm for 7am tomorrow",
        "set an alarm for 1pm on saturday",
        "wake me up every weekday at 6",
        "set an alarm for 8pm tomorrow",
        "set an alarm for 11am on sunday",
    ):
        await system.arun(text, thread_id="set")


@pytest.mark.anyio
async def test_days_of_the_week_filter_alarms_by_their_next_ring_or_their_rule(
    system: AgentSystem,
) -> None:
    await _alarms(system)
    weekdays = await system.arun("what alarms do i have on weekdays", thread_id="t")
    weekends = await system.arun("any alarms at weekends", thread_id="t")
    saturdays = await system.arun("do i have alarms on saturdays", thread_id="t")
    assert weekdays.reply == (
        "You have 3: alarm for tomorrow at 06:00 (every weekday); alarm for tomorrow at 07:00; "
        "alarm for tomorrow at 20:00."
    )
    assert weekends.reply == (
        "You have 2: alarm for Sat 7 Mar at 13:00; alarm for Sun 8 Mar at 11:00."
    )
    assert saturdays.reply == "Alarm for Sat 7 Mar at 13:00."


@pytest.mark.anyio
async def test_between_two_times_is_one_window_and_one_request(system: AgentSystem) -> None:
    await _alarms(system)
    asked = {
        "do i have any alarms between 6 and 8 tomorrow": (
            "You have 2: alarm for tomorrow at 06:00 (every weekday); alarm for tomorrow at 07:00."
        ),
        "what alarms are set between 6am and 9am": (
            "You have 2: alarm for tomorrow at 06:00 (every weekday); alarm for tomorrow at 07:00."
        ),
        "are there any alarms between 7 and 9 pm": "Alarm for tomorrow at 20:00.",
        "any alarms between 10 and 12 on sunday": "Alarm for Sun 8 Mar at 11:00.",
    }
    for text, reply in asked.items():
        decision = await system.aroute(text)
        result = await system.arun(text, thread_id=text)
        assert decision.role == "timer", text
        assert result.reply == reply, text
    both = await system.aroute("any alarms between 6 and 8 tomorrow and turn off the lights")
    assert both.slots["parts"] == [
        {"text": "any alarms between 6 and 8 tomorrow", "role": "timer"},
        {"text": "turn off the lights", "role": "smart_home"},
    ]


@pytest.mark.anyio
async def test_alarms_on_weekdays_are_cancelled_and_the_weekend_ones_stay(
    system: AgentSystem,
) -> None:
    await _alarms(system)
    cancelled = await system.arun("cancel my alarms on weekdays", thread_id="t")
    left = await system.arun("list my alarms", thread_id="t")
    assert cancelled.reply.startswith("Cancelled 3")
    assert left.reply == "You have 2: alarm for Sat 7 Mar at 13:00; alarm for Sun 8 Mar at 11:00."


@pytest.mark.anyio
async def test_an_alarm_asked_about_by_what_it_is_for_and_bare_plurals_ask(
    system: AgentSystem,
) -> None:
    await system.arun("set an alarm for 6am tomorrow for my flight", thread_id="set")
    await system.arun("set an alarm for 7:45 tomorrow for the school run", thread_id="set")
    await system.arun("remind me to call the dentist on wednesday at 2pm", thread_id="set")
    flight = await system.arun("do i have an alarm set for morning flight", thread_id="t")
    school = await system.arun("is there an alarm for the school run", thread_id="t")
    later = await system.arun("do i have any alarms for later", thread_id="t")
    two_days = await system.arun("alarms for the next two days", thread_id="t")
    # how the timer role reads it (the router may ask whether the calendar was meant)
    reminders = ROLE.interpret("reminders for wednesday", {}, system.engine.runtime, [])
    assert flight.reply == "Alarm 'flight' for tomorrow at 06:00."
    assert school.reply == "Alarm 'school run' for tomorrow at 07:45."
    assert later.reply == two_days.reply
    assert later.reply == (
        "You have 2: alarm 'flight' for tomorrow at 06:00; alarm 'school run' for tomorrow at "
        "07:45."
    )
    assert reminders == RoleCall("timer.list", {"kind": "reminder", "when": "2026-03-04"})

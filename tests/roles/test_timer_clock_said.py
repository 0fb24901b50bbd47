"""Alarms at the hour people mean, and dates with a comma, through the public API (issue 15).

The clock is Monday 2 March 2026, 09:00 (`MONDAY_MORNING`).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
async def test_an_alarm_at_a_wake_up_hour_on_another_day_is_in_the_morning(
    system: AgentSystem,
) -> None:
    said = {
        "set an alarm for half six tomorrow": "Alarm set for tomorrow at 06:30.",
        "alarm at 5:45 on friday": "Alarm set for Fri 6 Mar at 05:45.",
        "put an alarm on for quarter past six on saturday": "Alarm set for Sat 7 Mar at 06:15.",
        "i need an alarm at 6 on the 10th": "Alarm set for Tue 10 Mar at 06:00.",
    }
    for text, reply in said.items():
        result = await system.arun(text, thread_id=text)
        assert result.reply == reply, text


@pytest.mark.anyio
async def test_pm_words_other_hours_and_reminders_keep_their_rule(system: AgentSystem) -> None:
    said = {
        "set an alarm for 6 pm tomorrow": "Alarm set for tomorrow at 18:00.",
        "set an alarm for 6 tomorrow evening": "Alarm set for tomorrow at 18:00.",
        "set an alarm for 3 tomorrow": "Alarm set for tomorrow at 15:00.",
        "remind me to call mom at 6 tomorrow": "Reminder set for tomorrow at 18:00: call mom.",
    }
    for text, reply in said.items():
        result = await system.arun(text, thread_id=text)
        assert result.reply == reply, text


@pytest.mark.anyio
async def test_today_an_alarm_is_the_next_time_that_clock_time_comes_round(
    system: AgentSystem,
) -> None:
    seven = await system.arun("set an alarm for 7", thread_id="t")  # 07:00 has passed
    half_ten = await system.arun("set an alarm for 10:30", thread_id="u")
    assert seven.reply == "Alarm set for 19:00."
    assert half_ten.reply == "Alarm set for 10:30."


@pytest.mark.anyio
async def test_a_repeating_alarm_at_a_wake_up_hour_is_in_the_morning(system: AgentSystem) -> None:
    weekdays = await system.arun("set an alarm every weekday at 6", thread_id="t")
    daily = await system.arun("set a daily alarm at 7", thread_id="u")
    four = await system.arun("set an alarm every day at 4", thread_id="v")
    assert weekdays.reply == "Alarm set for tomorrow at 06:00 (every weekday)."
    assert daily.reply == "Alarm set for tomorrow at 07:00 (every day)."
    assert four.reply == "Alarm set for 16:00 (every day)."  # no wake-up hour: the next one


@pytest.mark.anyio
async def test_a_dates_comma_is_no_second_request(system: AgentSystem) -> None:
    said = {
        "set a reminder for march 3, 2027 at 5pm to pay taxes": (
            "Reminder set for Wed 3 Mar at 17:00: pay taxes."
        ),
        "remind me on friday, march 6 at 2pm to call the bank": (
            "Reminder set for Fri 6 Mar at 14:00: call the bank."
        ),
        "can you remind me on april 2, 2026 to renew the car insurance": (
            "Reminder set for Thu 2 Apr at 09:00: renew the car insurance."
        ),
    }
    for text, reply in said.items():
        decision = await system.aroute(text)
        result = await system.arun(text, thread_id=text)
        assert decision.role == "timer", text
        assert result.reply == reply, text


@pytest.mark.anyio
async def test_a_comma_between_two_requests_still_splits_them(system: AgentSystem) -> None:
    result = await system.arun("remind me to call mom at 5pm, set a timer for 10 minutes")
    assert "Reminder set for 17:00: call mom." in result.reply
    assert "Timer set for 10 minutes" in result.reply


@pytest.mark.anyio
async def test_an_alarm_for_a_days_event_is_named_after_the_event(system: AgentSystem) -> None:
    said = {
        "set an alarm for tomorrow's meeting at seven am": (
            "Alarm 'meeting' set for tomorrow at 07:00."
        ),
        "wake me up for friday's flight at 5": "Alarm 'flight' set for Fri 6 Mar at 05:00.",
        "i need an alarm for tomorrow morning's run at 6": "Alarm 'run' set for tomorrow at 06:00.",
        "remind me about tonight's game at 8": "Reminder set for 20:00: tonight's game.",
        "remind me to prep for friday's meeting tomorrow at 9": (
            "Reminder set for tomorrow at 09:00: prep for friday's meeting."
        ),
    }
    for text, reply in said.items():
        result = await system.arun(text, thread_id=text)
        assert result.reply == reply, text


@pytest.mark.anyio
async def test_a_length_counted_from_now_is_no_part_of_the_message(system: AgentSystem) -> None:
    said = {
        "remind me to renew my passport six weeks from today at 9am": (
            "Reminder set for Mon 13 Apr at 09:00: renew my passport."
        ),
        "remind me to book the boiler service in six weeks time": (
            "Reminder set for Mon 13 Apr at 09:00: book the boiler service."
        ),
        "remind me to call mum in 2 hours' time": "Reminder set for 11:00: call mum.",
        "remind me in a week's time to water the cactus": (
            "Reminder set for Mon 9 Mar at 09:00: water the cactus."
        ),
    }
    for text, reply in said.items():
        result = await system.arun(text, thread_id=text)
        assert result.reply == reply, text

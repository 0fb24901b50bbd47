"""More everyday timer phrasing through the public API (issue 15): a reminder with no time yet
is still the timer's, "tell me to ... in an hour", "what time am I waking up"."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
async def test_a_reminder_without_a_time_asks_when_and_the_answer_sets_it(
    system: AgentSystem,
) -> None:
    asked = await system.arun("i need a reminder to order cookies", thread_id="t")
    answered = await system.arun("tomorrow at 10am", thread_id="t")
    assert asked.route is not None and asked.route.role == "timer"
    assert asked.reply == "When should I remind you?"
    assert answered.reply == "Reminder set for tomorrow at 10:00: order cookies."


@pytest.mark.anyio
async def test_tell_me_to_sets_a_reminder_and_waking_up_asks_about_alarms(
    system: AgentSystem,
) -> None:
    told = await system.arun("tell me to take out the trash in an hour", thread_id="t")
    await system.arun("set an alarm for 7am tomorrow", thread_id="t")
    waking = await system.arun("what time am i waking up tomorrow", thread_id="t")
    assert told.reply == "Reminder set for 10:00: take out the trash."
    assert waking.reply == "Alarm for tomorrow at 07:00."


@pytest.mark.anyio
async def test_a_week_filters_alarms_and_a_run_together_clock_sets_one(
    system: AgentSystem,
) -> None:
    run_together = await system.arun("set an alarm for five hundred and thirty pm", thread_id="t")
    await system.arun("set an alarm for 7am on friday", thread_id="t")
    await system.arun("set an alarm for 8am on the 11th", thread_id="t")
    week = await system.arun("what alarms are set for this week", thread_id="t")
    stopped = await system.arun("stop the wake up calls for this week", thread_id="t")
    left = await system.arun("list my alarms", thread_id="t")
    assert run_together.reply == "Alarm set for 17:30."
    assert week.reply == "You have 2: alarm for 17:30; alarm for Fri 6 Mar at 07:00."
    assert stopped.reply.startswith("Cancelled 2")
    assert left.reply == "Alarm for Wed 11 Mar at 08:00."


@pytest.mark.anyio
async def test_alert_me_at_a_time_is_routed_to_the_timer_role(system: AgentSystem) -> None:
    for text in ("alert me at 7am", "let me know when it is ten", "tell me when it's 5pm"):
        decision = await system.aroute(text)
        assert decision.role == "timer", text
    rain = await system.aroute("let me know when it is raining")
    assert rain.role != "timer"  # no time of day: not an alarm


@pytest.mark.anyio
async def test_an_alarm_said_done_is_cancelled_and_asking_whether_it_is_cancels_nothing(
    system: AgentSystem,
) -> None:
    await system.arun("set an alarm for 7am tomorrow", thread_id="t")
    await system.arun("set an alarm for 1pm", thread_id="t")
    await system.arun("set a pasta timer for 10 minutes", thread_id="t")
    asked = await system.arun("is my alarm cancelled?", thread_id="t")
    removed = await system.arun("one pm removed", thread_id="t")
    silenced = await system.arun("the pasta timer needs to be permanently silenced", thread_id="t")
    left = await system.arun("list my alarms and timers", thread_id="t")
    assert asked.plan is not None and [s.tool for s in asked.plan.steps] == ["timer.list"]
    assert "13:00" in removed.reply and "07:00" not in removed.reply
    assert "pasta" in silenced.reply
    assert "07:00" in left.reply and "13:00" not in left.reply and "pasta" not in left.reply


@pytest.mark.anyio
async def test_call_me_at_is_a_wake_up_call_and_tomorrows_is_tomorrow(
    system: AgentSystem,
) -> None:
    called = await system.arun("call me at six am", thread_id="t")
    meeting = await system.arun("set an alarm for tomorrows meeting at seven am", thread_id="t")
    other = await system.aroute("call mom at 5pm")
    assert called.route is not None and called.route.role == "timer"
    assert called.reply == "Alarm set for tomorrow at 06:00."
    assert meeting.reply == "Alarm 'meeting' set for tomorrow at 07:00."
    assert other.role != "timer"  # calling someone is no wake-up call


@pytest.mark.anyio
async def test_the_reminder_list_is_the_reminders_and_a_message_may_follow_a_comma(
    system: AgentSystem,
) -> None:
    taxes = await system.arun("make a reminder, pay taxes on monday", thread_id="t")
    await system.arun("remind me to go to the aa meeting at 6pm", thread_id="t")
    await system.arun("set an alarm for 7am tomorrow", thread_id="t")
    listed = await system.arun("whats on my reminder list, read back", thread_id="t")
    remember = await system.arun("list the things i wanted to remember", thread_id="t")
    one = await system.arun("is there a reminder for my aa meeting on my list", thread_id="t")
    assert taxes.route is not None and taxes.route.role == "timer"
    assert taxes.reply == "Reminder set for Mon 9 Mar at 09:00: pay taxes."
    assert listed.reply == remember.reply and "alarm" not in listed.reply.lower()
    assert "pay taxes" in listed.reply and "aa meeting" in listed.reply
    assert "aa meeting" in one.reply and "pay taxes" not in one.reply


@pytest.mark.anyio
async def test_what_was_i_to_remember_reads_the_reminders_and_a_reminder_list_takes_one(
    system: AgentSystem,
) -> None:
    when = await system.arun("add call the bank to my reminder list", thread_id="t")
    set_ = await system.arun("tomorrow at 3pm", thread_id="t")
    await system.arun("set an alarm for 7am tomorrow", thread_id="t")
    asked = [
        await system.arun(text, thread_id="u")
        for text in (
            "what was i supposed to remember",
            "what did i ask you to remind me about",
            "tell me what's on my list of reminders",
            "remind me what i have to do tomorrow",
        )
    ]
    assert when.reply == "When should I remind you?"
    assert set_.reply == "Reminder set for tomorrow at 15:00: call the bank."
    for reply in asked:
        assert reply.reply == "Reminder for tomorrow at 15:00: call the bank.", reply.reply


@pytest.mark.anyio
async def test_alert_me_in_a_while_to_do_something_sets_a_reminder(system: AgentSystem) -> None:
    bread = await system.arun("alert me in half an hour to check the bread", thread_id="t")
    mom = await system.arun("alert me at 5pm to call mom", thread_id="t")
    oven = await system.arun("alert me to check the oven in 20 minutes", thread_id="t")
    alarm = await system.arun("alert me at 6am", thread_id="t")
    assert bread.reply == "Reminder set for 09:30: check the bread."
    assert mom.reply == "Reminder set for 17:00: call mom."
    assert oven.reply == "Reminder set for 09:20: check the oven."
    assert alarm.reply == "Alarm set for tomorrow at 06:00."  # nothing to do: an alarm


@pytest.mark.anyio
async def test_minutes_to_an_hour_wake_up_by_and_no_alarm_tomorrow(system: AgentSystem) -> None:
    quarter = await system.arun("i need an alarm at quarter to seven tomorrow", thread_id="t")
    ten = await system.arun("set an alarm for ten to eight tomorrow", thread_id="t")
    gym = await system.arun("set an alarm for 7 to go to the gym", thread_id="t")
    up = await system.arun("i need to be up by 6 on friday", thread_id="t")
    assert quarter.reply == "Alarm set for tomorrow at 06:45."  # not 19:00
    assert ten.reply == "Alarm set for tomorrow at 07:50."
    assert gym.reply == "Alarm 'go to the gym' set for 19:00."
    assert up.reply == "Alarm set for Fri 6 Mar at 06:00."  # a wake-up: the morning
    none = await system.arun("i don't need an alarm tomorrow", thread_id="t")
    left = await system.arun("list my alarms", thread_id="t")
    assert none.reply.startswith("Cancelled 2")
    assert "tomorrow" not in left.reply and "19:00" in left.reply and "Fri 6 Mar" in left.reply


@pytest.mark.anyio
async def test_get_me_up_and_ring_me_at_a_time_set_alarms(system: AgentSystem) -> None:
    up = await system.arun("get me up at 5", thread_id="t")
    roused = await system.arun("rouse me at 6", thread_id="t")
    rung = await system.arun("ring me at 7am", thread_id="t")
    assert up.route is not None and up.route.role == "timer"
    assert up.reply == "Alarm set for tomorrow at 05:00."  # a wake-up: the morning
    assert roused.reply == "Alarm set for tomorrow at 06:00."
    assert rung.reply == "Alarm set for tomorrow at 07:00."

"""Alarms and reminders whose time comes in the answer or is said short (issue 15, dogfood).

"set an alarm" ... "What time should the alarm go off?" ... "in 20 minutes" sets the alarm for
then (it set a 20-minute timer); "alarm for 8 please" sets an alarm (it read as a question);
"remind me to go grocery shopping today" ... "at 5" / "5pm" / "in an hour" is today.

Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("answer", "at"),
    [("in 20 minutes", "09:20"), ("in half an hour", "09:30"), ("in two hours", "11:00")],
)
async def test_a_delay_answering_the_alarm_question_sets_the_alarm(
    system: AgentSystem, answer: str, at: str
) -> None:
    asked = await system.arun("set an alarm")
    assert asked.reply == "What time should the alarm go off?"
    answered = await system.arun(answer, thread_id=asked.thread_id)
    assert answered.reply == f"Alarm set for {at}."
    assert (await system.arun("what timers do i have")).reply == "You have no timers set."
    assert (await system.arun("what alarms do i have")).reply == f"Alarm for {at}."


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        ("alarm for 8 please", "Alarm set for 20:00."),
        ("an alarm for 7 thanks", "Alarm set for 19:00."),
        ("alarm at 6:30 tomorrow", "Alarm set for tomorrow at 06:30."),
        ("alarm for 8 tomorrow please", "Alarm set for tomorrow at 08:00."),
        ("an alarm for 6.30 please", "Alarm set for 18:30."),
        ("set an alarm for 7.15 tomorrow", "Alarm set for tomorrow at 07:15."),
    ],
)
async def test_an_alarm_said_short_with_a_time_is_set(
    system: AgentSystem, said: str, reply: str
) -> None:
    assert (await system.arun(said)).reply == reply


async def test_an_alarm_with_no_time_said_is_still_a_question(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am tomorrow")
    assert (await system.arun("alarms")).reply == "Alarm for tomorrow at 07:00."


@pytest.mark.parametrize(
    ("answer", "at"), [("at 5", "17:00"), ("5pm", "17:00"), ("in an hour", "10:00")]
)
async def test_the_time_answering_a_reminder_for_today_is_today(
    system: AgentSystem, answer: str, at: str
) -> None:
    asked = await system.arun("remind me to go grocery shopping today")
    assert asked.reply == "When should I remind you?"
    answered = await system.arun(answer, thread_id=asked.thread_id)
    assert answered.reply == f"Reminder set for {at}: go grocery shopping."
    assert (await system.arun("what timers do i have")).reply == "You have no timers set."


async def test_a_dotted_time_is_not_part_of_the_message(system: AgentSystem) -> None:
    said = await system.arun("remind me to call mum at 5.45")
    assert said.reply == "Reminder set for 17:45: call mum."

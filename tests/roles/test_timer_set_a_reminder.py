"""Reminders set with what they are for said straight after "a reminder", and reminders asked
about in other words, through the public API (issue 15). The clock is Monday 2 March 2026,
09:00 (`MONDAY_MORNING`)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import RoleCall
from roles.timer.role import ROLE


@pytest.mark.anyio
async def test_a_reminder_set_for_something_says_what_and_when(system: AgentSystem) -> None:
    said = {
        "set reminder pay taxes on monday": "Reminder set for Mon 9 Mar at 09:00: pay taxes.",
        "please set a reminder for choir practice on thursdays at 7pm": (
            "Reminder set for Thu 5 Mar at 19:00 (every Thursday): choir practice."
        ),
        "hey olly create a reminder for tomorrow morning 10 am standup": (
            "Reminder set for tomorrow at 10:00: standup."
        ),
        "add a reminder to april 4th to book the vet": (
            "Reminder set for Sat 4 Apr at 09:00: book the vet."
        ),
        "make me a reminder about the gas bill on the 15th": (
            "Reminder set for Sun 15 Mar at 09:00: the gas bill."
        ),
    }
    for text, reply in said.items():
        result = await system.arun(text, thread_id=text)
        assert result.reply == reply, text


@pytest.mark.anyio
async def test_a_reminder_set_with_only_a_time_asks_what_for(system: AgentSystem) -> None:
    asked = await system.arun("set a reminder for tomorrow at 9", thread_id="t")
    answered = await system.arun("to call the plumber", thread_id="t")
    assert asked.reply == "What should I remind you about?"
    assert answered.reply == "Reminder set for tomorrow at 09:00: call the plumber."


@pytest.mark.anyio
async def test_reminders_looked_through_and_things_to_bear_in_mind(system: AgentSystem) -> None:
    await system.arun("remind me to mop the floor tomorrow at 10", thread_id="t")
    await system.arun("remind me to ring the garage on friday at 2pm", thread_id="t")
    one = await system.arun("check my reminders for mop the floor", thread_id="t")
    both = await system.arun("what was it i needed to keep in mind", thread_id="t")
    assert one.reply == "Reminder for tomorrow at 10:00: mop the floor."
    assert both.reply == (
        "You have 2: reminder for tomorrow at 10:00: mop the floor; reminder for Fri 6 Mar at "
        "14:00: ring the garage."
    )


@pytest.mark.anyio
async def test_alert_me_in_a_while_and_ring_my_phone_at_a_time_set_alarms(
    system: AgentSystem,
) -> None:
    later = await system.arun("alert me in three hours", thread_id="t")
    noon = await system.arun("buzz me in 45 minutes", thread_id="t")
    phone = await system.arun("ring my phone at 12 pm", thread_id="t")
    task = await system.arun("alert me in 20 minutes to check the oven", thread_id="t")
    assert later.reply == "Alarm set for 12:00."
    assert noon.reply == "Alarm set for 09:45."
    assert phone.reply == "Alarm set for 12:00."
    assert task.reply == "Reminder set for 09:20: check the oven."  # something to do: a reminder


@pytest.mark.anyio
async def test_remind_me_of_the_date_of_something_is_a_question(system: AgentSystem) -> None:
    for text in (
        "remind me of the date of my last paycheck",
        "remind me of the name of that restaurant",
        "can you remind me of the price of the boiler service",
    ):
        decision = await system.aroute(text)
        assert decision.role != "timer", text
    kept = await system.aroute("remind me of the dentist appointment tomorrow at 3")
    assert kept.role == "timer"


@pytest.mark.anyio
async def test_an_event_reminder_and_pending_reminders(system: AgentSystem) -> None:
    wedding = await system.arun(
        "make an event reminder for sam's wedding on tuesday", thread_id="t"
    )
    assert wedding.reply == "Reminder set for tomorrow at 09:00: sam's wedding."
    for text in ("please tell me the pending reminders", "show my outstanding reminders"):
        # how the timer role reads them (questions are routed by the classifier)
        read = ROLE.interpret(text, {}, system.engine.runtime, [])
        assert read == RoleCall("timer.list", {"kind": "reminder"}), text

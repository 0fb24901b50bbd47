"""Reminders and alarms said the way people say them (issue 15): a reminder without "remind me to"
("don't let me forget ...", "make sure i ...", "give me a nudge ..."), the answer to "What should
I remind you about?" when the time is still to come, "half six", "for all days". The clock:
Monday 2 March 2026, 09:00."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("don't let me forget the recycling at 6pm", "Reminder set for 18:00: the recycling."),
        ("do not let me forget to call the bank at 2pm", "Reminder set for 14:00: call the bank."),
        ("make sure i water the tomatoes at 7pm", "Reminder set for 19:00: water the tomatoes."),
        (
            "give me a nudge at 4pm to leave for the airport",
            "Reminder set for 16:00: leave for the airport.",
        ),
        ("i need to be reminded to feed the cat at 5pm", "Reminder set for 17:00: feed the cat."),
        (
            "can you make sure i don't forget my passport tomorrow at 8am",
            "Reminder set for tomorrow at 08:00: my passport.",
        ),
        (
            "please make sure to remind me about the plumber on friday",
            "Reminder set for Fri 6 Mar at 09:00: the plumber.",
        ),
        (
            "remind me on friday at 3pm i have a haircut",
            "Reminder set for Fri 6 Mar at 15:00: i have a haircut.",
        ),
        ("please reminder for car service at 11", "Reminder set for 11:00: car service."),
    ],
)
async def test_a_reminder_said_without_remind_me_to_sets_one(
    system: AgentSystem, text: str, reply: str
) -> None:
    decision = await system.aroute(text)
    result = await system.arun(text, thread_id="t")
    assert decision.role == "timer", decision.reason
    assert result.reply == reply


@pytest.mark.anyio
async def test_a_nudge_without_a_time_asks_when_and_the_answer_sets_it(
    system: AgentSystem,
) -> None:
    asked = await system.arun("i need a nudge to book the vet", thread_id="t")
    answered = await system.arun("tomorrow at 9am", thread_id="t")
    assert asked.reply == "When should I remind you?"
    assert answered.reply == "Reminder set for tomorrow at 09:00: book the vet."


@pytest.mark.anyio
async def test_what_to_remind_of_then_when_completes_the_reminder(system: AgentSystem) -> None:
    first = await system.arun("set a reminder", thread_id="t")
    what = await system.arun("to return the library books", thread_id="t")
    when = await system.arun("tomorrow at noon", thread_id="t")
    assert first.reply == "What should I remind you about?"
    assert what.route is not None and what.route.role == "timer"
    assert what.reply == "When should I remind you?"
    assert when.reply == "Reminder set for tomorrow at 12:00: return the library books."


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text", ["can you remind me how to spell necessary", "remind me what the capital of peru is"]
)
async def test_remind_me_how_or_what_is_a_question_the_timer_stage_does_not_claim(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert "timer, alarm or reminder" not in (decision.reason or "")


@pytest.mark.anyio
async def test_made_sure_of_without_a_time_is_not_claimed_as_a_reminder(
    system: AgentSystem,
) -> None:
    decision = await system.aroute("make sure i have enough gas for the trip")
    assert "timer, alarm or reminder" not in (decision.reason or "")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("set an alarm for half seven tomorrow", "Alarm set for tomorrow at 07:30."),
        ("wake me up at half six", "Alarm set for tomorrow at 06:30."),
        ("set an alarm for half 5 pm", "Alarm set for 17:30."),
        (
            "remind me to renew my passport six weeks from today at 9am",
            "Reminder set for Mon 13 Apr at 09:00: renew my passport.",
        ),
        ("set an alarm for all days at 6:45 am", "Alarm set for tomorrow at 06:45 (every day)."),
        (
            "remind me to take my vitamins every day of the week at 8pm",
            "Reminder set for 20:00 (every day): take my vitamins.",
        ),
    ],
)
async def test_clock_times_and_days_said_in_everyday_words(
    system: AgentSystem, text: str, reply: str
) -> None:
    result = await system.arun(text, thread_id="t")
    assert result.reply == reply


@pytest.mark.anyio
async def test_half_an_hour_stays_a_length(system: AgentSystem) -> None:
    result = await system.arun("remind me in half an hour to flip the steaks", thread_id="t")
    assert result.reply == "Reminder set for 09:30: flip the steaks."

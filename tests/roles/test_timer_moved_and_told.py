"""The reminder or alarm just set, moved again in other words, and "tell me when it ends"
(issue 15 items 2 and 4): "reschedule it for 6pm", "push it back to 6", "make it 6" after a
push back; "notify me when the timer ends" says every timer already does.

Through the public API, offline, on the Monday 09:00 clock of `tests/roles/conftest.py`.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    "said",
    [
        "reschedule it for 6pm",
        "push it back to 6",
        "change the time to 6pm",
        "could you shift that to 6pm",
        "6pm instead",
        "postpone it until 6pm",
    ],
)
async def test_the_reminder_just_set_moves_to_the_time_said(system: AgentSystem, said: str) -> None:
    first = await system.arun("remind me to call mom at 5pm")
    moved = await system.arun(said, thread_id=first.thread_id)
    listed = await system.arun("what reminders do i have")
    assert moved.reply == "Moved your reminder to 18:00: call mom."
    assert listed.reply == "Reminder for 18:00: call mom."  # moved, not a second one


@pytest.mark.parametrize("said", ["make it 6", "actually make that 6pm", "move it to 6pm"])
async def test_make_it_after_a_move_and_a_push_back_moves_the_reminder(
    system: AgentSystem, said: str
) -> None:
    first = await system.arun("remind me to call mom at 5pm")
    await system.arun("move it to 7pm", thread_id=first.thread_id)
    pushed = await system.arun("push it back an hour", thread_id=first.thread_id)
    moved = await system.arun(said, thread_id=first.thread_id)
    assert pushed.reply == "Added 1 hour to your reminder for 20:00."
    assert moved.reply == "Moved your reminder to 18:00: call mom."


@pytest.mark.parametrize("said", ["reschedule it for 8am", "push it to 8", "move that to 8am"])
async def test_the_alarm_just_set_moves_and_keeps_its_day(system: AgentSystem, said: str) -> None:
    first = await system.arun("set an alarm for 7am tomorrow")
    moved = await system.arun(said, thread_id=first.thread_id)
    listed = await system.arun("list my alarms")
    assert moved.reply == "Moved your alarm to tomorrow at 08:00."
    assert listed.reply == "Alarm for tomorrow at 08:00."


@pytest.mark.parametrize(
    "said",
    [
        "notify me when the timer ends",
        "can you tell me when the timer is up?",
        "ping me once the countdown is over",
        "let me know when it's done",
        "give me a shout when it finishes",
    ],
)
async def test_asked_to_be_told_when_the_timer_ends_says_it_will(
    system: AgentSystem, said: str
) -> None:
    first = await system.arun("set a timer for 10 minutes")
    told = await system.arun(said, thread_id=first.thread_id)
    listed = await system.arun("how many timers do i have")
    assert told.reply == "I'll let you know when the 10-minute timer ends."
    assert listed.reply.startswith("You have 1 timer")  # nothing set or changed


async def test_told_when_one_of_several_ends_names_it(system: AgentSystem) -> None:
    await system.arun("set a pasta timer for 12 minutes", thread_id="t")
    await system.arun("set a timer for 5 minutes", thread_id="t")
    pasta = await system.arun("will you let me know when the pasta is done", thread_id="t")
    every = await system.arun("tell me when my timers end", thread_id="t")
    assert pasta.reply == "I'll let you know when the pasta timer ends."
    assert every.reply.startswith("I'll let you know when each one ends: ")
    assert "pasta" in every.reply and "5-minute" in every.reply


async def test_told_when_the_alarm_goes_off(system: AgentSystem) -> None:
    first = await system.arun("set an alarm for 7am tomorrow")
    told = await system.arun("let me know when the alarm goes off", thread_id=first.thread_id)
    assert told.reply == "I'll let you know when your alarm for tomorrow at 07:00 goes off."


async def test_told_when_the_timer_ends_with_none_running_says_so(system: AgentSystem) -> None:
    told = await system.arun("notify me when the timer ends")
    assert told.reply == "You have no timers running."


@pytest.mark.parametrize("said", ["let me know when dinner is ready", "notify me when it rains"])
async def test_other_things_to_be_told_of_are_no_timers(system: AgentSystem, said: str) -> None:
    told = await system.arun(said)
    assert "timer" not in told.reply


@pytest.mark.parametrize(
    "said", ["remind me at five pm", "can you remind me at 6 tomorrow", "please remind me at noon"]
)
async def test_a_reminder_at_a_time_alone_is_surely_the_timers_and_asks_what(
    system: AgentSystem, said: str
) -> None:
    asked = await system.arun(said)
    answered = await system.arun("to call the plumber", thread_id=asked.thread_id)
    assert asked.route is not None and asked.route.role == "timer" and not asked.route.guess
    assert asked.reply == "What should I remind you about?"
    assert answered.reply.startswith("Reminder set for ")
    assert answered.reply.endswith(": call the plumber.")

"""A reminder or an alarm a length before an event on the calendar (issue 15): the timer reads
"<length> before <event>", the calendar finds the event and the timer's own tools set it.

Families (paraphrases of our own): remind me / set a reminder / set an alarm / wake me up x
<length> (15 minutes, an hour, half an hour, two hours) x before / ahead of x <my|the> <event>
(meeting, dance class, the meeting i have tomorrow morning) with a message or none; no such
event asks its time and the answer sets it; a clock time said keeps the timer's own count
("before my 3pm meeting"); a flight stays the timer's question. Through the public API, offline,
on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _seeded(system: AgentSystem) -> None:
    for text in (
        "add standup tomorrow at 9am",
        "add team meeting tomorrow at 10am",
        "add dance class on thursday at 6pm",
    ):
        assert (await system.arun(text)).reply.startswith("Added")


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "remind me 15 minutes before my meeting",
            "Reminder set for tomorrow at 09:45: Team meeting.",
        ),
        (
            "remind me one hour before the meeting i have tomorrow morning",
            "Reminder set for tomorrow at 09:00: Team meeting.",
        ),
        (
            "can you remind me half an hour ahead of the dance class",
            "Reminder set for Thu 5 Mar at 17:30: Dance class.",
        ),
        (
            "remind me to print the slides 20 minutes before the team meeting",
            "Reminder set for tomorrow at 09:40: print the slides.",
        ),
    ],
)
async def test_a_reminder_before_an_event(system: AgentSystem, text: str, reply: str) -> None:
    await _seeded(system)
    assert (await system.arun(text)).reply == reply
    listed = await system.arun("what reminders do i have")
    assert reply.split(": ", 1)[0].removeprefix("Reminder set for ") in listed.reply


@pytest.mark.parametrize(
    "text",
    [
        "set an alarm two hours before the dance class",
        "wake me up two hours before my dance class",
        "set an alarm for two hours before the dance class",
    ],
)
async def test_an_alarm_before_an_event(system: AgentSystem, text: str) -> None:
    await _seeded(system)
    assert (await system.arun(text)).reply == "Alarm 'Dance class' set for Thu 5 Mar at 16:00."


async def test_no_such_event_asks_its_time_and_the_answer_sets_it(system: AgentSystem) -> None:
    await _seeded(system)
    asked = await system.arun("remind me 10 minutes before my yoga class", thread_id="t")
    assert asked.reply == "I can't find your yoga class on your calendar; what time is it?"
    assert "no reminders" in (await system.arun("what reminders do i have")).reply.lower()
    done = await system.arun("at 6pm", thread_id="t")
    assert done.reply == "Reminder set for 17:50: your yoga class."


async def test_a_clock_time_or_a_flight_stays_the_timers(system: AgentSystem) -> None:
    await _seeded(system)
    clock = await system.arun("remind me 15 minutes before my 3pm meeting")
    assert clock.reply == "Reminder set for 14:45: your meeting."
    flight = await system.arun("remind me an hour before my flight")
    assert flight.reply == "What time is your flight?"


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "remind me about my thursday dance class ten minutes before the class",
            "Reminder set for Thu 5 Mar at 17:50: Dance class.",
        ),
        (
            "remind me of the team meeting five minutes before it",
            "Reminder set for tomorrow at 09:55: Team meeting.",
        ),
        (
            "remind me of my meeting 5 minutes before time",
            "Reminder set for tomorrow at 09:55: Team meeting.",
        ),
    ],
)
async def test_the_event_named_in_the_message(system: AgentSystem, text: str, reply: str) -> None:
    await _seeded(system)
    assert (await system.arun(text)).reply == reply


async def test_before_that_with_no_event_named_stays_the_timers(system: AgentSystem) -> None:
    await _seeded(system)
    alarm = await system.arun("set an alarm for 8am tomorrow", thread_id="t")
    assert alarm.reply.startswith("Alarm set for tomorrow at 08:00")
    packed = await system.arun("remind me to pack 10 minutes before that", thread_id="t")
    assert packed.reply == "Reminder set for tomorrow at 07:50: pack."

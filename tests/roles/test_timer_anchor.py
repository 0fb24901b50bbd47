"""Moments said from another one and alarms asked about by a bound (issue 15): "45 minutes before
8am tomorrow", "an hour before my flight" (asks when the flight is), "10 minutes before that"
after something was set; "alarms before six in the morning", "after 8 pm", "for the whole week".
The clock: Monday 2 March 2026, 09:00."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("set an alarm 45 minutes before 8am tomorrow", "Alarm set for tomorrow at 07:15."),
        ("wake me up two hours before my 9am train tomorrow", "Alarm set for tomorrow at 07:00."),
        ("remind me to pack 15 minutes before my 3pm meeting", "Reminder set for 14:45: pack."),
        (
            "remind me to stretch half an hour after my 1pm lunch",
            "Reminder set for 13:30: stretch.",
        ),
        ("remind me 20 minutes before the 6pm film", "Reminder set for 17:40: the film."),
    ],
)
async def test_a_moment_counted_from_a_time_said_in_the_request(
    system: AgentSystem, text: str, reply: str
) -> None:
    result = await system.arun(text, thread_id="t")
    assert result.reply == reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "question", "answer", "reply"),
    [
        ("set an alarm an hour before my flight", "What time is your flight?", "at 6pm", "17:00"),
        (
            "remind me an hour and a half before the concert",
            "What time is the concert?",
            "8pm",
            "18:30: the concert",
        ),
        (
            "set an alarm two hours before the classes start",
            "What time are the classes?",
            "at 7pm",
            "17:00",
        ),
    ],
)
async def test_a_moment_counted_from_something_without_a_time_asks_for_it(
    system: AgentSystem, text: str, question: str, answer: str, reply: str
) -> None:
    asked = await system.arun(text, thread_id="t")
    answered = await system.arun(answer, thread_id="t")
    assert asked.route is not None and asked.route.role == "timer"
    assert asked.reply == question
    assert answered.reply.endswith(f" set for {reply}.")


@pytest.mark.anyio
async def test_before_that_counts_from_what_was_just_set(system: AgentSystem) -> None:
    await system.arun("set an alarm for 8am tomorrow", thread_id="a")
    packed = await system.arun("remind me to pack my bag 10 minutes before that", thread_id="a")
    await system.arun("add dinner with jo tomorrow at 7pm", thread_id="b")
    dinner = await system.arun("set an alarm an hour before that", thread_id="b")
    alone = await system.arun("remind me 10 minutes before that", thread_id="c")
    assert packed.reply == "Reminder set for tomorrow at 07:50: pack my bag."
    assert dinner.reply == "Alarm set for tomorrow at 18:00."
    assert alone.reply == "What time is that?"


@pytest.mark.anyio
async def test_alarms_asked_about_before_or_after_a_time_or_for_the_week(
    system: AgentSystem,
) -> None:
    for text in (
        "set an alarm for 5:30am tomorrow",
        "set an alarm for 7am tomorrow",
        "set an alarm for 9pm",
    ):
        await system.arun(text, thread_id="t")
    early = await system.arun("what alarms do i have before six in the morning", thread_id="t")
    late = await system.arun("are there any alarms after 8 pm", thread_id="t")
    week = await system.arun("which alarms are set for the whole week", thread_id="t")
    assert early.reply == "Alarm for tomorrow at 05:30."
    assert late.reply == "Alarm for 21:00."
    assert week.reply.startswith("You have 3:")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("remove my eight pm alarm and set it to seven pm", "19:00"),
        ("cancel the 8pm alarm and make it 9:15 pm instead", "21:15"),
        ("add a 7 pm alarm in place of my 8 pm alarm", "19:00"),
        ("set an alarm for 10pm instead of my 8pm alarm", "22:00"),
        ("replace my 8pm alarm with one at 8:30 pm", "20:30"),
    ],
)
async def test_an_alarm_replaced_by_another_is_moved(
    system: AgentSystem, text: str, reply: str
) -> None:
    await system.arun("set an alarm for 8pm", thread_id="t")
    await system.arun("set an alarm for 7am tomorrow", thread_id="t")
    moved = await system.arun(text, thread_id="t")
    left = await system.arun("list my alarms", thread_id="t")
    assert moved.route is not None and moved.route.role == "timer"
    assert moved.plan is not None and [s.tool for s in moved.plan.steps] == ["timer.move"]
    assert reply in left.reply and "20:00" not in left.reply and "07:00" in left.reply

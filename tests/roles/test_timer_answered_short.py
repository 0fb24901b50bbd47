"""Answers to the timer's own questions said the short way (issue 15, the timer's asked-first
rows): a bare clock time in words or digits after "What time should the alarm go off?", and a
time alone after "What should I remind you about?" (it set a one-hour timer)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("asked", "answer", "reply"),
    [("set an alarm for tomorrow", "six thirty", "Alarm set for tomorrow at 06:30."),
     ("set an alarm for tomorrow", "7", "Alarm set for tomorrow at 07:00."),
     ("wake me up on friday", "um seven fifteen please", "Alarm set for Fri 6 Mar at 07:15."),
     ("set an alarm", "six thirty pm", "Alarm set for 18:30."),
     ("remind me to call mom", "5 in the evening", "Reminder set for 17:00: call mom.")],
)  # fmt: skip
async def test_a_bare_time_answers_the_question(
    system: AgentSystem, asked: str, answer: str, reply: str
) -> None:
    question = await system.arun(asked, thread_id="t")
    assert question.reply.endswith("?")
    result = await system.arun(answer, thread_id="t")
    assert result.route is not None and result.route.role == "timer"
    assert result.reply == reply


async def test_a_bare_number_without_a_question_is_no_alarm(system: AgentSystem) -> None:
    result = await system.arun("7", thread_id="t")
    assert result.plan is None or "timer.alarm" not in [s.tool for s in result.plan.steps]


@pytest.mark.parametrize("when", ["in an hour", "tomorrow at 9"])
async def test_a_time_alone_after_what_to_remind_of_is_no_timer(
    system: AgentSystem, when: str
) -> None:
    await system.arun("remind me later", thread_id="t")
    result = await system.arun(when, thread_id="t")
    assert result.reply == "What should I remind you about?"
    done = await system.arun("to call the bank", thread_id="t")
    assert done.plan is not None and [s.tool for s in done.plan.steps] == ["timer.remind"]
    assert done.reply.endswith(": call the bank.")
    timers = await system.arun("list my timers", thread_id="u")
    assert timers.reply == "You have no timers set."

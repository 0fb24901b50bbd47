"""Answers to a role's question through the public API: "What time is 'Flight'?" ... "9am"."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def test_a_bare_time_answers_the_calendars_what_time_question(system: AgentSystem) -> None:
    asked = await system.arun("i have a flight to take on the fifteenth", thread_id="t")
    assert asked.reply.startswith("What time")
    answered = await system.arun("9am", thread_id="t")
    assert answered.plan is not None
    (step,) = answered.plan.steps
    assert step.tool == "calendar.create"
    assert step.arguments["start"].startswith("2026-01-15T09:00")
    listing = await system.arun("what's on my calendar on the 15th", thread_id="t")
    assert "Flight" in listing.reply


async def test_two_answers_in_a_row_complete_one_event(system: AgentSystem) -> None:
    first = await system.arun("schedule a meeting with Chelsea", thread_id="t")
    assert first.reply == "When is 'Meeting with Chelsea'?"
    second = await system.arun("friday", thread_id="t")
    assert second.reply == "What time is 'Meeting with Chelsea'?"
    third = await system.arun("at 3pm", thread_id="t")
    assert third.plan is not None
    assert [(s.tool, s.arguments) for s in third.plan.steps] == [
        (
            "calendar.create",
            {"title": "Meeting with Chelsea", "start": "2026-01-09T15:00:00+00:00"},
        )
    ]


async def test_a_time_answers_when_should_i_remind_you(system: AgentSystem) -> None:
    asked = await system.arun("remind me to call mom", thread_id="t")
    assert asked.reply == "When should I remind you?"
    answered = await system.arun("at 5pm", thread_id="t")
    assert answered.plan is not None
    assert [s.tool for s in answered.plan.steps] == ["timer.remind"]
    assert answered.plan.steps[0].arguments["text"] == "call mom"
    assert "17:00" in answered.reply


async def test_a_request_after_a_finished_one_is_not_joined_to_it(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    asked = await system.arun("set a timer", thread_id="t")
    assert asked.reply == "How long should the timer run?"
    listing = await system.arun("how many timers do I have", thread_id="t")
    assert "1 timer" in listing.reply


async def test_a_bare_time_after_an_answer_is_no_answer(system: AgentSystem) -> None:
    await system.arun("what's on my calendar tomorrow", thread_id="t")
    decision = await system.aroute("9am", thread_id="t")
    assert decision.role != "calendar" or decision.slots.get("follow_up")
    plan = await system.aplan("9am", thread_id="t")
    assert all(s.tool != "calendar.create" for s in plan.steps)

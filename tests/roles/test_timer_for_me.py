"""A reminder "for me to" do something says only the thing, and an alarm to ring at a place
asks for a time (issue 15). The clock is Monday 2 March 2026, 09:00 (`MONDAY_MORNING`)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("please set a reminder for me to go to work in ten minutes", "go to work"),
        ("set a reminder for us to call grandma at 5 pm", "call grandma"),
        ("make a reminder for me to take my pills at 9 pm", "take my pills"),
        ("create a reminder for me to water the plants tomorrow at 8 am", "water the plants"),
    ],
)
async def test_a_reminder_for_me_to_says_only_what_to_do(
    system: AgentSystem, text: str, said: str
) -> None:
    plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == ["timer.remind"]
    assert plan.steps[0].arguments["text"] == said


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "ring the alarm when i get home",
        "sound the alarm when we arrive",
        "set an alarm for when i get to work",
    ],
)
async def test_an_alarm_for_a_place_asks_for_a_time_and_reads_no_alarms(
    system: AgentSystem, text: str
) -> None:
    await system.arun("set an alarm for 7 am tomorrow", thread_id="t")
    asked = await system.arun(text, thread_id="t")
    answered = await system.arun("6 pm", thread_id="t")
    assert asked.reply == "What time should the alarm go off?"
    assert answered.reply.startswith("Alarm") and answered.reply.endswith("set for 18:00.")


@pytest.mark.anyio
async def test_sound_the_alarm_at_a_time_sets_one(system: AgentSystem) -> None:
    plan = await system.aplan("sound the alarm at 6 pm")
    assert [s.tool for s in plan.steps] == ["timer.alarm"]
    assert plan.steps[0].arguments["at"].startswith("2026-03-02T18:00")

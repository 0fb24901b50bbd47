"""Through the public API: a verb said once with a value for each target sets each one, and a
follow-up that only names a day ("how about saturday") continues the role before."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("set the living room to 40 percent and the kitchen to 80", ("40%", "80%")),
        ("dim the living room lights to 40% and the kitchen to 80", ("40%", "80%")),
        ("set the living room lights to 40%, and the kitchen lights to 80 please", ("40%", "80%")),
        ("turn the living room light to 40 and the kitchen light to 80 percent", ("40%", "80%")),
    ],
)
async def test_a_value_for_each_target_sets_each(
    system: AgentSystem, text: str, levels: tuple[str, str]
) -> None:
    result = await system.arun(text, thread_id="t")
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["smart_home.set_brightness"] * 2
    living = await system.arun("is the living room light on", thread_id="t")
    kitchen = await system.arun("is the kitchen light on", thread_id="t")
    assert levels[0] in living.reply and levels[1] in kitchen.reply
    assert "couldn't" not in result.reply.lower()


async def test_one_value_for_two_targets_is_not_split(system: AgentSystem) -> None:
    plan = await system.aplan("set a timer for 5 minutes and the oven to 180 degrees")
    assert "timer.set" not in [s.tool for s in plan.steps[1:]]
    plan = await system.aplan("set the living room lights to 30%")
    assert [s.tool for s in plan.steps] == ["smart_home.set_brightness"]


@pytest.mark.parametrize(
    "follow_up", ["how about saturday", "what about on saturday?", "and how about saturday?"]
)
async def test_how_about_a_day_lists_that_day(system: AgentSystem, follow_up: str) -> None:
    await system.arun("add the dentist on saturday at 10am", thread_id="setup")
    await system.arun("what's on my calendar tomorrow", thread_id="t")
    result = await system.arun(follow_up, thread_id="t")
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["calendar.list"]
    assert "Dentist" in result.reply


async def test_how_about_a_day_after_adding_creates_nothing(system: AgentSystem) -> None:
    await system.arun("add lunch with Sam on friday at 1pm", thread_id="t")
    result = await system.arun("how about saturday?", thread_id="t")
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["calendar.list"]
    week = await system.arun("what's on my calendar this week", thread_id="t")
    assert week.reply.count("Lunch with Sam") == 1


async def test_how_about_something_else_is_not_a_day(system: AgentSystem) -> None:
    await system.arun("what's on my calendar tomorrow", thread_id="t")
    decision = await system.aroute("how about a joke", thread_id="t")
    assert decision.slots.get("follow_up") is not True

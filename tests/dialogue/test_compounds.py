"""Compound requests through the public API: every clause is served or named as not done."""

from __future__ import annotations

import pytest
import respx

from agent_system.api import AgentSystem
from tests.dialogue.conftest import geocoded

pytestmark = pytest.mark.anyio


async def test_a_comma_list_of_three_actions_runs_all_three(
    system: AgentSystem, weather: respx.MockRouter
) -> None:
    result = await system.arun(
        "turn on the kitchen lights, set a timer for 10 minutes and tell me the weather in Rome",
        thread_id="t",
    )
    assert result.status == "success"
    assert result.result is not None
    assert [s.tool for s in result.result.steps] == [
        "smart_home.turn_on",
        "timer.set",
        "weather.current",
    ]
    assert geocoded(weather) == ["Rome"]
    lights = await system.arun("is the kitchen light on", thread_id="t")
    timers = await system.arun("what timers do I have", thread_id="t")
    assert "on" in lights.reply.lower()
    assert "10 minutes" in timers.reply or "10:" in timers.reply


async def test_timers_for_5_and_10_minutes_sets_two_timers(system: AgentSystem) -> None:
    result = await system.arun("set timers for 5 and 10 minutes", thread_id="t")
    assert "5 minutes" in result.reply and "10 minutes" in result.reply
    listing = await system.arun("what timers do I have", thread_id="t")
    assert listing.reply.count("imer") >= 2


async def test_two_days_answer_for_both(system: AgentSystem) -> None:
    await system.arun("add dentist on wednesday at 10am", thread_id="t")
    await system.arun("add yoga on thursday at 6pm", thread_id="t")
    result = await system.arun("what do I have on wednesday and thursday", thread_id="t")
    assert "Dentist" in result.reply and "Yoga" in result.reply


async def test_a_shared_verb_over_two_devices_changes_both(system: AgentSystem) -> None:
    await system.arun("turn on the kitchen light", thread_id="t")
    await system.arun("turn on the bedroom light", thread_id="t")
    result = await system.arun("turn off the kitchen light and the bedroom light", thread_id="t")
    assert result.status == "success"
    assert result.result is not None
    assert [s.tool for s in result.result.steps] == ["smart_home.turn_off"] * 2
    kitchen = await system.arun("is the kitchen light on", thread_id="t")
    bedroom = await system.arun("is the bedroom light on", thread_id="t")
    assert "off" in kitchen.reply.lower() and "off" in bedroom.reply.lower()


async def test_then_makes_a_dependency_and_if_a_condition(system: AgentSystem) -> None:
    plan = await system.aplan(
        "check the weather in Rome, then add a picnic on saturday at noon if it's sunny"
    )
    weather, picnic = plan.steps
    assert weather.tool == "weather.current" or weather.tool == "weather.forecast"
    assert picnic.tool == "calendar.create"
    assert picnic.depends_on == [weather.id]
    assert picnic.when is not None


async def test_a_clause_nothing_serves_is_named_as_not_done(system: AgentSystem) -> None:
    result = await system.arun("set a timer for 3 minutes and book me a flight to Rome")
    assert result.status == "partial"
    assert "Timer set for 3 minutes" in result.reply
    assert "I couldn't do 'book me a flight to Rome' offline." in result.reply
    assert "Not done" not in result.reply
    assert "OPENAI" not in result.reply and "planner" not in result.reply


async def test_an_and_inside_a_title_stays_in_the_title(system: AgentSystem) -> None:
    result = await system.arun("add dinner with Jo and Sam tomorrow at 7pm", thread_id="t")
    assert result.result is not None
    (step,) = result.result.steps
    assert step.tool == "calendar.create"
    assert "Dinner with Jo and Sam" in result.reply


async def test_a_timer_and_another_for_10_sets_two_timers(system: AgentSystem) -> None:
    result = await system.arun("set a timer for 5 minutes and another for 10", thread_id="t")
    assert result.plan is not None
    assert [s.arguments["duration"] for s in result.plan.steps] == ["5 minutes", "10 minutes"]
    listing = await system.arun("how many timers do I have", thread_id="t")
    assert "2 timers" in listing.reply


@pytest.mark.parametrize(
    "text",
    ["what's on my calendar today and tomorrow", "do I have anything on today and tomorrow"],
)
async def test_an_everyday_calendar_question_over_two_days_answers_both(
    system: AgentSystem, text: str
) -> None:
    await system.arun("add dentist today at 4pm", thread_id="t")
    await system.arun("add yoga tomorrow at 6pm", thread_id="t")
    result = await system.arun(text, thread_id="t")
    assert "Dentist" in result.reply and "Yoga" in result.reply


async def test_a_factual_question_beside_a_timer_keeps_both(system: AgentSystem) -> None:
    plan = await system.aplan("who wrote dune and set a timer for 5 minutes", thread_id="t")
    assert [s.tool for s in plan.steps] == ["search.web", "timer.set"]


async def test_two_clauses_nothing_serves_are_named_in_plain_sentences(
    system: AgentSystem,
) -> None:
    result = await system.arun(
        "turn on the kitchen light, book a flight to Paris and order a pizza", thread_id="t"
    )
    assert result.status == "partial"
    assert "Kitchen light is on" in result.reply
    assert (
        "I couldn't do 'book a flight to Paris' offline. I couldn't do 'order a pizza' offline."
        in result.reply
    )


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        # a role's own first stage used to claim the whole request and drop the second clause
        ("what's on my shopping list and the weather in Rome", ["lists.show", "weather.current"]),
        (
            "set a timer for 5 minutes and check if I have anything on tomorrow",
            ["timer.set", "calendar.list"],
        ),
        (
            "add milk to my shopping list, tell me a joke and what's the weather in Oslo",
            ["lists.add", "conversation.reply", "weather.current"],
        ),
    ],
)
async def test_every_clause_of_two_roles_gets_its_own_step(
    system: AgentSystem, text: str, tools: list[str]
) -> None:
    decision = await system.aroute(text)
    assert decision.target == "meta_planning"
    result = await system.arun(text, thread_id="t")
    assert result.status == "success"
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == tools
    assert all(not s.depends_on for s in result.plan.steps)  # parallel


async def test_a_clause_that_names_no_verb_is_cut_when_it_belongs_to_another_role(
    system: AgentSystem,
) -> None:
    plan = await system.aplan("what's on my shopping list and the joke of the day")
    assert [s.tool for s in plan.steps] == ["lists.show", "conversation.reply"]

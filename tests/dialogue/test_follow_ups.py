"""Follow-ups through the public API: they resolve against the previous turn's role and slots."""

from __future__ import annotations

import pytest
import respx

from agent_system.api import AgentSystem
from tests.dialogue.conftest import geocoded

pytestmark = pytest.mark.anyio


async def test_and_on_friday_lists_friday_not_tomorrow_again(system: AgentSystem) -> None:
    # The fake clock starts on Monday 2026-01-05: tomorrow is Tue 6 Jan, Friday is 9 Jan.
    await system.arun("add yoga on friday at 6pm", thread_id="other")
    first = await system.arun("what's on my calendar tomorrow", thread_id="t")
    second = await system.arun("and on friday?", thread_id="t")
    assert "tomorrow" in first.reply.lower()
    assert second.result is not None
    (step,) = second.result.steps
    assert step.tool == "calendar.list"
    assert "Yoga" in second.reply


async def test_what_about_the_day_after_a_new_event_creates_nothing(system: AgentSystem) -> None:
    await system.arun("add dinner with Jo tomorrow at 7pm", thread_id="t")
    result = await system.arun("and what about the day after?", thread_id="t")
    assert result.result is not None
    assert [s.tool for s in result.result.steps] == ["calendar.list"]
    assert "what about" not in result.reply.lower()
    week = await system.arun("what's on my calendar this week", thread_id="t")
    assert week.reply.count("Dinner with Jo") == 1
    assert "what about" not in week.reply.lower()


async def test_what_about_tomorrow_keeps_the_place(
    system: AgentSystem, weather: respx.MockRouter
) -> None:
    await system.arun("what's the weather in Lisbon", thread_id="t")
    plan = await system.aplan("what about tomorrow?", thread_id="t")
    assert [(s.tool, s.arguments["place"]) for s in plan.steps] == [("weather.forecast", "Lisbon")]
    assert plan.steps[0].arguments["day"] == "2026-01-06"


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("and on friday?", "2026-01-09"),
        ("also on saturday", "2026-01-10"),
        ("and what about on sunday?", "2026-01-11"),
        ("and tomorrow", "2026-01-06"),
    ],
)
async def test_a_day_alone_after_the_weather_asks_the_weather_for_it(
    system: AgentSystem, weather: respx.MockRouter, said: str, day: str
) -> None:
    # "and on friday?" reads as a calendar question on its own; after the weather it is not
    await system.arun("what's the weather in Lisbon", thread_id="t")
    plan = await system.aplan(said, thread_id="t")
    assert [(s.tool, s.arguments["place"]) for s in plan.steps] == [("weather.forecast", "Lisbon")]
    assert plan.steps[0].arguments["day"] == day


async def test_a_new_request_after_the_weather_is_not_a_follow_up(
    system: AgentSystem, weather: respx.MockRouter
) -> None:
    await system.arun("what's the weather in Lisbon", thread_id="t")
    plan = await system.aplan("and add lunch with sam on friday at noon", thread_id="t")
    assert [s.tool for s in plan.steps] == ["calendar.create"]


async def test_and_in_boston_keeps_the_day(system: AgentSystem, weather: respx.MockRouter) -> None:
    await system.arun("what's the weather in Paris", thread_id="t")
    result = await system.arun("and in Boston?", thread_id="t")
    assert result.result is not None
    assert [s.tool for s in result.result.steps] == ["weather.current"]
    assert geocoded(weather)[-1] == "Boston"


async def test_make_it_10_changes_the_timer_instead_of_adding_one(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    result = await system.arun("make it 10", thread_id="t")
    assert result.status == "success"
    assert "10 minutes" in result.reply
    listing = await system.arun("what timers do I have", thread_id="t")
    assert "9 minutes" in listing.reply or "10 minutes" in listing.reply
    assert "4 minutes" not in listing.reply and "5 minutes" not in listing.reply


async def test_turn_it_off_again_switches_the_same_device(system: AgentSystem) -> None:
    await system.arun("turn on the coffee machine", thread_id="t")
    result = await system.arun("and turn it off again", thread_id="t")
    assert result.result is not None
    assert [(s.tool) for s in result.result.steps] == ["smart_home.turn_off"]
    state = await system.arun("is the coffee machine on", thread_id="t")
    assert "off" in state.reply.lower()


@pytest.mark.parametrize(
    ("said", "at"),
    [
        ("and at 8pm?", "20:00"),
        ("also tomorrow at 7am", "tomorrow at 07:00"),
        ("and in 10 minutes?", "09:10"),
    ],
)
async def test_a_time_alone_after_a_home_command_does_it_again_then(
    system: AgentSystem, said: str, at: str
) -> None:
    # it answered "I couldn't find a device called 'pm light'"
    await system.arun("turn on the kitchen light", thread_id="t")
    result = await system.arun(said, thread_id="t")
    assert f"({at}) I'll do this: turn on the kitchen light" in result.reply
    assert result.result is not None
    assert [s.tool for s in result.result.steps] == ["timer.set"]


async def test_and_the_bedroom_repeats_the_action_on_the_bedroom(system: AgentSystem) -> None:
    await system.arun("turn on the bedroom light", thread_id="t")
    await system.arun("turn off the kitchen light", thread_id="t")
    result = await system.arun("and the bedroom", thread_id="t")
    assert result.result is not None
    (step,) = result.result.steps
    assert step.tool == "smart_home.turn_off"
    assert "bedroom" in str(step.output)
    state = await system.arun("is the bedroom light on", thread_id="t")
    assert "off" in state.reply.lower()


async def test_a_follow_up_question_about_a_device_only_reads_its_state(
    system: AgentSystem,
) -> None:
    await system.arun("turn on the bedroom light", thread_id="t")
    await system.arun("turn off the kitchen light", thread_id="t")
    result = await system.arun("what about the bedroom?", thread_id="t")
    assert result.result is not None
    assert [s.tool for s in result.result.steps] == ["smart_home.get_state"]
    assert "on" in result.reply.lower()


async def test_a_follow_up_in_another_thread_is_not_one(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="a")
    decision = await system.aroute("make it 10", thread_id="b")
    assert decision.slots.get("follow_up") is None


async def test_turn_it_off_again_after_another_role_in_between(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    await system.arun("make it 10", thread_id="t")
    await system.arun("turn on the coffee machine", thread_id="t")
    result = await system.arun("and turn it off again", thread_id="t")
    assert result.route is not None and result.route.role == "smart_home"
    state = await system.arun("is the coffee machine on", thread_id="t")
    assert "off" in state.reply.lower()


async def test_make_it_8_moves_a_7am_alarm_to_8am_the_same_day(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am tomorrow", thread_id="t")
    result = await system.arun("make it 8", thread_id="t")
    assert result.result is not None
    assert [s.tool for s in result.result.steps] == ["timer.cancel", "timer.alarm"]
    listing = await system.arun("list my alarms", thread_id="t")
    assert "08:00" in listing.reply and "07:00" not in listing.reply


async def test_a_follow_up_of_a_follow_up_uses_the_latest_frame(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    await system.arun("make it 10", thread_id="t")
    result = await system.arun("make it 15", thread_id="t")
    assert "15 minutes" in result.reply
    listing = await system.arun("what timers do I have", thread_id="t")
    assert "14 minutes" in listing.reply or "15 minutes" in listing.reply
    assert "10 minutes" not in listing.reply


@pytest.mark.parametrize(
    "follow_up", ["and turn it off again", "switch it off", "now turn that off"]
)
async def test_turn_it_off_names_the_same_device_not_the_verb(
    system: AgentSystem, follow_up: str
) -> None:
    first = await system.arun("turn on the coffee machine", thread_id="t")
    assert first.plan is not None
    result = await system.arun(follow_up, thread_id="t")
    assert result.plan is not None
    assert [(s.tool, s.arguments) for s in result.plan.steps] == [
        ("smart_home.turn_off", first.plan.steps[0].arguments)
    ]


async def test_and_another_one_for_10_sets_one_more_timer(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    result = await system.arun("and another one for 10", thread_id="t")
    assert result.plan is not None
    assert [(s.tool, s.arguments["duration"]) for s in result.plan.steps] == [
        ("timer.set", "10 minutes")
    ]
    listing = await system.arun("how many timers do I have", thread_id="t")
    assert "2 timers" in listing.reply


async def test_another_one_after_something_else_is_no_timer(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    await system.arun("what's on my calendar today", thread_id="t")
    plan = await system.aplan("and another one for 10", thread_id="t")
    assert all(s.tool != "timer.set" for s in plan.steps)


async def test_ok_now_turn_that_off_please_after_turning_it_on(system: AgentSystem) -> None:
    first = await system.arun("turn on the coffee machine", thread_id="t")
    result = await system.arun("ok now turn that off please", thread_id="t")
    assert result.plan is not None and first.plan is not None
    assert [(s.tool, s.arguments) for s in result.plan.steps] == [
        ("smart_home.turn_off", first.plan.steps[0].arguments)
    ]
    state = await system.arun("is the coffee machine on", thread_id="t")
    assert "off" in state.reply.lower()


async def test_follow_ups_in_one_thread_each_against_the_turn_before(
    system: AgentSystem, weather: respx.MockRouter
) -> None:
    """One conversation: every follow-up resolves against the latest turn, and follow-up
    questions never create or change anything."""
    await system.arun("add lunch with Sam on friday at noon", thread_id="t")
    friday = await system.arun("and on saturday?", thread_id="t")
    assert friday.plan is not None
    assert [s.tool for s in friday.plan.steps] == ["calendar.list"]
    await system.arun("what's the weather in Paris", thread_id="t")
    boston = await system.arun("and in Boston?", thread_id="t")
    assert boston.plan is not None
    assert [s.tool for s in boston.plan.steps] == ["weather.current"]
    assert geocoded(weather)[-1] == "Boston"
    await system.arun("set a timer for 5 minutes", thread_id="t")
    asked = await system.arun("what about 10 minutes?", thread_id="t")
    assert asked.plan is not None
    assert [s.tool for s in asked.plan.steps] == ["timer.list"]
    ten = await system.arun("make it 10", thread_id="t")
    assert "10 minutes" in ten.reply
    await system.arun("turn on the kitchen light", thread_id="t")
    bedroom = await system.arun("and the bedroom", thread_id="t")
    assert bedroom.plan is not None
    assert [s.tool for s in bedroom.plan.steps] == ["smart_home.turn_on"]
    week = await system.arun("what's on my calendar this week", thread_id="t")
    assert week.reply.count("Lunch with Sam") == 1
    timers = await system.arun("how many timers do I have", thread_id="t")
    assert "1 timer" in timers.reply

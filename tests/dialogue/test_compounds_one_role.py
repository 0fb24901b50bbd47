"""Compounds whose clauses belong to one role, and pronouns across clauses, through the public
API: each clause is served (a role's own reading of the whole request used to drop the rest)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def test_two_device_commands_joined_by_then_are_two_steps(system: AgentSystem) -> None:
    text = "turn on the kitchen light then set the bedroom light to 20%"
    result = await system.arun(text, thread_id="t")
    assert result.status == "success"
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == [
        "smart_home.turn_on",
        "smart_home.set_brightness",
    ]
    kitchen = await system.arun("is the kitchen light on", thread_id="t")
    assert "on" in kitchen.reply.lower()
    assert "20%" in result.reply


async def test_a_shared_verb_over_two_things_with_their_own_articles(system: AgentSystem) -> None:
    await system.arun("turn on the tv", thread_id="t")
    await system.arun("turn on the bedroom light", thread_id="t")
    result = await system.arun("switch off the tv and the bedroom lamp", thread_id="t")
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["smart_home.turn_off"] * 2
    assert "tv lamp" not in str(result.plan.steps[0].arguments).lower()
    bedroom = await system.arun("is the bedroom light on", thread_id="t")
    tv = await system.arun("is the tv on", thread_id="t")
    assert "off" in bedroom.reply.lower() and "off" in tv.reply.lower()


async def test_turn_off_the_lights_and_the_fan_turns_off_the_fan_too(system: AgentSystem) -> None:
    await system.arun("turn on the ceiling fan", thread_id="t")
    result = await system.arun("turn off the lights and the fan", thread_id="t")
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["smart_home.turn_off"] * 2
    fan = await system.arun("is the ceiling fan on", thread_id="t")
    assert "off" in fan.reply.lower()


async def test_an_add_and_a_show_of_two_lists_are_two_steps(system: AgentSystem) -> None:
    result = await system.arun(
        "add milk to my shopping list and show me my todo list", thread_id="t"
    )
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["lists.add", "lists.show"]
    assert result.plan.steps[0].arguments["list_name"] == "shopping"
    shopping = await system.arun("what's on my shopping list", thread_id="t")
    assert "milk" in shopping.reply.lower()


async def test_a_device_that_does_not_exist_is_named_not_dropped(system: AgentSystem) -> None:
    result = await system.arun("turn on the kitchen light and the jukebox", thread_id="t")
    assert "Kitchen light is on" in result.reply
    assert "jukebox" in result.reply  # said as not done, in the reply
    assert "planner" not in result.reply.lower()


async def test_it_in_a_later_clause_is_what_the_clause_before_acted_on(
    system: AgentSystem,
) -> None:
    result = await system.arun(
        "add milk to my shopping list and then remind me to buy it at 5pm", thread_id="t"
    )
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["lists.add", "timer.remind"]
    assert result.plan.steps[1].arguments["text"] == "buy milk"
    reminders = await system.arun("what reminders do I have", thread_id="t")
    assert "buy milk" in reminders.reply


async def test_them_stands_for_every_item_added_and_it_for_a_device(system: AgentSystem) -> None:
    plan = await system.aplan("add eggs and bread to my list, then remind me to buy them at 9am")
    assert plan.steps[-1].arguments["text"] == "buy eggs and bread"
    plan = await system.aplan("turn on the kitchen light and then dim it")
    assert [s.tool for s in plan.steps] == ["smart_home.turn_on", "smart_home.set_brightness"]
    assert "kitchen" in str(plan.steps[1].arguments).lower()


@pytest.mark.parametrize(
    "text",
    [
        "add milk to my list and tell me if it's raining in Rome",
        "add milk to my list and how cold is it in Rome",
        "add milk to my list then what time is it in Tokyo",
    ],
)
async def test_it_is_left_alone_when_it_is_the_weather_or_the_clock(
    system: AgentSystem, text: str
) -> None:
    plan = await system.aplan(text)
    assert plan.steps[0].tool == "lists.add"
    assert all("milk" not in str(s.arguments) for s in plan.steps[1:])
    assert all("milk" not in (s.description or "") for s in plan.steps[1:])


async def test_a_verb_said_once_over_two_lists_adds_to_each(system: AgentSystem) -> None:
    await system.arun("add eggs to my shopping list and bread to my todo list", thread_id="t")
    shopping = await system.arun("what's on my shopping list", thread_id="t")
    todo = await system.arun("what's on my todo list", thread_id="t")
    assert "eggs" in shopping.reply.lower() and "bread" not in shopping.reply.lower()
    assert "bread" in todo.reply.lower() and "eggs" not in todo.reply.lower()


async def test_two_alarms_named_by_their_times_are_both_cancelled(system: AgentSystem) -> None:
    for hour in ("7am", "8am", "9am"):
        await system.arun(f"set an alarm for {hour}", thread_id="t")
    result = await system.arun("cancel my 7am and 8am alarms", thread_id="t")
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["timer.cancel", "timer.cancel"]
    listing = await system.arun("list my alarms", thread_id="t")
    assert "09:00" in listing.reply
    assert "07:00" not in listing.reply and "08:00" not in listing.reply


async def test_two_reminders_each_with_its_time_and_another_timer(system: AgentSystem) -> None:
    result = await system.arun(
        "remind me to call mom at 5pm and to water the plants at 6pm", thread_id="t"
    )
    assert result.plan is not None
    assert [s.arguments["text"] for s in result.plan.steps] == ["call mom", "water the plants"]
    plan = await system.aplan("set a timer for 5 minutes, then another for 10")
    assert [s.arguments["duration"] for s in plan.steps] == ["5 minutes", "10 minutes"]


async def test_a_second_weather_clause_without_a_place_takes_the_first_ones(
    system: AgentSystem,
) -> None:
    plan = await system.aplan("what's the weather in Paris and what's the forecast for tomorrow")
    assert [s.tool.split(".")[0] for s in plan.steps] == ["weather", "weather"]
    assert [s.arguments["place"] for s in plan.steps] == ["Paris", "Paris"]
    assert not plan.unsupported  # no "Which city?" for the second clause


async def test_weather_in_two_places_said_with_in_twice(system: AgentSystem) -> None:
    plan = await system.aplan("what's the weather in Rome and in Paris")
    assert [s.arguments["place"] for s in plan.steps] == ["Rome", "Paris"]
    lights = await system.aplan("turn on the lights in the kitchen and in the bedroom")
    assert [s.tool for s in lights.steps] == ["smart_home.turn_on"] * 2
    assert "bedroom" in str(lights.steps[1].arguments).lower()

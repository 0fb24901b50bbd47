"""Compound requests that say a verb, a time or a place once for several parts: "turn off the
kitchen light, then the bedroom light", "the fan too", "weather for paris and rome", "remind me
at 5 and at 6", "one for 5 minutes and one for 10", "first ..., then ...".

Through the public API, offline, on a fake clock (Monday 2026-01-05 09:00 UTC).
"""

from __future__ import annotations

import pytest
import respx

from agent_system.api import AgentSystem
from tests._plans import planned_steps

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    "text",
    [
        "turn off the kitchen light and then the bedroom light",
        "turn off the kitchen light, then the bedroom light",
        "switch off the kitchen light and after that the bedroom light",
        "turn the kitchen light off, the bedroom light too",
        "turn off the kitchen light, and the bedroom light as well",
    ],
)
async def test_a_device_verb_said_once_governs_the_next_device(
    system: AgentSystem, text: str
) -> None:
    await system.arun("turn on the kitchen light and the bedroom light")
    result = await system.arun(text)
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["smart_home.turn_off"] * 2
    assert result.reply == "Kitchen light is off.\nBedroom light is off."


@pytest.mark.parametrize(
    "text",
    [
        "turn off the fan and the lights in the kitchen",
        "switch the fan off, the kitchen lights too",
        "turn off the fan, then the lights in the kitchen",
    ],
)
async def test_a_device_then_lights_of_a_room(system: AgentSystem, text: str) -> None:
    steps = await planned_steps(system, text)
    assert [tool for tool, _ in steps] == ["smart_home.turn_off"] * 2
    assert steps[0][1] == {"device": "fan"}
    assert "kitchen" in str(steps[1][1]).lower()


async def test_a_bare_place_after_a_device_verb_is_no_device(system: AgentSystem) -> None:
    steps = await planned_steps(system, "turn off the lights, then what's the weather in Paris")
    assert [tool for tool, _ in steps] == ["smart_home.turn_off", "weather.current"]


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("weather for paris and rome tomorrow", "weather.forecast"),
        ("what's the weather like in paris and rome", "weather.current"),
        ("weather in paris, rome and lisbon", "weather.current"),
        ("weather in new york and los angeles today", "weather.forecast"),
    ],
)
async def test_places_typed_in_lower_case_are_each_asked(
    system: AgentSystem, weather: respx.MockRouter, text: str, tool: str
) -> None:
    steps = await planned_steps(system, text)
    assert {t for t, _ in steps} == {tool}
    places = [str(arguments["place"]).lower() for _, arguments in steps]
    assert places[:2] in (["paris", "rome"], ["new york", "los angeles"])


async def test_time_words_are_no_places(system: AgentSystem) -> None:
    decision = await system.aroute("what's the weather in Paris in the morning and evening")
    assert "parts" not in decision.slots


@pytest.mark.parametrize(
    "text",
    [
        "remind me at 5pm and at 6pm to stretch",
        "remind me to stretch at 5pm and 6pm",
        "remind me at 5pm and 6pm to stretch",
    ],
)
async def test_one_reminder_per_time(system: AgentSystem, text: str) -> None:
    result = await system.arun(text)
    assert result.plan is not None
    steps = result.plan.steps
    assert [s.tool for s in steps] == ["timer.remind", "timer.remind"]
    assert [s.arguments["when"][11:16] for s in steps] == ["17:00", "18:00"]
    assert all(s.arguments["text"] == "stretch" for s in steps)


@pytest.mark.parametrize(
    "text",
    [
        "set a timer for 5 minutes and also one for 10 minutes",
        "set a timer for 5 minutes, one for 10",
        "set 2 timers, one for 5 minutes and one for 10",
        "set a timer for 5 minutes and one for 10",
    ],
)
async def test_one_for_another_length_is_a_second_timer(system: AgentSystem, text: str) -> None:
    steps = await planned_steps(system, text)
    assert [(tool, arguments["duration"]) for tool, arguments in steps] == [
        ("timer.set", "5 minutes"),
        ("timer.set", "10 minutes"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "first turn on the kitchen light, then set a timer for 5 minutes",
        "first of all turn on the kitchen light and then set a timer for 5 minutes",
        "to start with, turn on the kitchen light, after that set a timer for 5 minutes",
        "firstly turn on the kitchen light then set a timer for 5 minutes",
    ],
)
async def test_first_before_the_first_action_is_no_device_name(
    system: AgentSystem, text: str
) -> None:
    result = await system.arun(text)
    assert (
        result.reply
        == "Kitchen light is on at 100%, white.\nTimer set for 5 minutes (ends at 09:05)."
    )


async def test_first_thing_tomorrow_is_a_time(system: AgentSystem) -> None:
    steps = await planned_steps(system, "first thing tomorrow remind me to call mom")
    assert [tool for tool, _ in steps] == ["timer.remind"]


@pytest.mark.parametrize(
    "text",
    [
        "set a timer for pasta for 8 minutes and one for the eggs for 6 minutes",
        "set a pasta timer for 8 minutes and an eggs timer for 6 minutes",
        "set a timer for 8 minutes for pasta and one for 6 minutes for the eggs",
        "start an 8 minute timer called pasta and another called eggs for 6 minutes",
        "set an 8-minute timer for the pasta and a 6-minute one for the eggs",
    ],
)
async def test_two_timers_each_with_its_own_name_and_length(system: AgentSystem, text: str) -> None:
    result = await system.arun(text)
    assert result.plan is not None
    steps = [(s.tool, s.arguments["duration"], s.arguments.get("label")) for s in result.plan.steps]
    assert steps == [("timer.set", "8 minutes", "pasta"), ("timer.set", "6 minutes", "eggs")]
    listed = await system.arun("what timers do i have")
    assert "'pasta'" in listed.reply and "'eggs'" in listed.reply


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        (
            "set a timer for 5 minutes and a reminder to call mom at 6pm",
            ["timer.set", "timer.remind"],
        ),
        ("set an alarm for 7 tomorrow and a timer for 20 minutes", ["timer.alarm", "timer.set"]),
        (
            "please set an alarm for 7am and a reminder at 8 to take my pills",
            ["timer.alarm", "timer.remind"],
        ),
    ],
)
async def test_one_set_verb_for_two_kinds_serves_both(
    system: AgentSystem, text: str, tools: list[str]
) -> None:
    result = await system.arun(text)
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == tools
    assert len(result.reply.splitlines()) == 2


async def test_one_reminder_of_two_things_stays_one(system: AgentSystem) -> None:
    steps = await planned_steps(system, "set a reminder at 6pm to buy milk and eggs")
    assert [tool for tool, _ in steps] == ["timer.remind"]
    assert steps[0][1]["text"] == "buy milk and eggs"

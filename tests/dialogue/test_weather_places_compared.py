"""Weather found by dogfooding (issue 15): only places are compared, a bare place follows up,
the wind is said once.

"is coffee hotter than tea" asked the weather service about a place called Coffee; "paris" after
an answered weather question was not understood; "how windy is it in chicago" said the wind
twice. Offline, Open-Meteo answered by respx (20 °C, clear, wind 10 km/h everywhere).
"""

from __future__ import annotations

import pytest
import respx

from agent_system.api import AgentSystem
from tests.dialogue.conftest import geocoded

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    "said",
    [
        "is coffee hotter than tea",
        "is the sun hotter than lava?",
        "which is colder, ice or snow",
        "is a wool jumper warmer than a fleece",
        "is soup hotter than coffee",
    ],
)
async def test_things_are_not_compared_by_the_weather(
    system: AgentSystem, weather: respx.MockRouter, said: str
) -> None:
    result = await system.arun(said, thread_id="t")
    assert geocoded(weather) == []
    assert result.plan is None or all(not s.tool.startswith("weather.") for s in result.plan.steps)
    assert not result.reply.startswith("Which city?")


@pytest.mark.parametrize(
    ("said", "places"),
    [
        ("is rome warmer than oslo", ["Rome", "Oslo"]),
        ("which is windier, chicago or boston", ["Chicago", "Boston"]),
        ("is lyon colder than paris", ["Lyon", "Paris"]),
        ("is it warmer in lyon than in nice", ["Lyon", "Nice"]),
        ("is nantes warmer than nice today", ["Nantes", "Nice"]),
    ],
)
async def test_places_are_still_compared(
    system: AgentSystem, weather: respx.MockRouter, said: str, places: list[str]
) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.plan is not None and [s.tool for s in result.plan.steps] == ["weather.compare"]
    assert sorted(geocoded(weather)) == sorted(places)


@pytest.mark.parametrize("place", ["paris", "Berlin", "in lyon", "new york?", "and tokyo"])
async def test_a_bare_place_after_the_weather_asks_it_there(
    system: AgentSystem, weather: respx.MockRouter, place: str
) -> None:
    await system.arun("I live in London", thread_id="t")
    home = await system.arun("what's the weather like", thread_id="t")
    there = await system.arun(place, thread_id="t")
    assert home.reply.startswith("London")
    assert there.plan is not None and [s.tool for s in there.plan.steps] == ["weather.current"]
    named = place.lower().strip("?").removeprefix("in ").removeprefix("and ")
    assert geocoded(weather)[-1].lower() == named


async def test_a_bare_place_keeps_what_was_asked(
    system: AgentSystem, weather: respx.MockRouter
) -> None:
    await system.arun("I live in London", thread_id="t")
    await system.arun("is it raining", thread_id="t")
    there = await system.arun("rome", thread_id="t")
    assert there.reply.startswith("No, it's clear sky. Rome")


@pytest.mark.parametrize("said", ["thanks", "great", "set a timer for 5 minutes", "tokyo time"])
async def test_other_short_replies_after_the_weather_are_not_places(
    system: AgentSystem, weather: respx.MockRouter, said: str
) -> None:
    await system.arun("weather in london", thread_id="t")
    after = await system.arun(said, thread_id="t")
    assert geocoded(weather) == ["London"]
    assert after.route is not None and after.route.role != "weather"


async def test_a_place_with_no_weather_before_is_no_weather(
    system: AgentSystem, weather: respx.MockRouter
) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    said = await system.arun("paris", thread_id="t")
    assert geocoded(weather) == []
    assert said.route is None or said.route.role != "weather"


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        (
            "how windy is it in chicago",
            "Wind in Chicago, Somewhere now: 10 km/h. Chicago, Somewhere: 20°C and clear sky.",
        ),
        ("is it windy in chicago", "No, wind 10 km/h. Chicago, Somewhere: 20°C and clear sky."),
        (
            "how humid is it in chicago",
            "Humidity in Chicago, Somewhere now: 60%. "
            "Chicago, Somewhere: 20°C and clear sky, wind 10 km/h.",
        ),
    ],
)
async def test_the_wind_is_said_once(
    system: AgentSystem, weather: respx.MockRouter, said: str, reply: str
) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.reply == reply
    assert result.reply.count("km/h") == 1

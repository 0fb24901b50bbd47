"""Weather asked the way public NLU benchmarks ask it (issue 15): places with their state,
province or country after a comma ("phoenix, az next week", "kansas city, missouri"),
multi-word places ("the district of columbia", "yellowstone national park"), and days far off
("in 3 weeks", "next autumn", "on dec 5th, 2028", "last month"), which get a plain answer that
they are out of the forecasts' reach.

Through the public API with a fake Open-Meteo (respx) and the fake clock: Monday 5 January
2026, 09:00 UTC. The paraphrases are ours, not any data set's.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import datetime
from pathlib import Path

import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from agent_system.understanding import split_clauses
from tests.roles._open_meteo import OpenMeteo, Sky, place

MONDAY_9AM = datetime(2026, 1, 5, 9, 0)


@pytest.fixture
def meteo() -> Iterator[OpenMeteo]:
    service = OpenMeteo()
    service.add(place("Phoenix", "United States", "US", "Arizona", lat=33.4), Sky(temp=30))
    service.add(place("Phoenix", "South Africa", "ZA", "KwaZulu-Natal", lat=-29.7))
    service.add(place("Kansas City", "United States", "US", "Missouri", lat=39.1), Sky(temp=3))
    service.add(place("Kansas City", "United States", "US", "Kansas", lat=39.2), Sky(temp=5))
    service.add(place("Portland", "United States", "US", "Oregon", lat=45.5))
    service.add(place("Portland", "United States", "US", "Maine", lat=43.7))
    service.add(
        place("Washington", "United States", "US", "District of Columbia", lat=38.9), Sky(temp=7)
    )
    service.add(place("Yellowstone National Park", "United States", "US", "Wyoming", lat=44.6))
    service.add(place("Paris", "France", "FR", "Île-de-France", lat=48.9))
    service.add(place("Paris", "United States", "US", "Texas", lat=33.7))
    service.add(place("Rome", "Italy", "IT", "Lazio", lat=41.9))
    with respx.mock(assert_all_called=False) as router:
        service.mock(router)
        yield service


@pytest.fixture
async def system(tmp_path: Path, meteo: OpenMeteo) -> AsyncIterator[AgentSystem]:
    settings = make_settings(tmp_path / "home")
    async with AgentSystem(settings, clock=FakeClock(MONDAY_9AM)) as engine:
        yield engine


async def _reply(system: AgentSystem, text: str) -> str:
    result = await system.arun(text)
    assert result.route is not None and result.route.role == "weather", text
    return result.reply


# --- a region after a comma is part of the place ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "will it be hot in phoenix, az next week",
        "is it going to be sunny at noon in phoenix, az",
        "weather for kansas city, missouri",
        "what's the forecast for portland, OR tomorrow",
        "weather in paris, france and rome tomorrow",
        "how cold is it in kansas city, missouri right now",
    ],
)
def test_a_comma_before_a_state_or_country_starts_no_new_request(text: str) -> None:
    clauses = [c.text for c in split_clauses(text)]
    assert len(clauses) == (2 if " and rome" in text else 1), clauses


@pytest.mark.parametrize(
    "text",
    [
        "set a timer for 5 minutes, ok set another for 10 minutes",
        "turn on the lights, what's the weather in paris",
        "weather in paris, and set an alarm for 7",
    ],
)
def test_a_comma_before_a_new_request_still_cuts(text: str) -> None:
    assert len(split_clauses(text)) == 2


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("will it be hot in phoenix, az next week", "Yes: hot"),
        ("is it hot in phoenix, arizona today", "Phoenix, Arizona"),
        ("phoenix, az weather tomorrow", "Tomorrow in Phoenix, Arizona"),
        ("weather for kansas city, missouri", "Kansas City, Missouri: 3°C"),
        ("what's the temperature in kansas city, kansas", "Kansas City, Kansas: 5°C"),
        ("what's the forecast for portland, OR tomorrow", "Tomorrow in Portland, Oregon"),
        ("what's the forecast for portland, maine on friday", "Friday in Portland, Maine"),
    ],
)
async def test_the_region_picks_the_place(system: AgentSystem, text: str, start: str) -> None:
    reply = await _reply(system, text)
    assert start in reply
    assert "offline" not in reply and reply.count("Kansas City") <= 1


@pytest.mark.anyio
async def test_two_places_with_regions_are_two_answers(system: AgentSystem) -> None:
    reply = (await system.arun("weather in kansas city, missouri and paris, texas")).reply
    assert "Kansas City, Missouri: 3°C" in reply and "Paris, Texas: 11°C" in reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("will it be cold in the district of columbia tomorrow", "Washington, District of"),
        ("weather in washington dc", "Washington, District of Columbia: 7°C"),
        ("is it windy in yellowstone national park", "Yellowstone National Park, Wyoming"),
    ],
)
async def test_places_of_several_words(system: AgentSystem, text: str, start: str) -> None:
    assert start in await _reply(system, text)


# --- days beyond the forecasts -------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "when"),
    [
        ("weather in 3 weeks in paris", "Monday 26 January"),
        ("what will the weather be in phoenix, az in 5 weeks", "Monday 9 February"),
        ("will it rain in rome a month from now", "Thursday 5 February"),
        ("weather in paris 3 weeks from today", "Monday 26 January"),
        ("will it be hot in paris on dec 5th, 2028", "Tuesday 5 December 2028"),
        ("will it snow in rome next autumn", "next autumn"),
        ("is it going to be warm in paris next summer", "next summer"),
        ("what's the weather like in rome in the spring", "this spring"),
        ("rome weather in 2 months", "Thursday 5 March"),
        ("paris forecast next year", "next year"),
    ],
)
async def test_a_day_past_the_forecasts_is_said_plainly(
    system: AgentSystem, meteo: OpenMeteo, text: str, when: str
) -> None:
    reply = await _reply(system, text)
    assert reply == (
        "That's too far ahead: I only have forecasts up to 15 days ahead, so I can't tell the "
        f"weather for {when} yet."
    )
    assert meteo.asked_days == []


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("weather in paris in a week", "2026-01-12"),
        ("will it rain in rome in two weeks", "2026-01-19"),
        ("paris weather a week from now", "2026-01-12"),
    ],
)
async def test_weeks_ahead_within_reach_are_that_one_day(
    system: AgentSystem, meteo: OpenMeteo, text: str, day: str
) -> None:
    await _reply(system, text)
    assert meteo.asked_days == [day]


@pytest.mark.anyio
async def test_a_period_that_starts_within_reach_is_given_as_far_as_forecasts_go(
    system: AgentSystem, meteo: OpenMeteo
) -> None:
    reply = await _reply(system, "what's the weather in rome this winter")  # to 28 February
    assert len(meteo.asked_days) == 16
    assert reply.startswith("Today in Rome, Italy: overcast")
    assert reply.endswith("I only have forecasts up to 15 days ahead.")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("what was the weather in paris last month", "last month"),
        ("was it cold in rome last week", "last week"),
        ("what was the weather like in phoenix, az last winter", "last winter"),
    ],
)
async def test_the_past_beyond_yesterday_is_said_plainly(
    system: AgentSystem, text: str, period: str
) -> None:
    reply = await _reply(system, text)
    assert reply == f"I only have the weather from yesterday on, not for {period}."


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "weather in paris in 2 minutes",
        "will it rain in rome in 10 minutes",
        "rome weather in a few minutes",
    ],
)
async def test_minutes_from_now_are_this_hour(
    system: AgentSystem, meteo: OpenMeteo, text: str
) -> None:
    reply = await _reply(system, text)
    assert "Today at 09:00 in" in reply

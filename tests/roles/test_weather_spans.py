"""Weather said the way people say it (issue 15): a span of days is a forecast day by day over
that span ("the ten day forecast", "the next few days", "two weeks"), a weekday named with its
week is that day, "the day after" alone is the day after tomorrow, an hour from now or a clock
hour with no am/pm is the next one to come, and what to wear or take ("do i need pants", "is
today a sunscreen day") is answered yes or no from the forecast.

The clock is the fake one: Monday 5 January 2026, 09:00 UTC. Paraphrases here are not the fit
rows'.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.registry.spec import ToolContext
from agent_system.roles import RoleCall
from agent_system.runtime import FakeClock
from agent_system.testing import make_runtime, make_settings
from roles.weather import tools
from roles.weather.backend import Conditions, Forecast
from roles.weather.role import ROLE

MONDAY_9AM = datetime(2026, 1, 5, 9, 0)


def _interpret(text: str) -> Any:
    return ROLE.interpret(text, {}, make_runtime(), [])


def _when(text: str) -> Any:
    """The call for `text` without the kind of weather a yes/no question asks about (its own
    tests are in test_weather_expect.py)."""
    call = _interpret(text)
    call.arguments.pop("expect", None)
    return call


class FakeWeather:
    """One forecast for every day asked (rain unless told otherwise), the days asked kept."""

    def __init__(
        self, condition: str = "rain", high: float = 10, chance: float | None = 80
    ) -> None:
        self.condition, self.high, self.chance = condition, high, chance
        self.asked: list[tuple[date, int | None]] = []

    async def current(self, place: str) -> Conditions:
        raise AssertionError("a forecast was asked for")

    async def forecast(self, place: str, day: date, hour: int | None = None) -> Forecast:
        self.asked.append((day, hour))
        return Forecast(
            place=place,
            date=day.isoformat(),
            condition=self.condition,
            description=self.condition,
            weather_code=61 if self.condition == "rain" else 0,
            temp_c=self.high,
            temp_f=self.high * 9 / 5 + 32,
            temp_min_c=self.high - 6,
            temp_min_f=(self.high - 6) * 9 / 5 + 32,
            precipitation_probability=self.chance,
        )


async def _forecast(args: dict[str, Any], weather: FakeWeather) -> Any:
    runtime = make_runtime()
    runtime.provide(tools.BACKEND_KEY, weather)
    spec = tools.forecast.__tool_spec__  # type: ignore[attr-defined]
    return await spec.ainvoke(args, ToolContext(runtime=runtime))


# --- spans of days ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("give me the 7-day forecast for oslo", "7 days"),
        ("what's it going to be like over the next three days in oslo", "3 days"),
        ("will it snow in oslo during the coming couple of days", "couple of days"),
        ("any rain in oslo over the next few days", "few days"),
        ("oslo weather for the next two weeks", "2 weeks"),
        ("a five day outlook for oslo please", "5 days"),
        ("what's the forecast for oslo for a fortnight", "2 weeks"),
    ],
)
def test_a_span_of_days_is_a_forecast_over_that_span(text: str, day: str) -> None:
    assert _when(text) == RoleCall("weather.forecast", {"place": "Oslo", "day": day})


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("forecast for oslo in 3 days", "in 3 days"),  # one day, three days from now
        ("what was the weather in oslo yesterday", "yesterday"),
    ],
)
def test_a_single_day_is_not_a_span(text: str, day: str) -> None:
    assert _when(text) == RoleCall("weather.forecast", {"place": "Oslo", "day": day})


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("day", "count"),
    [("5 days", 5), ("next few days", 3), ("couple of days", 2), ("1 week", 7), ("fortnight", 14)],
)
async def test_the_forecast_tool_reads_a_span_day_by_day_from_today(day: str, count: int) -> None:
    weather = FakeWeather()
    out = await _forecast({"place": "Oslo", "day": day}, weather)
    assert [d for d, _ in weather.asked] == [date(2026, 1, 5 + k) for k in range(count)]
    assert out.display.startswith("Today in Oslo: rain, 4°C to 10°C")
    assert len(out.data["days"]) == count


@pytest.mark.anyio
async def test_a_span_past_the_forecasts_says_how_far_they_reach() -> None:
    weather = FakeWeather()
    out = await _forecast({"place": "Oslo", "day": "3 weeks"}, weather)
    assert len(weather.asked) == 16  # today and 15 days ahead
    assert out.display.endswith("I only have forecasts up to 15 days ahead.")


# --- days and hours -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("will it rain in oslo on thursday next week", {"day": "2026-01-15"}),
        ("next week on tuesday what's the weather in oslo", {"day": "2026-01-13"}),
        ("oslo weather wednesday this week", {"day": "wednesday"}),
        ("how warm will it be the day after in oslo", {"day": "day after tomorrow"}),
        ("what's the temperature in oslo this hour", {"day": "today", "hour": 9}),
        ("will it rain in oslo in the next hour", {"day": "today", "hour": 10}),
        ("is it going to pour in oslo in 3 hours", {"day": "today", "hour": 12}),
        ("weather in oslo at 4", {"day": "today", "hour": 16}),  # 4 am has passed at 9 am
        ("weather in oslo at 11", {"day": "today", "hour": 11}),
        ("weather in oslo tomorrow at 2", {"day": "tomorrow", "hour": 14}),
        ("weather in oslo at 7 in the evening", {"day": "today", "hour": 19}),
    ],
)
def test_a_day_or_an_hour_is_read_as_people_say_it(text: str, arguments: dict[str, Any]) -> None:
    assert _when(text) == RoleCall("weather.forecast", {"place": "Oslo", **arguments})


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("is lisbon going to be warm and sunny tomorrow", "Lisbon"),
        ("will buenos aires be cold on friday", "Buenos Aires"),
        ("is it going to be hot tomorrow", "Oslo"),  # no place said: home
        ("is the weekend going to be nice", "Oslo"),
    ],
)
def test_a_place_said_before_the_weather_it_will_have(text: str, place: str) -> None:
    call = ROLE.interpret(text, {"home": "Oslo"}, make_runtime(), [])
    assert isinstance(call, RoleCall) and call.arguments["place"] == place


def test_a_day_after_something_named_is_not_the_day_after_tomorrow() -> None:
    call = _interpret("weather in oslo the day after christmas")
    assert call.arguments.get("day") != "day after tomorrow"


# --- what to wear or take -------------------------------------------------------------------------


@pytest.fixture
async def system(tmp_path: Path) -> AsyncIterator[AgentSystem]:
    settings = make_settings(tmp_path / "home", location="Oslo")
    async with AgentSystem(settings, clock=FakeClock(MONDAY_9AM)) as engine:
        yield engine


async def _ask(system: AgentSystem, text: str, weather: FakeWeather) -> Any:
    system.engine.runtime.provide(tools.BACKEND_KEY, weather)
    return await system.arun(text)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "wear", "reply"),
    [
        ("should i bring a rain jacket tomorrow", "rain jacket", "Yes, take a rain jacket."),
        ("do we need to pack wellies for saturday", "wellies", "Yes, take wellies."),
        ("will i need gloves this evening", "gloves", "Yes, you'll want gloves."),
        ("is tomorrow a sunscreen day", "sunscreen", "No, you shouldn't need sunscreen."),
        ("can i wear sandals today", "sandals", "No, it's not sandals weather."),
    ],
)
async def test_what_to_wear_is_answered_from_a_wet_cold_forecast(
    system: AgentSystem, text: str, wear: str, reply: str
) -> None:
    result = await _ask(system, text, FakeWeather("rain", high=8, chance=80))
    assert result.route is not None and result.route.role == "weather"
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["weather.forecast"]
    assert result.plan.steps[0].arguments["wear"] == wear
    assert result.reply.startswith(reply + " ")
    assert "in Oslo: rain" in result.reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("do i need an umbrella in the afternoon", "No, you shouldn't need an umbrella."),
        ("should we take sunglasses today", "Yes, take sunglasses."),
        ("is it shorts weather tomorrow", "Yes, it's shorts weather."),
        ("am i going to need a coat today", "No, you shouldn't need a coat."),
    ],
)
async def test_what_to_wear_is_answered_from_a_sunny_warm_forecast(
    system: AgentSystem, text: str, reply: str
) -> None:
    result = await _ask(system, text, FakeWeather("sunny", high=27, chance=5))
    assert result.route is not None and result.route.role == "weather"
    assert result.reply.startswith(reply + " ")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("add an umbrella to my shopping list", "lists"),
        ("remind me to take my umbrella at 5 pm", "timer"),
    ],
)
async def test_gear_said_for_another_role_stays_there(
    system: AgentSystem, text: str, role: str
) -> None:
    assert (await system.aroute(text)).role == role

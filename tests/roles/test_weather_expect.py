"""Yes or no to a question about one kind of weather (issue 15): "will it rain tomorrow",
"is it going to snow this week", "is it sunny in Lisbon", "will it be cold on saturday", and
"when does the sun set" read as the sun, not as Sunday.

The clock is the fake one: Monday 5 January 2026, 09:00 UTC. Paraphrases are our own.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from agent_system.registry.spec import ToolContext
from agent_system.roles import RoleCall
from agent_system.testing import make_runtime
from roles.weather import tools
from roles.weather._expect import expected_in
from roles.weather.backend import Conditions, Forecast
from roles.weather.role import ROLE


def _interpret(text: str) -> Any:
    return ROLE.interpret(text, {}, make_runtime(), [])


class Days:
    """A forecast per day: (condition, high, chance of precipitation) by date, sunny otherwise."""

    def __init__(self, by_day: dict[date, tuple[str, float, float]] | None = None) -> None:
        self.by_day = by_day or {}

    async def current(self, place: str) -> Conditions:
        return Conditions(
            place=place,
            time="2026-01-05T09:00",
            condition="rain",
            description="light rain",
            weather_code=61,
            temp_c=7,
            temp_f=44.6,
        )

    async def forecast(self, place: str, day: date, hour: int | None = None) -> Forecast:
        condition, high, chance = self.by_day.get(day, ("sunny", 12.0, 5.0))
        return Forecast(
            place=place,
            date=day.isoformat(),
            condition=condition,
            description="partly cloudy" if condition == "cloudy" else condition,
            weather_code=0,
            temp_c=high,
            temp_f=high * 9 / 5 + 32,
            temp_min_c=high - 6,
            temp_min_f=(high - 6) * 9 / 5 + 32,
            precipitation_probability=chance,
        )


async def _call(name: str, args: dict[str, Any], weather: Days) -> Any:
    runtime = make_runtime()
    runtime.provide(tools.BACKEND_KEY, weather)
    spec = getattr(tools, name).__tool_spec__
    return await spec.ainvoke(args, ToolContext(runtime=runtime))


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("will it rain tomorrow in oslo", "rain"),
        ("is it going to pour on friday in oslo", "rain"),
        ("any chance of showers in oslo this weekend", "rain"),
        ("do you think it'll snow in oslo this week", None),  # "it'll": no yes/no opening
        ("is it going to snow in oslo this week", "snow"),
        ("will there be a thunderstorm in oslo tomorrow", "storm"),
        ("is it sunny in oslo", "sun"),
        ("will it be warm in oslo on saturday", "warm"),
        ("is it going to be freezing tomorrow in oslo", "freezing"),
        ("will it be chilly tomorrow in oslo", "cold"),
        ("is it temperate in oslo", "mild"),
        ("will it hail in oslo", "hail"),
        ("is it windy in oslo", "windy"),
        ("is it muggy in oslo", "humid"),
        ("what's the weather in oslo", None),
        ("when does the sun set in oslo", None),
    ],
)
def test_the_kind_of_weather_a_yes_no_question_asks_about(text: str, kind: str | None) -> None:
    assert expected_in(text) == kind


def test_a_yes_no_question_about_a_day_asks_the_forecast_about_that_kind() -> None:
    call = _interpret("is it going to rain in oslo tomorrow")
    assert isinstance(call, RoleCall)
    assert (call.tool, call.arguments) == (
        "weather.forecast",
        {"place": "Oslo", "day": "tomorrow", "expect": "rain"},
    )
    now = _interpret("is it snowing in oslo")
    assert (now.tool, now.arguments) == ("weather.current", {"place": "Oslo", "expect": "snow"})


@pytest.mark.anyio
async def test_rain_tomorrow_is_answered_yes_first() -> None:
    weather = Days({date(2026, 1, 6): ("rain", 9.0, 80.0)})
    out = await _call("forecast", {"place": "Oslo", "day": "tomorrow", "expect": "rain"}, weather)
    assert out.display.startswith("Yes, rain is likely tomorrow. Tomorrow in Oslo")


@pytest.mark.anyio
async def test_a_middling_chance_is_a_maybe_and_a_dry_day_a_no() -> None:
    weather = Days({date(2026, 1, 6): ("cloudy", 9.0, 40.0)})
    maybe = await _call("forecast", {"place": "Oslo", "day": "tomorrow", "expect": "rain"}, weather)
    assert maybe.display.startswith("Maybe: 40% chance of rain tomorrow.")
    dry = await _call("forecast", {"place": "Oslo", "day": "friday", "expect": "rain"}, weather)
    assert dry.display.startswith("No rain expected on Friday.")


@pytest.mark.anyio
async def test_a_week_says_which_days_have_it() -> None:
    weather = Days({date(2026, 1, 8): ("snow", 1.0, 70.0), date(2026, 1, 10): ("snow", 0.0, 60.0)})
    out = await _call("forecast", {"place": "Oslo", "day": "week", "expect": "snow"}, weather)
    assert out.display.startswith("Yes: snow on Thursday and on Saturday.")
    dry = await _call("forecast", {"place": "Oslo", "day": "week", "expect": "storm"}, weather)
    assert dry.display.startswith("No storms expected from today to ")


@pytest.mark.anyio
async def test_hot_and_cold_read_the_temperatures() -> None:
    weather = Days({date(2026, 1, 6): ("sunny", 27.0, 0.0), date(2026, 1, 7): ("sunny", 4.0, 0.0)})
    hot = await _call("forecast", {"place": "Oslo", "day": "tomorrow", "expect": "hot"}, weather)
    assert hot.display.startswith("Yes, it looks hot tomorrow: 21°C to 27°C.")
    cold = await _call("forecast", {"place": "Oslo", "day": "wednesday", "expect": "cold"}, weather)
    assert cold.display.startswith("Yes, it looks cold on Wednesday: -2°C to 4°C.")
    not_cold = await _call(
        "forecast", {"place": "Oslo", "day": "tomorrow", "expect": "cold"}, weather
    )
    assert not_cold.display.startswith("No, it doesn't look cold tomorrow: 21°C to 27°C.")


@pytest.mark.anyio
async def test_now_is_answered_from_the_current_weather() -> None:
    raining = await _call("current", {"place": "Oslo", "expect": "rain"}, Days())
    assert raining.display.startswith("Yes, it's raining. Oslo: 7°C and light rain")
    sunny = await _call("current", {"place": "Oslo", "expect": "sun"}, Days())
    assert sunny.display.startswith("No, it's light rain.")


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("when does the sun set in oslo", "today"),
        ("what time does the sun set in oslo tomorrow", "tomorrow"),
        ("when does the sun rise in oslo on sunday", "sunday"),
        ("when does the sun go down in oslo", "today"),
    ],
)
def test_the_sun_setting_is_not_sunday(text: str, day: str) -> None:
    call = _interpret(text)
    assert isinstance(call, RoleCall)
    assert call.arguments == {"place": "Oslo", "day": day, "sun": True}


@pytest.mark.parametrize(
    "text", ["when does the sun set", "what time does the sun set tonight", "when will the sun set"]
)
def test_a_question_about_the_sun_setting_is_the_weathers(text: str) -> None:
    from agent_system.routing.models import RouteRequest
    from roles.weather._stage import claim

    decision = claim(RouteRequest(text=text))
    assert decision is not None and decision.role == "weather"
    assert claim(RouteRequest(text="set a timer for when the sun sets")) is None


@pytest.mark.anyio
async def test_a_span_answer_lists_only_the_days_it_concerns() -> None:
    weather = Days({date(2026, 1, 8): ("snow", 1.0, 70.0)})
    out = await _call("forecast", {"place": "Oslo", "day": "week", "expect": "snow"}, weather)
    assert out.display.startswith("Yes: snow on Thursday.")
    assert "Thursday in Oslo" in out.display and "Today in Oslo" not in out.display
    dry = await _call("forecast", {"place": "Oslo", "day": "week", "expect": "storm"}, weather)
    assert dry.display.startswith("No storms expected from today to ")
    assert dry.display.endswith(" in Oslo.") and "Tomorrow in Oslo" not in dry.display


class Asked(Days):
    """`Days` that keeps the days asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[date] = []

    async def forecast(self, place: str, day: date, hour: int | None = None) -> Forecast:
        self.asked.append(day)
        return await super().forecast(place, day, hour)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "day", "first", "last"),
    [
        ("weather in oslo this week", "this week", date(2026, 1, 5), date(2026, 1, 11)),
        ("weather in oslo next week", "next week", date(2026, 1, 12), date(2026, 1, 18)),
        ("weather in oslo for the week", "week", date(2026, 1, 5), date(2026, 1, 11)),
    ],
)
async def test_this_week_runs_to_sunday_and_next_week_is_monday_to_sunday(
    said: str, day: str, first: date, last: date
) -> None:
    call = _interpret(said)
    assert call.arguments["day"] == day
    weather = Asked()
    await _call("forecast", call.arguments, weather)
    assert (weather.asked[0], weather.asked[-1]) == (first, last)


@pytest.mark.anyio
async def test_this_week_said_on_a_thursday_is_four_days() -> None:
    weather = Asked()
    runtime = make_runtime()
    runtime.clock.advance(3 * 24 * 3600)  # Thursday 8 January
    runtime.provide(tools.BACKEND_KEY, weather)
    spec = tools.forecast.__tool_spec__
    await spec.ainvoke({"place": "Oslo", "day": "this week"}, ToolContext(runtime=runtime))
    assert weather.asked == [date(2026, 1, d) for d in (8, 9, 10, 11)]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "units", "shown"),
    [
        ("weather in oslo in fahrenheit", "imperial", "°F"),
        ("what's the weather in oslo tomorrow in celsius", "metric", "°C"),
        ("oslo weather in degrees f", "imperial", "°F"),
    ],
)
async def test_a_unit_said_with_the_request_is_that_replys(
    said: str, units: str, shown: str
) -> None:
    call = _interpret(said)
    assert call.arguments["place"] == "Oslo" and call.arguments["units"] == units
    out = await _call(call.tool.split(".")[1], call.arguments, Days())
    assert shown in out.display and ("°C" if shown == "°F" else "°F") not in out.display

"""The weather role: Open-Meteo over respx, day parsing, interpret() decisions."""

from __future__ import annotations

import functools
from datetime import date
from typing import Any

import httpx
import pytest
import respx

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext
from agent_system.roles import Clarification, RoleCall
from agent_system.routing.models import Turn
from agent_system.runtime import Runtime
from agent_system.testing import make_runtime, make_settings
from roles.weather import tools
from roles.weather._days import parse_day, parse_hour, resolve_day, weekend_days
from roles.weather.backend import Conditions, Forecast, describe_code
from roles.weather.role import ROLE, extract_place

GEO = "https://geocoding-api.open-meteo.com/v1/search"
WX = "https://api.open-meteo.com/v1/forecast"
PARIS = {
    "name": "Paris",
    "latitude": 48.85,
    "longitude": 2.35,
    "country": "France",
    "country_code": "FR",
    "admin1": "Île-de-France",
    "timezone": "Europe/Paris",
}
PARIS_TEXAS = {**PARIS, "country": "United States", "country_code": "US", "admin1": "Texas"}
CURRENT = {
    "current": {
        "time": "2026-01-05T10:00",
        "temperature_2m": 11.6,
        "relative_humidity_2m": 80,
        "weather_code": 61,
        "wind_speed_10m": 14.2,
    }
}
# FakeClock starts on Monday 2026-01-05; Saturday is 2026-01-10.
DAILY = {
    "daily": {
        "time": ["2026-01-10"],
        "weather_code": [3],
        "temperature_2m_max": [9.0],
        "temperature_2m_min": [2.4],
        "precipitation_probability_max": [35],
    },
    "hourly": {
        "time": ["2026-01-10T14:00", "2026-01-10T15:00"],
        "temperature_2m": [8.0, 8.6],
        "weather_code": [2, 0],
        "precipitation_probability": [10, 5],
        "wind_speed_10m": [9.0, 8.0],
    },
}


def ctx(runtime: Runtime | None = None) -> ToolContext:
    return ToolContext(runtime=runtime or make_runtime())


async def call(name: str, args: dict[str, Any], runtime: Runtime | None = None) -> Any:
    spec = getattr(tools, name).__tool_spec__
    return await spec.ainvoke(args, ctx(runtime))


# --- tools against Open-Meteo ---------------------------------------------------------------


@pytest.mark.anyio
@respx.mock
async def test_current_weather_reports_metric_conditions_from_open_meteo() -> None:
    geo = respx.get(GEO).mock(return_value=httpx.Response(200, json={"results": [PARIS]}))
    wx = respx.get(WX).mock(return_value=httpx.Response(200, json=CURRENT))

    out = await call("current", {"place": "Paris"})

    assert out.display == "Paris, France: 12°C and light rain, wind 14 km/h."
    assert out.data["condition"] == "rain"
    assert out.data["temp_c"] == 11.6 and out.data["temp_f"] == 52.9
    assert geo.calls.last.request.url.params["name"] == "Paris"
    assert wx.calls.last.request.url.params["latitude"] == "48.85"
    assert wx.calls.last.request.url.params["timezone"] == "Europe/Paris"
    assert out.sources == ["https://open-meteo.com"]


@pytest.mark.anyio
@respx.mock
async def test_current_weather_uses_fahrenheit_and_mph_when_units_are_imperial() -> None:
    respx.get(GEO).mock(return_value=httpx.Response(200, json={"results": [PARIS]}))
    respx.get(WX).mock(return_value=httpx.Response(200, json=CURRENT))
    runtime = make_runtime(make_settings(units="imperial"))

    out = await call("current", {"place": "Paris"}, runtime)

    assert out.display == "Paris, France: 53°F and light rain, wind 9 mph."


@pytest.mark.anyio
@respx.mock
async def test_a_country_after_a_comma_picks_the_matching_place() -> None:
    respx.get(GEO).mock(return_value=httpx.Response(200, json={"results": [PARIS, PARIS_TEXAS]}))
    wx = respx.get(WX).mock(return_value=httpx.Response(200, json=CURRENT))

    out = await call("current", {"place": "Paris, Texas"})

    assert out.data["place"] == "Paris, Texas"
    assert wx.called


@pytest.mark.anyio
@respx.mock
async def test_geocoding_is_cached_per_runtime() -> None:
    geo = respx.get(GEO).mock(return_value=httpx.Response(200, json={"results": [PARIS]}))
    respx.get(WX).mock(return_value=httpx.Response(200, json=CURRENT))
    runtime = make_runtime()

    await call("current", {"place": "Paris"}, runtime)
    await call("current", {"place": "paris"}, runtime)

    assert geo.call_count == 1


@pytest.mark.anyio
@respx.mock
async def test_forecast_for_saturday_asks_for_that_date_and_reads_the_daily_block() -> None:
    respx.get(GEO).mock(return_value=httpx.Response(200, json={"results": [PARIS]}))
    wx = respx.get(WX).mock(return_value=httpx.Response(200, json=DAILY))

    out = await call("forecast", {"place": "Paris", "day": "saturday"})

    params = wx.calls.last.request.url.params
    assert params["start_date"] == params["end_date"] == "2026-01-10"
    assert params["hourly"] == "relative_humidity_2m,pressure_msl"  # the day's means only
    assert out.data["condition"] == "cloudy"
    assert out.data["temp_c"] == 9.0 and out.data["temp_min_c"] == 2.4
    assert out.data["precipitation_probability"] == 35
    assert out.display == (
        "Saturday in Paris, France: overcast, 2°C to 9°C, 35% chance of precipitation."
    )


@pytest.mark.anyio
@respx.mock
async def test_forecast_with_an_hour_reads_the_hourly_block() -> None:
    respx.get(GEO).mock(return_value=httpx.Response(200, json={"results": [PARIS]}))
    wx = respx.get(WX).mock(return_value=httpx.Response(200, json=DAILY))

    out = await call("forecast", {"place": "Paris", "day": "2026-01-10", "hour": 15})

    assert "hourly" in wx.calls.last.request.url.params
    assert out.data["hourly"]["condition"] == "sunny"
    assert out.display == (
        "Saturday at 15:00 in Paris, France: 9°C and clear sky, 5% chance of precipitation."
    )


@pytest.mark.anyio
async def test_forecast_beyond_sixteen_days_is_refused_without_a_request() -> None:
    with respx.mock(assert_all_called=False) as mock:
        route = mock.get(GEO)
        with pytest.raises(ToolExecutionError, match="up to 15 days ahead"):
            await call("forecast", {"place": "Paris", "day": "2026-03-01"})
        assert not route.called


@pytest.mark.anyio
@respx.mock
async def test_a_place_that_does_not_geocode_gets_a_clear_message() -> None:
    respx.get(GEO).mock(return_value=httpx.Response(200, json={"generationtime_ms": 0.4}))

    with pytest.raises(ToolExecutionError, match="I couldn't find a place called 'Xyzzyville'"):
        await call("current", {"place": "Xyzzyville"})


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("response", "reason"),
    [
        (httpx.Response(503, text="busy"), "HTTP 503 from api.open-meteo.com"),
        (
            httpx.Response(400, json={"error": True, "reason": "Latitude must be in range"}),
            "Latitude must be in range",
        ),
        (httpx.Response(200, text="<html>oops</html>"), "not JSON"),
        (httpx.Response(200, json={"current": {"time": "x"}}), "malformed reply"),
        (httpx.Response(200, json=[1, 2]), "malformed reply"),
    ],
)
async def test_forecast_service_failures_become_a_readable_tool_error(
    response: httpx.Response, reason: str
) -> None:
    with respx.mock:
        respx.get(GEO).mock(return_value=httpx.Response(200, json={"results": [PARIS]}))
        respx.get(WX).mock(return_value=response)
        with pytest.raises(ToolExecutionError) as info:
            await call("current", {"place": "Paris"})
    assert info.value.message.startswith("The weather service ")  # plain words for the user
    assert "open-meteo" not in info.value.message
    assert reason in info.value.details["detail"]  # the technical reason, for --verbose


@pytest.mark.anyio
@respx.mock
async def test_a_timeout_becomes_weather_service_unreachable() -> None:
    respx.get(GEO).mock(side_effect=httpx.ReadTimeout("slow"))

    with pytest.raises(
        ToolExecutionError, match="The weather service did not answer in time"
    ) as info:
        await call("current", {"place": "Paris"})
    assert info.value.details["detail"].startswith("no answer from geocoding-api")


@pytest.mark.anyio
@respx.mock
async def test_a_refused_connection_becomes_weather_service_unreachable() -> None:
    respx.get(GEO).mock(side_effect=httpx.ConnectError("refused"))

    with pytest.raises(ToolExecutionError) as info:
        await call("current", {"place": "Paris"})
    assert info.value.message == "I couldn't reach the weather service (are you offline?)."
    assert info.value.details["detail"] == (
        "could not connect to geocoding-api.open-meteo.com (ConnectError)"
    )


@pytest.mark.anyio
async def test_a_provided_backend_replaces_open_meteo() -> None:
    class Fake:
        async def current(self, place: str) -> Conditions:
            return Conditions(
                place=place,
                time="now",
                condition="snow",
                description="snow",
                weather_code=73,
                temp_c=-2,
                temp_f=28.4,
            )

        async def forecast(self, place: str, day: date, hour: int | None = None) -> Forecast:
            raise AssertionError("not used")

    runtime = make_runtime()
    runtime.provide(tools.BACKEND_KEY, Fake())

    out = await call("current", {"place": "Oslo"}, runtime)

    assert out.display == "Oslo: -2°C and snow."


def test_wmo_codes_map_to_plan_friendly_condition_words() -> None:
    assert describe_code(0) == ("sunny", "clear sky")
    assert describe_code(45)[0] == "fog"
    assert describe_code(81)[0] == "rain"
    assert describe_code(75)[0] == "snow"
    assert describe_code(96)[0] == "storm"
    assert describe_code(42)[0] == "unknown"


# --- days -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("today", date(2026, 1, 5)),
        ("tomorrow", date(2026, 1, 6)),
        ("day after tomorrow", date(2026, 1, 7)),
        ("saturday", date(2026, 1, 10)),
        ("on sat", date(2026, 1, 10)),
        ("monday", date(2026, 1, 5)),
        ("next monday", date(2026, 1, 12)),
        ("in 3 days", date(2026, 1, 8)),
        ("2026-01-09", date(2026, 1, 9)),
        ("yesterday", date(2026, 1, 4)),
    ],
)
def test_day_phrases_resolve_against_today(phrase: str, expected: date) -> None:
    assert resolve_day(phrase, date(2026, 1, 5)) == expected


def test_an_unknown_day_phrase_says_what_is_understood() -> None:
    with pytest.raises(ValueError, match="'tomorrow', a weekday"):
        resolve_day("someday", date(2026, 1, 5))


def test_days_and_hours_are_found_in_requests() -> None:
    assert parse_day("will it rain on Saturday?") == "saturday"
    assert parse_day("weather this weekend") == "weekend"
    assert parse_day("will it snow next weekend") == "next weekend"
    assert parse_day("is it colder than yesterday") == "yesterday"
    assert parse_day("weather in Paris") is None
    assert parse_hour("weather at 3pm") == 15
    assert parse_hour("at 12am") == 0
    assert parse_hour("this evening") == 19
    assert parse_hour("weather in Paris") is None


# --- interpret ------------------------------------------------------------------------------


@functools.cache
def shared_runtime() -> Runtime:
    return make_runtime()


def interpret(text: str, history: list[Turn] | None = None, **slots: Any) -> Any:
    return ROLE.interpret(text, slots, shared_runtime(), history or [])


def test_a_plain_request_asks_for_the_current_weather() -> None:
    assert interpret("what's the weather in new york") == RoleCall(
        "weather.current", {"place": "New York"}
    )


def test_a_named_day_asks_for_a_forecast() -> None:
    assert interpret("will it rain in Dublin on saturday?") == RoleCall(
        "weather.forecast", {"place": "Dublin", "day": "saturday", "expect": "rain"}
    )


def test_an_hour_asks_for_an_hourly_forecast() -> None:
    assert interpret("weather in Rome tomorrow at 3pm") == RoleCall(
        "weather.forecast", {"place": "Rome", "day": "tomorrow", "hour": 15}
    )


def test_a_follow_up_place_reuses_the_weather_intent() -> None:
    history = [Turn(text="what's the weather in Paris", role="weather")]
    assert interpret("and in Boston?", history) == RoleCall("weather.current", {"place": "Boston"})


def test_a_follow_up_day_reuses_the_place_from_history() -> None:
    history = [Turn(text="weather please", role="weather", slots={"place": "Lyon"})]
    assert interpret("what about tomorrow?", history) == RoleCall(
        "weather.forecast", {"place": "Lyon", "day": "tomorrow"}
    )


def test_a_router_slot_supplies_the_place() -> None:
    assert interpret("how's the weather", place="Kyoto") == RoleCall(
        "weather.current", {"place": "Kyoto"}
    )


def test_no_place_and_no_history_asks_which_city() -> None:
    result = interpret("what's the weather like tomorrow")
    assert isinstance(result, Clarification)
    assert result.question.startswith("Which city?")
    assert result.missing == ("place",)


def test_day_words_are_not_mistaken_for_places() -> None:
    assert extract_place("weather for the weekend in rome") == "Rome"
    assert extract_place("forecast for tomorrow") is None
    assert extract_place("Madrid weather tomorrow") == "Madrid"


def test_the_role_has_about_twenty_examples_that_it_can_interpret() -> None:
    assert len(ROLE.examples) >= 20
    runtime = make_runtime()
    history = [Turn(text="weather in Paris", role="weather")]
    for example in ROLE.examples:
        assert isinstance(ROLE.interpret(example, {}, runtime, history), RoleCall), example


def test_the_package_exports_its_public_names() -> None:
    import roles.weather

    assert sorted(roles.weather.__all__) == [
        "Conditions",
        "Forecast",
        "OpenMeteoBackend",
        "Place",
        "ROLE",
        "WeatherBackend",
        "WeatherRole",
    ]
    assert all(hasattr(roles.weather, name) for name in roles.weather.__all__)


@pytest.mark.parametrize(
    ("today", "phrase", "days"),
    [
        (date(2026, 1, 5), "weekend", (date(2026, 1, 10), date(2026, 1, 11))),
        (date(2026, 1, 5), "this weekend", (date(2026, 1, 10), date(2026, 1, 11))),
        (date(2026, 1, 5), "next weekend", (date(2026, 1, 17), date(2026, 1, 18))),
        (date(2026, 1, 10), "weekend", (date(2026, 1, 10), date(2026, 1, 11))),
        (date(2026, 1, 11), "weekend", (date(2026, 1, 11),)),
        (date(2026, 1, 5), "saturday", None),
    ],
)
def test_the_weekend_is_its_saturday_and_sunday(
    today: date, phrase: str, days: tuple[date, ...] | None
) -> None:
    assert weekend_days(phrase, today) == days


@pytest.mark.anyio
async def test_a_weekend_forecast_gives_saturday_and_sunday() -> None:
    asked: list[tuple[date, int | None]] = []

    class Fake:
        async def current(self, place: str) -> Conditions:
            raise AssertionError("not used")

        async def forecast(self, place: str, day: date, hour: int | None = None) -> Forecast:
            asked.append((day, hour))
            return Forecast(
                place=place,
                date=day.isoformat(),
                condition="rain",
                description="rain",
                weather_code=61,
                temp_c=8,
                temp_f=46.4,
                temp_min_c=2,
                temp_min_f=35.6,
                precipitation_probability=70,
            )

    runtime = make_runtime()
    runtime.provide(tools.BACKEND_KEY, Fake())

    out = await call("forecast", {"place": "Oslo", "day": "weekend"}, runtime)

    assert asked == [(date(2026, 1, 10), None), (date(2026, 1, 11), None)]
    assert out.display.startswith("Saturday in Oslo: rain, 2°C to 8°C")
    assert "Sunday in Oslo" in out.display
    assert len(out.data["days"]) == 2


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        (
            "is it going to snow in Denver this weekend",
            {"place": "Denver", "day": "weekend", "expect": "snow"},
        ),
        (
            "what will the weather be like in Austin on march sixteenth",
            {"place": "Austin", "day": "2026-03-16"},
        ),
        (
            "the weather in Rome for the thirteenth of this month",
            {"place": "Rome", "day": "2026-01-13"},
        ),
        (
            "weather in New Jersey at eight am tomorrow",
            {"place": "New Jersey", "day": "tomorrow", "hour": 8},
        ),
        ("temperature in Paris at twelve pm", {"place": "Paris", "day": "today", "hour": 12}),
        ("forecast for Vienna in 3 days", {"place": "Vienna", "day": "in 3 days"}),
        ("how is this weeks weather in Rome", {"place": "Rome", "day": "week"}),
        ("what was the weather in Oslo yesterday", {"place": "Oslo", "day": "yesterday"}),
    ],
)
def test_dates_and_clock_times_said_in_words_reach_the_forecast(
    text: str, arguments: dict[str, Any]
) -> None:
    assert interpret(text) == RoleCall("weather.forecast", arguments)

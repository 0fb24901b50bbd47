"""Sunrise and sunset: "when is sunset", "what time does the sun come up tomorrow in Rome".

Before, these got "Did you mean the weather, or a chat?". The weather role answers them from the
day's forecast (Open-Meteo's daily sunrise and sunset, over respx here); only questions are
claimed, so "turn on the lights at sunset" and "wake me at sunrise" stay with their roles.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.registry.spec import ToolContext
from agent_system.roles import RoleCall
from agent_system.testing import make_runtime, make_settings
from roles.weather import tools
from roles.weather.role import ROLE

GEO = "https://geocoding-api.open-meteo.com/v1/search"
WX = "https://api.open-meteo.com/v1/forecast"
PARIS = {
    "name": "Paris",
    "latitude": 48.85,
    "longitude": 2.35,
    "country": "France",
    "country_code": "FR",
    "timezone": "Europe/Paris",
}


def _daily(sun: bool = True) -> dict[str, Any]:
    daily: dict[str, Any] = {
        "time": ["2026-01-10"],
        "weather_code": [3],
        "temperature_2m_max": [9.0],
        "temperature_2m_min": [2.4],
        "precipitation_probability_max": [35],
    }
    if sun:
        daily |= {"sunrise": ["2026-01-10T08:43"], "sunset": ["2026-01-10T17:12"]}
    return {"daily": daily, "utc_offset_seconds": 3600}


async def _forecast(args: dict[str, Any], clock: str = "24h") -> Any:
    spec = tools.forecast.__tool_spec__  # type: ignore[attr-defined]
    runtime = make_runtime(make_settings(clock=clock))
    return await spec.ainvoke(args, ToolContext(runtime=runtime))


@pytest.mark.anyio
@respx.mock
async def test_the_forecast_says_when_the_sun_rises_and_sets() -> None:
    respx.get(GEO).mock(return_value=httpx.Response(200, json={"results": [PARIS]}))
    wx = respx.get(WX).mock(return_value=httpx.Response(200, json=_daily()))

    out = await _forecast({"place": "Paris", "day": "saturday", "sun": True})

    assert "sunrise,sunset" in wx.calls.last.request.url.params["daily"]
    assert out.display == "Saturday in Paris, France the sun rises at 08:43 and sets at 17:12."
    assert (out.data["sunrise"], out.data["sunset"]) == ("2026-01-10T08:43", "2026-01-10T17:12")
    assert out.data["utc_offset_seconds"] == 3600  # read as moments by `smart_home.at_sun`
    twelve = await _forecast({"place": "Paris", "day": "saturday", "sun": True}, clock="12h")
    assert "rises at 8:43 AM and sets at 5:12 PM" in twelve.display


@pytest.mark.anyio
@respx.mock
async def test_without_sun_times_the_forecast_is_said_as_usual() -> None:
    respx.get(GEO).mock(return_value=httpx.Response(200, json={"results": [PARIS]}))
    respx.get(WX).mock(return_value=httpx.Response(200, json=_daily(sun=False)))

    out = await _forecast({"place": "Paris", "day": "saturday", "sun": True})

    assert out.display.startswith("Saturday in Paris, France: overcast")
    assert out.data["sunrise"] is None


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("when is sunset in paris", "today"),
        ("what time does the sun come up tomorrow in rome", "tomorrow"),
        ("sunrise in oslo on saturday", "saturday"),
        ("when does it get dark in berlin", "today"),
    ],
)
def test_sun_questions_read_into_the_days_forecast(text: str, day: str) -> None:
    call = ROLE.interpret(text, {}, make_runtime(), [])
    assert isinstance(call, RoleCall) and call.tool == "weather.forecast"
    assert call.arguments["sun"] is True and call.arguments["day"] == day


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("when is sunset", "weather"),
        ("what time is sunrise tomorrow", "weather"),
        ("hey what time does the sun go down today", "weather"),
        ("how long until sunset", "weather"),
        ("turn on the lights at sunset", "smart_home"),
        ("wake me up at sunrise", "timer"),
    ],
)
async def test_only_questions_about_the_sun_go_to_the_weather(
    system: AgentSystem, text: str, role: str
) -> None:
    assert (await system.aroute(text)).role == role


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "hey olly how is the weather in long island new york",
        "temperature this hour",
        "will i need a raincoat when i go to glasgow on sunday",
        "can i go outing without any raincoat",
        "whether it would be sunny in california",
        "how many degrees is it in orange tx right now",
        "what does the forecast say for the weekend",
    ],
)
async def test_questions_that_name_the_weather_go_to_the_weather(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert (decision.role, decision.reason) == ("weather", "Asks about the weather.")


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "water the garden unless it rains",  # a condition: the planner's
        "what is the weather and set a timer for 5 minutes",  # a compound
        "set the temperature to 70",  # the thermostat
        "what's the temperature in the kitchen",  # a sensor at home
        "what temperature should i bake bread at",
        "i got drenched in the rain",  # a statement
        "add an umbrella to my shopping list",
        "remind me to take an umbrella",
        "text mom that it is raining",
        "what is a hurricane",  # a definition
        "how do you say it's raining in spanish",
        "how do you describe a hurricane",  # knowledge, the search's
        "why is the sky cloudy",
        "notify me when it starts raining",  # a notification
        "let me know when it stops snowing",
    ],
)
async def test_weather_words_of_another_request_are_not_claimed(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.reason != "Asks about the weather."


def test_a_reading_the_home_gives_stays_with_the_home() -> None:
    from agent_system.routing.models import RouteRequest
    from roles.weather._stage import stage_for

    stage = stage_for(["Outside Humidity", "Porch light"])
    assert stage(RouteRequest(text="what is the outside humidity")) is None  # a sensor's
    assert stage(RouteRequest(text="what is the temperature?")) is None  # a thermostat's
    assert stage(RouteRequest(text="what's the humidity outside tomorrow")) is not None
    bare = stage_for([])
    assert bare(RouteRequest(text="what is the outside humidity")) is not None
    assert bare(RouteRequest(text="is it raining")) is not None

"""An offline AgentSystem on a fake clock, with Open-Meteo answered by respx."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

GEO = "https://geocoding-api.open-meteo.com/v1/search"
WX = "https://api.open-meteo.com/v1/forecast"


def place(name: str, latitude: float = 48.85, longitude: float = 2.35) -> dict[str, Any]:
    return {
        "name": name,
        "latitude": latitude,
        "longitude": longitude,
        "country": "Somewhere",
        "country_code": "XX",
        "timezone": "UTC",
    }


CURRENT = {
    "current": {
        "time": "2026-01-05T10:00",
        "temperature_2m": 20.0,
        "relative_humidity_2m": 60,
        "weather_code": 0,
        "wind_speed_10m": 10.0,
    }
}


def _geocode(request: httpx.Request) -> httpx.Response:
    name = request.url.params.get("name", "")
    return httpx.Response(200, json={"results": [place(name.title())]})


@pytest.fixture
def weather() -> Iterator[respx.MockRouter]:
    """Open-Meteo: every place exists; the weather is 20 °C and clear."""
    with respx.mock(assert_all_called=False) as mock:
        mock.get(GEO).mock(side_effect=_geocode)
        mock.get(WX).mock(return_value=httpx.Response(200, json=CURRENT))
        yield mock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()  # Monday 2026-01-05


@pytest.fixture
async def system(
    tmp_path: Path, clock: FakeClock, weather: respx.MockRouter
) -> AsyncIterator[AgentSystem]:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=clock) as system:
        yield system


def geocoded(mock: respx.MockRouter) -> list[str]:
    """The place names looked up, in order."""
    return [
        call.request.url.params.get("name", "")
        for call in mock.calls
        if str(call.request.url).startswith(GEO)
    ]

"""A fake Open-Meteo for weather tests through the public API: respx routes for the geocoding
and forecast URLs, answering any place and any day the role asks.

Places are looked up by name in `places` (several results per name, as the real geocoder
gives: "Kansas City" is in Missouri and in Kansas); the weather of a place is one `Sky` for now
and every day and hour, so a test states what it expects and can compare places.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

import httpx
import respx

GEO = "https://geocoding-api.open-meteo.com/v1/search"
WX = "https://api.open-meteo.com/v1/forecast"


def place(
    name: str, country: str, code: str, admin1: str = "", lat: float = 10.0
) -> dict[str, Any]:
    """One geocoding result."""
    return {
        "name": name,
        "latitude": lat,
        "longitude": lat / 2,
        "country": country,
        "country_code": code,
        "admin1": admin1,
        "timezone": "UTC",
    }


@dataclass
class Sky:
    """The weather of one place, now and on every day and hour."""

    temp: float = 11.0
    low: float = 4.0
    code: int = 3
    rain: float = 10.0
    wind: float = 14.0
    humidity: float = 70.0
    uv: float = 2.0
    pressure: float = 1013.0
    highs: dict[str, float] = field(default_factory=dict)
    """The day's high on given days (ISO date -> °C), `temp` on the others."""


@dataclass
class OpenMeteo:
    """The fake service: `places` by lower-case name, `skies` by latitude."""

    places: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    skies: dict[float, Sky] = field(default_factory=dict)
    asked_days: list[str] = field(default_factory=list)

    def add(self, result: dict[str, Any], sky: Sky | None = None) -> None:
        self.places.setdefault(result["name"].lower(), []).append(result)
        self.skies[result["latitude"]] = sky or Sky()

    def geo(self, request: httpx.Request) -> httpx.Response:
        found = self.places.get(request.url.params.get("name", "").lower(), [])
        return httpx.Response(200, json={"results": found} if found else {})

    def weather(self, request: httpx.Request) -> httpx.Response:
        params = request.url.params
        sky = self.skies[float(params["latitude"])]
        body: dict[str, Any] = {
            "utc_offset_seconds": 0,
            "current": {
                "time": "2026-01-05T09:00",
                "temperature_2m": sky.temp,
                "relative_humidity_2m": sky.humidity,
                "weather_code": sky.code,
                "wind_speed_10m": sky.wind,
                "uv_index": sky.uv,
                "pressure_msl": sky.pressure,
                "precipitation": 0.0,
            },
        }
        if "start_date" in params:
            start = date.fromisoformat(params["start_date"])
            end = date.fromisoformat(params["end_date"])
            days = [start + timedelta(days=n) for n in range((end - start).days + 1)]
            self.asked_days.extend(d.isoformat() for d in days)
            n = len(days)
            body["daily"] = {
                "time": [d.isoformat() for d in days],
                "weather_code": [sky.code] * n,
                "temperature_2m_max": [sky.highs.get(d.isoformat(), sky.temp) for d in days],
                "temperature_2m_min": [sky.low] * n,
                "precipitation_probability_max": [sky.rain] * n,
                "sunrise": [f"{d.isoformat()}T07:50" for d in days],
                "sunset": [f"{d.isoformat()}T17:05" for d in days],
                "wind_speed_10m_max": [sky.wind] * n,
                "uv_index_max": [sky.uv] * n,
                "relative_humidity_2m_mean": [sky.humidity] * n,
                "pressure_msl_mean": [sky.pressure] * n,
            }
            hours = [f"{d.isoformat()}T{h:02d}:00" for d in days for h in range(24)]
            body["hourly"] = {
                "time": hours,
                "temperature_2m": [sky.temp] * len(hours),
                "weather_code": [sky.code] * len(hours),
                "precipitation_probability": [sky.rain] * len(hours),
                "wind_speed_10m": [sky.wind] * len(hours),
                "relative_humidity_2m": [sky.humidity] * len(hours),
                "uv_index": [sky.uv] * len(hours),
                "pressure_msl": [sky.pressure] * len(hours),
            }
        return httpx.Response(200, json=body)

    def mock(self, router: respx.MockRouter) -> None:
        router.get(GEO).mock(side_effect=self.geo)
        router.get(WX).mock(side_effect=self.weather)

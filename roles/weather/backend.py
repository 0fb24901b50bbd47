"""Weather backends: the `WeatherBackend` protocol and Open-Meteo (no API key needed).

Open-Meteo answers in Celsius and km/h; we keep both metric and imperial numbers in the data so
a plan can read ``/temp_c`` or ``/temp_f`` whatever the display units are.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Protocol, runtime_checkable

import httpx
from pydantic import BaseModel

from agent_system.errors import ToolExecutionError
from agent_system.understanding._regions import STATE_CODES
from agent_system.understanding.locale import COORDINATES
from roles._http import malformed, request_json
from roles.weather._codes import CONDITIONS, WEATHER_CONDITIONS, c_to_f, describe_code

__all__ = [
    "CONDITIONS",
    "WEATHER_CONDITIONS",
    "Conditions",
    "Forecast",
    "OpenMeteoBackend",
    "Place",
    "WeatherBackend",
    "describe_code",
]

SERVICE = "weather service"


class Place(BaseModel):
    """A geocoded place."""

    name: str
    country: str = ""
    country_code: str = ""
    admin1: str = ""
    latitude: float
    longitude: float
    timezone: str = "auto"

    @property
    def label(self) -> str:
        """The display name, e.g. "Paris, France".

        A US or Canadian place is named with its state or province ("Kansas City, Missouri"),
        which tells apart places of the same name there.
        """
        if self.country_code.upper() in ("US", "CA") and self.admin1 and self.admin1 != self.name:
            return f"{self.name}, {self.admin1}"
        if self.country == self.name:  # "Singapore", "Monaco"
            return self.name
        return ", ".join(part for part in (self.name, self.country) if part)


class Conditions(BaseModel):
    """Weather at one moment (now, or an hour of a forecast)."""

    place: str
    time: str
    condition: str
    description: str
    weather_code: int
    temp_c: float
    temp_f: float
    wind_kmh: float | None = None
    wind_mph: float | None = None
    humidity: float | None = None
    precipitation_probability: float | None = None
    uv_index: float | None = None
    pressure_hpa: float | None = None
    """Air pressure at sea level."""


class Forecast(BaseModel):
    """One day's forecast. `temp_c`/`temp_f` are the day's high."""

    place: str
    date: str
    condition: str
    description: str
    weather_code: int
    temp_c: float
    temp_f: float
    temp_min_c: float
    temp_min_f: float
    precipitation_probability: float | None = None
    hourly: Conditions | None = None
    """Set when a specific hour was asked for."""
    sunrise: str | None = None
    """When the sun rises that day, the place's local time ("2026-01-10T08:43")."""
    sunset: str | None = None
    """When the sun sets that day, the place's local time."""
    utc_offset_seconds: int | None = None
    """The place's offset from UTC that day (its local times read as moments), when known."""
    wind_kmh: float | None = None
    """The day's strongest wind."""
    wind_mph: float | None = None
    uv_index: float | None = None
    """The day's highest UV index."""
    humidity: float | None = None
    """The day's mean relative humidity (%)."""
    pressure_hpa: float | None = None
    """The day's mean air pressure at sea level."""


@runtime_checkable
class WeatherBackend(Protocol):
    """Where weather comes from. Install a fake with ``runtime.provide("weather.backend", x)``."""

    async def current(self, place: str) -> Conditions:
        """The weather now at `place`."""
        ...

    async def forecast(self, place: str, day: date, hour: int | None = None) -> Forecast:
        """The forecast for `day` (and `hour`, in the place's local time) at `place`."""
        ...


class OpenMeteoBackend:
    """Open-Meteo geocoding + forecast APIs."""

    def __init__(
        self, http: httpx.AsyncClient, weather_url: str, geocoding_url: str, timeout_s: float
    ) -> None:
        self.http = http
        self.weather_url = weather_url
        self.geocoding_url = geocoding_url
        self.timeout_s = timeout_s
        self._places: dict[str, Place] = {}

    async def geocode(self, query: str) -> Place:
        """The best match for a place name; "Paris, France" narrows by country or region."""
        key = " ".join(query.lower().split())
        if key in self._places:
            return self._places[key]
        if coordinates := COORDINATES.match(query):
            lat, lon = float(coordinates["lat"]), float(coordinates["lon"])
            return Place(name=f"{lat:g}, {lon:g}", latitude=lat, longitude=lon)
        name, _, qualifier = _ALIASES.get(key, query).partition(",")
        body = await request_json(
            self.http,
            "GET",
            self.geocoding_url,
            service=SERVICE,
            timeout_s=self.timeout_s,
            params={"name": name.strip(), "count": 10, "language": "en", "format": "json"},
        )
        if not isinstance(body, dict):
            raise malformed(SERVICE, "geocoding reply is not an object")
        results = body.get("results") or []
        if not isinstance(results, list):
            raise malformed(SERVICE, "geocoding 'results' is not a list")
        try:
            places = [Place.model_validate(item) for item in results]
        except ValueError:
            raise malformed(SERVICE, "geocoding result without coordinates") from None
        if wanted := _qualifier(qualifier):
            places = [
                p
                for p in places
                if wanted & {p.country.lower(), p.admin1.lower(), p.country_code.lower()}
            ]
        if not places:
            raise ToolExecutionError(
                f"I couldn't find a place called {query.strip()!r}. Check the spelling, or add "
                "the country (e.g. 'Paris, France').",
                details={"place": query},
            )
        self._places[key] = places[0]
        return places[0]

    async def _fetch(self, place: Place, **params: Any) -> dict[str, Any]:
        body = await request_json(
            self.http,
            "GET",
            self.weather_url,
            service=SERVICE,
            timeout_s=self.timeout_s,
            params={
                "latitude": place.latitude,
                "longitude": place.longitude,
                "timezone": place.timezone or "auto",
                **params,
            },
        )
        if not isinstance(body, dict):
            raise malformed(SERVICE, "forecast reply is not an object")
        return body

    async def current(self, place: str) -> Conditions:
        """The weather now at `place`."""
        where = await self.geocode(place)
        body = await self._fetch(
            where,
            current="temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m,uv_index,"
            "pressure_msl",
        )
        now = body.get("current")
        if not isinstance(now, dict):
            raise malformed(SERVICE, "no 'current' block")
        try:
            return _conditions(
                where.label,
                str(now["time"]),
                now["weather_code"],
                now["temperature_2m"],
                wind=now.get("wind_speed_10m"),
                humidity=now.get("relative_humidity_2m"),
                uv=now.get("uv_index"),
                pressure=now.get("pressure_msl"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise malformed(SERVICE, f"'current' lacks {exc}") from None

    async def forecast(self, place: str, day: date, hour: int | None = None) -> Forecast:
        """The forecast for `day` (and `hour`) at `place`, up to 16 days ahead."""
        where = await self.geocode(place)
        params: dict[str, Any] = {
            "daily": "weather_code,temperature_2m_max,temperature_2m_min,"
            "precipitation_probability_max,sunrise,sunset,wind_speed_10m_max,uv_index_max",
            "start_date": day.isoformat(),
            "end_date": day.isoformat(),
            "hourly": _DAY_HOURLY,
        }
        if hour is not None:
            params["hourly"] = f"{_DAY_HOURLY},{_HOURLY}"
        body = await self._fetch(where, **params)
        daily = body.get("daily")
        if not isinstance(daily, dict):
            raise malformed(SERVICE, "no 'daily' block")
        try:
            index = list(daily["time"]).index(day.isoformat())
            code = int(daily["weather_code"][index])
            high = float(daily["temperature_2m_max"][index])
            low = float(daily["temperature_2m_min"][index])
            rain = daily.get("precipitation_probability_max", [None] * (index + 1))[index]
            sunrise = daily.get("sunrise", [None] * (index + 1))[index]
            sunset = daily.get("sunset", [None] * (index + 1))[index]
            wind = _number(daily.get("wind_speed_10m_max", [None] * (index + 1))[index])
            uv = _number(daily.get("uv_index_max", [None] * (index + 1))[index])
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise malformed(SERVICE, f"'daily' block incomplete: {exc}") from None
        condition, description = describe_code(code)
        forecast = Forecast(
            place=where.label,
            date=day.isoformat(),
            condition=condition,
            description=description,
            weather_code=code,
            temp_c=round(high, 1),
            temp_f=c_to_f(high),
            temp_min_c=round(low, 1),
            temp_min_f=c_to_f(low),
            precipitation_probability=rain,
            sunrise=str(sunrise) if sunrise else None,
            sunset=str(sunset) if sunset else None,
            utc_offset_seconds=_offset(body.get("utc_offset_seconds")),
            wind_kmh=wind,
            wind_mph=None if wind is None else round(wind / 1.609344, 1),
            uv_index=uv,
            humidity=_day_mean(body, day, "relative_humidity_2m"),
            pressure_hpa=_day_mean(body, day, "pressure_msl"),
        )
        if hour is not None:
            forecast.hourly = _hour(body, where.label, day, hour)
        return forecast


_ALIASES = {
    "district of columbia": "Washington, District of Columbia",
    "washington dc": "Washington, District of Columbia",
    "washington d.c.": "Washington, District of Columbia",
    "washington, dc": "Washington, District of Columbia",
    "washington, d.c.": "Washington, District of Columbia",
}
"""Places whose usual name is not the name the geocoder knows them by."""
_COUNTRY_ALIASES = {
    **dict.fromkeys(("usa", "us", "u.s.", "u.s.a.", "america", "united states of america"), "us"),
    **dict.fromkeys(("uk", "u.k.", "britain", "great britain", "united kingdom"), "gb"),
    "holland": "nl",
    "uae": "ae",
    "korea": "kr",
    "czechia": "cz",
}


def _qualifier(said: str) -> set[str]:
    """The names a region after the comma may match ("AZ": "az" and "arizona"; "USA": "us")."""
    wanted = " ".join(said.lower().split())
    if not wanted:
        return set()
    names = {wanted, STATE_CODES.get(wanted, wanted)}
    if country := _COUNTRY_ALIASES.get(wanted):
        names.add(country)
    return names


_DAY_HOURLY = "relative_humidity_2m,pressure_msl"
"""Hourly values a day's forecast averages (the daily block has no humidity or pressure)."""
_HOURLY = "temperature_2m,weather_code,precipitation_probability,wind_speed_10m,uv_index"
"""Hourly values of an hour's forecast."""


def _number(value: Any) -> float | None:
    """`value` as a float, None when it is missing or not a number."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return round(float(value), 1)


def _day_mean(body: dict[str, Any], day: date, name: str) -> float | None:
    """The mean of the hourly `name` over `day`, None when the reply has none."""
    hourly = body.get("hourly")
    if not isinstance(hourly, dict):
        return None
    times, values = hourly.get("time"), hourly.get(name)
    if not isinstance(times, list) or not isinstance(values, list):
        return None
    prefix = day.isoformat()
    found = [
        v
        for t, v in zip(times, values, strict=False)
        if str(t).startswith(prefix) and _number(v) is not None
    ]
    return round(sum(found) / len(found), 1) if found else None


def _offset(value: Any) -> int | None:
    """The reply's `utc_offset_seconds`, when it is a whole number of seconds."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _hour(body: dict[str, Any], label: str, day: date, hour: int) -> Conditions:
    hourly = body.get("hourly")
    if not isinstance(hourly, dict):
        raise malformed(SERVICE, "no 'hourly' block")
    stamp = f"{day.isoformat()}T{hour:02d}:00"
    try:
        i = list(hourly["time"]).index(stamp)
        return _conditions(
            label,
            stamp,
            hourly["weather_code"][i],
            hourly["temperature_2m"][i],
            wind=hourly.get("wind_speed_10m", [None] * (i + 1))[i],
            rain=hourly.get("precipitation_probability", [None] * (i + 1))[i],
            humidity=hourly.get("relative_humidity_2m", [None] * (i + 1))[i],
            uv=hourly.get("uv_index", [None] * (i + 1))[i],
            pressure=hourly.get("pressure_msl", [None] * (i + 1))[i],
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise malformed(SERVICE, f"'hourly' block incomplete: {exc}") from None


def _conditions(
    label: str,
    time: str,
    code: Any,
    temp: Any,
    *,
    wind: Any = None,
    humidity: Any = None,
    rain: Any = None,
    uv: Any = None,
    pressure: Any = None,
) -> Conditions:
    condition, description = describe_code(int(code))
    celsius = float(temp)
    return Conditions(
        place=label,
        time=time,
        condition=condition,
        description=description,
        weather_code=int(code),
        temp_c=round(celsius, 1),
        temp_f=c_to_f(celsius),
        wind_kmh=None if wind is None else round(float(wind), 1),
        wind_mph=None if wind is None else round(float(wind) / 1.609344, 1),
        humidity=None if humidity is None else float(humidity),
        precipitation_probability=None if rain is None else float(rain),
        uv_index=_number(uv),
        pressure_hpa=_number(pressure),
    )

"""The one quantity a weather question asks about: "how humid is it", "what's the wind like".

"how humid is it in singapore", "what's the wind like in chicago", "what's the uv index
tomorrow", "what's the air pressure in oslo".

The role finds it (`measure_in`); the weather tools say it first (`lead_now` for now,
`lead_day` for a day or an hour), then the weather as usual. A yes/no question ("is it humid")
is answered by `expect` instead (`_expect.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern

if TYPE_CHECKING:
    from roles.weather.backend import Conditions, Forecast

__all__ = ["MEASURES", "lead_day", "lead_now", "measure_in"]

MEASURES = ("humidity", "wind", "uv", "pressure")
"""The quantities a question can ask about first."""
_ASKED = (
    ("uv", lazy_pattern(r"\bu\.?v\.?(?:\s+(?:index|level|rays?|light))?\b|\bultra\s?violet")),
    ("humidity", lazy_pattern(r"\bhumid(?:ity)?\b|\bmuggy\b|\bdew\s?point\b")),
    ("wind", lazy_pattern(r"\bwind(?:s|y|iness|\s+speed)?\b|\bbreez(?:e|y)\b|\bgust(?:s|y)?\b")),
    (
        "pressure",
        lazy_pattern(r"\b(?:air|barometric|atmospheric)\s+pressure\b|\bbarometer\b|\bpressure\b"),
    ),
)  # fmt: skip


def measure_in(text: str) -> str | None:
    """The quantity a weather question asks about ("humidity"), or None."""
    said = text.lower()
    return next((name for name, pattern in _ASKED if pattern.search(said)), None)


def _uv_band(uv: float) -> str:
    if uv < 3:
        return "low"
    if uv < 6:
        return "moderate"
    if uv < 8:
        return "high"
    return "very high" if uv < 11 else "extreme"


def _value(
    measure: str,
    *,
    humidity: float | None,
    wind: float | None,
    uv: float | None,
    pressure: float | None,
    imperial: bool,
    most: bool = False,
) -> str | None:
    """The quantity as said ("85%", "14 km/h", "6 (high)", "1013 hPa"), None when unknown."""
    up_to = "up to " if most else ""
    if measure == "humidity" and humidity is not None:
        return f"{'about ' if most else ''}{humidity:.0f}%"
    if measure == "wind" and wind is not None:
        return up_to + (f"{wind / 1.609344:.0f} mph" if imperial else f"{wind:.0f} km/h")
    if measure == "uv" and uv is not None:
        return f"{up_to}{uv:.0f} ({_uv_band(uv)})"
    if measure == "pressure" and pressure is not None:
        return f"{pressure * 0.02953:.2f} inHg" if imperial else f"{pressure:.0f} hPa"
    return None


_NAMES = {"humidity": "Humidity", "wind": "Wind", "uv": "The UV index", "pressure": "Air pressure"}


def lead_now(measure: str, now: Conditions, imperial: bool) -> str | None:
    """The quantity now ("Humidity in Singapore now: 85%."), None when not known."""
    said = _value(
        measure,
        humidity=now.humidity,
        wind=now.wind_kmh,
        uv=now.uv_index,
        pressure=now.pressure_hpa,
        imperial=imperial,
    )
    if said is None:
        return None
    return f"{_NAMES[measure]} in {now.place} now: {said}."


def lead_day(measure: str, forecast: Forecast, when: str, imperial: bool) -> str | None:
    """The quantity on a day or at an hour ("Humidity in Singapore tomorrow: about 80%.")."""
    hourly = forecast.hourly
    if hourly is not None:
        said = _value(
            measure,
            humidity=hourly.humidity,
            wind=hourly.wind_kmh,
            uv=hourly.uv_index,
            pressure=hourly.pressure_hpa,
            imperial=imperial,
        )
    else:
        said = _value(
            measure,
            humidity=forecast.humidity,
            wind=forecast.wind_kmh,
            uv=forecast.uv_index,
            pressure=forecast.pressure_hpa,
            imperial=imperial,
            most=True,
        )
    if said is None:
        return None
    return f"{_NAMES[measure]} in {forecast.place} {when}: {said}."

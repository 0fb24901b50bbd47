"""The weather of two places compared: "is it warmer in rome than in oslo"."""

from __future__ import annotations

from datetime import date

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from roles.weather._compare import COMPARISONS, said
from roles.weather._days import resolve_day
from roles.weather.backend import Conditions, Forecast
from roles.weather.tools import MAX_DAYS_AHEAD, day_name, weather_backend

__all__ = ["compare"]

_SAME = {"temp": 1.0, "rain": 10.0, "wind": 3.0, "humidity": 5.0}
"""Differences too small to call one place more than the other."""


def _value(kind: str, w: Conditions | Forecast) -> float | None:
    hourly = w.hourly if isinstance(w, Forecast) else None
    reading: Conditions | Forecast = hourly or w
    if kind == "temp":
        return reading.temp_c
    if kind == "rain":
        return reading.precipitation_probability
    if kind == "wind":
        return reading.wind_kmh
    return reading.humidity


def _shown(kind: str, value: float, imperial: bool) -> str:
    if kind == "temp":
        return f"{value * 9 / 5 + 32:.0f}°F" if imperial else f"{value:.0f}°C"
    if kind == "wind":
        return f"{value / 1.609344:.0f} mph" if imperial else f"{value:.0f} km/h"
    if kind == "rain":
        return f"a {value:.0f}% chance of precipitation"
    return f"{value:.0f}% humidity"


@tool(idempotent=True, cache_ttl_s=600, timeout_s=30, tags=("weather", "compare"))
async def compare(
    ctx: ToolContext,
    place: str,
    other: str,
    word: str = "warmer",
    day: str | None = None,
    hour: int | None = None,
) -> ToolOutput:
    """Compare the weather of two places and say which is warmer, colder, wetter, windier...

    Args:
        place: The first city or town, e.g. "Rome".
        other: The second, e.g. "Oslo".
        word: The comparison asked: warmer, hotter, colder, cooler, chillier, wetter, rainier,
            drier, windier, calmer, more humid, less humid.
        day: "today", "tomorrow", a weekday or an ISO date; empty for now.
        hour: Hour of that day (0-23, each place's local time).

    Returns:
        places (both readings), winner (the place that is more so), and the values compared.
    """
    kind, way = COMPARISONS.get(" ".join(word.lower().split()), ("temp", 1))
    backend = weather_backend(ctx.runtime)
    today = ctx.runtime.clock.now().date()
    readings: list[Conditions | Forecast]
    target = None
    if day or hour is not None or kind == "rain":  # chance of rain: today's forecast at least
        try:
            target = resolve_day(day or "today", today)
        except ValueError as exc:
            raise ToolExecutionError(str(exc)) from None
        if not 0 <= (target - today).days <= MAX_DAYS_AHEAD:
            raise ToolExecutionError(
                f"I only have forecasts up to {MAX_DAYS_AHEAD} days ahead, so I can't compare "
                "that day yet."
            )
        readings = [await backend.forecast(p, target, hour) for p in (place, other)]
    else:
        readings = [await backend.current(p) for p in (place, other)]
    first, second = readings
    a, b = _value(kind, first), _value(kind, second)
    if a is None or b is None:
        raise ToolExecutionError(f"The weather service gave no {word} reading to compare.")
    imperial = ctx.runtime.settings.units == "imperial"
    name_a, name_b = said(first.place, second.place), said(second.place, first.place)
    when = "" if target is None or target == today else f" {_when(target, today)}"
    if abs(a - b) < _SAME[kind]:
        display = (
            f"About the same{when}: {_shown(kind, a, imperial)} in {name_a} and "
            f"{_shown(kind, b, imperial)} in {name_b}."
        )
        winner = None
    else:
        first_wins = (a > b) == (way > 0)
        winner, loser = (name_a, name_b) if first_wins else (name_b, name_a)
        its, theirs = (a, b) if first_wins else (b, a)
        display = (
            f"{winner} is {word}{when}: {_shown(kind, its, imperial)} against "
            f"{_shown(kind, theirs, imperial)} in {loser}."
        )
    return ToolOutput(
        data={
            "places": [r.model_dump() for r in readings],
            "winner": winner,
            "compared": kind,
            "values": [a, b],
        },
        display=display,
        sources=["https://open-meteo.com"],
    )


def _when(target: date, today: date) -> str:
    """The day within a sentence: "tomorrow", "on Friday", "on Monday 26 January"."""
    name = day_name(target, today)
    return name.lower() if name == "Tomorrow" else f"on {name}"

"""Weather compared: two places, or two days of one place.

"is it warmer in rome than in oslo", "will it be warmer tomorrow than today".
"""

from __future__ import annotations

from datetime import date, timedelta

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from roles.weather._compare import COMPARISONS, said
from roles.weather._days import resolve_day
from roles.weather.backend import Conditions, Forecast
from roles.weather.tools import MAX_DAYS_AHEAD, day_name, weather_backend

__all__ = ["compare", "compare_days"]

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
        article = "an" if f"{value:.0f}".startswith("8") or f"{value:.0f}" in ("11", "18") else "a"
        return f"{article} {value:.0f}% chance of precipitation"
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


@tool(idempotent=True, cache_ttl_s=600, timeout_s=30, tags=("weather", "compare"))
async def compare_days(
    ctx: ToolContext, place: str, day: str, other: str = "today", word: str = "warmer"
) -> ToolOutput:
    """Compare the weather of one place on two days: "will it be warmer tomorrow than today".

    Args:
        place: The city or town, e.g. "Paris".
        day: The day asked about: "today", "tomorrow", "yesterday", a weekday or an ISO date.
        other: The day it is compared with (default today).
        word: The comparison asked: warmer, colder, wetter, windier... (as for `compare`).

    Returns:
        days (both forecasts), answer (True when `day` is `word` than `other`, None when about
        the same) and the values compared (the day's high for temperatures).
    """
    kind, way = COMPARISONS.get(" ".join(word.lower().split()), ("temp", 1))
    today = ctx.runtime.clock.now().date()
    try:
        first, second = resolve_day(day, today), resolve_day(other, today)
    except ValueError as exc:
        raise ToolExecutionError(str(exc)) from None
    for target in (first, second):
        if not -1 <= (target - today).days <= MAX_DAYS_AHEAD:
            raise ToolExecutionError(
                f"I only have yesterday's weather and forecasts up to {MAX_DAYS_AHEAD} days "
                "ahead, so I can't compare those days."
            )
    backend = weather_backend(ctx.runtime)
    readings = [await backend.forecast(place, target) for target in (first, second)]
    a, b = _value(kind, readings[0]), _value(kind, readings[1])
    if a is None or b is None:
        raise ToolExecutionError(f"The weather service gave no {word} reading to compare.")
    imperial = ctx.runtime.settings.units == "imperial"
    high = "a high of " if kind == "temp" else ""
    name = readings[0].place.split(",")[0]
    when, then = _day_said(first, today), _day_said(second, today)
    if abs(a - b) < _SAME[kind]:
        answer = None
        display = (
            f"About the same in {name}: {high}{_shown(kind, a, imperial)} {when} and "
            f"{_shown(kind, b, imperial)} {then}."
        )
    else:
        more = (a > b) == (way > 0)
        answer = more
        said = word if more else _OPPOSITE.get(word, f"not {word}")
        verb = "is" if first == today else "was" if first < today else "will be"
        display = (
            f"{'Yes' if more else 'No'}, {when.removeprefix('on ')} {verb} {said} in {name}: {high}"
            f"{_shown(kind, a, imperial)} against {_shown(kind, b, imperial)} {then}."
        )
    return ToolOutput(
        data={
            "days": [r.model_dump() for r in readings],
            "answer": answer,
            "compared": kind,
            "values": [a, b],
        },
        display=display,
        sources=["https://open-meteo.com"],
    )


_OPPOSITE = {
    "warmer": "colder",
    "hotter": "colder",
    "colder": "warmer",
    "cooler": "warmer",
    "chillier": "warmer",
    "wetter": "drier",
    "rainier": "drier",
    "drier": "wetter",
    "dryer": "wetter",
    "windier": "calmer",
    "calmer": "windier",
    "more humid": "less humid",
    "less humid": "more humid",
}


def _day_said(target: date, today: date) -> str:
    """A day inside a sentence: "today", "yesterday", "tomorrow", "on Friday"."""
    if target == today:
        return "today"
    if target == today - timedelta(days=1):
        return "yesterday"
    return _when(target, today)

"""Weather tools: current conditions and forecasts (Open-Meteo by default, no API key)."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Literal

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.runtime import Dependency, Runtime
from agent_system.understanding.locale import format_clock, format_long_date, home_location
from roles.weather._days import resolve_day, weekend_days
from roles.weather._expect import KINDS, days_meant, verdict, verdict_now
from roles.weather._far import period_days
from roles.weather._measure import MEASURES, lead_day, lead_now
from roles.weather._spans import span_days
from roles.weather._wear import advice, advice_days
from roles.weather.backend import Conditions, Forecast, OpenMeteoBackend, WeatherBackend

__all__ = ["BACKEND", "BACKEND_KEY", "current", "day_name", "forecast", "weather_backend"]

MAX_DAYS_AHEAD = 15


def _build(runtime: Runtime) -> WeatherBackend:
    settings = runtime.settings
    return OpenMeteoBackend(
        runtime.http, settings.weather_url, settings.geocoding_url, settings.http_timeout_s
    )


BACKEND: Dependency[WeatherBackend] = Dependency(
    "weather.backend", _build, description="Where weather comes from (Open-Meteo by default)."
)
BACKEND_KEY = BACKEND.name


def weather_backend(runtime: Runtime) -> WeatherBackend:
    """The runtime's weather backend (Open-Meteo unless a test provided another)."""
    return runtime.get(BACKEND)


async def _place(ctx: ToolContext, place: str) -> str:
    """`place`, or the user's home when it is blank; a plain question when neither is known."""
    if place.strip():
        return place
    home = await home_location(ctx.runtime.settings, ctx.runtime.store, ctx.user)
    if not home:
        raise ToolExecutionError(
            "Which city? Name a place, or tell me where you live, e.g. 'I live in Paris'."
        )
    return home


def _imperial(ctx: ToolContext, units: str | None) -> bool:
    """°F and mph: the unit the request named ("in fahrenheit"), else the user's setting."""
    return (units or ctx.runtime.settings.units) == "imperial"


def _temp(c: float, f: float, imperial: bool) -> str:
    return f"{f:.0f}°F" if imperial else f"{c:.0f}°C"


def _now_text(w: Conditions, imperial: bool, wind: bool = True) -> str:
    """The weather now; without the wind when the reply said it first (`wind` False)."""
    text = f"{w.place}: {_temp(w.temp_c, w.temp_f, imperial)} and {w.description}"
    if wind and imperial and w.wind_mph is not None:
        text += f", wind {w.wind_mph:.0f} mph"
    elif wind and not imperial and w.wind_kmh is not None:
        text += f", wind {w.wind_kmh:.0f} km/h"
    return text + "."


@tool(idempotent=True, cache_ttl_s=600, timeout_s=20, tags=("weather", "temperature"))
async def current(
    ctx: ToolContext,
    place: str,
    expect: str | None = None,
    measure: str | None = None,
    units: Literal["metric", "imperial"] | None = None,
) -> ToolOutput:
    """Get the current weather for a place.

    Args:
        place: City or town, optionally with the country, e.g. "Paris" or "Paris, France";
            empty for the user's home location.
        expect: A kind of weather a yes/no question asks about (rain, snow, sun, storm, cloud,
            fog, hail, hot, warm, mild, cold, freezing, windy, humid: "is it raining in Oslo"):
            the reply says yes or no first.
        measure: The quantity a question asks about (humidity, wind, uv, pressure: "how humid
            is it"): the reply says it first.
        units: "imperial" (°F, mph) or "metric" (°C, km/h) when the request names one ("in
            fahrenheit"); the user's setting otherwise.

    Returns:
        condition (sunny, cloudy, fog, rain, snow, storm), description, temp_c, temp_f,
        wind_kmh, wind_mph, humidity, uv_index, pressure_hpa.
    """
    place = await _place(ctx, place)
    weather = await weather_backend(ctx.runtime).current(place)
    imperial = _imperial(ctx, units)
    display = _now_text(weather, imperial)
    if expect in KINDS:
        said = verdict_now(expect, weather, imperial)  # "No, wind 10 km/h.": said once
        display = f"{said} {_now_text(weather, imperial, wind='wind' not in said.lower())}"
    elif measure in MEASURES and (lead := lead_now(measure, weather, imperial)):
        display = f"{lead} {_now_text(weather, imperial, wind=measure != 'wind')}"
    return ToolOutput(
        data=weather.model_dump(),
        display=display,
        sources=["https://open-meteo.com"],
    )


@tool(idempotent=True, cache_ttl_s=600, timeout_s=20, tags=("weather", "forecast"))
async def forecast(
    ctx: ToolContext,
    place: str,
    day: str = "tomorrow",
    hour: int | None = None,
    sun: bool = False,
    wear: str | None = None,
    expect: str | None = None,
    measure: str | None = None,
    units: Literal["metric", "imperial"] | None = None,
) -> ToolOutput:
    """Get the weather forecast for a place on a given day, optionally at a given hour.

    Args:
        place: City or town, optionally with the country, e.g. "Boston, United States";
            empty for the user's home location.
        day: "today", "tomorrow", "yesterday", a weekday such as "saturday", "in 3 days", an
            ISO date; "week" for a day-by-day forecast of the coming 7 days, "this week" to
            Sunday, "next week" Monday to Sunday of the next one; a span from today, day by
            day: "10 days", "next few days", "2 weeks";
            "weekend" / "next weekend" for its Saturday and Sunday.
        hour: Hour of the day (0-23, the place's local time) for an hourly forecast.
        sun: True to answer when the sun rises and sets that day ("when is sunset").
        wear: Something to wear or take the user asks about ("umbrella", "coat",
            "sunscreen", "shorts"): the reply says yes or no first, from the forecast.
        expect: A kind of weather a yes/no question asks about (rain, snow, sun, storm, cloud,
            fog, hail, hot, warm, mild, cold, freezing, windy, humid: "will it snow this week"):
            the reply says yes, maybe or no first, and on which days of a span.
        measure: The quantity a question asks about (humidity, wind, uv, pressure: "what's the
            uv index tomorrow"): the reply says it first.
        units: "imperial" (°F, mph) or "metric" (°C, km/h) when the request names one ("in
            fahrenheit"); the user's setting otherwise.

    Returns:
        date, condition (sunny, cloudy, fog, rain, snow, storm), description, temp_c and temp_f
        (the day's high), temp_min_c, temp_min_f, precipitation_probability, sunrise and
        sunset (local times), wind_kmh, wind_mph and uv_index (the day's highest), humidity
        and pressure_hpa (the day's mean), and `hourly` when an hour was given.
    """
    place = await _place(ctx, place)
    if hour is not None and not 0 <= hour <= 23:
        raise ToolExecutionError(f"Hour {hour} is not an hour of the day; use 0 to 23.")
    today = ctx.runtime.clock.now().date()
    if (weekly := _week(day, today)) is not None:
        week = _span(*weekly, today)
        return await _days(
            ctx, place, week, today, expect=expect, wear=wear, measure=measure, units=units
        )
    if (days := span_days(day, today)) is not None:  # "10 days", "next few days", "2 weeks"
        span = _span(days[0], days[-1], today)
        return await _days(
            ctx,
            place,
            span,
            today,
            hour,
            days[-1],
            expect=expect,
            wear=wear,
            measure=measure,
            units=units,
        )
    if weekend := weekend_days(day, today):
        span = _span(weekend[0], weekend[-1], today)
        return await _days(
            ctx, place, span, today, hour, expect=expect, wear=wear, measure=measure, units=units
        )
    if re.fullmatch(r"last\s+\w+", said := day.strip().lower()):  # "last month"
        raise ToolExecutionError(f"I only have the weather from yesterday on, not for {said}.")
    if reach := period_days(day, today):  # "next month", "this winter", "next autumn"
        if reach[0] > today + timedelta(days=MAX_DAYS_AHEAD):
            raise ToolExecutionError(_too_far(said))
        span = _span(reach[0], reach[1], today)
        return await _days(
            ctx,
            place,
            span,
            today,
            hour,
            reach[1],
            expect=expect,
            wear=wear,
            measure=measure,
            units=units,
        )
    try:
        target = resolve_day(day, today)
    except ValueError as exc:
        raise ToolExecutionError(str(exc)) from None
    if target < today - timedelta(days=1):
        raise ToolExecutionError(
            f"I only have the weather from yesterday on; {_date(target, today, ctx)} is too "
            "long ago."
        )
    if target > today + timedelta(days=MAX_DAYS_AHEAD):
        raise ToolExecutionError(_too_far(_date(target, today, ctx)))
    result = await weather_backend(ctx.runtime).forecast(place, target, hour)
    imperial = _imperial(ctx, units)
    named = day_name(target, today)
    display = _forecast_text(result, named, imperial, ctx.runtime)
    if sun:
        display = _sun_text(result, named, ctx.runtime) or display
    elif wear and (answer := advice(wear, result)):
        display = f"{answer} {display}"
    elif expect in KINDS:
        display = f"{verdict(expect, [result], [named], imperial)} {display}"
    elif measure in MEASURES:
        when = _when(result, named, ctx.runtime)
        if lead := lead_day(measure, result, when, imperial):
            display = f"{lead} {display}"
    return ToolOutput(data=result.model_dump(), display=display, sources=["https://open-meteo.com"])


def _too_far(when: str) -> str:
    """The plain answer for a day or period past the forecasts."""
    return (
        f"That's too far ahead: I only have forecasts up to {MAX_DAYS_AHEAD} days ahead, so I "
        f"can't tell the weather for {when} yet."
    )


def _date(target: date, today: date, ctx: ToolContext) -> str:
    """The date said in full ("Monday 26 January"), with its year when not this year's."""
    return format_long_date(target, ctx.runtime.settings, year=target.year != today.year)


def _sun_text(f: Forecast, day: str, runtime: Runtime) -> str | None:
    """When the sun rises and sets that day, or None when the service gave no times.

    "Tomorrow in Paris the sun rises at 08:43 and sets at 17:12."
    """
    if not (f.sunrise and f.sunset):
        return None
    try:
        rise, set_ = (datetime.fromisoformat(t) for t in (f.sunrise, f.sunset))
    except ValueError:
        return None
    rises, sets = (format_clock(t, runtime.settings) for t in (rise, set_))
    return f"{day} in {f.place} the sun rises at {rises} and sets at {sets}."


_WEEKS = frozenset({"week", "the week", "coming week", "the coming week", "week ahead"})
"""Day phrases of the seven days from today."""


def _week(day: str, today: date) -> tuple[date, date] | None:
    """The first and last day a week phrase means.

    "this week" is the rest of it to Sunday (as the calendar reads it), "next week" Monday to
    Sunday of the next one, "the week ahead" seven days from today.
    """
    said = day.strip().lower()
    if said == "this week" and today.weekday() < 5:
        return today, today + timedelta(days=6 - today.weekday())
    if said == "next week":
        monday = today + timedelta(days=7 - today.weekday())
        return monday, monday + timedelta(days=6)
    if said in _WEEKS or said == "this week":
        return today, today + timedelta(days=6)
    return None


def _span(first: date, last: date, today: date) -> list[date]:
    """The days from `first` to `last`, as far as forecasts reach."""
    last = min(last, today + timedelta(days=MAX_DAYS_AHEAD))
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


async def _days(
    ctx: ToolContext,
    place: str,
    days: list[date],
    today: date,
    hour: int | None = None,
    asked_until: date | None = None,
    *,
    expect: str | None = None,
    wear: str | None = None,
    measure: str | None = None,
    units: str | None = None,
) -> ToolOutput:
    """A day-by-day forecast of `days` (a week, a weekend), at `hour` when one was named.

    When the span asked for (to `asked_until`) reaches past the forecasts, the reply says so.
    """
    backend = weather_backend(ctx.runtime)
    imperial = _imperial(ctx, units)
    results: list[Forecast] = []
    lines: list[str] = []
    for target in days:
        result = await backend.forecast(place, target, hour)
        results.append(result)
        lines.append(_forecast_text(result, day_name(target, today), imperial, ctx.runtime))
    if asked_until is not None and days and asked_until > days[-1]:
        lines.append(f"I only have forecasts up to {MAX_DAYS_AHEAD} days ahead.")
    names = [day_name(target, today) for target in days]
    if wear and results and (answer := advice_days(wear, results, names)):
        lines.insert(0, answer)
    elif expect in KINDS and results:
        said = verdict(expect, results, names, imperial)
        if len(results) > 2:  # "will it snow this week": the answer and the days it concerns
            meant = set(days_meant(expect, results, imperial))
            lines = [line for i, line in enumerate(lines) if i in meant or i >= len(results)]
            if not meant:  # "No snow expected from today to Sunday in Chicago, United States."
                said = f"{said.rstrip('.')} in {results[0].place}."
        lines.insert(0, said)
    elif measure in MEASURES and results:
        leads = (
            lead_day(measure, r, _when(r, n, ctx.runtime), imperial)
            for r, n in zip(results, names, strict=True)
        )
        lines[:0] = [lead for lead in leads if lead]
    return ToolOutput(
        data={"days": [d.model_dump() for d in results]},
        display=" ".join(lines),
        sources=["https://open-meteo.com"],
    )


def _when(f: Forecast, day: str, runtime: Runtime) -> str:
    """When a forecast is for, within a sentence: "tomorrow", "on Friday", "today at 15:00"."""
    when = day.lower() if day in ("Today", "Tomorrow") else f"on {day}"
    if f.hourly is None:
        return when
    try:
        return f"{when} at {format_clock(datetime.fromisoformat(f.hourly.time), runtime.settings)}"
    except ValueError:
        return when


def day_name(target: date, today: date) -> str:
    """A day as a reply names it: "Today", "Tomorrow", "Friday", "Monday 26 January"."""
    delta = (target - today).days
    if delta == 0:
        return "Today"
    if delta == 1:
        return "Tomorrow"
    if 1 < delta < 7:
        return target.strftime("%A")
    return format_long_date(target, year=False)


def _forecast_text(f: Forecast, day: str, imperial: bool, runtime: Runtime | None = None) -> str:
    if f.hourly is not None:
        h = f.hourly
        at = h.time[-5:]
        if runtime is not None:
            try:
                at = format_clock(datetime.fromisoformat(h.time), runtime.settings)
            except ValueError:
                pass
        text = f"{day} at {at} in {f.place}: {_temp(h.temp_c, h.temp_f, imperial)} and "
        text += h.description
        if h.precipitation_probability is not None:
            text += f", {h.precipitation_probability:.0f}% chance of precipitation"
        return text + "."
    low = _temp(f.temp_min_c, f.temp_min_f, imperial)
    high = _temp(f.temp_c, f.temp_f, imperial)
    text = f"{day} in {f.place}: {f.description}, {low} to {high}"
    if f.precipitation_probability is not None:
        text += f", {f.precipitation_probability:.0f}% chance of precipitation"
    return text + "."

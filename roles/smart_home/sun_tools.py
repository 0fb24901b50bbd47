"""A command run at sunrise or sunset: "turn on the lights at sunset" (`smart_home.at_sun`).

Home Assistant runs such a command from its `sun` trigger; here the tool finds when the sun
rises or sets at the user's home today (tomorrow when that moment has passed) and sets a timer
whose command is the request (`timer.set` with a command, the way "turn off the lights at 11pm"
is kept). A home given as coordinates ("48.85,2.35") is worked out on this machine (`_solar`,
no network); a home known only by its name asks the weather service, which needs the Internet.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.routing.slots import format_duration, format_moment
from agent_system.understanding.locale import COORDINATES, format_date, home_location
from roles.smart_home._solar import sun_moment
from roles.smart_home._sun import EVENTS, WHERE_HOME
from roles.weather.backend import SERVICE, Forecast
from roles.weather.tools import weather_backend

__all__ = ["WHERE_HOME", "at_sun"]

_UNREACHED = ("could not connect", "no answer from")
"""How `roles._http` details a weather service that could not be reached."""


def _moment(forecast: Forecast, event: str, now: datetime) -> datetime | None:
    """When `event` happens in `forecast`, as a moment in the user's zone."""
    said = forecast.sunrise if event == "sunrise" else forecast.sunset
    if not said:
        return None
    try:
        local = datetime.fromisoformat(said)
    except ValueError:
        return None
    if local.tzinfo is None:
        offset = forecast.utc_offset_seconds
        zone = now.tzinfo if offset is None else timezone(timedelta(seconds=offset))
        local = local.replace(tzinfo=zone)
    return local.astimezone(now.tzinfo or UTC)


@tool(side_effects="reversible", tags=("smart home", "sun", "later", "timer"))
async def at_sun(
    ctx: ToolContext,
    command: str,
    event: str = "sunset",
    offset_minutes: int = 0,
    tomorrow: bool = False,
    place: str = "",
    area: str = "",
) -> ToolOutput:
    """Carry out a home command at sunrise or sunset ("turn on the lights at sunset").

    Args:
        command: The request to carry out then, in the user's words, e.g. "turn on the lights".
        event: "sunset" or "sunrise" ("dusk", "sundown", "dawn", "daybreak" are taken as them).
        offset_minutes: Minutes after the moment (negative: before), e.g. -30 for "30 minutes
            before sunset".
        tomorrow: Tomorrow's sunrise or sunset rather than the next one.
        place: Where the sun is watched; empty for the user's home.
        area: The room the request came from; the command runs as if said there.
    """
    kind = EVENTS.get("".join(event.lower().split()))
    if kind is None:
        raise ToolExecutionError(f"I can only do things at sunrise or sunset, not {event!r}.")
    where = place.strip() or await home_location(ctx.runtime.settings, ctx.runtime.store, ctx.user)
    if not where:
        raise ToolExecutionError(WHERE_HOME, code=ErrorCode.NEEDS_INPUT)
    now = ctx.runtime.clock.now()
    offset = timedelta(minutes=offset_minutes)
    due: datetime | None = None
    for days in (1, 2) if tomorrow else (0, 1):
        day = now.date() + timedelta(days=days)
        moment = await _when(ctx, where, kind, day, now)
        if moment + offset > now:
            due = moment + offset
            break
    if due is None:  # the moment passed twice over: an offset of many hours
        raise ToolExecutionError(f"I couldn't place that {kind} time; nothing was scheduled.")
    from roles.timer.tools import set_timer

    wait = timedelta(seconds=round((due - now).total_seconds()))
    spec = set_timer.__tool_spec__  # type: ignore[attr-defined]
    timer = await spec.ainvoke(
        {"duration": format_duration(wait), "label": command, "command": command, "area": area},
        ctx,
    )
    said = "At " + event.strip().lower() if not offset_minutes else _offset_said(offset, event)
    return ToolOutput(
        data={**timer.data, "event": kind, "at": due.isoformat(), "place": where},
        display=f"{said} ({format_moment(due, now).removeprefix('at ')}) I'll do this: {command}.",
    )


async def _when(ctx: ToolContext, where: str, kind: str, day: date, now: datetime) -> datetime:
    """When the sun rises or sets on `day` at `where`, in the user's zone.

    Worked out here for coordinates, asked of the weather service for a place name.
    """
    if found := COORDINATES.match(where):
        lat, lon = float(found["lat"]), float(found["lon"])
        moment = sun_moment(lat, lon, day, kind)
        if moment is None:
            verb = "rise" if kind == "sunrise" else "set"
            raise ToolExecutionError(
                f"The sun doesn't {verb} at your home on {format_date(day)}; nothing was scheduled."
            )
        return moment.astimezone(now.tzinfo or UTC)
    try:
        forecast = await weather_backend(ctx.runtime).forecast(where, day)
    except ToolExecutionError as exc:
        detail = str(exc.details.get("detail", ""))
        if exc.details.get("service") != SERVICE or not detail.startswith(_UNREACHED):
            raise
        verb = "rises" if kind == "sunrise" else "sets"
        raise ToolExecutionError(
            f"I couldn't reach the weather service to find when the sun {verb} in {where}, so "
            "nothing was scheduled; tell me your home as coordinates ('I live in 48.85, 2.35') "
            "and I can work it out without the Internet.",
            details=exc.details,
        ) from exc
    found_moment = _moment(forecast, kind, now)
    if found_moment is None:
        raise ToolExecutionError(
            f"I couldn't find out when the {kind} is in {where}; nothing was scheduled."
        )
    return found_moment


def _offset_said(offset: timedelta, event: str) -> str:
    """How an offset is said: "30 minutes before sunset", "1 hour after sunrise"."""
    side = "before" if offset < timedelta(0) else "after"
    return f"{format_duration(abs(offset))} {side} {event.strip().lower()}".capitalize()

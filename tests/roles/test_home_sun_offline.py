"""Sunrise and sunset worked out offline for a home given as coordinates.

"turn on the lights at sunset" asked the weather service for the day's sunset, so it failed
with no Internet. A home given as a latitude and longitude (the `location` setting
"48.8566,2.3522", or "I live in 48.85, 2.35") is now worked out on this machine (the NOAA solar
equations) and the weather service is never asked; a home known only by its name still asks it,
and when it cannot be reached the reply says so and how to do without it.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from roles.smart_home._solar import sun_moment
from roles.weather import tools as weather_tools
from roles.weather.backend import OpenMeteoBackend
from tests.roles.test_home_parity import states

pytestmark = pytest.mark.anyio

PARIS = ZoneInfo("Europe/Paris")
PARIS_AT = "48.8566,2.3522"


class NoWeather:
    """A weather service that must not be asked."""

    async def current(self, place: str) -> Any:
        raise AssertionError("the weather service was asked")

    async def forecast(self, place: str, day: date, hour: int | None = None) -> Any:
        raise AssertionError(f"the weather service was asked for {place} on {day}")


async def _system(
    tmp_path: Path, at: datetime, location: str | None, weather: Any = None
) -> tuple[AgentSystem, FakeClock]:
    clock = FakeClock(at, tz=PARIS)
    settings = make_settings(tmp_path / "data", location=location, timezone="Europe/Paris")
    system = AgentSystem(settings, clock=clock)
    await system.__aenter__()
    system.engine.runtime.provide(weather_tools.BACKEND_KEY, weather or NoWeather())
    return system, clock


def _said_time(reply: str) -> datetime:
    found = re.search(r"\((?:tomorrow at )?(\d\d):(\d\d)\)", reply)
    assert found is not None, reply
    return datetime(2026, 6, 21, int(found[1]), int(found[2]), tzinfo=PARIS)


def _near(moment: datetime, hour: int, minute: int) -> bool:
    wanted = moment.replace(hour=hour, minute=minute)
    return abs(moment - wanted) <= timedelta(minutes=2)


@pytest.mark.parametrize(
    ("text", "hour", "minute"),
    [
        ("open the blinds at sunrise", 5, 47),
        ("turn on the lights at sunset", 21, 58),
        ("switch the porch light on when it gets dark", 21, 58),
        ("at dawn start the vacuum", 5, 47),
    ],
)
async def test_paris_midsummer_is_worked_out_without_the_weather_service(
    tmp_path: Path, text: str, hour: int, minute: int
) -> None:
    system, _ = await _system(tmp_path, datetime(2026, 6, 21, 3, 0, tzinfo=PARIS), PARIS_AT)
    try:
        result = await system.arun(text)
    finally:
        await system.__aexit__(None, None, None)
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["smart_home.at_sun"]
    assert "I'll do this:" in result.reply, result.reply
    assert _near(_said_time(result.reply), hour, minute), result.reply


async def test_the_command_runs_at_the_computed_sunset(tmp_path: Path) -> None:
    from roles.timer.service import TimerService, command_runner

    system, clock = await _system(tmp_path, datetime(2026, 6, 21, 12, 0, tzinfo=PARIS), PARIS_AT)
    try:
        before = await states(system)
        await system.arun("turn on the lights at sunset")
        service = TimerService(system.engine.runtime, _ignore, run=command_runner(system))
        clock.advance(9 * 3600 + 50 * 60)  # 21:50, before sunset
        await service.tick()
        early = await states(system)
        clock.advance(15 * 60)  # 22:05, after it
        await service.tick()
        after = await states(system)
    finally:
        await system.__aexit__(None, None, None)
    assert early == before
    assert after != before


async def _ignore(_: Any) -> None:
    return None


async def test_a_home_said_as_coordinates_is_kept_and_used(tmp_path: Path) -> None:
    system, _ = await _system(tmp_path, datetime(2026, 6, 21, 3, 0, tzinfo=PARIS), None)
    try:
        await system.arun("i live in 48.85, 2.35")
        result = await system.arun("close the blinds at sundown")
    finally:
        await system.__aexit__(None, None, None)
    assert _near(_said_time(result.reply), 21, 58), result.reply


async def test_no_sunset_in_the_midnight_sun_says_so(tmp_path: Path) -> None:
    tromso = "69.6492,18.9553"
    system, _ = await _system(tmp_path, datetime(2026, 6, 21, 9, 0, tzinfo=PARIS), tromso)
    try:
        before = await states(system)
        result = await system.arun("turn on the lights at sunset")
        timers = await system.arun("what timers do i have")
        after = await states(system)
    finally:
        await system.__aexit__(None, None, None)
    assert result.reply == "The sun doesn't set at your home on Sun 21 Jun; nothing was scheduled."
    assert "turn on the lights" not in timers.reply
    assert after == before


async def test_a_named_home_with_no_internet_says_so_plainly(tmp_path: Path) -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("no network", request=request)

    client = httpx.AsyncClient(transport=httpx.MockTransport(refuse))
    backend = OpenMeteoBackend(client, "https://weather.test/v1", "https://geo.test/v1", 1.0)
    system, _ = await _system(
        tmp_path, datetime(2026, 6, 21, 9, 0, tzinfo=PARIS), "Lyon", weather=backend
    )
    try:
        before = await states(system)
        result = await system.arun("turn on the lights at sunset")
        after = await states(system)
    finally:
        await system.__aexit__(None, None, None)
        await client.aclose()
    assert result.reply == (
        "I couldn't reach the weather service to find when the sun sets in Lyon, so nothing "
        "was scheduled; tell me your home as coordinates ('I live in 48.85, 2.35') and I can "
        "work it out without the Internet."
    )
    assert after == before


@pytest.mark.parametrize(
    ("lat", "lon", "day", "zone", "sunrise", "sunset"),
    [
        (48.8566, 2.3522, date(2026, 6, 21), "Europe/Paris", "05:47", "21:58"),
        (40.7128, -74.0060, date(2026, 12, 21), "America/New_York", "07:16", "16:32"),
        (-33.8688, 151.2093, date(2026, 6, 21), "Australia/Sydney", "07:00", "16:53"),
        (51.5074, -0.1278, date(2026, 3, 20), "Europe/London", "06:03", "18:13"),
        (21.3069, -157.8583, date(2026, 1, 1), "Pacific/Honolulu", "07:10", "18:01"),
    ],
)
def test_known_sunrises_and_sunsets_within_two_minutes(
    lat: float, lon: float, day: date, zone: str, sunrise: str, sunset: str
) -> None:
    for event, said in (("sunrise", sunrise), ("sunset", sunset)):
        moment = sun_moment(lat, lon, day, event)
        assert moment is not None
        hour, minute = (int(part) for part in said.split(":"))
        wanted = datetime(day.year, day.month, day.day, hour, minute, tzinfo=ZoneInfo(zone))
        assert abs(moment - wanted.astimezone(UTC)) <= timedelta(minutes=2), (event, moment)


def test_polar_night_and_midnight_sun_have_no_sunrise_or_sunset() -> None:
    assert sun_moment(69.6492, 18.9553, date(2026, 6, 21), "sunset") is None
    assert sun_moment(69.6492, 18.9553, date(2026, 12, 21), "sunrise") is None
    assert sun_moment(69.6492, 18.9553, date(2026, 3, 21), "sunrise") is not None

"""Home commands at sunrise and sunset, the way Home Assistant users expect them.

"turn on the lights at sunset" turned every light on at once ("at sunset" was dropped). It now
waits for today's sunset at the user's home (tomorrow's once it has passed), found from the
weather service's daily sunrise and sunset (a fake here), and runs the command then; with no
home known it asks where home is, and the answer completes the request.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from roles.weather import tools as weather_tools
from roles.weather.backend import Conditions, Forecast
from tests.roles.test_home_parity import states

pytestmark = pytest.mark.anyio

PARIS = ZoneInfo("Europe/Paris")
WHERE = "Where do you live, so I know when the sun rises and sets there?"


class SunOnly:
    """A weather service that knows only when the sun rises (07:50) and sets (17:30)."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, date]] = []

    async def current(self, place: str) -> Conditions:
        raise AssertionError("no current weather is needed")

    async def forecast(self, place: str, day: date, hour: int | None = None) -> Forecast:
        self.asked.append((place, day))
        return Forecast(
            place=place,
            date=day.isoformat(),
            condition="sunny",
            description="clear sky",
            weather_code=0,
            temp_c=10,
            temp_f=50,
            temp_min_c=2,
            temp_min_f=36,
            sunrise=f"{day.isoformat()}T07:50",
            sunset=f"{day.isoformat()}T17:30",
            utc_offset_seconds=3600,
        )


async def _system(
    tmp_path: Path, at: datetime, location: str | None = "Paris"
) -> tuple[AgentSystem, SunOnly, FakeClock]:
    clock = FakeClock(at, tz=PARIS)
    settings = make_settings(tmp_path / "data", location=location, timezone="Europe/Paris")
    system = AgentSystem(settings, clock=clock)
    weather = SunOnly()
    await system.__aenter__()
    system.engine.runtime.provide(weather_tools.BACKEND_KEY, weather)
    return system, weather, clock


async def _lit(system: AgentSystem) -> set[str]:
    return {
        k for k, v in (await states(system)).items() if v["kind"] == "light" and v["state"] == "on"
    }


@pytest.mark.parametrize(
    "text",
    [
        "turn on the lights at sunset",
        "at sunset turn on the lights",
        "switch the lights on when it gets dark",
        "hey olly, lights on at dusk please",
        "turn on all the lights once the sun goes down",
    ],
)
async def test_lights_at_sunset_wait_for_it_and_come_on_then(tmp_path: Path, text: str) -> None:
    from roles.timer.service import TimerService, command_runner

    system, weather, clock = await _system(tmp_path, datetime(2026, 1, 5, 9, 0, tzinfo=PARIS))
    try:
        before = await _lit(system)
        result = await system.arun(text)
        waiting = await _lit(system)
        service = TimerService(system.engine.runtime, _ignore, run=command_runner(system))
        clock.advance(8 * 3600 + 29 * 60)  # 17:29: not yet
        await service.tick()
        early = await _lit(system)
        clock.advance(61)
        await service.tick()
        after = await _lit(system)
    finally:
        await system.__aexit__(None, None, None)
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["smart_home.at_sun"]
    assert "(17:30) I'll do this:" in result.reply
    assert weather.asked == [("Paris", date(2026, 1, 5))]
    assert waiting == before == early
    assert after > before


async def _ignore(_: Any) -> None:
    return None


async def test_after_sunset_it_waits_for_tomorrows(tmp_path: Path) -> None:
    system, weather, _ = await _system(tmp_path, datetime(2026, 1, 5, 19, 0, tzinfo=PARIS))
    try:
        result = await system.arun("close the blinds at sunset")
        lit = await system.arun("what timers do i have")
    finally:
        await system.__aexit__(None, None, None)
    assert result.reply == "At sunset (tomorrow at 17:30) I'll do this: close the blinds."
    assert weather.asked == [("Paris", date(2026, 1, 5)), ("Paris", date(2026, 1, 6))]
    assert "close the blinds" in lit.reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "open the blinds at sunrise",
            "At sunrise (tomorrow at 07:50) I'll do this: open the blinds.",
        ),
        (
            "at dawn, start the vacuum",
            "At dawn (tomorrow at 07:50) I'll do this: start the vacuum.",
        ),
        ("close the blinds at sundown", "At sundown (17:30) I'll do this: close the blinds."),
        (
            "30 minutes before sunset turn on the porch light",
            "30 minutes before sunset (17:00) I'll do this: turn on the porch light.",
        ),
        (
            "turn off the lights an hour after sunrise tomorrow",
            "1 hour after sunrise (tomorrow at 08:50) I'll do this: turn off the lights.",
        ),
    ],
)
async def test_sunrise_dawn_and_offsets(tmp_path: Path, text: str, reply: str) -> None:
    system, _, _ = await _system(tmp_path, datetime(2026, 1, 5, 9, 0, tzinfo=PARIS))
    try:
        result = await system.arun(text)
        lit = await _lit(system)
    finally:
        await system.__aexit__(None, None, None)
    assert result.reply == reply
    assert not lit - {"porch"}  # nothing was switched on now


async def test_with_no_home_it_asks_where_and_the_answer_completes_it(tmp_path: Path) -> None:
    system, weather, _ = await _system(
        tmp_path, datetime(2026, 1, 5, 9, 0, tzinfo=PARIS), location=None
    )
    try:
        before = await _lit(system)
        asked = await system.arun("turn on the lights at sunset", thread_id="t")
        answered = await system.arun("Lyon", thread_id="t")
        later = await system.arun("turn off the lights at sunrise", thread_id="u")
        after = await _lit(system)
    finally:
        await system.__aexit__(None, None, None)
    assert asked.reply == WHERE
    assert answered.plan is not None
    assert sorted(s.tool for s in answered.plan.steps) == ["memory.remember", "smart_home.at_sun"]
    assert "At sunset (17:30) I'll do this: turn on the lights." in answered.reply
    assert later.reply.startswith("At sunrise (tomorrow at 07:50)")  # Lyon was remembered
    assert weather.asked[0] == ("Lyon", date(2026, 1, 5))
    assert after == before


async def test_a_time_of_the_sun_is_never_dropped(tmp_path: Path) -> None:
    system, _, _ = await _system(tmp_path, datetime(2026, 1, 5, 9, 0, tzinfo=PARIS))
    try:
        before = await _lit(system)
        every = await system.arun("turn on the lights every day at sunset")
        question = await system.aplan("is the porch light on at sunset")
        after = await _lit(system)
    finally:
        await system.__aexit__(None, None, None)
    assert every.reply == "I can only do it at the next sunset, not every day."
    assert after == before
    assert [s.tool for s in question.steps] != ["smart_home.turn_on"]

"""A weather follow-up keeps what the question before asked about (dogfood, issue 15 item 4).

"will it rain tomorrow in paris" ... "what about the weekend" answered the general forecast
without a word about rain; the follow-up names only another day (or span, or place), so the
rain, the snow, the wind or the umbrella asked about is still what it asks. A span ("this
weekend", "next week") answers an umbrella question day by day too.

Through the public API with a fake Open-Meteo (respx); the clock: Monday 5 January 2026, 09:00
UTC. The sentences are ours.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import datetime
from pathlib import Path

import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from tests.roles._open_meteo import OpenMeteo, Sky, place

MONDAY_9AM = datetime(2026, 1, 5, 9, 0)


@pytest.fixture
def meteo() -> Iterator[OpenMeteo]:
    service = OpenMeteo()
    service.add(place("Paris", "France", "FR", lat=48.9), Sky(temp=9, low=3, rain=70, wind=20))
    service.add(place("Boston", "United States", "US", lat=42.4), Sky(temp=2, low=-5, code=71))
    service.add(place("Lisbon", "Portugal", "PT", lat=38.7), Sky(temp=18, low=12, rain=5, code=0))
    with respx.mock(assert_all_called=False) as router:
        service.mock(router)
        yield service


@pytest.fixture
async def system(tmp_path: Path, meteo: OpenMeteo) -> AsyncIterator[AgentSystem]:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock(MONDAY_9AM)) as s:
        yield s


async def _replies(system: AgentSystem, *turns: str, thread: str = "t") -> list[str]:
    return [(await system.arun(turn, thread_id=thread)).reply for turn in turns]


@pytest.mark.anyio
async def test_rain_asked_stays_rain_over_the_weekend_and_another_day(
    system: AgentSystem,
) -> None:
    replies = await _replies(
        system,
        "will it rain tomorrow in paris",
        "what about the weekend",
        "and on friday?",
        "how about in lisbon",
    )
    assert replies[0].startswith("Yes, rain is likely tomorrow.")
    assert replies[1].startswith("Yes: rain on Saturday and on Sunday. Saturday in Paris")
    assert replies[2].startswith("Yes, rain is likely on Friday.")
    assert replies[3].startswith("No rain expected on Friday. Friday in Lisbon")


@pytest.mark.anyio
async def test_snow_wind_and_heat_asked_are_kept_too(system: AgentSystem) -> None:
    snow = await _replies(system, "is it going to snow in boston tomorrow", "and this weekend?")
    assert snow[1].startswith("Yes: snow on Saturday and on Sunday.")
    wind = await _replies(
        system, "how windy is it in paris", "what about tomorrow?", "and the weekend", thread="w"
    )
    assert wind[1].startswith("Wind in Paris, France tomorrow: up to 20 km/h.")
    assert wind[2].startswith(
        "Wind in Paris, France on Saturday: up to 20 km/h. Wind in Paris, France on Sunday"
    )
    hot = await _replies(system, "will it be hot in lisbon tomorrow", "what about the weekend")
    assert hot[1].startswith("No hot weather expected from Saturday to Sunday.")


@pytest.mark.anyio
async def test_an_umbrella_over_a_span_is_answered_day_by_day(system: AgentSystem) -> None:
    replies = await _replies(
        system,
        "do i need an umbrella in paris tomorrow",
        "what about the weekend",
        "and next week?",
    )
    assert replies[1].startswith("Yes, take an umbrella on Saturday and on Sunday. Saturday in")
    assert replies[2].startswith(
        "Yes, take an umbrella every day from Monday 12 January to Sunday 18 January."
    )
    dry = await _replies(system, "should i bring an umbrella in lisbon this weekend", thread="d")
    assert dry[0].startswith("No, you shouldn't need an umbrella from Saturday to Sunday.")


@pytest.mark.anyio
async def test_a_follow_up_asking_something_else_asks_that(system: AgentSystem) -> None:
    replies = await _replies(
        system, "will it rain tomorrow in paris", "and how windy will it be on saturday"
    )
    assert replies[1].startswith("Wind in Paris, France on Saturday: up to 20 km/h.")
    fresh = await _replies(system, "what's the weather in paris this weekend", thread="f")
    assert fresh[0].startswith("Saturday in Paris, France: overcast")  # nothing asked before


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("are there any tornadoes expected in boston tomorrow", "No storms expected tomorrow."),
        (
            "will there be hurricanes in lisbon this weekend",
            "No storms expected from Saturday to Sunday.",
        ),
    ],
)
async def test_tornadoes_and_hurricanes_are_storms_asked_about(
    system: AgentSystem, text: str, first: str
) -> None:
    result = await system.arun(text)
    assert result.route is not None and result.route.role == "weather", text
    assert result.reply.startswith(first)


@pytest.mark.anyio
async def test_a_time_of_day_alone_keeps_the_day_and_a_night_is_a_time(
    system: AgentSystem,
) -> None:
    replies = await _replies(
        system,
        "will it rain in paris tomorrow morning",
        "and in the afternoon?",
        "and tonight?",
    )
    assert replies[1].startswith("Yes, rain is likely tomorrow. Tomorrow at 15:00 in Paris")
    assert replies[2].startswith("Yes, rain is likely today. Today at 21:00 in Paris")
    night = await _replies(
        system, "how cold will it be tonight in boston", "and tomorrow night?", thread="n"
    )
    assert night[1].startswith("Tomorrow at 21:00 in Boston")

"""Comparisons however they are worded (issue 15 item 8): two places without "in" ("is rome
warmer than oslo", "which is colder, london or paris"), and two days of one place ("will it be
warmer tomorrow than today", "is it colder than yesterday"); the place cut off ("what's the
weather in") is asked for even when the home is known, and the answer is served.

Through the public API with a fake Open-Meteo (respx) and the fake clock: Monday 5 January
2026, 09:00 UTC.
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

pytestmark = pytest.mark.anyio

MONDAY_9AM = datetime(2026, 1, 5, 9, 0)
WARMING = {"2026-01-04": 9.0, "2026-01-05": 12.0, "2026-01-06": 15.0, "2026-01-09": 7.0}
"""Paris: 9 °C yesterday, 12 today, 15 tomorrow, 7 on Friday (the high of each day)."""


@pytest.fixture
def meteo() -> Iterator[OpenMeteo]:
    service = OpenMeteo()
    service.add(place("Rome", "Italy", "IT", lat=41.9), Sky(temp=16, rain=20))
    service.add(place("Oslo", "Norway", "NO", lat=59.9), Sky(temp=4, rain=70))
    service.add(place("London", "United Kingdom", "GB", "England", lat=51.5), Sky(temp=6, rain=80))
    service.add(place("Paris", "France", "FR", lat=48.9), Sky(temp=12, highs=WARMING))
    service.add(place("Lyon", "France", "FR", lat=45.8), Sky(temp=10, highs={"2026-01-06": 3.0}))
    with respx.mock(assert_all_called=False) as router:
        service.mock(router)
        yield service


async def _system(tmp_path: Path, home: str = "") -> AgentSystem:
    return AgentSystem(make_settings(tmp_path / "home", location=home), clock=FakeClock(MONDAY_9AM))


@pytest.fixture
async def system(tmp_path: Path, meteo: OpenMeteo) -> AsyncIterator[AgentSystem]:
    async with await _system(tmp_path) as engine:
        yield engine


@pytest.fixture
async def at_home(tmp_path: Path, meteo: OpenMeteo) -> AsyncIterator[AgentSystem]:
    async with await _system(tmp_path, home="Lyon") as engine:
        yield engine


async def _reply(system: AgentSystem, text: str, thread: str = "t") -> str:
    result = await system.arun(text, thread_id=thread)
    assert result.route is not None and result.route.role == "weather", text
    return result.reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("is rome warmer than oslo", "Rome is warmer: 16°C against 4°C in Oslo."),
        ("is oslo colder than rome right now?", "Oslo is colder: 4°C against 16°C in Rome."),
        ("will rome be warmer than oslo tomorrow", "Rome is warmer tomorrow: 16°C against 4°C"),
        ("which is colder, london or paris", "London is colder: 6°C against 12°C in Paris."),
        ("where is it warmer, rome or oslo", "Rome is warmer: 16°C against 4°C in Oslo."),
        ("which city is wetter, london or rome", "London is wetter: an 80% chance of"),
        ("which one is hotter, rome or paris?", "Rome is hotter: 16°C against 12°C in Paris."),
    ],
)
async def test_two_places_compared_without_in(system: AgentSystem, text: str, reply: str) -> None:
    assert (await _reply(system, text)).startswith(reply)


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "will it be warmer in paris tomorrow than today",
            "Yes, tomorrow will be warmer in Paris: a high of 15°C against 12°C today.",
        ),
        (
            "will tomorrow be colder than today in paris",
            "No, tomorrow will be warmer in Paris: a high of 15°C against 12°C today.",
        ),
        (
            "is it colder in paris than yesterday",
            "No, today is warmer in Paris: a high of 12°C against 9°C yesterday.",
        ),
        (
            "is it going to be colder in paris on friday",
            "Yes, Friday will be colder in Paris: a high of 7°C against 12°C today.",
        ),
        (
            "will friday be warmer than tomorrow in paris?",
            "No, Friday will be colder in Paris: a high of 7°C against 15°C tomorrow.",
        ),
        ("is it going to be warmer in rome tomorrow than today", "About the same in Rome"),
        (
            "was it colder in paris yesterday",
            "Yes, yesterday was colder in Paris: a high of 9°C against 12°C today.",
        ),
    ],
)
async def test_two_days_of_one_place(system: AgentSystem, text: str, reply: str) -> None:
    said = await _reply(system, text)
    assert said == reply if reply.endswith(".") else said.startswith(reply)


@pytest.mark.parametrize(
    "text",
    [
        "will it be warmer tomorrow than today",
        "is tomorrow going to be colder than today",
        "will it get warmer tomorrow",
    ],
)
async def test_two_days_at_home(at_home: AgentSystem, text: str) -> None:
    reply = await _reply(at_home, text)
    assert "Lyon" in reply and "3°C" in reply and "10°C today" in reply
    assert reply.startswith("No," if "warmer" in text else "Yes,")


async def test_two_days_with_no_place_known_ask_which_city(system: AgentSystem) -> None:
    asked = await _reply(system, "will it be warmer tomorrow than today")
    answered = await _reply(system, "paris")
    assert asked.startswith("Which city?")
    assert answered == "Yes, tomorrow will be warmer in Paris: a high of 15°C against 12°C today."


async def test_the_place_of_the_last_weather_turn_is_kept(system: AgentSystem) -> None:
    await _reply(system, "what's the weather in paris")
    again = await _reply(system, "will it be warmer tomorrow than today")
    assert again.startswith("Yes, tomorrow will be warmer in Paris")


@pytest.mark.parametrize("answer", ["paris", "in paris please", "paris france"])
async def test_a_place_cut_off_is_asked_even_with_a_home(at_home: AgentSystem, answer: str) -> None:
    asked = await _reply(at_home, "what's the weather in")
    answered = await _reply(at_home, answer)
    home = await _reply(at_home, "what's the weather like", "home")
    assert asked.startswith("Which city?")
    assert answered.startswith("Paris, France: 12°C")
    assert home.startswith("Lyon, France: 10°C")  # nothing cut off: the home


async def test_a_place_cut_off_is_asked_with_no_home(system: AgentSystem) -> None:
    asked = await _reply(system, "how's the weather looking for")
    answered = await _reply(system, "rome")
    assert asked.startswith("Which city?")
    assert answered.startswith("Rome, Italy: 16°C")


@pytest.mark.parametrize(
    "text",
    [
        "is the kitchen warmer than the bedroom",
        "is it warmer in here than in the bedroom",
        "which is better, tea or coffee",
    ],
)
async def test_other_comparisons_are_not_the_weathers(system: AgentSystem, text: str) -> None:
    decision = await system.aroute(text)
    assert decision.role != "weather"

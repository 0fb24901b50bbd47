"""Weather questions that ask for one thing (issue 15): a quantity ("how humid is it in
singapore", "what's the wind like in chicago", "uv index in sydney tomorrow") is said first; a
condition instead of the word weather ("is it freezing in moscow right now", "will it be chilly
at 9pm", "is it humid", "will it hail", "is it windy") is answered yes or no on the reading it
is about ("No, it's 11°C."); two places compared ("is it warmer in rome than in oslo") are
both read and the reply says which.

Through the public API with a fake Open-Meteo (respx) and the fake clock: Monday 5 January
2026, 09:00 UTC. The paraphrases are ours, not any data set's.
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
    service.add(place("Singapore", "Singapore", "SG", lat=1.3), Sky(temp=31, low=25, humidity=84))
    service.add(place("Chicago", "United States", "US", "Illinois", lat=41.8), Sky(wind=38))
    service.add(place("Sydney", "Australia", "AU", "New South Wales", lat=-33.9), Sky(uv=9))
    service.add(place("Moscow", "Russia", "RU", lat=55.8), Sky(temp=11, low=6))
    service.add(place("Oslo", "Norway", "NO", lat=59.9), Sky(temp=4, low=-3, rain=70, wind=9))
    service.add(place("Rome", "Italy", "IT", lat=41.9), Sky(temp=16, low=9, rain=20, wind=12))
    service.add(place("Denver", "United States", "US", "Colorado", lat=39.7), Sky(temp=6, low=-2))
    service.add(place("Dallas", "United States", "US", "Texas", lat=32.8), Sky(code=96))
    service.add(place("Lisbon", "Portugal", "PT", lat=38.7), Sky(temp=17, low=11))
    with respx.mock(assert_all_called=False) as router:
        service.mock(router)
        yield service


@pytest.fixture
async def system(tmp_path: Path, meteo: OpenMeteo) -> AsyncIterator[AgentSystem]:
    settings = make_settings(tmp_path / "home")
    async with AgentSystem(settings, clock=FakeClock(MONDAY_9AM)) as engine:
        yield engine


async def _reply(system: AgentSystem, text: str) -> str:
    result = await system.arun(text)
    assert result.route is not None and result.route.role == "weather", text
    return result.reply


# --- the quantity asked is said first -----------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("how humid is it in singapore", "Humidity in Singapore now: 84%."),
        ("what's the humidity like in singapore right now", "Humidity in Singapore now: 84%."),
        ("humidity in singapore tomorrow", "Humidity in Singapore tomorrow: about 84%."),
        ("what's the wind like in chicago", "Wind in Chicago, Illinois now: 38 km/h."),
        ("how strong is the wind in chicago on friday", "Wind in Chicago, Illinois on Friday: up"),
        ("wind speed in chicago at 3pm", "Wind in Chicago, Illinois today at 15:00: 38 km/h."),
        ("what's the uv index in sydney", "The UV index in Sydney, Australia now: 9 (very high)."),
        ("how high will the uv be in sydney tomorrow", "The UV index in Sydney, Australia tomor"),
        ("what's the barometric pressure in oslo", "Air pressure in Oslo, Norway now: 1013 hPa."),
    ],
)
async def test_the_quantity_asked_comes_first(system: AgentSystem, text: str, first: str) -> None:
    assert (await _reply(system, text)).startswith(first)


# --- a condition asked yes or no is answered on its reading -------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("is it freezing in moscow right now", "No, it's 11°C."),
        ("is it cold in moscow", "No, it's 11°C."),
        ("is it hot in singapore right now", "Yes, it's 31°C."),
        ("is it mild in lisbon", "Yes, it's 17°C."),
        ("is the weather temperate in lisbon today", "Yes, it looks mild today: 11°C to 17°C."),
        ("is it going to be freezing in denver tomorrow", "Yes, it looks freezing tomorrow"),
        ("will it be chilly in denver at 9pm", "Yes, it looks cold today: 6°C."),
        ("will it be chilly in moscow this evening", "Cool rather than cold today: 11°C."),
        ("is it humid in singapore", "Yes, 84% humidity."),
        ("will it be muggy in singapore tomorrow", "Yes, it looks humid tomorrow: 84% humidity."),
        ("is it windy in chicago", "Yes, wind 38 km/h."),
        ("will it be breezy in rome on saturday", "No, it doesn't look windy on Saturday"),
        ("will it hail in dallas", "Yes, hail is likely today."),
        ("is there going to be hail in rome tomorrow", "No hail expected tomorrow."),
        ("is there going to be a blizzard in oslo tomorrow", "No snow expected tomorrow."),
        ("will there be snow in oslo on friday", "No snow expected on Friday."),
    ],
)
async def test_a_condition_is_answered_on_what_it_is_about(
    system: AgentSystem, text: str, first: str
) -> None:
    assert (await _reply(system, text)).startswith(first)


# --- two places compared -------------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("is it warmer in rome than in oslo", "Rome is warmer: 16°C against 4°C in Oslo."),
        ("is it warmer in oslo than it is in rome", "Rome is warmer: 16°C against 4°C in Oslo."),
        ("is it colder in rome than oslo", "Oslo is colder: 4°C against 16°C in Rome."),
        ("where is it colder, in rome or in oslo", "Oslo is colder: 4°C against 16°C in Rome."),
        (
            "will it be hotter in rome tomorrow than in oslo",
            "Rome is hotter tomorrow: 16°C against 4°C in Oslo.",
        ),
        (
            "is it going to be wetter in oslo than in rome on friday",
            "Oslo is wetter on Friday: a 70% chance of precipitation against a 20% chance of "
            "precipitation in Rome.",
        ),
        (
            "is it windier in chicago or in oslo",
            "Chicago is windier: 38 km/h against 9 km/h in Oslo.",
        ),
        ("is it more humid in singapore than oslo", "Singapore is more humid: 84% humidity"),
        ("is it warmer in rome than in lisbon", "Lisbon is warmer: 17°C against 16°C in Rome."),
    ],
)
async def test_two_places_compared_say_which(system: AgentSystem, text: str, reply: str) -> None:
    assert (await _reply(system, text)).startswith(reply)


@pytest.mark.anyio
async def test_two_places_alike_are_about_the_same(system: AgentSystem, meteo: OpenMeteo) -> None:
    meteo.add(place("Turin", "Italy", "IT", lat=45.1), Sky(temp=16.4))
    reply = await _reply(system, "is it warmer in turin than in rome")
    assert reply == "About the same: 16°C in Turin and 16°C in Rome."

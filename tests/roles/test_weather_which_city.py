"""The answer to "Which city?" is served (issue 15, found by the lead dogfooding main): "what's
the weather in" ... "paris" gave the not-understood reply. A short answer naming a place, with
or without "in", "please" or its country ("london uk"), answers the question asked before.

Through the public API with a fake Open-Meteo (respx) and the fake clock: Monday 5 January
2026, 09:00 UTC; no home is known, so the role has to ask.
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
    service.add(place("Paris", "France", "FR", "Île-de-France", lat=48.9), Sky(temp=8))
    service.add(place("London", "United Kingdom", "GB", "England", lat=51.5), Sky(temp=6, rain=80))
    service.add(place("London", "Canada", "CA", "Ontario", lat=43.0), Sky(temp=-4))
    with respx.mock(assert_all_called=False) as router:
        service.mock(router)
        yield service


@pytest.fixture
async def system(tmp_path: Path, meteo: OpenMeteo) -> AsyncIterator[AgentSystem]:
    settings = make_settings(tmp_path / "home", location="")
    async with AgentSystem(settings, clock=FakeClock(MONDAY_9AM)) as engine:
        yield engine


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "answer", "reply"),
    [
        ("what's the weather in", "paris", "Paris, France: 8°C and overcast"),
        ("what's the weather like", "in paris", "Paris, France: 8°C and overcast"),
        ("how's the weather", "paris please", "Paris, France: 8°C and overcast"),
        ("what's the weather", "london uk", "London, United Kingdom: 6°C"),
        ("what's the weather", "london, ontario", "London, Ontario: -4°C"),
        ("will it rain tomorrow", "london", "Yes, rain is likely tomorrow. Tomorrow in London"),
        ("is it chilly out", "the city of paris", "Yes, it's 8°C."),
    ],
)
async def test_the_answer_to_which_city_is_served(
    system: AgentSystem, question: str, answer: str, reply: str
) -> None:
    asked = await system.arun(question, thread_id="t")
    assert asked.reply.startswith("Which city?")
    answered = await system.arun(answer, thread_id="t")
    assert answered.route is not None and answered.route.role == "weather"
    assert reply in answered.reply


@pytest.mark.anyio
@pytest.mark.parametrize("other", ["set a timer for 5 minutes", "thanks", "tell me a joke"])
async def test_something_else_after_which_city_is_not_a_place(
    system: AgentSystem, other: str
) -> None:
    await system.arun("what's the weather", thread_id="t")
    answered = await system.arun(other, thread_id="t")
    assert answered.route is None or answered.route.role != "weather"

"""Questions that something the user told us answers, though no role did (issue 15 item 7):
"remember that my train leaves at 7:40" ... "when does my train leave" -> "Your train leaves at
7:40." instead of the can't-do sentence, search's offline "can't search the web" or the
calendar's "nothing called X"; only ever the asking user's facts."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import CANNOT_OFFLINE
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio
NOW = datetime(2026, 3, 2, 9, 0)
CANT_SEARCH = "I can't search the web yet, and your notes don't answer that."


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock(NOW)) as engine:
        yield engine


@pytest.mark.parametrize(
    ("said", "asked", "answer"),
    [
        ("remember that my train leaves at 7:40", "when does my train leave", "Your train "),
        ("remember that my train leaves at 7:40", "what time does my train leave?", "Your train "),
        ("remember that my train leaves at 7:40", "when's my train", "Your train leaves at 7:40."),
        ("remember that sam's flight lands at 6", "what time does sam's flight land", "Sam's "),
        (
            "remember that sam's flight lands at 6",
            "when is sam landing",
            "Sam's flight lands at 6.",
        ),
        ("remember that sam's flight lands at 6", "when does sam's flight get in", "Sam's "),
        ("keep in mind that the bins go out on tuesday", "when do the bins go out", "The bins "),
        ("remember that the spare key is under the blue pot", "where's the spare key?", "The "),
        ("remember that the spare key is under the blue pot", "where is the spare key", "The "),
        (
            "remember that the spare key is under the blue pot",
            "do you know where the spare key is",
            "The spare key is under the blue pot.",
        ),
        (
            "remember that the spare key is under the blue pot",
            "any idea where the spare key is",
            "The spare key is under the blue pot.",
        ),
    ],
)
async def test_a_question_a_told_fact_answers_gets_the_fact(
    system: AgentSystem, said: str, asked: str, answer: str
) -> None:
    await system.arun(said, thread_id="t", user="ana")
    told = await system.arun(asked, thread_id="later", user="ana")
    assert told.reply.startswith(answer), told.reply
    fact = said.split(" that ", 1)[1]
    assert told.reply.lower().rstrip(".").endswith(fact.split()[-1]), told.reply


@pytest.mark.parametrize(
    ("asked", "unanswered"),
    [
        ("when does my train leave", CANNOT_OFFLINE),
        ("what time does sam's flight land", CANNOT_OFFLINE),
        ("where's the spare key?", CANT_SEARCH),
    ],
)
async def test_another_user_is_never_told_the_fact(
    system: AgentSystem, asked: str, unanswered: str
) -> None:
    for fact in ("my train leaves at 7:40", "sam's flight lands at 6", "the spare key is in a pot"):
        await system.arun(f"remember that {fact}", thread_id="t", user="ana")
    other = await system.arun(asked, thread_id="b", user="ben")
    assert other.reply == unanswered
    nobody = await system.arun(asked, thread_id="n")
    assert nobody.reply == unanswered


async def test_the_calendar_adds_what_the_user_told(system: AgentSystem) -> None:
    await system.arun("remember that the party is at 8 on saturday", thread_id="t", user="ana")
    for asked in ("when is the party", "what time is the party"):
        told = await system.arun(asked, thread_id="later", user="ana")
        assert told.reply == (
            "Nothing called 'party' on your calendar in the coming year, "
            "but you told me that the party is at 8 on saturday."
        )
        other = await system.arun(asked, thread_id="b", user="ben")
        assert other.reply == "Nothing called 'party' on your calendar in the coming year."


async def test_nothing_remembered_changes_nothing(system: AgentSystem) -> None:
    train = await system.arun("when does my train leave", thread_id="t", user="ana")
    assert train.reply == CANNOT_OFFLINE
    key = await system.arun("where's the spare key?", thread_id="t", user="ana")
    assert key.reply == CANT_SEARCH


async def test_a_fact_missing_a_word_of_the_question_does_not_answer_it(
    system: AgentSystem,
) -> None:
    await system.arun("remember that my train leaves at 7:40", thread_id="t", user="ana")
    bus = await system.arun("when does my bus leave", thread_id="t", user="ana")
    assert bus.reply == CANNOT_OFFLINE
    key = await system.arun("remember that the spare key is under the blue pot", thread_id="k")
    assert key.reply.startswith("Got it")
    car = await system.arun("where's the car key?", thread_id="k")
    assert car.reply in (CANNOT_OFFLINE, CANT_SEARCH)


async def test_a_request_that_names_the_fact_is_not_answered_with_it(
    system: AgentSystem,
) -> None:
    await system.arun("remember that my train leaves at 7:40", thread_id="t", user="ana")
    booked = await system.arun("book my train", thread_id="t", user="ana")
    assert booked.reply == CANNOT_OFFLINE

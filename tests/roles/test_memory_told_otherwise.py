"""A remembered fact answers a question said in other words (dogfood, issue 15 item 7).

"remember that sam's flight lands at 6" ... "when does sam arrive" was the can't-do sentence:
the question's "arrive" is the fact's "lands". Words alike (tools/_alike.py: arriving, leaving,
starting, ending, a few things said two ways) meet; a question about someone else's thing
("when is my flight" after sam's flight) or about the other end ("when does sam leave") is not
answered with the fact. Only the asking user's facts are read. The sentences are ours.
"""

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
CANT_SEARCH = "I can't search the web yet, and your notes don't answer that."


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    clock = FakeClock(datetime(2026, 3, 2, 9, 0))
    async with AgentSystem(make_settings(tmp_path / "home"), clock=clock) as engine:
        yield engine


@pytest.mark.parametrize(
    ("said", "asked", "answer"),
    [
        ("sam's flight lands at 6", "when does sam arrive", "Sam's flight lands at 6."),
        ("sam's flight lands at 6", "when is sam getting in", "Sam's flight lands at 6."),
        ("sam's flight lands at 6", "when does sam's plane touch down?", "Sam's flight lands "),
        ("my train leaves at 7:40", "what time does my train depart", "Your train leaves at 7:40."),
        ("my train leaves at 7:40", "when does my train head off", "Your train leaves at 7:40."),
        ("the party starts at 8 on saturday", "when does the party kick off", "The party "),
        ("the kids finish school at 3", "when do the children end school", "The kids finish "),
        ("my locker combination is 4512", "what's the code for my locker", "Your locker "),
        ("my pills are in the kitchen cupboard", "where did i put my meds", "Your pills are in"),
    ],
)
async def test_a_question_in_other_words_gets_the_fact(
    system: AgentSystem, said: str, asked: str, answer: str
) -> None:
    await system.arun(f"remember that {said}", thread_id="t", user="ana")
    told = await system.arun(asked, thread_id="later", user="ana")
    assert told.reply.startswith(answer), told.reply
    other = await system.arun(asked, thread_id="b", user="ben")
    assert not other.reply.startswith(answer)


@pytest.mark.parametrize(
    "asked",
    [
        "when does sam leave",
        "when does tom arrive",
        "when is my flight",
        "when does my bus arrive",
        "when does the party end",
    ],
)
async def test_a_question_about_something_else_is_not_told_the_fact(
    system: AgentSystem, asked: str
) -> None:
    for fact in ("sam's flight lands at 6", "the party starts at 8 on saturday"):
        await system.arun(f"remember that {fact}", thread_id="t", user="ana")
    reply = (await system.arun(asked, thread_id="later", user="ana")).reply
    assert "lands at 6" not in reply and "starts at 8" not in reply, reply
    assert reply in (CANNOT_OFFLINE, CANT_SEARCH) or reply.startswith("Nothing called")

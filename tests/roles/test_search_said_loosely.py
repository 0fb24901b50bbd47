"""Factual questions said loosely reach search (issue 15 item 3).

Each family is its words x a question the search stage reads: a question word typed or heard
loosely ("wen", "wat"), a word that only stresses the question ("what exactly is"), the name of
one who did something asked as who did it, what a past people ate or played, how a past thing
ended, a ruler's number, a choice of two kinds, how far a thing goes ("how hot does X get"),
the sound a thing makes, what is inside a thing, a history wanted, a quick summary. The requests
are paraphrases of our own, not rows of the data sets; the look-alikes (the user's own things, a
thanks, the meaning of it all) do not reach search. Through the public API, offline.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from tests.roles._searched import assert_not_claimed, assert_searched

pytestmark = pytest.mark.anyio

FAMILIES = {
    "a question word said loosely": [
        "wen was the great fire of london",
        "wat is the longest river in europe",
    ],
    "the name of one who did something": [
        "what is the name of the woman who first flew across the atlantic",
        "tell me the name of the man who painted the last supper",
    ],
    "what past people ate or played": [
        "what did the vikings eat",
        "what instruments did bach play",
        "what sports did babe ruth play",
    ],
    "how a past thing ended": [
        "how did the hindenburg crash",
        "how did the mayan civilization disappear",
    ],
    "a ruler's number": [
        "how many children did louis the 14th have",
        "who was peter the great",
    ],
    "a choice of two kinds": [
        "is a bat a bird or a mammal",
        "is a pumpkin a fruit or a vegetable",
    ],
    "how far a thing goes": [
        "how big do giant squids get",
        "how cold can the arctic get",
    ],
    "the sound a thing makes": [
        "what sound does a camel make",
        "what noise does a hedgehog make",
    ],
    "what is inside a thing": [
        "what is inside a black hole",
        "what is at the core of jupiter",
    ],
    "a history wanted": [
        "i want the history of the samurai",
        "i would love a short history of the blues",
        "i need the biography of frederick douglass",
    ],
    "a quick summary": [
        "give me a quick summary of the cold war",
        "i want a brief overview of the renaissance",
    ],
}
LOOK_ALIKES = [
    "thanks for the info",
    "what is the meaning of it all",
    "what is the meaning of human life",
    "what's the meaning of our existence",
    "what sound does my fridge make",
    "how hot does my oven get",
    "what did i have for lunch",
    "how did my meeting go",
    "is it a good time or a bad time",
    "what exactly do you do",
    "how many kids does my brother have",
    "what is the name of the song that is playing",
    "i want the history of my purchases",
    "i would like the history of this playlist",
]


@pytest.mark.parametrize(
    "text", [text for texts in FAMILIES.values() for text in texts], ids=lambda text: text
)
async def test_a_question_said_loosely_is_searched_for(system: AgentSystem, text: str) -> None:
    await assert_searched(system, text)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("what exactly is a quasar", "what is a quasar"),
        ("who actually was genghis khan", "who was genghis khan"),
        ("What is really an electron", "what is an electron"),
    ],
)
async def test_a_word_that_only_stresses_the_question_changes_nothing(
    system: AgentSystem, text: str, plain: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role == "search", (text, decision.reason)
    assert decision.reason.startswith("A factual question"), text
    steps = (await system.aplan(text)).steps
    assert [(s.tool, s.arguments) for s in steps] == [
        (s.tool, s.arguments) for s in (await system.aplan(plain)).steps
    ]


@pytest.mark.parametrize("text", LOOK_ALIKES)
async def test_the_look_alikes_are_not_claimed(system: AgentSystem, text: str) -> None:
    await assert_not_claimed(system, text)

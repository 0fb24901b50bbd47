"""Factual questions reach search by family, not by sentence (issue 15 item 3).

Each family is its asking words x a named thing (roles/search/_asks.py): who made or did a
thing, asking for information on a thing, wanting to know about it, "i was wondering ...", a
thing and a fact word, how many times a thing did something, an encyclopedia named, a past
thing's story, a record of the world said short, a name or role asked another way. The
requests are paraphrases of our own, in none of the data sets; the look-alikes (the user's
accounts, plans and day, the assistant itself, the news, nutrition, how-to) do not reach
search. Through the public API, offline.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from tests.roles._searched import assert_not_claimed, assert_searched

pytestmark = pytest.mark.anyio

FAMILIES = {
    "who made or did it": [
        "who came up with the theory of evolution",
        "who developed the polio vaccine",
        "who voiced shrek",
        "who coined the phrase cold war",
        "who invent the telephone",
        "who was it that discovered penicillin",
        "who first climbed mount everest",
        "who won best actor in 1995",
        "olly who authored the odyssey",
    ],
    "information on a thing": [
        "i need information about the civil war",
        "info regarding world war one",
        "some facts on giraffes",
        "i want details on the great wall",
        "give me a summary of the cold war",
        "an overview of the french revolution",
        "can i get some background on the berlin wall",
    ],
    "wanting to know about a thing": [
        "i want to know about the moon landing",
        "i would like to know more about climate change",
        "i am curious about the pyramids",
        "i'd like to find out about the silk road",
    ],
    "i was wondering": [
        "i was wondering who painted the mona lisa",
        "i was wondering how tall the eiffel tower is",
        "i am wondering when the titanic sank",
    ],
    "a thing and a fact word": [
        "eiffel tower height",
        "barack obama age",
        "mount everest elevation",
        "amazon river length",
    ],
    "how many times": [
        "how many times has brazil won the world cup",
        "how many times did elizabeth taylor marry",
        "how many times has vesuvius erupted",
    ],
    "an encyclopedia named": [
        "wiki the great wall of china",
        "look up the wikipedia page on mars",
        "wikipedia ada lovelace",
    ],
    "a past thing's story": [
        "how long did the hundred years war last",
        "how long ago did the dinosaurs live",
        "which president freed the slaves",
        "who lives in the white house",
        "how did the universe begin",
        "what happened at pearl harbor",
        "what caused world war one",
        "what destroyed pompeii",
    ],
    "a record of the world, said short": [
        "richest person",
        "fastest animal on earth",
        "most spoken language in the world",
        "name some famous inventors",
        "which planet is known as the red planet",
    ],
    "a name or a role asked another way": [
        "what is the name of the longest river",
        "what is the name of the first man on the moon",
        "name the first president of america",
        "what is the main language of canada",
        "where was star wars filmed",
        "where was the first olympics held",
    ],
}
LOOK_ALIKES = [
    "i need information about my health plan",
    "give me info on direct deposit set up",
    "who built you",
    "who created you",
    "give me details about the concert on friday",
    "i want to know about my order status",
    "information on the weather in paris",
    "nutrition info on bananas",
    "i was wondering what age you are",
    "text mom happy birthday",
    "events in the local area",
    "battery age",
    "i want to know about the meeting tomorrow",
    "give me the details of my friend",
    "who wrote this song",
    "i need info on how to renew my passport",
    "let me know about the latest election news",
    "fastest route to work",
    "hottest day this week",
    "biggest sale this weekend",
    "tallest person here",
    "what happened today",
    "what happened at the meeting",
    "what caused my card to be declined",
    "who lives here",
    "name some good restaurants",
]


@pytest.mark.parametrize("family", sorted(FAMILIES))
async def test_each_paraphrase_of_a_family_is_searched_for(
    system: AgentSystem, family: str
) -> None:
    for text in FAMILIES[family]:
        await assert_searched(system, text)


async def test_what_is_searched_for_is_the_question_or_its_subject(system: AgentSystem) -> None:
    for text, query in (
        ("who developed the polio vaccine", "who developed the polio vaccine"),
        ("look up the wikipedia page on mars", "wikipedia page on mars"),
        ("i was wondering who painted the mona lisa", "i was wondering who painted the mona lisa"),
    ):
        (step,) = (await system.aplan(text)).steps
        assert step.arguments["query"] == query


async def test_the_look_alikes_are_not_taken_for_factual_questions(system: AgentSystem) -> None:
    for text in LOOK_ALIKES:
        await assert_not_claimed(system, text)

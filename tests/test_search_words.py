"""Questions about words and facts with a measured answer reach search offline (issue 15).

Synonyms, antonyms, rhymes, pronunciation, plurals and meanings asked the everyday way; the
currency or language of a country, distances between named places, what an animal can do, how
many parts a thing has. The user's own places, counts and chat stay where they were.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio

_STAGE = "A factual question or a definition: searched for."


async def _step(system: AgentSystem, text: str) -> tuple[str, dict[str, object]]:
    plan = await system.aplan(text)
    assert len(plan.steps) == 1, (text, plan.steps)
    return plan.steps[0].tool, dict(plan.steps[0].arguments)


@pytest.mark.parametrize(
    "text",
    [
        "what's another word for tired",
        "give me a synonym for small",
        "synonyms of clever",
        "olly what is the opposite of shallow",
        "antonym for wealthy",
        "what's a different way to say very good",
        "what rhymes with purple",
        "words that rhyme with cat",
        "how do you pronounce gnocchi",
        "how is worcestershire pronounced",
        "what's the plural of octopus",
        "what is the past tense of swim",
        "which part of speech is slowly",
        "use the word benevolent in a sentence",
        "is ain't a real word",
    ],
)
async def test_questions_about_a_word_are_searched_on_the_web(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.reason == _STAGE, text
    tool, arguments = await _step(system, text)
    assert tool == "search.web"
    assert arguments["query"], text


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("what do you mean by entropy", "entropy"),
        ("tell me what melancholy means", "melancholy"),
        ("i want to know what the word pragmatic means", "pragmatic"),
        ("whats the meaning of gregarious", "gregarious"),
        ("what is the meaning of the word quixotic", "quixotic"),
        ("define ubiquitous for me", "ubiquitous"),
        ("dictionary definition of empathy", "empathy"),
    ],
)
async def test_a_meaning_asked_the_everyday_way_is_defined(
    system: AgentSystem, text: str, term: str
) -> None:
    assert await _step(system, text) == ("search.define", {"term": term})


@pytest.mark.parametrize(
    "text",
    [
        "what currency does japan use",
        "what currency is used in switzerland",
        "what's the currency of thailand",
        "what money do they use in mexico",
        "what do they use for money in brazil",
        "which language is spoken in brazil",
        "what languages are spoken in switzerland",
        "how many miles from chicago to detroit",
        "how many kilometers between madrid and lisbon",
        "how many miles is dublin from cork",
        "how far is it from rome to naples",
        "how many miles is it to the sun",
        "capital city of portugal",
        "which city is the capital of kenya",
        "how fast can a cheetah run",
        "how high can a kangaroo jump",
        "how many hearts does an octopus have",
        "how many time zones does russia have",
        "how many popes have there been",
        "how long is the great wall of china",
        "how long is a day on mars",
        "what's the circumference of the earth",
        "what is the elevation of denver",
        "which planet is closest to the sun",
        "what animal is the fastest",
        "which star is brightest in the sky",
        "what band sang hotel california",
        "which actor played gandalf",
        "how many people died in world war two",
        "what causes earthquakes",
        "when is the next solar eclipse",
        "what's the average height of a man",
    ],
)
async def test_facts_with_a_measured_answer_are_searched(system: AgentSystem, text: str) -> None:
    decision = await system.aroute(text)
    assert decision.reason == _STAGE, text
    tool, _ = await _step(system, text)
    assert tool == "search.web"


@pytest.mark.parametrize(
    "text",
    [
        "what do you mean by that",
        "how many miles from here to boston",
        "how many miles is it from my house to work",
        "how far is it from the office to the airport",
        "how many miles until i get to the lake",
        "how long is the wait at the dmv",
        "what is the length of time it takes to drive to tampa",
        "how many calories does a donut have",
        "how many vacation days do i have",
        "how many stars does the diner have",
        "what's the exchange rate for the euro",
        "how fast can i get to the mall",
        "which city is closest to me",
        "what causes my phone to overheat",
        "what artist is singing this song",
        "what's the volume of the tv",
    ],
)
async def test_the_users_own_places_counts_and_chat_are_not_claimed(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.reason != _STAGE, text

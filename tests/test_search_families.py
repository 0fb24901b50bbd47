"""Factual-question families reach search offline (issue 15): people in the news, their
families, dates and works, and fun facts; the user's own people and things do not.

The sentences are our own paraphrases of each family, not rows of the data sets.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _searched(system: AgentSystem, text: str) -> list[tuple[str, dict[str, object]]]:
    decision = await system.aroute(text)
    assert decision.role == "search", (text, decision.role, decision.reason)
    plan = await system.aplan(text)
    return [(step.tool, dict(step.arguments)) for step in plan.steps]


@pytest.mark.parametrize(
    "text",
    [
        # in the news: what <name> is doing / up to, tours and new works
        "what is leonardo dicaprio doing nowadays",
        "what has lady gaga been up to lately",
        "what is barack obama doing right now",
        "is coldplay touring next year",
        "is drake releasing a new album soon",
        "how is jennifer lopez's career going",
        # family and dates
        "how many children does elon musk have",
        "who is the husband of queen elizabeth",
        "who was napoleon's wife",
        "when was winston churchill's birthday",
        "when is brad pitt's birthday",
        "what is meryl streep's real name",
        "tell me tom hanks middle name",
        "at what age did einstein die",
        "how old was mozart when he died",
        # works
        "what is tom cruise's next film",
        "what is the latest book by stephen king",
        "list the films of christopher nolan",
        "show me movies starring brad pitt",
        "how long was obama president",
        "what did marie curie discover",
        "which club does ronaldo play for",
        "tell me the story of the titanic",
    ],
)
async def test_questions_about_people_and_their_works_are_searched_on_the_web(
    system: AgentSystem, text: str
) -> None:
    [(tool, arguments)] = await _searched(system, text)
    assert tool == "search.web"
    assert arguments["query"]


@pytest.mark.parametrize(
    "text",
    [
        "give me a fun fact about octopuses",
        "tell me something interesting about mars",
        "i want some trivia about the beatles",
        "do you know any cool facts about sharks",
        "what's a random fact",
        "tell me something i don't know about space",
        "what is one thing i might not know about volcanoes",
    ],
)
async def test_fun_facts_are_searched_on_the_web(system: AgentSystem, text: str) -> None:
    assert [tool for tool, _ in await _searched(system, text)] == ["search.web"]


@pytest.mark.parametrize(
    "text",
    [
        "capital of canada",
        "show me the population of brazil",
        "is a whale a mammal",
        "are tomatoes fruits",
        "which is the longest river in the world",
        "in what year was the declaration of independence signed",
        "can you explain to me why the sky is blue",
        "where is the great barrier reef",
        "how tall is the great pyramid of giza",
        "what's the chemical formula of salt",
    ],
)
async def test_more_everyday_fact_shapes_are_searched(system: AgentSystem, text: str) -> None:
    assert [tool for tool, _ in await _searched(system, text)] == ["search.web"]


@pytest.mark.parametrize(
    "text",
    [
        # asked inside another question, or by name
        "do you know how old the pyramids are",
        "i wonder where the eiffel tower is",
        "find out when world war two ended",
        "what is the name of the president of russia",
        "give me the name of the longest river in africa",
        # how <adjective>, which <thing> is the <most>, name the <things> of <thing>
        "how loud is a jet engine",
        "how bright is the sun",
        "how smooth is marble",
        "which planet is the biggest",
        "which animal is the fastest",
        "name the planets in the solar system",
        "what are the seven wonders of the world",
        "what are the colors of the rainbow",
        # records, years, lifespans and areas
        "who holds the world record for the marathon",
        "what happened in 1969",
        "what is the average lifespan of a dog",
        "what is the area of russia",
        # more leads and people's facts
        "what us state is farthest south",
        "which us state has the most lakes",
        "what is taylor swift's star sign",
        "what is meryl streep's natural hair color",
        "alexa give me everything you know about ada lovelace",
        "i need to know about the height of big ben",
    ],
)
async def test_questions_asked_inside_others_and_more_shapes_are_searched(
    system: AgentSystem, text: str
) -> None:
    assert [tool for tool, _ in await _searched(system, text)] == ["search.web"]


@pytest.mark.parametrize(
    "text",
    [
        "how loud is the tv",
        "how bright are the kitchen lights",
        "what is the name of this song",
        "what is the area of a 20 by 20 room",
        "why are we here",
        "when does summer start",
        "tell me everything you know about me",
        "what is your star sign",
    ],
)
async def test_the_home_the_clock_and_chat_keep_their_questions(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.reason != "A factual question or a definition: searched for.", text


@pytest.mark.parametrize(
    "text",
    [
        "what are you up to",
        "what is my son doing right now",
        "what is the vacuum doing",
        "how long has the oven been on",
        "who is my wife",
        "when is john's birthday",
        "when is my sister's birthday",
        "what is john's last name",
        "play songs by adele",
        "show me movies playing nearby",
        "give me the nutrition facts for grapes",
        "i want to play a trivia game",
        "how many kids do i have",
        "what is tom doing tonight",
    ],
)
async def test_the_users_own_people_and_things_are_not_searched(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role != "search", (text, decision.reason)

"""More families of factual questions reach search offline (issue 15): who leads a named thing,
a role said another way, where a thing is, how it comes about, theories, asking to learn about a
thing, records of the world and dates of events; the user's own things, the clock's and other
services' questions do not.

The sentences are our own paraphrases of each family, not rows of the data sets.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio

_CLAIMED = "A factual question or a definition: searched for."


async def _claimed_web_search(system: AgentSystem, text: str) -> str:
    """The query of the one web search planned for `text`, claimed by the search stage."""
    decision = await system.aroute(text)
    assert (decision.role, decision.reason) == ("search", _CLAIMED), (text, decision.reason)
    plan = await system.aplan(text)
    [step] = plan.steps
    assert step.tool == "search.web", (text, step.tool)
    return str(step.arguments["query"])


@pytest.mark.parametrize(
    "text",
    [
        # who <leads> a named thing
        "who runs the united nations",
        "who heads the world health organization",
        "who coaches the golden state warriors",
        "who owns the washington post",
        "olly who rules saudi arabia",
        # a role of a named thing, said another way
        "what is the name of the queen of denmark",
        "name the president of brazil",
        "which person is the ceo of facebook",
        "tell me who the mayor of paris is",
        "do you know who the prime minister of japan is",
    ],
)
async def test_who_leads_a_named_thing_is_searched(system: AgentSystem, text: str) -> None:
    assert await _claimed_web_search(system, text)


@pytest.mark.parametrize(
    "text",
    [
        # where a named thing is
        "which city is the colosseum in",
        "in which country is the amazon",
        "what country is machu picchu located in",
        "which continent is kenya in",
        # how a thing comes about
        "how are diamonds formed",
        "how was the grand canyon formed",
        "how is glass made",
        "how do bees make honey",
        "how does the heart pump blood",
        "how do bats find their way",
        # theories and subjects
        "what is the theory of relativity",
        "explain the law of gravity",
        "explain quantum physics",
        "explain black holes to me",
        "could you explain photosynthesis",
    ],
)
async def test_where_things_are_and_how_they_come_about_are_searched(
    system: AgentSystem, text: str
) -> None:
    assert await _claimed_web_search(system, text)


@pytest.mark.parametrize(
    "text",
    [
        # asking to learn about a thing
        "i would like to know about the solar system",
        "what can you tell me about dolphins",
        "do you know anything about einstein",
        "i want to learn about ancient rome",
        "teach me about volcanoes",
        "give me some details about the titanic",
        "i'd love to know about the vikings",
        # records of the world, counts of people, dates of events
        "what is the fastest car in the world",
        "what is the most populated city in the world",
        "what's the biggest desert on earth",
        "how many people speak spanish",
        "how many people have climbed mount everest",
        "what date did world war one end",
        "which year did the beatles split",
        "in what century was the colosseum built",
    ],
)
async def test_learning_about_things_records_and_dates_are_searched(
    system: AgentSystem, text: str
) -> None:
    assert await _claimed_web_search(system, text)


async def test_a_role_said_another_way_keeps_the_whole_question(system: AgentSystem) -> None:
    query = await _claimed_web_search(system, "what is the name of the queen of denmark")
    assert "queen of denmark" in query


@pytest.mark.parametrize(
    "text",
    [
        # the user's own things and days, and the assistant
        "who made you",
        "what can you tell me about my order",
        "i would like to know about jane's party",
        "let me know about the alarms you set",
        "give me details about the concert on friday",
        "which city were you born in",
        "how were you made",
        # the last reply and recipes
        "explain further",
        "explain that again",
        "please explain the rice recipe",
        "can you explain the meaning of life",
        # CLINC150 files these as other services: cooking times, translations, time zones
        "how long does it take to cook ham",
        "how do germans say goodnight",
        "which timezone is france in",
        "how fast does an airplane travel",
        "what are black holes",
    ],
)
async def test_questions_of_the_user_the_chat_and_other_services_are_not_claimed(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.reason != _CLAIMED, text


@pytest.mark.parametrize(
    "text",
    [
        # what a thing looks like
        "can you tell me what a platypus looks like",
        "i want to know what a quokka looks like",
        "how would a tesla model 3 look like",
        # kinds, attributes, wealth
        "what kind of animal is a pangolin",
        "what type of instrument is a theremin",
        "what religion is the dalai lama",
        "what nationality is shakira",
        "what is the eiffel tower's height",
        "what's the nile's length",
        "how rich is elon musk",
        "what is the state bird of texas",
        # comparisons and differences
        "which is bigger the sun or the moon",
        "who is older tom hanks or denzel washington",
        "is the sun bigger than the earth",
        "is russia larger than canada",
        "what's the difference between a frog and a toad",
        "difference between alligators and crocodiles",
        # records of the world, asked where
        "where is the deepest point in the ocean",
        "where is the biggest mall in the world",
    ],
)
async def test_looks_kinds_attributes_and_comparisons_are_searched(
    system: AgentSystem, text: str
) -> None:
    assert await _claimed_web_search(system, text)


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("what is meant by irony", "irony"),
        ("what's meant by the term gerrymandering", "gerrymandering"),
        ("what does the term fiduciary mean", "fiduciary"),
        ("what does the acronym nato stand for", "nato"),
        ("what is ephemeral defined as", "ephemeral"),
        ("explain what inflation means", "inflation"),
    ],
)
async def test_a_meaning_asked_another_way_defines_the_term_alone(
    system: AgentSystem, text: str, term: str
) -> None:
    decision = await system.aroute(text)
    assert (decision.role, decision.reason) == ("search", _CLAIMED), (text, decision.reason)
    [step] = (await system.aplan(text)).steps
    assert (step.tool, step.arguments["term"]) == ("search.define", term)


@pytest.mark.parametrize(
    "text",
    [
        "what is meant by the word serendipity",
        "i'd like the definition of melancholy",
        "how would you define love",
        "give me an explanation of photosynthesis",
        "blockchain explanation",
        "explain the word ubiquitous",
        "look up ephemeral in the dictionary",
    ],
)
async def test_other_ways_to_ask_a_meaning_are_searched(system: AgentSystem, text: str) -> None:
    decision = await system.aroute(text)
    assert (decision.role, decision.reason) == ("search", _CLAIMED), (text, decision.reason)
    [step] = (await system.aplan(text)).steps
    assert step.tool in ("search.define", "search.web")


@pytest.mark.parametrize(
    "text",
    [
        "what does my commute look like",
        "what does the weather look like",
        "how does my credit score look",
        "what's the difference between usd and cad",
        "what is amazon worth",
        "what's jesse's birthday",
        "what type of animal is living in your home",
        "is it colder than yesterday",
    ],
)
async def test_the_users_own_things_prices_and_the_weather_are_not_claimed(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.reason != _CLAIMED, text

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

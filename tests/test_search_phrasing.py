"""Factual questions and definitions, said the everyday way, reach search offline (issue 15)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _tools(system: AgentSystem, text: str) -> list[str]:
    plan = await system.aplan(text)
    return [step.tool for step in plan.steps]


@pytest.mark.parametrize(
    "text",
    [
        "who won the world cup in 2018",
        "what is the boiling point of water",
        "when did the titanic sink",
        "what do pandas eat",
        "where do penguins live",
        "how does a rainbow form",
        "how long do cats live",
        "is a tomato a fruit",
        "what language do they speak in brazil",
        "how many planets are there in the solar system",
        "tell me about medieval castles",
        "what do you know about the statue of liberty",
        "give me some information about volcanoes",
    ],
)
async def test_factual_questions_are_searched(system: AgentSystem, text: str) -> None:
    assert await _tools(system, text) == ["search.web"]


@pytest.mark.parametrize(
    ("text", "term"),
    [("what is a black hole", "black hole"), ("what's an ottoman", "ottoman")],
)
async def test_what_is_a_thing_is_defined(system: AgentSystem, text: str, term: str) -> None:
    plan = await system.aplan(text)
    assert [(s.tool, s.arguments) for s in plan.steps] == [("search.define", {"term": term})]


@pytest.mark.parametrize(
    "text",
    [
        "describe a potato",
        "how would you describe the internet",
        "what does a banana look like",
        "tell me what a crankshaft is",
        "sanctimonious definition",
        "look up the word snafu",
    ],
)
async def test_descriptions_and_definitions_are_looked_up(system: AgentSystem, text: str) -> None:
    tools = await _tools(system, text)
    assert tools and set(tools) <= {"search.web", "search.define"}


@pytest.mark.parametrize(
    "text",
    [
        "tell me about the concert on friday",
        "tell me about your hobbies",
        "how many calories are in a banana",
        "how many cups in a quart",
        "what is my credit score",
        "where is my phone",
        "when did i last change the oil",
        "what's a good name for a dog",
        "what does the weather look like",
        "when did the oil get changed",
    ],
)
async def test_personal_and_other_questions_are_not_searched(
    system: AgentSystem, text: str
) -> None:
    assert not any(tool.startswith("search.") for tool in await _tools(system, text))


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("what does the weather look like", "weather"),
        ("what does the forecast look like", "weather"),
        ("do i have anything on my todo list", "lists"),
    ],
)
async def test_look_like_and_anything_on_keep_their_own_roles(
    system: AgentSystem, text: str, role: str
) -> None:
    assert (await system.aroute(text)).role == role


@pytest.mark.parametrize(
    "text",
    [
        "whats the capital of peru",
        "hey olly who is the president of france",
        "tell me about Ada Lovelace",
        "what was the first video game",
        "which country has the largest population",
        "how long is a marathon",
        "what is Keanu Reeves's real name",
        "Marie Curie biography",
    ],
)
async def test_more_factual_shapes_are_searched(system: AgentSystem, text: str) -> None:
    assert await _tools(system, text) == ["search.web"]


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("siri what does ephemeral mean", "ephemeral"),
        ("show me the meaning of serendipity", "serendipity"),
        ("can i get the definition of ubiquitous", "ubiquitous"),
    ],
)
async def test_definitions_after_a_wake_word_or_a_verb_are_defined(
    system: AgentSystem, text: str, term: str
) -> None:
    plan = await system.aplan(text)
    assert [(s.tool, s.arguments.get("term")) for s in plan.steps] == [("search.define", term)]


@pytest.mark.parametrize(
    "text",
    [
        "how many ounces are in a cup",
        "how many dollars are in a euro",
        "tell me about the reviews for olive garden",
        "what is the meaning of life",
        "tell me about yourself",
    ],
)
async def test_conversions_reviews_and_chat_are_not_claimed_by_search(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert "factual question" not in (decision.reason or "")


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("describe a giraffe to me", "a giraffe"),
        ("give me a description of the Taj Mahal", "the Taj Mahal"),
        ("how do you describe a hurricane", "a hurricane"),
    ],
)
async def test_describe_a_thing_searches_for_the_thing(
    system: AgentSystem, text: str, query: str
) -> None:
    plan = await system.aplan(text)
    assert [(s.tool, s.arguments) for s in plan.steps] == [("search.web", {"query": query})]


@pytest.mark.parametrize(("text", "term"), [("what is osmosis", "osmosis")])
async def test_what_is_one_word_is_defined(system: AgentSystem, text: str, term: str) -> None:
    plan = await system.aplan(text)
    assert [(s.tool, s.arguments) for s in plan.steps] == [("search.define", {"term": term})]


@pytest.mark.parametrize(
    "text",
    [
        "tell me the height of the Eiffel Tower",
        "give me the birthday of Albert Einstein",
        "explain how a rainbow forms",
        "has Tom Hanks ever won an Oscar",
        "what movies has Meryl Streep been in",
        "is Atlantis real",
        "can penguins fly",
        "what is Marie Curie known for",
        "where is Shakira from",
        "how did Mozart die",
        "how much does a blue whale weigh",
        "look up information on the Great Wall",
        "what was the year when the Berlin Wall was built",
    ],
)
async def test_everyday_fact_questions_are_searched(system: AgentSystem, text: str) -> None:
    assert await _tools(system, text) == ["search.web"]


@pytest.mark.parametrize(
    "text",
    [
        "what is up",
        "whats happening",
        "what is trending",
        "describe your day",
        "how would you describe what life means",
        "tell me the age of the assistant",
        "what is the date that my passport expires",
        "where is your family from",
        "is this real",
        "can you fly",
    ],
)
async def test_chat_and_the_users_own_things_are_not_fact_questions(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert "factual question" not in (decision.reason or "")

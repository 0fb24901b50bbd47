"""Questions about the assistant said other ways (CLINC150 in-role, issue 15): whether it is a
person ("am i speaking to a machine", "is there a human on the other end"), what it can do
("what sort of requests do you handle", "list your features"), the meaning of life ("what are we
living for"), thanks for something ("thanks for the help"). They went to planning or to the
can't-do sentence. The clock: Monday 2 March 2026, 09:00 (UTC); the sentences are ours.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

BOT = "I'm a computer program, not a person: an open assistant."


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "am i speaking to a machine",
        "are we chatting with a real person",
        "is there a human on the other end",
        "is this a real person or a bot?",
        "are you an actual human",
        "are you a person or a computer",
        "is this a chatbot",
    ],
)
async def test_asked_whether_it_is_a_person(system: AgentSystem, text: str) -> None:
    result = await system.arun(text)
    assert result.route is not None and result.route.role == "conversation", text
    assert result.reply == BOT


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "what sort of requests do you handle",
        "what kinds of things can you help with",
        "list your features",
        "what are you capable of",
        "what features do you have",
    ],
)
async def test_asked_what_it_can_do(system: AgentSystem, text: str) -> None:
    result = await system.arun(text)
    assert result.route is not None and result.route.role == "conversation", text
    assert result.reply.startswith("Here's what I can do:")


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text", ["what are we all living for", "is there any point to life", "what are we here for"]
)
async def test_the_meaning_of_life_said_otherwise(system: AgentSystem, text: str) -> None:
    result = await system.arun(text)
    assert result.route is not None and result.route.role == "conversation", text
    assert "most people find it" in result.reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text", ["thanks for the help", "thank you so much for your advice", "cheers for that tip"]
)
async def test_thanks_for_something(system: AgentSystem, text: str) -> None:
    result = await system.arun(text)
    assert result.route is not None and result.route.role == "conversation", text
    assert result.reply == "You're welcome!"


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text", ["who made the first machine", "is there a person who can fix my sink"]
)
async def test_other_questions_with_those_words_are_not_about_it(
    system: AgentSystem, text: str
) -> None:
    result = await system.arun(text)
    assert result.reply != BOT


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("how old?", "I'm a program, so I don't have an age: I'm as new as my last update."),
        ("name please", "I'm agent-system, but you can call me whatever you like."),
    ],
)
async def test_said_short(system: AgentSystem, text: str, reply: str) -> None:
    result = await system.arun(text)
    assert result.route is not None and result.route.role == "conversation", text
    assert result.reply == reply
    other = await system.arun("how old is the eiffel tower", thread_id="o")
    assert other.reply != reply

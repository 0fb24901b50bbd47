"""Jokes and small talk, said the way people say them, get a real reply offline (issue 15).

Through the public API on the fake clock (Monday 5 January 2026, 09:00 UTC). The sentences are
our own paraphrases; open chat with no offline answer still gets the plain notice.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from roles.conversation.tools import JOKES, NEEDS_LLM

pytestmark = pytest.mark.anyio


async def _reply(system: AgentSystem, text: str) -> str:
    decision = await system.aroute(text)
    assert decision.role == "conversation", (text, decision.role, decision.reason)
    return (await system.arun(text)).reply


@pytest.mark.parametrize(
    "text",
    [
        "know any good jokes",
        "got any jokes for me",
        "tell me a pun",
        "tell me a funny story",
        "i could use a good laugh",
        "cheer me up",
        "do you know any jokes about dogs",
    ],
)
async def test_jokes_asked_every_way_get_a_joke(system: AgentSystem, text: str) -> None:
    assert await _reply(system, text) in JOKES


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("olly good morning", "Good morning! How can I help?"),
        ("hey alexa, hello", "Good morning! How can I help?"),
        ("what's up", "All systems running, thanks for asking! What can I do for you?"),
        ("how have you been", "All systems running, thanks for asking! What can I do for you?"),
        ("nice to meet you", "Nice to meet you too! How can I help?"),
        ("you're brilliant", "Thank you, that's kind of you! What else can I do for you?"),
        ("good job olly", "Thank you, that's kind of you! What else can I do for you?"),
        ("are you still there", "I'm here. What can I do for you?"),
    ],
)
async def test_small_talk_gets_a_reply_of_its_own(
    system: AgentSystem, text: str, reply: str
) -> None:
    assert await _reply(system, text) == reply


async def test_open_chat_still_says_plainly_what_works_offline(system: AgentSystem) -> None:
    # "what's your favorite color" has a reply of its own now (roles/conversation/_feelings.py)
    assert await _reply(system, "do you believe in ghosts") == NEEDS_LLM


@pytest.mark.parametrize(
    ("texts", "answer"),
    [
        (["are you a robot", "am i talking to a real person", "are you human"], "not a person"),
        (["who made you", "who is your creator", "who programmed you"], "open-source project"),
        (["how old are you", "what's your age", "when were you born"], "don't have an age"),
        (["where are you from", "where do you live", "where were you made"], "on this computer"),
        (["what are your hobbies", "what do you do for fun", "do you have any hobbies"], "hobby"),
        (["do you have any pets", "do you like cats", "do you own a dog"], "No pets"),
        (["who do you work for", "who is your boss", "who owns you"], "I work for you"),
    ],
)
async def test_questions_about_the_assistant_itself_are_answered_offline(
    system: AgentSystem, texts: list[str], answer: str
) -> None:
    for text in texts:
        reply = await _reply(system, text)
        assert answer in reply, (text, reply)
        assert reply != NEEDS_LLM

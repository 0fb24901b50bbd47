"""Chit-chat said the everyday way gets a reply of its own offline (dogfooding, issue 15).

"how's your day going", "what's new", "i'm back", "are you happy", "can we talk", "you rock",
"are you smart", "i hate you", "you're welcome" and a bare "morning" got the can't-do sentence;
"good to see you" got "Goodbye!" and "what are you up to" the assistant's introduction. Through
the public API, offline; paraphrases of our own.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from roles.conversation.tools import HOW_I_AM, NEEDS_LLM

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("how's your day going", HOW_I_AM),
        ("how has your week been so far", HOW_I_AM),
        ("how is everything with you", HOW_I_AM),
        ("what's new", HOW_I_AM),
        ("what are you up to", HOW_I_AM),
        ("long time no see", HOW_I_AM),
        ("good to see you again", "Good to see you too! How can I help?"),
        ("nice hearing from you", "Good to see you too! How can I help?"),
        ("i'm back", "Welcome back! What can I do for you?"),
        ("it's me again", "Welcome back! What can I do for you?"),
        ("you rock", "Thank you, that's kind of you! What else can I do for you?"),
        ("that was really helpful", "Thank you, that's kind of you! What else can I do for you?"),
        ("are you smart", "I try my best! What can I do for you?"),
        ("i hate you", "Sorry about that. Could you say it another way?"),
        ("you're so annoying", "Sorry about that. Could you say it another way?"),
        ("you're welcome", "OK."),
        ("morning!", "Good morning! How can I help?"),
    ],
)
async def test_chit_chat_gets_a_reply_of_its_own(
    system: AgentSystem, text: str, reply: str
) -> None:
    decision = await system.aroute(text)
    result = await system.arun(text)
    assert decision.role == "conversation", (text, decision.reason)
    assert result.reply == reply


@pytest.mark.parametrize("text", ["are you happy", "did you miss me", "do you love me"])
async def test_the_assistants_feelings_are_answered_plainly(system: AgentSystem, text: str) -> None:
    result = await system.arun(text)
    assert result.reply.startswith("I don't have feelings the way you do")


@pytest.mark.parametrize("text", ["can we talk", "i need someone to talk to", "talk to me"])
async def test_asking_to_talk_is_welcomed(system: AgentSystem, text: str) -> None:
    result = await system.arun(text)
    assert result.reply.startswith("I'm here.") and result.reply != NEEDS_LLM


@pytest.mark.parametrize(
    "text", ["what's new in the news", "how is the traffic going", "i'm back home at 6, remind me"]
)
async def test_the_same_words_in_a_request_are_no_chit_chat(system: AgentSystem, text: str) -> None:
    result = await system.arun(text)
    assert not result.reply.startswith(("All systems running", "Welcome back", "I'm here."))

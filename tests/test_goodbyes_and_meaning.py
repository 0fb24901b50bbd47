"""Goodbyes and the meaning of life reach the conversation role offline and get a real reply
(issue 15); requests that only start like a goodbye keep their own roles.

The sentences are our own paraphrases of each family, not rows of the data sets.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _reply(system: AgentSystem, text: str) -> str:
    decision = await system.aroute(text)
    assert decision.role == "conversation", (text, decision.role, decision.reason)
    result = await system.arun(text)
    return result.reply


@pytest.mark.parametrize(
    "text",
    [
        "i'm off",
        "catch you later",
        "fairwell",
        "i'll be leaving now",
        "i've got to run now",
        "gotta go",
        "time for me to go",
        "i'm signing off for today",
        "see ya later alligator",
        "goodbye, ai assistant",
        "it was nice talking to you",
        "great chat, talk to you later",
        "thanks for chatting, bye",
        "have a good one",
        "cheerio",
        "so long",
    ],
)
async def test_goodbyes_are_answered_with_a_goodbye(system: AgentSystem, text: str) -> None:
    assert await _reply(system, text) == "Goodbye!"


@pytest.mark.parametrize("text", ["night night", "alright i'm off to bed", "nighty night"])
async def test_going_to_bed_is_answered_with_good_night(system: AgentSystem, text: str) -> None:
    assert await _reply(system, text) == "Good night!"


@pytest.mark.parametrize(
    "text",
    [
        "what's the point of existence",
        "is there any purpose to life",
        "why are we here",
        "does life have a meaning",
    ],
)
async def test_the_meaning_of_life_gets_an_answer_offline(system: AgentSystem, text: str) -> None:
    assert "42" in await _reply(system, text)


@pytest.mark.parametrize(
    "text",
    [
        "i have to go to the dentist at 3, remind me at 2",
        "see you at the meeting on friday at 10, add it to my calendar",
        "turn on good night mode",
        "i'm off work tomorrow, add that to my calendar",
    ],
)
async def test_requests_that_start_like_a_goodbye_are_not_goodbyes(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role != "conversation", (text, decision.reason)

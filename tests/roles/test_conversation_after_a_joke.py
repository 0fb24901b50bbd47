"""What people say after a joke: a laugh ("haha that was funny", "lol", "good one") is taken
kindly, "i don't get it" offers another, and "another one" after either still tells the next
joke. They were the can't-do sentence. The sentences are ours.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from roles.conversation.tools import JOKES


async def _replies(system: AgentSystem, *turns: str, thread: str = "t") -> list[str]:
    return [(await system.arun(turn, thread_id=thread)).reply for turn in turns]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "laugh", ["haha that was funny", "lol", "good one", "hahaha", "that's hilarious"]
)
async def test_a_laugh_then_another_joke(system: AgentSystem, laugh: str) -> None:
    replies = await _replies(system, "tell me a joke", laugh, "another one", thread=laugh)
    assert replies[0] in JOKES
    assert replies[1] == "Glad you liked it!"
    assert replies[2] in JOKES and replies[2] != replies[0]


@pytest.mark.anyio
async def test_not_getting_a_joke_offers_another(system: AgentSystem) -> None:
    replies = await _replies(system, "tell me a joke", "i don't get it", "one more")
    assert replies[1] == (
        "Sorry, that one doesn't work for everyone. Say 'another one' for a different joke."
    )
    assert replies[2] in JOKES
    other = await _replies(system, "what time is it", "i don't understand", thread="o")
    assert other[1] == "Sorry, I'll try to be clearer. What would you like to know?"

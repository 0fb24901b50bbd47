"""A command opened with the words that tie it to the turn before ("and cancel the timer",
"ok now add milk to the shopping list") does what it says: the words are not part of it.
Through the public API (conftest's module-scoped offline system and fake clock)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.understanding._opener import without_opener

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("opener", ["and", "also", "ok now", "and then", "oh and"])
async def test_a_timer_is_cancelled_after_and(system: AgentSystem, opener: str) -> None:
    thread = (await system.arun("set a timer for 7 minutes")).thread_id
    reply = (await system.arun(f"{opener} cancel the timer", thread_id=thread)).reply
    assert reply.startswith("Cancelled") and "called" not in reply


async def test_an_item_goes_on_the_list_named_after_and(system: AgentSystem) -> None:
    thread = (await system.arun("what's the time")).thread_id
    reply = (await system.arun("and add oat milk to the shopping list", thread_id=thread)).reply
    assert reply == "Added oat milk to your shopping list."
    listed = (await system.arun("what's on my shopping list")).reply
    assert "oat milk" in listed and "to the shopping list" not in listed


@pytest.mark.parametrize(
    "said", ["and the kitchen?", "and tomorrow?", "and in Boston?", "and what about friday"]
)
def test_a_follow_up_keeps_its_and(said: str) -> None:
    assert without_opener(said) == said

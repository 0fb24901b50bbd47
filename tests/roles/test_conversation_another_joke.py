"""One more joke: "another one" right after a joke tells the next one (issue 15 item 4)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from roles.conversation.tools import JOKES

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    "again", ["another one", "haha, one more", "tell me another", "again please"]
)
async def test_another_one_after_a_joke_is_the_next_joke(system: AgentSystem, again: str) -> None:
    first = await system.arun("tell me a joke", thread_id="t")
    second = await system.arun(again, thread_id="t")
    assert first.reply in JOKES and second.reply in JOKES
    assert second.reply != first.reply


async def test_another_one_after_something_else_is_no_joke(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    after_timer = await system.arun("another one", thread_id="t")
    assert after_timer.reply not in JOKES
    fresh = await system.arun("another one", thread_id="fresh")
    assert fresh.reply not in JOKES  # no joke before it in that thread

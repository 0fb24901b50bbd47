"""List requests said loosely (issue 15): a wake word first, "i want to" before the order,
"discard" / "pull" for taking an item off, "can you check what's on my list"."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


async def _replies(system: AgentSystem, *texts: str) -> list[str]:
    return [(await system.arun(text, thread_id="t")).reply for text in texts]


@pytest.mark.anyio
async def test_loose_openings_and_verbs_still_work_on_the_list(system: AgentSystem) -> None:
    replies = await _replies(
        system,
        "olly put carrots, cheese and chocolate on my shopping list",
        "i want to add apples to my shopping list",
        "olly, discard the cheese from the list",
        "pull carrots from my shopping list",
        "can you check whats on my shopping list",
        "alexa what's on the shopping list",
    )
    assert replies == [
        "Added carrots, cheese and chocolate to your shopping list.",
        "Added apples to your shopping list.",
        "Removed cheese from your shopping list.",
        "Removed carrots from your shopping list.",
        "Your shopping list: chocolate, apples.",
        "Your shopping list: chocolate, apples.",
    ]

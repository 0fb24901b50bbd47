"""A question about the date is answered, never added as an event called "Date" (issue 15)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    "text", ["date after 5 days", "the date 3 days from now", "date of next tuesday"]
)
async def test_a_date_question_adds_no_event(system: AgentSystem, text: str) -> None:
    result = await system.arun(text, thread_id="t")
    assert result.reply.startswith("It's "), result.reply
    listed = await system.arun("what's on my calendar this month", thread_id="t")
    assert "Date" not in listed.reply


async def test_a_date_with_someone_is_still_an_event(system: AgentSystem) -> None:
    result = await system.arun("dinner date on friday at 7pm", thread_id="t")
    assert result.reply.startswith("Added 'Dinner date'")

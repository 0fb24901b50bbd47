"""Everything built in is reachable offline: memory, notifications, summaries (issue 15)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

NOW = datetime(2026, 3, 2, 9, 0)


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock(NOW)) as engine:
        yield engine


@pytest.mark.anyio
async def test_a_fact_remembered_is_recalled_listed_and_forgotten(system: AgentSystem) -> None:
    kept = await system.arun("remember that my sister's birthday is june 3", thread_id="t")
    assert "remember" in kept.reply.lower() and "june 3" in kept.reply

    recalled = await system.arun("when is my sister's birthday?", thread_id="t2")
    assert "june 3" in recalled.reply

    listed = await system.arun("what do you remember about me", thread_id="t2")
    assert "sister's birthday" in listed.reply

    forgotten = await system.arun("forget my sister's birthday", thread_id="t2")
    assert forgotten.reply.startswith("Forgotten")
    again = await system.arun("when is my sister's birthday?", thread_id="t3")
    assert "june 3" not in again.reply


@pytest.mark.anyio
async def test_remember_to_do_something_sets_a_reminder_not_a_fact(system: AgentSystem) -> None:
    plan = await system.aplan("remember to call the bank at 4pm")
    assert [s.tool for s in plan.steps] == ["timer.remind"]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("notify me at 5pm to leave for the station", "timer.remind"),
        ("notify me in 20 minutes to check the oven", "timer.remind"),
        ("send me a notification saying dinner is ready", "notification.send"),
    ],
)
async def test_notifications_are_planned_offline(system: AgentSystem, text: str, tool: str) -> None:
    plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == [tool], plan.unsupported


@pytest.mark.anyio
async def test_notify_me_when_something_happens_says_what_works_offline(
    system: AgentSystem,
) -> None:
    result = await system.arun("notify me when it starts raining", thread_id="t")
    assert "at a time" in result.reply and "OPENAI" not in result.reply


@pytest.mark.anyio
async def test_given_text_is_summarized_offline(system: AgentSystem) -> None:
    text = (
        "summarize: The council met on Monday to discuss the new bike lanes. After a long "
        "debate it approved the budget for the river path. Construction starts in April and "
        "ends in September. Residents can comment online until the end of the month."
    )
    result = await system.arun(text, thread_id="t")
    plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == ["summarization.summarize"]
    assert plan.steps[0].arguments["text"].startswith("The council met on Monday")
    assert result.reply and len(result.reply) < len(text)

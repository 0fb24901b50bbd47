"""Asking where you live (dogfooding, issue 15): "I live in Lyon" was used by the weather, but
"where do i live" and "what's my location" got the can't-do sentence. They now say the home the
weather uses: the latest "I live in ..." said, else the location setting. Offline, public API.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio

ASKED = [
    "where do i live",
    "What's my location?",
    "do you know where I live",
    "what city do i live in",
    "where's my home",
    "tell me my home town",
]


@pytest.mark.parametrize("said", ASKED)
async def test_where_you_live_is_said_back(system: AgentSystem, said: str) -> None:
    before = await system.arun(said, thread_id="t")
    await system.arun("I live in Lyon", thread_id="t")
    after = await system.arun(said, thread_id="u")
    assert (
        before.reply == "I don't know where you live yet: tell me, for example 'I live in Paris'."
    )
    assert after.reply == "You live in Lyon, as far as I know."


async def test_the_latest_home_said_wins(system: AgentSystem) -> None:
    await system.arun("I live in Lyon", thread_id="t")
    system.engine.runtime.clock.advance(60)  # type: ignore[attr-defined]
    await system.arun("I live in Nantes", thread_id="t")
    said = await system.arun("where do i live", thread_id="t")
    assert said.reply == "You live in Nantes, as far as I know."


async def test_the_location_setting_answers_too(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "home", location="Porto")
    async with AgentSystem(settings) as system:
        said = await system.arun("what's my location")
    assert said.reply == "You live in Porto, as far as I know."
    assert said.plan is not None and [s.tool for s in said.plan.steps] == ["conversation.home"]


@pytest.mark.parametrize(
    "said", ["where do i live closest to a park", "where is my phone", "what is my name"]
)
async def test_other_questions_about_me_are_not_the_home(system: AgentSystem, said: str) -> None:
    result = await system.arun(said)
    assert result.plan is None or "conversation.home" not in [s.tool for s in result.plan.steps]

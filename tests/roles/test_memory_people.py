"""Memory the way people use it: names, a new value for the same thing, read back to them,
and wiping everything only after the user says yes (issue 15 item 7)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio
NOW = datetime(2026, 3, 2, 9, 0)


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock(NOW)) as engine:
        yield engine


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("my name is ana", "Ana"),
        ("hi, my name's Jo Baker", "Jo Baker"),
        ("call me Annie", "Annie"),
        ("you can call me max please", "Max"),
        ("i'm called Priya", "Priya"),
    ],
)
async def test_a_name_said_is_kept_and_told_back(system: AgentSystem, said: str, name: str) -> None:
    kept = await system.arun(said, thread_id="t")
    assert kept.reply == f"Got it, I'll remember that your name is {name}."
    for asked in ("what's my name", "do you know my name", "who am i"):
        told = await system.arun(asked, thread_id="other")
        assert told.reply == f"Your name is {name}.", asked


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("call me at six am", "timer.alarm"),
        ("call me back later", None),
        ("call me a taxi", None),
    ],
)
async def test_call_me_with_no_name_is_not_an_introduction(
    system: AgentSystem, text: str, tool: str | None
) -> None:
    plan = await system.aplan(text)
    assert all(not s.tool.startswith("memory.") for s in plan.steps)
    if tool is not None:
        assert [s.tool for s in plan.steps] == [tool]


async def test_a_new_value_for_the_same_thing_replaces_the_old_one(system: AgentSystem) -> None:
    await system.arun("remember my wifi password is hunter22", thread_id="t")
    changed = await system.arun("note that my wifi password is tulip7", thread_id="t")
    assert "instead of" in changed.reply and "hunter22" in changed.reply
    told = await system.arun("what's my wifi password", thread_id="t")
    assert told.reply == "Your wifi password is tulip7."
    listed = await system.arun("what do you know", thread_id="t")
    assert "tulip7" in listed.reply and "hunter22" not in listed.reply
    assert "I remember one thing" in listed.reply


async def test_two_things_remembered_are_both_kept(system: AgentSystem) -> None:
    await system.arun("remember my locker code is 4512", thread_id="t")
    await system.arun("remember my bike lock code is 9921", thread_id="t")
    listed = await system.arun("what do you remember about me", thread_id="t")
    assert "I remember 2 things" in listed.reply
    assert "Your locker code is 4512" in listed.reply and "Your bike lock code" in listed.reply


async def test_a_fact_is_read_back_to_the_user(system: AgentSystem) -> None:
    await system.arun("please remember that I parked on level 3", thread_id="t")
    told = await system.arun("where did I park", thread_id="t2")
    assert told.reply == "You parked on level 3."


@pytest.mark.parametrize(
    "text", ["forget everything", "delete all my memories", "wipe your memory", "forget all of it"]
)
async def test_forgetting_everything_waits_for_a_yes(system: AgentSystem, text: str) -> None:
    await system.arun("remember my locker code is 4512", thread_id="t")
    await system.arun("remember that I'm allergic to peanuts", thread_id="t")
    asked = await system.arun(text, thread_id="t")
    assert asked.status == "interrupted"
    assert [p["tool"] for p in asked.pending_approval] == ["memory.clear"]
    assert asked.reply == "This forgets all 2 things I remember about you. Go ahead?"
    refused = await system.aresume("t", False)
    assert refused.reply == "OK, I still remember everything."
    assert "4512" in (await system.arun("what's my locker code", thread_id="t")).reply

    await system.arun(text, thread_id="t")
    done = await system.aresume("t", True)
    assert done.reply == "Forgotten all 2 things I remembered."
    after = await system.arun("what do you know about me", thread_id="t")
    assert "haven't been asked to remember anything" in after.reply


async def test_forgetting_everything_with_nothing_kept_asks_nobody(system: AgentSystem) -> None:
    result = await system.arun("forget everything you know about me", thread_id="t")
    assert result.status != "interrupted"
    assert "nothing to forget" in result.reply


async def test_an_unclear_forget_asks_which_one_in_words(system: AgentSystem) -> None:
    await system.arun("remember that Anna's phone number is 555-0101", thread_id="t")
    await system.arun("remember that Ben's phone number is 555-0199", thread_id="t")
    asked = await system.arun("forget what i told you about the phone number", thread_id="t")
    assert "Say which one to forget" in asked.reply
    assert "555-0101" in asked.reply and "555-0199" in asked.reply

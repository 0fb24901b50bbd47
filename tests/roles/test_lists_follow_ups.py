"""Follow-ups on the list the turn before used (issue 15 item 4): "what's on it now?",
"and the bread" after taking eggs off, "how many things are on it?", "and the to-do list?".

Through the public API, offline, on a fake clock, one thread per conversation.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("said", ["what's on it", "read it to me", "what's on there now?"])
async def test_what_is_on_it_reads_the_list_just_changed(tmp_path: Path, said: str) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add call the bank to my to do list")
        added = await system.arun("put milk and eggs on my shopping list")
        read = await system.arun(said, thread_id=added.thread_id)
        assert read.reply == "Your shopping list: milk, eggs."


async def test_how_many_are_on_it_counts_that_list(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        added = await system.arun("add call the bank and book the vet to my to do list")
        counted = await system.arun("how many things are on it?", thread_id=added.thread_id)
        assert counted.reply.startswith("You have 2 items on your to-do list")


@pytest.mark.parametrize("said", ["and the bread", "the bread too", "and bread as well"])
async def test_another_item_after_a_removal_is_removed_too(tmp_path: Path, said: str) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("put milk, eggs and bread on my shopping list")
        removed = await system.arun("take the eggs off my shopping list")
        again = await system.arun(said, thread_id=removed.thread_id)
        assert again.reply == "Removed bread from your shopping list."
        assert (await system.arun("what's on my shopping list")).reply == (
            "Your shopping list: milk."
        )


async def test_another_list_after_reading_one_reads_that_list(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add call the bank to my to do list")
        read = await system.arun("what's on my shopping list")
        other = await system.arun("and the to do list?", thread_id=read.thread_id)
        assert other.reply == "Your to-do list: call the bank."


async def test_a_question_after_adding_never_adds(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        added = await system.arun("put milk on my shopping list")
        await system.arun("and what about the to do list?", thread_id=added.thread_id)
        assert (await system.arun("what's on my shopping list")).reply == (
            "Your shopping list: milk."
        )


@pytest.mark.parametrize("said", ["clear it", "ok empty it out", "take everything off it"])
async def test_clear_it_empties_only_the_list_just_used(tmp_path: Path, said: str) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add call the bank to my to do list")
        added = await system.arun("put milk and eggs on my shopping list")
        cleared = await system.arun(said, thread_id=added.thread_id)
        after = await system.arun("what's on it", thread_id=added.thread_id)
        todo = await system.arun("what's on my to do list")
        assert cleared.reply == "Cleared your shopping list (2 items removed)."
        assert after.reply == "Your shopping list is empty."
        assert todo.reply == "Your to-do list: call the bank."  # the other list stays


async def test_asking_to_remove_missing_items_again_and_again_never_pauses_the_list(
    tmp_path: Path,
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("put milk and eggs on my shopping list")
        for item in ("tent", "lantern", "stove", "matches", "rope", "map", "torch"):
            missing = await system.arun(f"take the {item} off my shopping list")
            assert missing.reply.startswith(f"I couldn't find '{item}'")
        removed = await system.arun("take the eggs off my shopping list")
        assert removed.reply == "Removed eggs from your shopping list."

"""The memory's replies said as a person would (lead's dogfood FYIs, issue 15).

"forget my wifi password" said "Forgotten: My wifi password is hunter2"; "what's my wifi
password" with nothing kept said "I don't remember anything about "what's my wifi password"";
"what did i ask you to remember" searched for itself. One more fact right after one ("and that
tom's train gets in at 8") was the can't-do sentence. The sentences are ours.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from agent_system.understanding._history import NOTHING_BEFORE

pytestmark = pytest.mark.anyio


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    clock = FakeClock(datetime(2026, 3, 2, 9, 0))
    async with AgentSystem(make_settings(tmp_path / "home"), clock=clock) as engine:
        yield engine


async def _replies(system: AgentSystem, *turns: str, thread: str = "t") -> list[str]:
    return [(await system.arun(t, thread_id=thread, user="ana")).reply for t in turns]


async def test_forgetting_and_asking_again_are_said_plainly(system: AgentSystem) -> None:
    replies = await _replies(
        system,
        "what's my wifi password",
        "remember that my wifi password is hunter2",
        "forget my wifi password",
        "what's my wifi password?",
        "remember that i parked on level 3",
        "forget that i parked on level 3",
        "where is my passport",
    )
    assert replies == [
        "I don't know your wifi password yet.",
        "Got it, I'll remember that your wifi password is hunter2.",
        "OK, I've forgotten your wifi password.",
        "I don't know your wifi password yet.",
        "Got it, I'll remember that you parked on level 3.",
        "OK, I've forgotten that you parked on level 3.",
        "I don't know where your passport is yet.",
    ]


@pytest.mark.parametrize(
    "asked", ["what did i ask you to remember", "what have i told you to remember?"]
)
async def test_what_was_asked_to_be_remembered_is_the_list(system: AgentSystem, asked: str) -> None:
    nothing = await _replies(system, asked, thread="n")
    assert nothing == ["I haven't been asked to remember anything yet."]
    await _replies(system, "remember that the spare key is under the blue pot")
    listed = await _replies(system, asked)
    assert "The spare key is under the blue pot" in listed[0]


async def test_one_more_fact_right_after_one_is_kept(system: AgentSystem) -> None:
    replies = await _replies(
        system,
        "remember that sam's flight lands at 6",
        "and that tom's train gets in at 8",
        "oh and also that the bins go out on tuesday",
        "when does tom arrive",
    )
    assert replies == [
        "Got it, I'll remember that Sam's flight lands at 6.",
        "Got it, I'll remember that Tom's train gets in at 8.",
        "Got it, I'll remember that the bins go out on tuesday.",
        "Tom's train gets in at 8.",
    ]
    fresh = await _replies(system, "and that the key is under the mat", thread="fresh")
    assert fresh == [NOTHING_BEFORE]  # nothing was being remembered in this thread

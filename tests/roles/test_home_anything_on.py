"""The home asked about "anything" and lights changed to a level after "it" (issue 15).

"is anything on in the kitchen" lists what is on there (it looked for a device called
"anything"); "dim it to 20%" right after turning a light on sets that light to 20% (it looked
for a device called "20% light"); a device kind that is not in the room suggests devices of
that kind, not names that merely share letters. Through the public API, offline, fake clock.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


_KITCHEN_ON = "1 of 3 devices in the kitchen are on: Kitchen light."


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        ("is anything on in the kitchen", _KITCHEN_ON),
        ("is there anything on in the bedroom", "No devices in the bedroom are on."),
        ("is everything off in the kitchen", _KITCHEN_ON),
    ],
)
async def test_anything_on_in_a_room_lists_what_is_on(
    tmp_path: Path, said: str, reply: str
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("turn on the kitchen light")
        assert (await system.arun(said)).reply == reply


async def test_is_anything_still_on_asks_the_whole_home(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("turn on the kitchen light")
        answer = await system.arun("is anything still on")
        assert answer.reply.startswith("2 of 16 devices are on: Kitchen light")
        assert (await system.aroute("is anything open on sunday")).role != "smart_home"


@pytest.mark.parametrize(
    ("said", "level"),
    [("dim it to 20%", 20), ("brighten it to 80 percent", 80), ("dim it by 30 percent", 70)],
)
async def test_a_level_said_with_the_change_sets_that_light(
    tmp_path: Path, said: str, level: int
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        on = await system.arun("turn on the living room light")
        changed = await system.arun(said, thread_id=on.thread_id)
        assert changed.reply == f"Living room light is on at {level}%, warm white."


async def test_a_missing_kind_suggests_that_kind_not_lookalike_names(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        answer = await system.arun("play some jazz in the kitchen")
        assert "Garden sprinkler" not in answer.reply
        assert answer.reply.endswith("Close matches: TV.")

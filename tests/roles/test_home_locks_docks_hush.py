"""Three things a user ran into in one evening, through the public API on the simulated home.

- "is the back door locked" answered "Back door is closed.": a door sensor cannot say whether a
  door is locked. The lock on that door answers; a door with no lock is said plainly, and a
  question ("did i lock the front door") never locks or unlocks anything.
- "start the vacuum" then "send it home" got the can't-do sentence: the vacuum (or the mower)
  the thread just used goes back to its dock ("dock it", "stop it and send it to base", "that's
  enough"), starts again, or goes to another room.
- "turn on the tv" then "be quiet" answered "OK." and left the TV as loud as before: the TV the
  thread just switched on is muted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_everyday import states

pytestmark = pytest.mark.anyio

BACK_DOOR_LOCK = """
[[devices]]
id = "front_lock"
name = "Front door lock"
kind = "lock"
area = "hallway"
state = "locked"

[[devices]]
id = "back_lock"
name = "Back door lock"
kind = "lock"
area = "kitchen"
state = "unlocked"

[[devices]]
id = "back_sensor"
name = "Back door"
kind = "binary_sensor"
device_class = "door"
area = "kitchen"
state = "off"
"""


async def _thread(system: AgentSystem, *turns: str) -> list[str]:
    """Every reply of `turns`, said one after the other in one new thread."""
    replies: list[str] = []
    thread: str | None = None
    for text in turns:
        result = await system.arun(text, thread_id=thread)
        thread = result.thread_id
        replies.append(result.reply)
    return replies


@pytest.fixture
def default_home(tmp_path: Path) -> Any:
    """The built-in home: a front door lock, and a back door seen only by a door sensor."""
    return make_settings(tmp_path / "data")


@pytest.fixture
def locked_home(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(BACK_DOOR_LOCK, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


@pytest.mark.parametrize(
    "question",
    [
        "is the back door locked",
        "is the back door locked?",
        "did i lock the back door",
        "have we locked the back door yet",
        "did someone forget to lock the back door",
        "can you check if the back door is locked",
        "back door locked?",
        "did i leave the back door unlocked",
    ],
)
async def test_a_door_with_no_lock_says_so_and_changes_nothing(
    default_home: Any, question: str
) -> None:
    async with AgentSystem(default_home) as system:
        before = await states(system)
        result = await system.arun(question)
        after = await states(system)
    assert result.reply == "The back door is closed, but there is no lock on it I can check."
    assert after == before


@pytest.mark.parametrize(
    "question",
    [
        "is the back door locked",
        "is the back door unlocked?",
        "did i lock the back door",
        "did you remember to lock the back door",
    ],
)
async def test_the_lock_on_the_door_answers_and_a_question_never_locks_it(
    locked_home: Any, question: str
) -> None:
    async with AgentSystem(locked_home) as system:
        result = await system.arun(question)
        after = await states(system)
    assert result.reply == "Back door lock is unlocked."
    assert after["back_lock"]["state"] == "unlocked"  # asked about, not locked


async def test_the_front_door_and_a_bare_door_are_read_from_their_lock(default_home: Any) -> None:
    async with AgentSystem(default_home) as system:
        front = await system.arun("did i remember to lock the front door")
        bare = await system.arun("is the door locked")
        whole = await system.arun("is the house locked up")
    assert front.reply == bare.reply == "Front door lock is locked."
    assert whole.reply.startswith("1 of 1 locks are locked: Front door lock")


async def test_locking_a_door_with_no_lock_says_why_in_plain_words(default_home: Any) -> None:
    async with AgentSystem(default_home) as system:
        door = await system.arun("lock the back door")
        garage = await system.arun("unlock the garage door")
    assert "There is no lock on the back door I can control" in door.reply
    assert "I can only open or close it" in garage.reply
    assert "binary_sensor" not in door.reply + garage.reply


@pytest.mark.parametrize(
    "follow_up",
    [
        "send it home",
        "send it back",
        "dock it",
        "stop it and send it to base",
        "stop it, then send it home",
        "ok that's enough, send it home",
        "could you send it back to its charging station please",
        "go back to the dock",
        "turn it off",
        "stop",
    ],
)
async def test_the_vacuum_just_started_goes_back_to_its_dock(
    default_home: Any, follow_up: str
) -> None:
    async with AgentSystem(default_home) as system:
        replies = await _thread(system, "start the vacuum", follow_up)
        after = await states(system)
    assert after["vacuum"]["state"] == "docked", replies
    assert replies[-1] == "Robot vacuum is docked."


async def test_the_vacuum_starts_again_and_goes_to_another_room(default_home: Any) -> None:
    async with AgentSystem(default_home) as system:
        replies = await _thread(system, "hoover the house", "send it home", "start it again")
        started = await states(system)
        thread = (await system.arun("start the vacuum")).thread_id
        plan = await system.aplan("now do the bedroom", thread_id=thread)
        status = await system.arun("is it still running", thread_id=thread)
    assert started["vacuum"]["state"] == "cleaning", replies
    assert [(s.tool, dict(s.arguments)) for s in plan.steps] == [
        ("smart_home.start_vacuum", {"device": "vacuum", "area": "bedroom"})
    ]
    assert status.reply == "Robot vacuum is cleaning."


async def test_the_mower_mows_and_goes_home(default_home: Any) -> None:
    async with AgentSystem(default_home) as system:
        replies = await _thread(system, "mow the lawn", "stop it and bring it back to the dock")
        after = await states(system)
    assert replies[0] == "Lawn mower is mowing."
    assert after["mower"]["state"] == "docked", replies


@pytest.mark.parametrize("hush", ["be quiet", "shut up", "hush", "stop talking", "mute it"])
async def test_be_quiet_after_turning_on_the_tv_mutes_it(default_home: Any, hush: str) -> None:
    async with AgentSystem(default_home) as system:
        replies = await _thread(system, "turn on the tv", hush)
        after = await states(system)
    assert after["living_room_tv"]["muted"] is True, replies
    assert replies[-1] == "Muted TV."


async def test_be_quiet_after_a_light_mutes_nothing(default_home: Any) -> None:
    async with AgentSystem(default_home) as system:
        replies = await _thread(system, "turn on the kitchen light", "be quiet")
        after = await states(system)
    assert after["living_room_tv"]["muted"] is False
    assert replies[-1] == "OK."

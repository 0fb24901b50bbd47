"""The player the conversation is using, and a coffee for later (issue 15): asked to be quiet,
louder or softer after music was put on one player, the assistant changes that player, not the
other one playing; a coffee wanted later is made then. Paraphrases of our own, through the public
API in a simulated home with two players playing."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from roles.smart_home.tools import home_backend
from roles.timer.service import FiredTimer, TimerService, command_runner

pytestmark = pytest.mark.anyio

HOME_TOML = """
[[areas]]
id = "kitchen"
name = "Kitchen"

[[areas]]
id = "lounge"
name = "Living room"

[[devices]]
id = "tv"
name = "TV"
kind = "media_player"
area = "lounge"
state = "idle"
attributes = { volume = 30, muted = false }

[[devices]]
id = "speaker"
name = "Kitchen speaker"
kind = "media_player"
area = "kitchen"
state = "playing"
attributes = { volume = 40, muted = false, media = "radio" }

[[devices]]
id = "coffee"
name = "Coffee machine"
kind = "switch"
area = "kitchen"
"""


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _states(system: AgentSystem) -> dict[str, dict[str, Any]]:
    devices = await home_backend(system.engine.runtime).devices()
    return {d.id: {"state": d.state, **d.attributes} for d in devices}


@pytest.mark.parametrize(
    "text",
    [
        "mute yourself",
        "go silent",
        "volume zero",
        "put yourself on mute",
        "turn the sound off",
    ],
)
async def test_quiet_after_music_on_a_player_mutes_that_player(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("play some jazz on the tv", thread_id="t")
        result = await system.arun(text, thread_id="t")
        after = await _states(system)
    assert after["tv"]["muted"] is True, result.reply
    assert after["speaker"]["muted"] is False


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("be quiet for an hour", 3600),
        ("mute yourself for twenty minutes", 1200),
        ("no sound for the next two hours", 7200),
    ],
)
async def test_quiet_for_a_while_unmutes_the_same_player(
    settings: Any, text: str, seconds: int
) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("play some jazz on the tv", thread_id="t")
        plan = await system.aplan(text, thread_id="t")
        result = await system.arun(text, thread_id="t")
        after = await _states(system)
    assert [s.tool for s in plan.steps] == ["smart_home.media", "timer.set"]
    assert plan.steps[1].arguments["command"] == "unmute the TV"
    from agent_system.routing.slots import parse_duration

    length = parse_duration(plan.steps[1].arguments["duration"])
    assert length is not None and length.total_seconds() == seconds
    assert after["tv"]["muted"] is True, result.reply
    assert after["speaker"]["muted"] is False


@pytest.mark.parametrize(
    ("text", "volume"),
    [
        ("louder", 40),
        ("make it louder please", 40),
        ("a bit quieter please", 20),
        ("turn it down a notch", 20),
    ],
)
async def test_louder_or_softer_after_music_is_that_player(
    settings: Any, text: str, volume: int
) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("play some jazz on the tv", thread_id="t")
        await system.arun(text, thread_id="t")
        after = await _states(system)
    assert after["tv"]["volume"] == volume
    assert after["speaker"]["volume"] == 40


async def test_a_player_named_is_still_that_one(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("play some jazz on the tv", thread_id="t")
        await system.arun("mute the kitchen speaker", thread_id="t")
        after = await _states(system)
    assert after["speaker"]["muted"] is True
    assert after["tv"]["muted"] is False


async def test_with_no_player_in_the_thread_the_one_playing_is_muted(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("mute yourself")
        after = await _states(system)
    assert after["speaker"]["muted"] is True
    assert after["tv"]["muted"] is False


async def _ignore(fired: FiredTimer) -> None:
    return None


@pytest.mark.parametrize(
    "text",
    [
        "i'd love a coffee in 5 minutes",
        "have a coffee ready for me in 5 minutes",
        "i need my filter coffee in five minutes",
    ],
)
async def test_a_coffee_wanted_later_is_made_then(settings: Any, text: str) -> None:
    clock = FakeClock(datetime(2026, 3, 2, 9, 0))
    async with AgentSystem(settings, clock=clock) as system:
        plan = await system.aplan(text)
        await system.arun(text)
        service = TimerService(system.engine.runtime, _ignore, run=command_runner(system))
        before = await _states(system)
        clock.advance(6 * 60)
        await service.tick()
        after = await _states(system)
    assert [(s.tool, s.arguments["command"]) for s in plan.steps] == [("timer.set", "make coffee")]
    assert before["coffee"]["state"] == "off"
    assert after["coffee"]["state"] == "on"


@pytest.mark.parametrize(
    "text",
    [
        "play music from where you left off",
        "can you play the music from where we left off",
        "play my playlist from where i left off",
    ],
)
async def test_music_from_where_it_was_left_is_resumed(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("pause the kitchen speaker")
        plan = await system.aplan(text)
        await system.arun(text)
        after = await _states(system)
    assert [(s.tool, s.arguments["command"]) for s in plan.steps] == [
        ("smart_home.media", "resume")
    ]
    assert after["speaker"]["state"] == "playing"
    assert after["speaker"]["media"] == "radio"


@pytest.mark.parametrize(
    "text",
    [
        "instruct the coffee maker to make a filter coffee ready in ten minutes",
        "get the coffee machine to have a coffee ready in ten minutes",
    ],
)
async def test_a_coffee_command_naming_the_machine_is_kept_as_said(
    settings: Any, text: str
) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == ["timer.set"]
    assert plan.steps[0].arguments["command"] == text.removesuffix(" in ten minutes")

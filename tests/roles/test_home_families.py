"""The home said the way people say it (issue 15): muting, music off, plugs, rooms, the vacuum
and moods in everyday words, each family with paraphrases of our own, through the public API in
a simulated home; and a time of day said with no clock time is asked about, never dropped."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from roles.smart_home.tools import home_backend

pytestmark = pytest.mark.anyio

HOME_TOML = """
[[areas]]
id = "kitchen"
name = "Kitchen"

[[areas]]
id = "lounge"
name = "Living room"
aliases = ["lounge"]

[[areas]]
id = "bed2"
name = "Bedroom 2"
aliases = ["kids' room", "kids room"]

[[devices]]
id = "kitchen_light"
name = "Kitchen light"
kind = "light"
area = "kitchen"
state = "on"
attributes = { brightness = 80, color = "warm white" }

[[devices]]
id = "lounge_lamp"
name = "Floor lamp"
kind = "light"
area = "lounge"
state = "on"
attributes = { brightness = 60, color = "warm white" }

[[devices]]
id = "bed2_light"
name = "Ceiling light"
kind = "light"
area = "bed2"
state = "on"
attributes = { brightness = 100, color = "white" }

[[devices]]
id = "plug"
name = "Smart plug"
kind = "switch"
area = "lounge"
state = "on"
aliases = ["wemo", "socket"]

[[devices]]
id = "heater"
name = "Heater"
kind = "switch"
area = "bed2"
state = "on"

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
attributes = { volume = 40, muted = false, media = "music" }
aliases = ["speakers", "stereo"]

[[devices]]
id = "vacuum"
name = "Robot vacuum"
kind = "vacuum"
area = "lounge"
state = "docked"
aliases = ["roomba"]
"""


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _states(system: AgentSystem) -> dict[str, dict[str, Any]]:
    devices = await home_backend(system.engine.runtime).devices()
    return {d.id: {"state": d.state, **d.attributes} for d in devices}


async def _run(system: AgentSystem, text: str) -> tuple[list[str], dict[str, Any]]:
    decision = await system.aroute(text)
    assert decision.role == "smart_home", (text, decision.role, decision.reason)
    result = await system.arun(text)
    tools = [s.tool for s in result.plan.steps] if result.plan else []
    return tools, await _states(system)


# --- the sound off: muted, never unmuted ------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "device"),
    [
        ("turn off the sound on the tv", "tv"),
        ("switch off the sound on the tv please", "tv"),
        ("kill the sound on the tv", "tv"),
        ("cut the sound of the stereo", "speaker"),
    ],
)
async def test_the_sound_off_on_a_player_mutes_it(settings: Any, text: str, device: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after[device]["muted"] is True


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("quiet mode four hours", 4 * 3600),
        ("mute the tv two hours", 2 * 3600),
        ("silent mode 30 minutes", 30 * 60),
    ],
)
async def test_quiet_for_a_length_said_without_for_unmutes_after_it(
    settings: Any, text: str, seconds: int
) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == ["smart_home.media", "timer.set"]
    assert plan.steps[0].arguments["command"] == "mute"
    from agent_system.routing.slots import parse_duration

    length = parse_duration(plan.steps[1].arguments["duration"])
    assert length is not None and length.total_seconds() == seconds


# --- the music off: it stops, the player stays on ---------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "turn off the music",
        "turn the music off please",
        "switch off the tunes",
        "shut the music off",
        "no more music please",
        "enough music",
    ],
)
async def test_the_music_off_stops_it(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        tools, after = await _run(system, text)
    assert tools == ["smart_home.media"]
    assert after["speaker"]["state"] == "paused"
    assert after["tv"]["state"] == "idle"  # the player in use stopped, nothing switched off


# --- switching said with other verbs, and "<thing> off in <room>" -----------------------------
@pytest.mark.parametrize(
    ("text", "device", "state"),
    [
        ("flip the kitchen light off", "kitchen_light", "off"),
        ("flick the floor lamp off", "lounge_lamp", "off"),
        ("knock the heater off", "heater", "off"),
        ("disconnect the plug", "plug", "off"),
        ("kill the plug", "plug", "off"),
        ("cut the power to the heater", "heater", "off"),
        ("lights off in the kids' room", "bed2_light", "off"),
        ("heater off in bedroom two", "heater", "off"),
    ],
)
async def test_switching_said_every_way(settings: Any, text: str, device: str, state: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after[device]["state"] == state


@pytest.mark.parametrize("text", ["bed room two lights off", "turn off the lights in bedroom 2"])
async def test_a_room_said_oddly_is_that_room(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["bed2_light"]["state"] == "off"
    assert after["kitchen_light"]["state"] == after["lounge_lamp"]["state"] == "on"


async def test_a_room_the_home_lacks_changes_nothing(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        before = await _states(system)
        result = await system.arun("lights off in the master bedroom")
        after = await _states(system)
    assert after == before
    assert "master bedroom" in result.reply.lower()


# --- the vacuum ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("get the hoover going", None),
        ("fire up the roomba", None),
        ("set the roomba off", None),
        ("do the vacuuming", None),
        ("send the roomba to the kitchen", "Kitchen"),
        ("send the robot vacuum into the lounge", "Living room"),
    ],
)
async def test_the_vacuum_started_every_way(settings: Any, text: str, area: str | None) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["vacuum"]["state"] == "cleaning"
    assert after["vacuum"].get("cleaning_area") == area


# --- moods said with colours ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "color"),
    [
        ("romantic colours", "red"),
        ("party colours please", "purple"),
        ("relaxing colors", "warm white"),
    ],
)
async def test_a_mood_said_as_colours_sets_the_lights(settings: Any, text: str, color: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["kitchen_light"]["color"] == color


# --- a time of day with no clock time: asked, never dropped ------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "turn on the lights this evening",
        "switch off the heater tonight",
        "turn the plug on later",
        "start the vacuum this afternoon",
    ],
)
async def test_a_part_of_the_day_asks_what_time(settings: Any, text: str) -> None:
    clock = FakeClock(datetime(2026, 3, 2, 10, 0))
    async with AgentSystem(settings, clock=clock) as system:
        before = await _states(system)
        result = await system.arun(text)
        after = await _states(system)
    assert result.reply == "What time should I do that?"
    assert after == before


async def test_the_answer_says_the_time_and_the_command_waits_for_it(settings: Any) -> None:
    clock = FakeClock(datetime(2026, 3, 2, 10, 0))
    async with AgentSystem(settings, clock=clock) as system:
        await system.arun("switch off the heater tonight", thread_id="t")
        answered = await system.arun("at 11 pm", thread_id="t")
        after = await _states(system)
    assert answered.plan is not None
    assert [(s.tool, s.arguments["duration"]) for s in answered.plan.steps] == [
        ("timer.set", "13 hours")
    ]
    assert after["heater"]["state"] == "on"


# --- lights and plugs said the everyday way ----------------------------------------------------
@pytest.mark.parametrize(
    ("text", "device", "state"),
    [
        ("kitchen light on please olly", "kitchen_light", "on"),
        ("the heater off, alexa", "heater", "off"),
        ("please power off the heater", "heater", "off"),
        ("off the floor lamp", "lounge_lamp", "off"),
        ("stop the socket", "plug", "off"),
        ("shut the wemo down", "plug", "off"),
        ("start the heater", "heater", "on"),
        ("on the kitchen light", "kitchen_light", "on"),
        ("kitchen light on again", "kitchen_light", "on"),
    ],
)
async def test_on_and_off_said_the_everyday_way(
    settings: Any, text: str, device: str, state: str
) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn off all the lights")
        await system.arun("turn off the heater")
        if state == "off":
            await system.arun(f"turn on the {device.replace('_', ' ')}")
            await system.arun("turn on the floor lamp")
            await system.arun("turn on the heater")
            await system.arun("turn on the smart plug")
        _, after = await _run(system, text)
    assert after[device]["state"] == state


async def test_make_it_bright_in_a_room_brightens_it(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, "make it bright in the kitchen")
        _, dimmer = await _run(system, "it's too bright in the kitchen")
    assert after["kitchen_light"]["brightness"] == 100
    assert dimmer["kitchen_light"]["brightness"] == 80


@pytest.mark.parametrize(
    "text", ["i need to hear sound on my speakers", "turn the sound back on", "sound on please"]
)
async def test_sound_wanted_on_a_player_unmutes_it(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("mute the stereo")
        _, after = await _run(system, text)
    assert after["speaker"]["muted"] is False

"""What a device cannot do is said plainly and changes nothing (issue 15): a colour, brightness,
temperature, volume, position or speed asked of a device without it; a bass or treble no player
has. And a fan's speed, a device numbered in words, said the everyday way. Through the public
API in a simulated home."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
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

[[areas]]
id = "office"
name = "Office"

[[devices]]
id = "kitchen_light"
name = "Kitchen light"
kind = "light"
area = "kitchen"
state = "on"
attributes = { brightness = 80, color = "warm white" }

[[devices]]
id = "desk1"
name = "Desk lamp 1"
kind = "light"
area = "office"
state = "on"
attributes = { brightness = 100, color = "white" }

[[devices]]
id = "desk2"
name = "Desk lamp 2"
kind = "light"
area = "office"
state = "on"
attributes = { brightness = 100, color = "white" }

[[devices]]
id = "fan"
name = "Ceiling fan"
kind = "fan"
area = "office"
attributes = { percentage = 0, oscillating = false }

[[devices]]
id = "coffee"
name = "Coffee machine"
kind = "switch"
area = "kitchen"

[[devices]]
id = "thermostat"
name = "Thermostat"
kind = "climate"
area = "lounge"
state = "heat"
attributes = { target_temperature = 20.0, current_temperature = 19.5 }

[[devices]]
id = "blinds"
name = "Living room blinds"
kind = "cover"
area = "lounge"
state = "closed"

[[devices]]
id = "tv"
name = "TV"
kind = "media_player"
area = "lounge"
state = "idle"
attributes = { volume = 30, muted = false }

[[devices]]
id = "right"
name = "Right speaker"
kind = "media_player"
area = "kitchen"
state = "idle"
attributes = { volume = 40, muted = false }
"""


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _states(system: AgentSystem) -> dict[str, dict[str, Any]]:
    devices = await home_backend(system.engine.runtime).devices()
    return {d.id: {"state": d.state, **d.attributes} for d in devices}


async def _said(system: AgentSystem, text: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    decision = await system.aroute(text)
    assert decision.role == "smart_home", (text, decision.role, decision.reason)
    before = await _states(system)
    result = await system.arun(text)
    return result.reply, before, await _states(system)


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("make the fan blue", "The ceiling fan can't change colour."),
        ("turn the ceiling fan green please", "The ceiling fan can't change colour."),
        ("change the colour of the blinds to red", "The living room blinds can't change colour."),
        ("set the thermostat to purple", "The thermostat can't change colour."),
        ("make the tv pink", "The TV can't change colour."),
        ("dim the coffee machine to 30%", "The coffee machine can't change brightness."),
        ("make the tv brighter", "The TV can't change brightness."),
        ("set the ceiling fan brightness to 50", "The ceiling fan can't change brightness."),
        ("set the coffee machine to 90 degrees", "The coffee machine can't change temperature."),
        ("turn up the volume on the coffee machine", "The coffee machine can't change volume."),
        ("mute the fan", "The ceiling fan can't change volume."),
        ("open the coffee machine halfway", "The coffee machine can't change position."),
        ("make desk lamp 1 faster", "The desk lamp 1 can't change speed."),
    ],
)
async def test_an_attribute_a_device_lacks_is_refused_and_nothing_changes(
    settings: Any, text: str, reply: str
) -> None:
    async with AgentSystem(settings) as system:
        said, before, after = await _said(system, text)
    assert said == reply
    assert after == before


@pytest.mark.parametrize(
    ("text", "device", "key", "value"),
    [
        ("make the kitchen light blue", "kitchen_light", "color", "blue"),
        ("dim the kitchen light to 30%", "kitchen_light", "brightness", 30),
        ("set the thermostat to 22 degrees", "thermostat", "target_temperature", 22.0),
        ("set the tv volume to 20", "tv", "volume", 20),
        ("open the blinds halfway", "blinds", "position", 50),
    ],
)
async def test_a_device_that_has_it_still_changes(
    settings: Any, text: str, device: str, key: str, value: Any
) -> None:
    async with AgentSystem(settings) as system:
        _, _, after = await _said(system, text)
    assert after[device][key] == value


async def test_a_light_said_with_a_device_that_lacks_it_changes_the_light(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        result = await system.arun("make the kitchen light and the fan blue")
        after = await _states(system)
    assert after["kitchen_light"]["color"] == "blue"
    assert "can't change colour" not in result.reply


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("turn off the bass", "bass"),
        ("turn the bass down on the tv", "bass"),
        ("boost the treble", "treble"),
        ("reduce the bass a bit", "bass"),
    ],
)
async def test_no_bass_or_treble_control_is_said_plainly(
    settings: Any, text: str, word: str
) -> None:
    async with AgentSystem(settings) as system:
        before = await _states(system)
        result = await system.arun(text)
        after = await _states(system)
    assert result.reply == f"I can't change the {word}, only the volume."
    assert after == before


@pytest.mark.parametrize(
    ("text", "speed"),
    [
        ("make the ceiling fan faster", 20),
        ("speed up the fan", 20),
        ("turn the fan up a bit", 10),
        ("fan speed to 60", 60),
        ("set the fan to 40%", 40),
        ("ceiling fan to max", 100),
    ],
)
async def test_a_fans_speed_said_the_everyday_way(settings: Any, text: str, speed: int) -> None:
    async with AgentSystem(settings) as system:
        _, _, after = await _said(system, text)
    assert after["fan"]["state"] == "on"
    assert after["fan"]["percentage"] == speed


async def test_a_fan_slowed_down_goes_down(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("set the fan to 60%")
        _, _, after = await _said(system, "slow the fan down")
        _, _, slower = await _said(system, "the fan a little slower please")
    assert after["fan"]["percentage"] == 40
    assert slower["fan"]["percentage"] == 30


@pytest.mark.parametrize(
    ("text", "device", "state"),
    [
        ("desk lamp one off", "desk1", "off"),
        ("switch off desk lamp two", "desk2", "off"),
        ("turn desk lamp two off please", "desk2", "off"),
    ],
)
async def test_a_device_numbered_in_words_is_that_device(
    settings: Any, text: str, device: str, state: str
) -> None:
    async with AgentSystem(settings) as system:
        _, _, after = await _said(system, text)
    assert after[device]["state"] == state
    other = "desk2" if device == "desk1" else "desk1"
    assert after[other]["state"] == "on"


async def test_a_speaker_called_right_is_no_light(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn on the right speaker")
        _, _, after = await _said(system, "turn off the lights")
    assert after["right"]["state"] != "off"
    assert after["kitchen_light"]["state"] == "off"


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("turn off shuffle on the tv", "I can't shuffle the music"),
        ("turn on shuffle on the right speaker", "I can't shuffle the music"),
        ("set the tv to repeat mode", "I can't put the music on repeat"),
        ("put the right speaker on repeat", "I can't put the music on repeat"),
    ],
)
async def test_no_shuffle_or_repeat_is_said_plainly(settings: Any, text: str, reply: str) -> None:
    async with AgentSystem(settings) as system:
        said, before, after = await _said(system, text)
    assert said == f"{reply}, only play, pause, skip and change the volume."
    assert after == before

"""'The radio' is a radio: "radio on" in a home with a TV and no radio turned the TV on (any
player counted as a radio). Now only a player that is a radio by its name, aliases or class (or
one playing a station) is used; otherwise the reply says there is no radio and nothing changes.
The sound that is playing stays reachable by that word ("turn the radio down" while a speaker
plays). "music on" with nothing paused no longer starts an idle TV."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from roles.smart_home.tools import home_backend

pytestmark = pytest.mark.anyio

TV_ONLY = """
[[devices]]
id = "tv"
name = "TV"
kind = "media_player"
area = "living room"
state = "idle"
attributes = { volume = 30, muted = false }

[[devices]]
id = "lamp"
name = "Lamp"
kind = "light"
area = "living room"
"""

WITH_RADIO = (
    TV_ONLY
    + """
[[devices]]
id = "kitchen_radio"
name = "Kitchen radio"
kind = "media_player"
area = "kitchen"
state = "off"
attributes = { volume = 20, muted = false }

[[devices]]
id = "boombox"
name = "Boombox"
kind = "media_player"
area = "bedroom"
device_class = "radio"
state = "off"
attributes = { volume = 20, muted = false }
"""
)

SPEAKER_PLAYING = (
    TV_ONLY
    + """
[[devices]]
id = "speaker"
name = "Kitchen speaker"
kind = "media_player"
area = "kitchen"
state = "playing"
attributes = { volume = 40, muted = false, media = "music" }
"""
)


def _settings(tmp_path: Path, toml: str) -> Any:
    tmp_path.mkdir(parents=True, exist_ok=True)
    home = tmp_path / "home.toml"
    home.write_text(toml, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _states(system: AgentSystem) -> dict[str, dict[str, Any]]:
    devices = await home_backend(system.engine.runtime).devices()
    return {d.id: {"state": d.state, **d.attributes} for d in devices}


@pytest.mark.parametrize(
    "text",
    [
        "radio on",
        "the radio on please",
        "turn on the living room radio",
        "switch the radio on in the living room",
        "turn up the radio",
        "mute the radio",
    ],
)
async def test_no_radio_in_the_home_says_so_and_leaves_the_tv_alone(
    tmp_path: Path, text: str
) -> None:
    async with AgentSystem(_settings(tmp_path, TV_ONLY), clock=FakeClock()) as system:
        before = await _states(system)
        result = await system.arun(text)
        after = await _states(system)
    assert after == before, result.reply
    assert "no radio" in result.reply.lower(), result.reply


async def test_a_device_called_a_radio_is_the_radio(tmp_path: Path) -> None:
    async with AgentSystem(_settings(tmp_path, WITH_RADIO), clock=FakeClock()) as system:
        await system.arun("kitchen radio on")
        kitchen = await _states(system)
        await system.arun("switch on the radio in the bedroom")
        bedroom = await _states(system)
    assert kitchen["kitchen_radio"]["state"] == "on"
    assert kitchen["tv"]["state"] == "idle" and kitchen["boombox"]["state"] == "off"
    assert bedroom["boombox"]["state"] == "on"  # a radio by its class, not its name
    assert bedroom["tv"]["state"] == "idle"


async def test_a_room_without_a_radio_says_so(tmp_path: Path) -> None:
    async with AgentSystem(_settings(tmp_path, WITH_RADIO), clock=FakeClock()) as system:
        result = await system.arun("turn on the radio in the living room")
        after = await _states(system)
    assert "no radio" in result.reply.lower(), result.reply
    assert after["tv"]["state"] == "idle"


async def test_the_radio_said_of_the_sound_playing_is_that_player(tmp_path: Path) -> None:
    async with AgentSystem(_settings(tmp_path, SPEAKER_PLAYING), clock=FakeClock()) as system:
        await system.arun("turn the radio down")
        quieter = await _states(system)
        on = await system.arun("radio on")
        after = await _states(system)
    assert quieter["speaker"]["volume"] == 30 and quieter["tv"]["volume"] == 30
    assert "no radio" in on.reply.lower(), on.reply  # switching on asks for a radio itself
    assert after["tv"]["state"] == "idle"


@pytest.mark.parametrize("text", ["music on", "resume the music", "turn the music back on"])
async def test_music_on_with_nothing_paused_starts_nothing(tmp_path: Path, text: str) -> None:
    async with AgentSystem(_settings(tmp_path, TV_ONLY), clock=FakeClock()) as system:
        result = await system.arun(text)
        after = await _states(system)
    assert after["tv"]["state"] == "idle", result.reply
    assert result.reply == "Nothing is paused right now; nothing was changed."


async def test_music_on_after_music_off_plays_again(tmp_path: Path) -> None:
    async with AgentSystem(_settings(tmp_path, SPEAKER_PLAYING), clock=FakeClock()) as system:
        await system.arun("music off")
        paused = await _states(system)
        await system.arun("music on")
        playing = await _states(system)
    assert paused["speaker"]["state"] == "paused"
    assert playing["speaker"]["state"] == "playing"
    assert playing["tv"]["state"] == "idle"


async def test_a_home_with_a_radio_claims_switching_it(tmp_path: Path) -> None:
    async with AgentSystem(_settings(tmp_path, WITH_RADIO), clock=FakeClock()) as system:
        with_radio = await system.aroute("turn on the radio")
    async with AgentSystem(_settings(tmp_path / "tv", TV_ONLY), clock=FakeClock()) as system:
        without = await system.aroute("turn on the radio")
    assert with_radio.role == "smart_home", with_radio.reason
    assert without.role != "smart_home", without.reason  # no radio: left to the classifier

"""Loudness said short, the music on and off, and silence said to a room with a player (issue
15 items 3-4: HWU64 audio_volume_up/down/mute families, dogfooding).

"music up", "crank it up", "it's too soft", "music on" and "hush the radio" were not understood;
a volume change answered with the player's whole state. Through the public API, offline, in a
simulated home with a TV (idle) and a kitchen speaker (playing); paraphrases of our own.
"""

from __future__ import annotations

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

[[areas]]
id = "study"
name = "Study"

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

[[devices]]
id = "lamp"
name = "Desk lamp"
kind = "light"
area = "study"
state = "on"
attributes = { brightness = 50, color = "white" }
"""


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _states(system: AgentSystem) -> dict[str, dict[str, Any]]:
    devices = await home_backend(system.engine.runtime).devices()
    return {d.id: {"state": d.state, **d.attributes} for d in devices}


async def _said(system: AgentSystem, text: str, area: str | None = None) -> str:
    decision = await system.aroute(text, area=area)
    assert decision.role == "smart_home", (text, decision.role, decision.reason)
    return (await system.arun(text, area=area)).reply


# --- loudness said short: the player in use (the one playing) ---------------------------------
@pytest.mark.parametrize(
    ("text", "volume"),
    [
        ("music up", 50),
        ("radio louder please", 50),
        ("crank it up", 50),
        ("crank it", 50),
        ("bump it up a little", 50),
        ("it's too soft", 50),
        ("the music is way too quiet", 50),
        ("music down", 30),
        ("stereo quieter", 30),
        ("drop it down a notch", 30),
        ("tone it down", 30),
        ("soften the music", 30),
        ("it's a bit too loud", 30),
    ],
)
async def test_loudness_said_short_changes_the_player_in_use(
    settings: Any, text: str, volume: int
) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        reply = await _said(system, text)
        after = await _states(system)
    assert after["speaker"]["volume"] == volume
    assert after["tv"]["volume"] == 30
    way = "up" if volume > 40 else "down"
    assert reply == f"Turned Kitchen speaker {way} to {volume}%."


async def test_a_volume_change_says_what_changed_and_a_muted_player_says_so(
    settings: Any,
) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        muted = await _said(system, "mute the kitchen speaker")
        louder = await _said(system, "louder")
        unmuted = await _said(system, "unmute the kitchen speaker")
        level = await _said(system, "set the tv volume to 25")
        top = await _said(system, "kitchen speaker volume to max")
        again = await _said(system, "turn the kitchen speaker up")
    assert muted == "Muted Kitchen speaker."
    assert louder == "Turned Kitchen speaker up to 50%. It's muted; say 'unmute' to hear it."
    assert unmuted == "Unmuted Kitchen speaker; the volume is 50%."
    assert level == "Set the volume of TV to 25%."
    assert top == "Set the volume of Kitchen speaker to 100%."
    assert again == "Kitchen speaker is already at 100%."


# --- the music off and on: paused, then playing again -----------------------------------------
@pytest.mark.parametrize(
    ("off", "on"),
    [
        ("music off", "music on"),
        ("the music off please", "turn the music back on"),
        ("tunes off", "resume the music"),
        ("music off", "switch the music on again"),
    ],
)
async def test_the_music_off_pauses_and_on_plays_again(settings: Any, off: str, on: str) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        await _said(system, off)
        paused = await _states(system)
        await _said(system, on)
        playing = await _states(system)
    assert paused["speaker"]["state"] == "paused"
    assert playing["speaker"]["state"] == "playing"
    assert paused["tv"]["state"] == playing["tv"]["state"] == "idle"  # never switched on or off


# --- silence for a player named, or said in a room with one -----------------------------------
@pytest.mark.parametrize(
    ("text", "device"),
    [
        ("hush the radio", "speaker"),
        ("shut up the tv", "tv"),
        ("silence the stereo", "speaker"),
        ("hush the telly", "tv"),
    ],
)
async def test_silence_said_to_a_player_mutes_it(settings: Any, text: str, device: str) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        await _said(system, text)
        after = await _states(system)
    assert after[device]["muted"] is True
    assert sum(bool(after[d]["muted"]) for d in ("tv", "speaker")) == 1


@pytest.mark.parametrize("text", ["shut up", "hush", "shh", "be quiet please", "silence"])
async def test_silence_said_in_a_room_with_a_player_mutes_that_rooms_player(
    settings: Any, text: str
) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        await _said(system, text, area="Living room")
        after = await _states(system)
    assert after["tv"]["muted"] is True
    assert after["speaker"]["muted"] is False
    assert after["speaker"]["state"] == "playing"


async def test_shut_up_in_the_kitchen_mutes_the_kitchen_speaker(settings: Any) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        reply = await _said(system, "shut up", area="Kitchen")
        after = await _states(system)
    assert reply == "Muted Kitchen speaker."
    assert after["tv"]["muted"] is False

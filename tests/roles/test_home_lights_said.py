"""Lights said the way people say them (issue 15): the room first ("office turn the lights
off"), the light of a lamp ("raise the light of the table lamp"), a colour "in here" from the
room the request came from (else asked), an atmosphere with no lamp named, and a change of the
lights that says no colour (asked). Paraphrases of our own, through the public API."""

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
id = "bed2"
name = "Bedroom 2"

[[areas]]
id = "office"
name = "Office"

[[devices]]
id = "kitchen_light"
name = "Kitchen light"
kind = "light"
area = "kitchen"
state = "on"
attributes = { brightness = 80, color = "white" }

[[devices]]
id = "table_lamp"
name = "Table lamp"
kind = "light"
area = "lounge"
state = "on"
attributes = { brightness = 40, color = "white" }

[[devices]]
id = "bed2_light"
name = "Ceiling light"
kind = "light"
area = "bed2"
state = "on"
attributes = { brightness = 100, color = "white" }

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
"""


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _states(system: AgentSystem) -> dict[str, dict[str, Any]]:
    devices = await home_backend(system.engine.runtime).devices()
    return {d.id: {"state": d.state, **d.attributes} for d in devices}


async def _run(system: AgentSystem, text: str, area: str | None = None) -> dict[str, Any]:
    decision = await system.aroute(text, area=area)
    assert decision.role == "smart_home", (text, decision.role, decision.reason)
    await system.arun(text, area=area)
    return await _states(system)


@pytest.mark.parametrize(
    ("text", "off"),
    [
        ("bedroom two switch off the lights", {"bed2_light"}),
        ("office turn the lights off please", {"desk1", "desk2"}),
        ("bed room two lights off", {"bed2_light"}),
        ("desk lamp two off", {"desk2"}),
    ],
)
async def test_the_room_or_a_numbered_lamp_said_first(
    settings: Any, text: str, off: set[str]
) -> None:
    async with AgentSystem(settings) as system:
        after = await _run(system, text)
    assert {k for k, v in after.items() if v["state"] == "off"} == off


@pytest.mark.parametrize(
    ("text", "device", "brightness"),
    [
        ("please increase the light of table lamp", "table_lamp", 60),
        ("can you brighten up the light of the table lamp", "table_lamp", 60),
        ("raise the brightness of the table lamp a bit", "table_lamp", 50),
        ("lower the light of desk lamp two", "desk2", 80),
    ],
)
async def test_the_light_of_a_lamp_is_its_brightness(
    settings: Any, text: str, device: str, brightness: int
) -> None:
    async with AgentSystem(settings) as system:
        after = await _run(system, text)
    assert after[device]["brightness"] == brightness


@pytest.mark.parametrize(
    "text", ["make it blue in here", "turn it blue in here please", "hey can you make it blue here"]
)
async def test_a_colour_in_here_is_the_speakers_room_or_asked(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        after = await _run(system, text, area="Office")
        asked = await system.arun(text)
        again = await _states(system)
    assert after["desk1"]["color"] == after["desk2"]["color"] == "blue"
    assert after["kitchen_light"]["color"] == "white"
    assert asked.reply == "Which room do you mean?"
    assert again == after


@pytest.mark.parametrize(
    "text",
    [
        "i need some ambiance please",
        "can we have a bit of atmosphere",
        "create an ambience",
        "some ambient lighting in the kitchen please",
    ],
)
async def test_an_atmosphere_asked_for_is_the_relaxing_light(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        after = await _run(system, text)
    assert after["kitchen_light"]["color"] == "warm white"
    assert after["kitchen_light"]["brightness"] == 50


@pytest.mark.parametrize("text", ["change lights", "change the lighting", "adjust the lights"])
async def test_a_change_of_lights_with_nothing_said_asks_what(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        before = await _states(system)
        result = await system.arun(text, thread_id="t")
        after = await _states(system)
        await system.arun("purple", thread_id="t")
        purple = await _states(system)
    assert result.reply == "What colour or brightness would you like for the lights?"
    assert after == before
    assert purple["kitchen_light"]["color"] == "purple"

"""Smart-home requests said loosely, through the public API against a simulated home.

Rooms as people call them ("the lounge", "the loo", "master bedroom", "kitchen area"; a place
that is no room of the home is named back with the rooms there are), light said softly ("make
the lights softer" turned the speaker down), "light the kitchen" (it read the kitchen light's
state), a brightness said as a setting ("lights on low"), colours said as things ("a sunset
glow", "ocean colours"), warm or cool light, a room said to be dark, and coffee said as a pot.
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
[[devices]]
id = "lounge_light"
name = "Living room light"
kind = "light"
area = "living room"
attributes = { brightness = 50, color = "white" }

[[devices]]
id = "kitchen_light"
name = "Kitchen light"
kind = "light"
area = "kitchen"
attributes = { brightness = 50, color = "white" }

[[devices]]
id = "bed_light"
name = "Bedroom light"
kind = "light"
area = "bedroom"
attributes = { brightness = 50, color = "white" }

[[devices]]
id = "guest_light"
name = "Guest light"
kind = "light"
area = "guest bedroom"
attributes = { brightness = 50, color = "white" }

[[devices]]
id = "bath_light"
name = "Bathroom light"
kind = "light"
area = "bathroom"
attributes = { brightness = 50, color = "white" }

[[devices]]
id = "coffee"
name = "Coffee machine"
kind = "switch"
area = "kitchen"

[[devices]]
id = "speaker"
name = "Kitchen speaker"
kind = "media_player"
area = "kitchen"
state = "playing"
attributes = { volume = 40, muted = false }
"""

LIGHTS = ("lounge_light", "kitchen_light", "bed_light", "guest_light", "bath_light")


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _run(settings: Any, text: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        backend = home_backend(system.engine.runtime)
        before = {d.id: {"state": d.state, **d.attributes} for d in await backend.devices()}
        result = await system.arun(text)
        after = {d.id: {"state": d.state, **d.attributes} for d in await backend.devices()}
    return result.reply, before, after


def _changed(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    return {key for key in after if after[key] != before[key]}


@pytest.mark.parametrize(
    ("text", "light"),
    [
        ("lights on in the lounge", "lounge_light"),
        ("turn on the light in the front room", "lounge_light"),
        ("sitting room lights on please", "lounge_light"),
        ("switch the family room lamp on", "lounge_light"),
        ("living area lights on", "lounge_light"),
        ("put the light on in the loo", "bath_light"),
        ("washroom light on", "bath_light"),
        ("turn on the lights in the restroom", "bath_light"),
        ("turn on the master bedroom light", "bed_light"),
        ("kitchen area lights on", "kitchen_light"),
    ],
)
async def test_a_room_said_the_everyday_way_is_the_homes_room(
    settings: Any, text: str, light: str
) -> None:
    reply, before, after = await _run(settings, text)
    assert _changed(before, after) == {light}, reply
    assert after[light]["state"] == "on"


async def test_a_place_that_is_no_room_names_the_rooms_there_are(settings: Any) -> None:
    reply, before, after = await _run(settings, "turn off the lights in the kids room")
    assert after == before
    assert "'kids room'" in reply and "Guest bedroom" in reply and "Kitchen" in reply, reply
    assert "nothing was changed" in reply


async def test_the_layouts_own_alias_still_wins(tmp_path: Path) -> None:
    home = tmp_path / "home.toml"
    home.write_text(
        HOME_TOML
        + """
[[areas]]
id = "den"
name = "Den"
aliases = ["lounge"]

[[devices]]
id = "den_lamp"
name = "Den lamp"
kind = "light"
area = "den"
""",
        encoding="utf-8",
    )
    reply, before, after = await _run(
        make_settings(tmp_path / "data", home_config=home), "lights on in the lounge"
    )
    assert _changed(before, after) == {"den_lamp"}, reply


async def test_softer_light_dims_the_lights_not_the_speaker(settings: Any) -> None:
    reply, _, after = await _run(settings, "make the kitchen lights softer")
    assert after["kitchen_light"]["brightness"] < 50, reply
    assert after["speaker"]["volume"] == 40


@pytest.mark.parametrize("text", ["light the kitchen", "please light the kitchen"])
async def test_light_the_room_turns_its_lights_on(settings: Any, text: str) -> None:
    reply, before, after = await _run(settings, text)
    assert _changed(before, after) == {"kitchen_light"}, reply
    assert after["kitchen_light"]["state"] == "on"


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("put the bedroom lights on low", 20),
        ("bedroom lamp on high", 100),
        ("bedroom light to the lowest level", 1),  # the lowest there is, not "low"
    ],
)
async def test_a_brightness_said_as_a_setting(settings: Any, text: str, level: int) -> None:
    reply, before, after = await _run(settings, text)
    assert _changed(before, after) == {"bed_light"}, reply
    assert after["bed_light"]["brightness"] == level


@pytest.mark.parametrize(
    ("text", "colour"),
    [
        ("a sunset glow in the bedroom please", "orange"),
        ("give me ocean colours in the bedroom", "blue"),
        ("make the bedroom lights look like a forest", "green"),
        ("i want warm lights in the bedroom", "warm white"),
        ("cool lighting in the bedroom", "cool white"),
    ],
)
async def test_a_colour_said_as_a_thing_or_a_warmth(settings: Any, text: str, colour: str) -> None:
    reply, before, after = await _run(settings, text)
    assert _changed(before, after) == {"bed_light"}, reply
    assert after["bed_light"]["color"] == colour


@pytest.mark.parametrize("text", ["the kitchen is dark", "the kitchen is gloomy"])
async def test_a_room_said_to_be_dark_gets_brighter(settings: Any, text: str) -> None:
    reply, before, after = await _run(settings, text)
    assert _changed(before, after) == {"kitchen_light"}, reply
    assert after["kitchen_light"]["state"] == "on"  # it was off: now on, and brighter


@pytest.mark.parametrize(
    "text", ["make a fresh pot", "put a fresh pot on", "i need a cup of java", "put a coffee on"]
)
async def test_coffee_said_as_a_pot_or_java(settings: Any, text: str) -> None:
    reply, before, after = await _run(settings, text)
    assert _changed(before, after) == {"coffee"}, reply
    assert after["coffee"]["state"] == "on"


async def test_a_colour_said_as_a_shade_of_light_is_the_lights(settings: Any) -> None:
    reply, before, after = await _run(settings, "could you make a pink shade of light in the loo")
    assert _changed(before, after) == {"bath_light"}, reply
    assert after["bath_light"]["color"] == "pink"


@pytest.mark.parametrize(
    "text",
    ["shuffle the colours of the bedroom lights", "can you shuffle the bedroom light colours"],
)
async def test_shuffling_light_colours_changes_the_lights_not_the_music(
    settings: Any, text: str
) -> None:
    reply, before, after = await _run(settings, text)
    assert _changed(before, after) == {"bed_light"}, reply
    assert after["bed_light"]["color"] != "white"
    assert "music" not in reply


@pytest.mark.parametrize("text", ["pour me a coffee", "pour me a cup of coffee please"])
async def test_pouring_a_coffee_is_no_weather(settings: Any, text: str) -> None:
    reply, before, after = await _run(settings, text)
    assert _changed(before, after) == {"coffee"}, reply

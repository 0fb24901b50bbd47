"""Places said the way people say them at home: a floor without "on the" ("the lights on
downstairs"), a room by whose it is ("my son's room", "the kids' room") and a room the home
does not have ("the media room lights": said so, nothing changes). Through the public API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_everyday import run, states

HOME_TOML = """
[[floors]]
id = "ground"
name = "Ground floor"
aliases = ["downstairs"]

[[floors]]
id = "up"
name = "Upstairs"
aliases = ["first floor"]

[[areas]]
id = "lounge"
name = "Living room"
floor = "ground"
aliases = ["lounge"]

[[areas]]
id = "kitchen"
name = "Kitchen"
floor = "ground"

[[areas]]
id = "kids"
name = "Playroom"
floor = "up"
aliases = ["kids room", "kids' room", "children's room"]

[[areas]]
id = "bedroom"
name = "Bedroom"
floor = "up"

[[devices]]
id = "lounge_lamp"
name = "Reading lamp"
kind = "light"
area = "lounge"
attributes = { brightness = 50, color = "warm white" }

[[devices]]
id = "kitchen_light"
name = "Kitchen light"
kind = "light"
area = "kitchen"
attributes = { brightness = 80, color = "white" }

[[devices]]
id = "kids_light"
name = "Ceiling light"
kind = "light"
area = "kids"
attributes = { brightness = 60, color = "white" }

[[devices]]
id = "bed_light"
name = "Bedside lamp"
kind = "light"
area = "bedroom"
attributes = { brightness = 60, color = "warm white" }
"""
LIGHTS = ("lounge_lamp", "kitchen_light", "kids_light", "bed_light")


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


def lit(after: dict[str, dict[str, Any]]) -> set[str]:
    return {d for d in LIGHTS if after[d]["state"] == "on"}


@pytest.mark.anyio
@pytest.mark.parametrize(
    "request_",
    [
        "turn the lights on downstairs",
        "hey olly switch the lamps on downstairs please",
        "put the lights on downstairs",
        "turn on the lights on the ground floor",
    ],
)
async def test_a_floor_said_after_the_lights_is_that_floor(settings: Any, request_: str) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, request_)
    assert lit(after) == {"lounge_lamp", "kitchen_light"}


@pytest.mark.anyio
async def test_dimming_and_turning_off_upstairs_leave_downstairs_alone(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await run(system, "turn on all the lights")
        after = await run(system, "dim the lights upstairs")
        assert (after["kids_light"]["brightness"], after["bed_light"]["brightness"]) == (40, 40)
        assert after["kitchen_light"]["brightness"] == 80
        after = await run(system, "switch the lamps off upstairs")
    assert lit(after) == {"lounge_lamp", "kitchen_light"}


@pytest.mark.anyio
@pytest.mark.parametrize(
    "request_",
    [
        "turn on the lights in the kids' room",
        "switch on the children's room lights",
        "kids room lights on please",
        "turn on the light in the playroom",
    ],
)
async def test_a_room_said_by_whose_it_is_is_that_room(settings: Any, request_: str) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, request_)
    assert lit(after) == {"kids_light"}


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("request_", "room"),
    [
        ("turns my son's room lights on", "son's room"),
        ("change the media room lights from white to green", "media room"),
        ("make the guest room lights blue", "guest room"),
        ("turn on the lights in the dining room", "dining room"),
        ("switch the lights on in the spare room", "spare room"),
    ],
)
async def test_a_room_the_home_lacks_changes_nothing_and_says_so(
    settings: Any, request_: str, room: str
) -> None:
    async with AgentSystem(settings) as system:
        before = await states(system)
        decision = await system.aroute(request_)
        assert decision.role == "smart_home"
        result = await system.arun(request_)
        after = await states(system)
    assert after == before
    assert room in result.reply
    assert "nothing was changed" in result.reply


@pytest.mark.anyio
async def test_a_device_named_with_a_room_word_keeps_its_name(tmp_path: Path) -> None:
    home = tmp_path / "home.toml"
    home.write_text(
        HOME_TOML
        + '\n[[devices]]\nid = "guest"\nname = "Guest room lamp"\nkind = "light"\n'
        + 'area = "bedroom"\n',
        encoding="utf-8",
    )
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        after = await run(system, "turn on the guest room lamp")
        assert after["guest"]["state"] == "on"
        assert lit(after) == set()

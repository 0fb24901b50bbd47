"""Mood lighting and more everyday light phrasing, through the public API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_everyday import HOME_TOML, run, states

SCENE = '\n[[devices]]\nid = "movie"\nname = "Movie night"\nkind = "scene"\n'


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "color", "brightness"),
    [
        ("set the lights for a romantic dinner", "red", 30),
        ("reading light please", "cool white", 100),
        ("switch the lights to night mode", "warm white", 10),
        ("i need some relaxing light", "warm white", 50),
    ],
)
async def test_a_mood_sets_the_lights_colour_and_level(
    settings: Any, text: str, color: str, brightness: int
) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, text)
    for light in ("kitchen_light", "lounge_lamp", "bed_light"):
        assert (after[light]["color"], after[light]["brightness"]) == (color, brightness)


@pytest.mark.anyio
async def test_a_mood_in_a_room_changes_that_room_only(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        before = await states(system)
        after = await run(system, "i want a cosy atmosphere in the living room")
    assert (after["lounge_lamp"]["color"], after["lounge_lamp"]["brightness"]) == (
        "warm white",
        50,
    )
    assert after["kitchen_light"] == before["kitchen_light"]


@pytest.mark.anyio
async def test_a_scene_named_for_the_mood_is_activated(tmp_path: Path) -> None:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML + SCENE, encoding="utf-8")
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        plan = await system.aplan("set the lights for a movie")
        night = await system.aplan("switch the lights to night mode")  # "Movie night": no
    assert [(s.tool, dict(s.arguments)) for s in plan.steps] == [
        ("smart_home.activate", {"scene": "Movie night"})
    ]
    assert [s.tool for s in night.steps] == ["smart_home.set_color", "smart_home.set_brightness"]


@pytest.mark.anyio
async def test_words_that_only_sound_like_a_mood_change_nothing(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan("the lights don't work")
    assert not plan.steps


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "light", "state"),
    [
        ("please set the lights off in the kitchen", "kitchen_light", "off"),
        ("can you turn off the light of my bed room", "bed_light", "off"),
        ("i don't need the lights any more", "lounge_lamp", "off"),
    ],
)
async def test_more_ways_to_switch_lights_off(
    settings: Any, text: str, light: str, state: str
) -> None:
    async with AgentSystem(settings) as system:
        await run(system, "turn on all the lights")
        after = await run(system, text)
    assert after[light]["state"] == state


@pytest.mark.anyio
async def test_a_room_said_without_in_is_the_room(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "can the kitchen have blue light")
    assert after["kitchen_light"]["color"] == "blue"
    assert after["lounge_lamp"]["color"] == "warm white"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "color", "brightness"),
    [
        ("make it cosy", "warm white", 50),
        ("hey olly get the place nice and cozy", "warm white", 50),
        ("make the house romantic", "red", 30),
        ("set a romantic mood please", "red", 30),
        ("set the mood", "warm white", 50),
    ],
)
async def test_a_mood_with_no_lamp_named_is_for_the_lights(
    settings: Any, text: str, color: str, brightness: int
) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, text)
    for light in ("kitchen_light", "lounge_lamp", "bed_light"):
        assert (after[light]["color"], after[light]["brightness"]) == (color, brightness)


@pytest.mark.anyio
async def test_a_mood_for_this_room_is_the_speakers_room(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "make it cosy in here", area="kitchen")
    assert (after["kitchen_light"]["color"], after["kitchen_light"]["brightness"]) == (
        "warm white",
        50,
    )
    assert after["lounge_lamp"]["brightness"] == 50 and after["bed_light"]["brightness"] == 60

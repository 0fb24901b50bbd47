"""A light's brightness or white said in other words, through the public API on a simulated home:
"make the lights stronger", "intensify the lamp", "lights higher" brighten; "the brightest
setting", "high brightness" light them fully; "set the lights to warm", "colder light please"
change their white. Each planned nothing before (the role asked "What should I do, and with
which device?"). Words about a player or the heating stay theirs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_everyday import HOME_TOML, states

pytestmark = pytest.mark.anyio


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


@pytest.mark.parametrize(
    "text",
    [
        "make the kitchen light stronger",
        "kitchen light stronger please",
        "intensify the kitchen light",
        "turn the kitchen light higher",
        "make the kitchen light more intense",
        "increase the light intensity in the kitchen",
    ],
)
async def test_stronger_or_more_intense_is_brighter(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan(text)
        await system.arun(text)
        after = await states(system)
    assert [s.tool for s in plan.steps] == ["smart_home.set_brightness"], text
    assert after["kitchen_light"]["brightness"] > 80  # it was at 80%
    assert after["lounge_lamp"]["brightness"] == 50


@pytest.mark.parametrize(
    "text",
    [
        "set the kitchen light to the brightest",
        "kitchen light on full",
        "kitchen light at maximum brightness",
        "high brightness in the kitchen please",
    ],
)
async def test_the_brightest_setting_is_full_brightness(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        await system.arun(text)
        after = await states(system)
    assert after["kitchen_light"]["brightness"] == 100, text


async def test_low_brightness_is_a_low_level(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("low brightness in the kitchen")
        after = await states(system)
    assert after["kitchen_light"]["brightness"] == 20


@pytest.mark.parametrize(
    ("text", "white"),
    [
        ("set the kitchen light to warm", "warm white"),
        ("make the kitchen light warmer", "warm white"),
        ("make the kitchen light a bit cooler", "cool white"),
        ("turn the kitchen light colder", "cool white"),
    ],
)
async def test_warm_and_cool_are_the_lights_white(settings: Any, text: str, white: str) -> None:
    async with AgentSystem(settings) as system:
        await system.arun(text)
        after = await states(system)
    assert after["kitchen_light"]["color"] == white, text


async def test_cooler_lights_cool_every_light(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("colder light please")
        after = await states(system)
    assert {after[k]["color"] for k in ("kitchen_light", "lounge_lamp", "bed_light")} == {
        "cool white"
    }


async def test_the_light_warmer_asks_which_light_and_then_warms_it(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        first = await system.arun("make the light warmer")
        second = await system.arun("the kitchen one", thread_id=first.thread_id)
        after = await states(system)
    assert first.reply.startswith("Which light do you mean"), first.reply
    assert after["kitchen_light"]["color"] == "warm white", second.reply
    assert after["bed_light"]["color"] == "warm white"  # as it was


async def test_alter_the_light_colour_changes_it(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("alter the kitchen light colour")
        after = await states(system)
    assert after["kitchen_light"]["color"] != "white"


async def test_higher_for_the_tv_or_the_heating_is_not_a_light(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        tv = await system.aplan("turn the tv volume higher")
        assert all(s.tool != "smart_home.set_brightness" for s in tv.steps)

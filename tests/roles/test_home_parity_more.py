"""More Home Assistant parity through the public API: media resume/skip/mute, lists, area-only
brightness, floors said the long way, scenes, thermostats and locks a room doesn't have."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from roles.smart_home.tools import home_backend
from tests.roles.test_home_parity import HOME_TOML

MORE_DEVICES = """
[[devices]]
id = "bed_thermostat"
name = "Bedroom thermostat"
kind = "climate"
area = "bed"
state = "heat"
attributes = { target_temperature = 19, current_temperature = 18 }

[[devices]]
id = "lounge_thermostat"
name = "Lounge thermostat"
kind = "climate"
area = "lounge"
state = "heat"
attributes = { target_temperature = 19, current_temperature = 18 }

[[devices]]
id = "coffee"
name = "Coffee machine"
kind = "switch"
area = "kitchen"

[[devices]]
id = "party"
name = "Party mode"
kind = "scene"
"""


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML + MORE_DEVICES, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def states(system: AgentSystem) -> dict[str, Any]:
    devices = await home_backend(system.engine.runtime).devices()
    return {d.id: d.model_dump() for d in devices}


@pytest.mark.anyio
async def test_media_resume_skip_and_mute(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("pause the tv")
        await system.arun("resume the tv")
        resumed = (await states(system))["tv"]["state"]
        skipped = await system.arun("skip to the next track on the tv")
        await system.arun("mute the tv")
        tv = (await states(system))["tv"]
    assert resumed == "playing"
    assert skipped.status == "success"
    assert [s.tool for s in skipped.plan.steps] == ["smart_home.media"]
    assert skipped.plan.steps[0].arguments["command"] == "next"
    assert tv["attributes"].get("muted") is True


@pytest.mark.anyio
async def test_oat_milk_goes_on_the_groceries_list(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        added = await system.arun("put oat milk on the groceries list")
        shown = await system.arun("what's on the groceries list")
    assert [s.tool for s in added.plan.steps] == ["lists.add"]
    assert "oat milk" in shown.reply.lower()


@pytest.mark.anyio
async def test_an_area_alone_means_its_lights_for_brightness(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("set the bedroom to 50%")
        devices = await states(system)
    assert devices["bed_lamp"]["attributes"]["brightness"] == 50
    assert devices["bed_fan"]["state"] == "off"


@pytest.mark.anyio
async def test_lights_on_a_floor_said_the_long_way(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn on all the lights")
        await system.arun("turn the lights in the ground floor off")
        devices = await states(system)
    assert [
        d for d in ("lounge_lamp", "kitchen_light", "hall_lamp") if devices[d]["state"] != "off"
    ] == []
    assert devices["bed_lamp"]["state"] == "on"


@pytest.mark.anyio
async def test_every_light_everywhere(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn the lights on in all the rooms")
        devices = await states(system)
    lights = ("lounge_lamp", "kitchen_light", "hall_lamp", "bed_lamp")
    assert all(devices[d]["state"] == "on" for d in lights)
    assert devices["bed_fan"]["state"] == "off"


@pytest.mark.anyio
async def test_a_scene_of_the_whole_home_named_with_a_room(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        result = await system.arun("activate party mode in the kitchen")
    assert [(s.tool, s.arguments) for s in result.plan.steps] == [
        ("smart_home.activate", {"scene": "Party mode", "area": "Kitchen"})
    ]
    assert result.status == "success"
    assert "Activated Party mode" in result.reply


@pytest.mark.anyio
async def test_two_thermostats_and_no_room_ask_which(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("set the temperature to 21 degrees", area="Bedroom")
        after = await states(system)
        asked = await system.arun("set the temperature to 23 degrees")
        unchanged = await states(system)
    assert "which one" in asked.reply.lower()
    assert unchanged["bed_thermostat"]["attributes"]["target_temperature"] == 21
    assert after["bed_thermostat"]["attributes"]["target_temperature"] == 21
    assert after["lounge_thermostat"]["attributes"]["target_temperature"] == 19


@pytest.mark.anyio
async def test_locking_the_doors_of_a_room_without_locks_says_so(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        result = await system.arun("lock the doors in the bedroom")
        devices = await states(system)
    assert result.plan.steps[0].arguments.get("area") == "Bedroom"
    assert "bedroom" in result.reply.lower()
    assert devices["front_lock"]["state"] == devices["back_lock"]["state"] == "locked"


@pytest.fixture
def no_back_door(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML.replace('name = "Back door"', 'name = "Side door"'), encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


@pytest.mark.anyio
async def test_unlocking_a_door_the_home_lacks_says_so_before_any_approval(
    no_back_door: Any,
) -> None:
    async with AgentSystem(no_back_door) as system:
        missing = await system.arun("unlock the back door", thread_id="t1")
        present = await system.arun("unlock the front door", thread_id="t2")
        garage = await system.arun("open the garage door", thread_id="t3")
        devices = await states(system)
    assert missing.status == "failure"
    assert "couldn't find a device called 'back door'" in missing.reply
    assert present.status == "interrupted"  # a lock that exists still asks first
    assert garage.status == "failure" and "garage door" in garage.reply
    assert devices["front_lock"]["state"] == devices["back_lock"]["state"] == "locked"


@pytest.mark.anyio
async def test_brighter_dimmer_and_coffee(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("dim the kitchen light to 50%")
        await system.arun("make the kitchen light brighter")
        brighter = (await states(system))["kitchen_light"]["attributes"]["brightness"]
        await system.arun("make the lights dimmer")
        devices = await states(system)
        await system.arun("make me a coffee")
        coffee = (await states(system))["coffee"]["state"]
    assert brighter == 70
    assert devices["kitchen_light"]["attributes"]["brightness"] == 50
    assert devices["bed_lamp"]["state"] == "off"  # only the lit ones dim
    assert coffee == "on"

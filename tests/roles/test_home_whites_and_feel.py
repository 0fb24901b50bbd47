"""A colour word describing a device is no colour command, a colour temperature said in kelvin
sets it, and a room said to be cold or hot moves the heating a step (issue 15, dogfooding).

"turn on the white fan" changed the colour of every light; "set the lights to 3000 kelvin" set
their brightness; "it's cold in here" asked which city. Through the public API, offline, in a
simulated home of our own; paraphrases of our own, not from any data set.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext
from agent_system.runtime import FakeClock
from agent_system.testing import make_runtime, make_settings
from roles.smart_home import tools
from roles.smart_home.tools import home_backend

pytestmark = pytest.mark.anyio

HOME_TOML = """
[[areas]]
id = "lounge"
name = "Living room"

[[areas]]
id = "kitchen"
name = "Kitchen"

[[areas]]
id = "hall"
name = "Hallway"

[[devices]]
id = "lamp"
name = "Floor lamp"
kind = "light"
area = "lounge"
state = "on"
attributes = { brightness = 60, color = "warm white" }

[[devices]]
id = "kitchen_light"
name = "Kitchen light"
kind = "light"
area = "kitchen"
state = "on"
attributes = { brightness = 80, color = "white" }

[[devices]]
id = "hall_light"
name = "Hall light"
kind = "light"
area = "hall"
state = "on"
attributes = { brightness = 70 }

[[devices]]
id = "fan"
name = "Ceiling fan"
kind = "fan"
area = "lounge"
state = "off"

[[devices]]
id = "heater"
name = "Heater"
kind = "switch"
area = "kitchen"
state = "off"

[[devices]]
id = "tv"
name = "TV"
kind = "media_player"
area = "lounge"
state = "idle"
attributes = { volume = 30, muted = false }

[[devices]]
id = "thermostat"
name = "Thermostat"
kind = "climate"
area = "lounge"
state = "heat"
attributes = { target_temperature = 20.0, current_temperature = 19.5 }
"""


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _states(system: AgentSystem) -> dict[str, dict[str, Any]]:
    devices = await home_backend(system.engine.runtime).devices()
    return {d.id: {"state": d.state, **d.attributes} for d in devices}


# --- a colour that describes a device with no light -------------------------------------------
@pytest.mark.parametrize(
    ("said", "device", "state"),
    [
        ("turn on the white fan", "fan", "on"),
        ("switch the black tv on", "tv", "on"),
        ("could you turn on the grey heater please", "heater", "on"),
        ("put the silver fan on", "fan", "on"),
    ],
)
async def test_a_colour_describing_a_device_leaves_the_lights_alone(
    settings: Any, said: str, device: str, state: str
) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        before = await _states(system)
        await system.arun(said)
        after = await _states(system)
    assert after[device]["state"] == state
    for light in ("lamp", "kitchen_light", "hall_light"):
        assert after[light] == before[light]


async def test_a_colour_after_a_device_with_no_light_is_still_refused(settings: Any) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        refused = await system.arun("make the fan blue")
    assert refused.reply == "The ceiling fan can't change colour."


async def test_a_colour_before_a_light_is_still_its_colour(settings: Any) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        await system.arun("make the kitchen light red")
        after = await _states(system)
    assert after["kitchen_light"]["color"] == "red"


# --- colour temperature in kelvin -------------------------------------------------------------
@pytest.mark.parametrize(
    ("said", "lights", "kelvin"),
    [
        ("set the floor lamp to 3000 kelvin", ["lamp"], 3000),
        ("make the kitchen light 2700k", ["kitchen_light"], 2700),
        ("change the kitchen light to 4000 k please", ["kitchen_light"], 4000),
        ("floor lamp at 5000 kelvin", ["lamp"], 5000),
    ],
)
async def test_kelvin_sets_the_colour_temperature_not_the_brightness(
    settings: Any, said: str, lights: list[str], kelvin: int
) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        before = await _states(system)
        done = await system.arun(said)
        after = await _states(system)
    for light in lights:
        assert after[light]["color"] == f"{kelvin}K"
        assert after[light]["brightness"] == before[light]["brightness"]
    assert f"white at {kelvin} K" in done.reply


async def test_kelvin_for_all_lights_names_the_one_with_no_colour(settings: Any) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        done = await system.arun("set the lights to 3000 kelvin")
        after = await _states(system)
    assert after["lamp"]["color"] == after["kitchen_light"]["color"] == "3000K"
    assert "color" not in after["hall_light"]
    assert done.reply == (
        "Set Floor lamp and Kitchen light to 3000 K. Hall light can't change colour temperature."
    )


async def test_kelvin_a_light_cannot_take_or_out_of_range_changes_nothing(settings: Any) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        plain = await system.arun("set the hall light to 2700 kelvin")
        too_far = await system.arun("set the kitchen light to 20000 kelvin")
        after = await _states(system)
    assert plain.reply == "Hall light can't change colour temperature; nothing was changed."
    assert too_far.reply == (
        "Say a colour temperature from 1500 K (warm) to 9000 K (cool); nothing was changed."
    )
    assert after["kitchen_light"]["color"] == "white"


@pytest.mark.parametrize(
    ("said", "colour"),
    [
        ("change the kitchen light to soft white", "warm white"),
        ("floor lamp to neutral white please", "white"),
        ("set the kitchen light to daylight", "daylight"),
        ("make the floor lamp cool white", "cool white"),
    ],
)
async def test_named_whites_set_the_white(settings: Any, said: str, colour: str) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        await system.arun(said)
        after = await _states(system)
    light = "kitchen_light" if "kitchen" in said else "lamp"
    assert after[light]["color"] == colour


# --- the room felt cold or hot ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("said", "target"),
    [
        ("it's cold in here", 21.0),
        ("i'm freezing", 21.0),
        ("its a bit chilly in the living room", 21.0),
        ("it's way too hot in here", 19.0),
        ("we're boiling in here", 19.0),
        ("in here it's too warm", 19.0),
        ("i am feeling cold", 21.0),
    ],
)
async def test_feeling_cold_or_hot_moves_the_heating_a_step(
    settings: Any, said: str, target: float
) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        decision = await system.aroute(said)
        done = await system.arun(said)
        after = await _states(system)
    assert decision.role == "smart_home"
    assert after["thermostat"]["target_temperature"] == target
    way = "up" if target > 20 else "down"
    assert done.reply == (
        f"Turned the heating {way} 1°C: Thermostat is now set to {target:g}°C (it's 19.5°C now)."
    )


async def test_cold_in_a_room_with_no_thermostat_is_the_homes(settings: Any) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        await system.arun("it's freezing in the kitchen")
        after = await _states(system)
    assert after["thermostat"]["target_temperature"] == 21.0


@pytest.mark.parametrize("said", ["it's cold", "it's cold outside", "is it cold in paris"])
async def test_cold_said_of_no_place_inside_is_not_the_heating(settings: Any, said: str) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        decision = await system.aroute(said)
        after = await _states(system)
    assert decision.role != "smart_home"
    assert after["thermostat"]["target_temperature"] == 20.0


async def test_cold_in_here_in_a_home_with_no_thermostat_changes_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML.split('[[devices]]\nid = "thermostat"')[0], encoding="utf-8")
    settings = make_settings(tmp_path / "data", home_config=home)
    async with AgentSystem(settings, clock=FakeClock()) as system:
        decision = await system.aroute("it's cold in here")
    assert decision.role != "smart_home"


# --- Home Assistant: color_temp_kelvin, and a light without colour modes ---------------------
HA = "http://ha.local:8123"
HA_STATES = [
    {
        "entity_id": "light.desk",
        "state": "on",
        "attributes": {"friendly_name": "Desk Lamp", "supported_color_modes": ["color_temp"]},
    },
    {
        "entity_id": "light.porch",
        "state": "on",
        "attributes": {"friendly_name": "Porch Light", "supported_color_modes": ["onoff"]},
    },
]


@respx.mock
async def test_home_assistant_gets_color_temp_kelvin_and_a_plain_light_is_refused() -> None:
    respx.post(f"{HA}/api/template").mock(return_value=httpx.Response(404, json={}))
    respx.get(f"{HA}/api/states").mock(return_value=httpx.Response(200, json=HA_STATES))
    service = respx.post(f"{HA}/api/services/light/turn_on").mock(
        return_value=httpx.Response(200, json=[])
    )
    respx.get(f"{HA}/api/states/light.desk").mock(
        return_value=httpx.Response(200, json=HA_STATES[0])
    )
    runtime = make_runtime(
        make_settings(
            smart_home_backend="home_assistant", home_assistant_url=HA, home_assistant_token="t"
        )
    )
    spec = tools.set_color.__tool_spec__
    await spec.ainvoke({"device": "desk lamp", "color": "3000K"}, ToolContext(runtime=runtime))
    assert json.loads(service.calls.last.request.content) == {
        "entity_id": "light.desk",
        "color_temp_kelvin": 3000,
    }
    with pytest.raises(ToolExecutionError, match="Porch Light can't change colour temperature"):
        await spec.ainvoke(
            {"device": "porch light", "color": "3000K"}, ToolContext(runtime=runtime)
        )
    assert service.call_count == 1


# --- a fan's speed said as a word, or sped up and slowed down, right after it -----------------
async def test_a_fan_just_used_takes_a_speed_word_or_a_step(settings: Any) -> None:
    async with AgentSystem(settings, clock=FakeClock()) as system:
        thread = (await system.arun("turn on the ceiling fan")).thread_id
        speeds = []
        for said in ("set it to high", "slow it down", "put it on low", "speed it up a bit"):
            await system.arun(said, thread_id=thread)
            speeds.append((await _states(system))["fan"].get("percentage"))
        assert speeds == [100, 80, 25, 35]
        tv = (await _states(system))["tv"]
        thread = (await system.arun("turn on the tv")).thread_id
        reply = (await system.arun("speed it up", thread_id=thread)).reply
        after = await _states(system)
        assert "speed up" not in reply  # no device called "speed up" is looked for
        assert after["fan"]["percentage"] == 35 and after["tv"]["volume"] == tv["volume"]

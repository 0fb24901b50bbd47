"""Home Assistant parity through the public API: floors, several targets in one plan, the
speaker's own area, media, valves, positions, safety rules and a home TOML with custom words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from roles.smart_home.tools import home_backend

HOME_TOML = """
[[floors]]
id = "ground"
name = "Ground floor"
aliases = ["downstairs"]

[[floors]]
id = "up"
name = "Upstairs"

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
id = "hall"
name = "Hallway"
floor = "ground"

[[areas]]
id = "bed"
name = "Bedroom"
floor = "up"

[[areas]]
id = "lawn"
name = "Back lawn"
floor = "ground"

[[devices]]
id = "lounge_lamp"
name = "Reading lamp"
kind = "light"
area = "lounge"

[[devices]]
id = "kitchen_light"
name = "Kitchen light"
kind = "light"
area = "kitchen"

[[devices]]
id = "hall_lamp"
name = "Hallway lamp"
kind = "light"
area = "hall"

[[devices]]
id = "bed_lamp"
name = "Bedroom lamp"
kind = "light"
area = "bed"

[[devices]]
id = "bed_fan"
name = "Fan"
kind = "fan"
area = "bed"

[[devices]]
id = "lounge_blinds"
name = "Lounge blinds"
kind = "cover"
device_class = "blind"
area = "lounge"
state = "closed"

[[devices]]
id = "tv"
name = "TV"
kind = "media_player"
area = "lounge"
state = "playing"
attributes = { volume = 30 }

[[devices]]
id = "sprinkler"
name = "Sprinkler"
kind = "valve"
area = "lawn"
state = "closed"

[[devices]]
id = "front_lock"
name = "Front door"
kind = "lock"
area = "hall"
state = "locked"

[[devices]]
id = "back_lock"
name = "Back door"
kind = "lock"
area = "kitchen"
state = "locked"

[[devices]]
id = "vacuum"
name = "Robot vacuum"
kind = "vacuum"
area = "lounge"
state = "cleaning"

[[sentences]]
sentences = ["[it's] movie time"]
tool = "smart_home.set_brightness"
arguments = { device = "Reading lamp", brightness = 10 }
"""


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def states(system: AgentSystem) -> dict[str, Any]:
    devices = await home_backend(system.engine.runtime).devices()
    return {d.id: d.model_dump() for d in devices}


@pytest.mark.anyio
async def test_two_lamps_in_one_request_change_in_one_plan_of_parallel_steps(
    settings: Any,
) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan("switch on the hallway and bedroom lamps")
        result = await system.arun("switch on the hallway and bedroom lamps")
        devices = await states(system)
    assert [s.tool for s in plan.steps] == ["smart_home.turn_on", "smart_home.turn_on"]
    assert all(not s.depends_on for s in plan.steps)
    assert result.status == "success"
    assert devices["hall_lamp"]["state"] == devices["bed_lamp"]["state"] == "on"
    assert devices["kitchen_light"]["state"] == devices["lounge_lamp"]["state"] == "off"


@pytest.mark.anyio
async def test_the_fan_and_the_lamp_are_two_steps(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn on the fan and the bedroom lamp")
        devices = await states(system)
    assert devices["bed_fan"]["state"] == devices["bed_lamp"]["state"] == "on"


@pytest.mark.anyio
async def test_every_light_on_a_floor_by_its_alias(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn on all the lights downstairs")
        devices = await states(system)
    ground = ("lounge_lamp", "kitchen_light", "hall_lamp")
    assert all(devices[d]["state"] == "on" for d in ground)
    assert devices["bed_lamp"]["state"] == "off"


@pytest.mark.anyio
async def test_the_light_means_the_one_in_the_speakers_area(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn on the light", area="Kitchen")
        devices = await states(system)
    assert devices["kitchen_light"]["state"] == "on"
    assert [
        d for d in ("lounge_lamp", "hall_lamp", "bed_lamp") if devices[d]["state"] == "on"
    ] == []


@pytest.mark.anyio
async def test_media_pause_and_relative_volume(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("pause the tv")
        await system.arun("turn the volume up on the tv")
        devices = await states(system)
    assert devices["tv"]["state"] == "paused"
    assert devices["tv"]["attributes"]["volume"] == 40


@pytest.mark.anyio
async def test_blinds_halfway_and_vacuum_back_to_base(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("open the lounge blinds halfway")
        await system.arun("send the robot vacuum back to its base")
        devices = await states(system)
    assert devices["lounge_blinds"]["attributes"]["position"] == 50
    assert devices["vacuum"]["state"] == "docked"


@pytest.mark.anyio
async def test_watering_the_back_lawn_opens_its_valve(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("water the back lawn")
        devices = await states(system)
    assert devices["sprinkler"]["state"] == "open"


@pytest.mark.anyio
async def test_unlock_everything_never_runs(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        result = await system.arun("unlock all the doors", thread_id="t")
        if result.status == "interrupted":  # approval first, then the safety rule refuses
            result = await system.aresume("t", True)
        devices = await states(system)
    assert devices["front_lock"]["state"] == devices["back_lock"]["state"] == "locked"
    assert "front door" in result.reply.lower() and "back door" in result.reply.lower()


@pytest.mark.anyio
async def test_a_custom_sentence_from_the_home_file(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("it's movie time")
        devices = await states(system)
    assert devices["lounge_lamp"]["attributes"]["brightness"] == 10


@pytest.mark.anyio
async def test_which_lights_are_on_answers_with_their_names(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn on the kitchen light")
        result = await system.arun("which lights are on")
    assert "Kitchen light" in result.reply
    assert "Hallway lamp" not in result.reply

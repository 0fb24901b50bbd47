"""Everyday smart-home phrasing through the public API: brighter/dimmer, colours, coffee, plugs,
volume, which device when none is named, and questions that never change anything."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from roles.smart_home.tools import home_backend

HOME_TOML = """
[[devices]]
id = "kitchen_light"
name = "Kitchen light"
kind = "light"
area = "kitchen"
state = "on"
attributes = { brightness = 80, color = "white" }

[[devices]]
id = "lounge_lamp"
name = "Reading lamp"
kind = "light"
area = "living room"
state = "on"
attributes = { brightness = 50, color = "warm white" }

[[devices]]
id = "bed_light"
name = "Bedroom light"
kind = "light"
area = "bedroom"
attributes = { brightness = 60, color = "warm white" }

[[devices]]
id = "coffee"
name = "Coffee maker"
kind = "switch"
area = "kitchen"

[[devices]]
id = "plug"
name = "Smart plug"
kind = "switch"
area = "living room"
state = "on"
aliases = ["wemo", "socket"]

[[devices]]
id = "tv"
name = "TV"
kind = "media_player"
area = "living room"
state = "idle"
attributes = { volume = 30, muted = false }

[[devices]]
id = "speaker"
name = "Kitchen speaker"
kind = "media_player"
area = "kitchen"
state = "playing"
attributes = { volume = 40, muted = false }
aliases = ["speakers"]
"""


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def states(system: AgentSystem) -> dict[str, dict[str, Any]]:
    devices = await home_backend(system.engine.runtime).devices()
    return {d.id: {"state": d.state, **d.attributes} for d in devices}


async def run(system: AgentSystem, text: str, area: str | None = None) -> dict[str, Any]:
    """Run `text` in a thread of its own and return every device's state after it."""
    extra = {"area": area} if area else {}
    decision = await system.aroute(text, **extra)
    assert decision.role == "smart_home", (text, decision)
    await system.arun(text, **extra)
    return await states(system)


@pytest.mark.anyio
async def test_brighter_and_dimmer_change_the_lit_lights_by_a_step(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "dim the lights a bit")
        assert (after["kitchen_light"]["brightness"], after["lounge_lamp"]["brightness"]) == (
            70,
            40,
        )
        assert after["bed_light"]["state"] == "off"  # dimming never lights an unlit lamp
        after = await run(system, "hey olly, turn the kitchen lights up")
        assert after["kitchen_light"]["brightness"] == 90
        after = await run(system, "lower the lights in the living room to 10 percent")
        assert after["lounge_lamp"]["brightness"] == 10
        assert after["kitchen_light"]["brightness"] == 90


@pytest.mark.anyio
async def test_too_bright_in_here_dims_the_speakers_room_only(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "it's too bright in here", area="Kitchen")
        assert after["kitchen_light"]["brightness"] == 60
        assert after["lounge_lamp"]["brightness"] == 50
        plan = await system.aplan("it's too bright in here")  # from no particular room
        assert not plan.steps and plan.unsupported == ["Which room do you mean?"]


@pytest.mark.anyio
async def test_colours_by_name_by_room_and_a_different_one(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "change the lights in the kitchen to blue")
        assert after["kitchen_light"]["color"] == "blue"
        assert after["lounge_lamp"]["color"] == "warm white"
        after = await run(system, "make it purple in here", area="Living Room")
        assert after["lounge_lamp"]["color"] == "purple"
        assert after["kitchen_light"]["color"] == "blue"
        after = await run(system, "change the colour of the kitchen light")
        assert after["kitchen_light"]["color"] not in ("blue", "")
        plan = await system.aplan("change the lights from red to green please")
        assert [s.arguments.get("color") for s in plan.steps] == ["green"]


@pytest.mark.anyio
@pytest.mark.parametrize("text", ["make me a coffee", "i need some coffee", "brew a pot of coffee"])
async def test_asking_for_coffee_turns_the_coffee_maker_on(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, text)
    assert after["coffee"]["state"] == "on"


@pytest.mark.anyio
async def test_plugs_and_sockets_by_their_everyday_names(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "off the plug")  # the coffee maker is a switch too
        assert (after["plug"]["state"], after["coffee"]["state"]) == ("off", "off")
        assert (await run(system, "switch the wemo socket on"))["plug"]["state"] == "on"
        assert (await run(system, "shut down the socket"))["plug"]["state"] == "off"
        assert (await run(system, "switch on the wemo socket"))["plug"]["state"] == "on"
        assert (await run(system, "disable the wemo plug socket"))["plug"]["state"] == "off"


@pytest.mark.anyio
async def test_volume_goes_to_the_player_in_use_unless_one_is_named(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "can you turn up the volume")
        assert (after["speaker"]["volume"], after["tv"]["volume"]) == (50, 30)
        after = await run(system, "turn the volume down on the tv by 20")
        assert (after["speaker"]["volume"], after["tv"]["volume"]) == (50, 10)
        after = await run(system, "set the volume to 25 percent")
        assert after["speaker"]["volume"] == 25
        after = await run(system, "mute the tv")
        assert after["tv"]["muted"] is True and after["speaker"]["muted"] is False
        after = await run(system, "mute")
        assert after["speaker"]["muted"] is True
        after = await run(system, "unmute the living room speakers")  # the room's player
        assert after["tv"]["muted"] is False and after["speaker"]["muted"] is True


@pytest.mark.anyio
async def test_with_no_light_named_several_lights_get_a_question(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        before = await states(system)
        plan = await system.aplan("dim the light")
        assert not plan.steps and "Which light" in plan.unsupported[0]
        assert "Kitchen light" in plan.unsupported[0]
        after = await run(system, "dim the light", area="Kitchen")  # the speaker's room
    assert after["kitchen_light"]["brightness"] == 60
    assert after["lounge_lamp"] == before["lounge_lamp"]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    ["is the coffee maker on?", "what's the volume of the tv", "is the kitchen light on"],
)
async def test_a_question_about_a_device_never_changes_it(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        before = await states(system)
        plan = await system.aplan(text)
        await system.arun(text)
        after = await states(system)
    assert [s.tool for s in plan.steps] == ["smart_home.get_state"]
    assert after == before


@pytest.mark.anyio
async def test_a_command_it_cannot_place_asks_instead_of_reading_a_state(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan("adjust the kitchen light")
        plug = await system.aplan("adjust the smart plug")
    assert not plan.steps  # a light: its colour or brightness (tests/roles/test_home_looks.py)
    assert plan.unsupported == ["What colour or brightness would you like for the kitchen light?"]
    assert not plug.steps
    assert plug.unsupported == ["What should I do with the smart plug?"]


@pytest.mark.anyio
async def test_a_command_for_a_clock_time_waits_for_it(tmp_path: Path) -> None:
    clock = FakeClock(datetime(2026, 3, 2, 21, 30))
    async with AgentSystem(make_settings(tmp_path / "data"), clock=clock) as system:
        plan = await system.aplan("start the vacuum at 9am")
        passed = await system.aplan("at 1pm today start the vacuum")
        question = await system.aplan("is the vacuum running at 9am")
    assert [(s.tool, dict(s.arguments)) for s in plan.steps] == [
        (
            "timer.set",
            {
                "duration": "11 hours 30 minutes",
                "label": "start the vacuum",
                "command": "start the vacuum",
            },
        )
    ]
    assert not passed.steps and passed.unsupported == [
        "That time has already passed. When should I do it?"
    ]
    assert [s.tool for s in question.steps] == ["smart_home.get_state"]


@pytest.mark.anyio
async def test_the_vacuum_cleans_the_room_it_is_sent_to(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "data")) as system:
        plan = await system.aplan("get the roomba to clean the kitchen")
    assert [(s.tool, s.arguments.get("area")) for s in plan.steps] == [
        ("smart_home.start_vacuum", "kitchen")
    ]

"""Follow-ups to a light or player command in one thread, through the public API: "make it
brighter", "dim it a bit", "make it blue", "now the kitchen", "turn it up", "louder"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from agent_system.understanding._light_frame import light_step, volume_step
from tests.roles.test_home_everyday import HOME_TOML, states


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _say(system: AgentSystem, text: str, thread: str | None) -> tuple[str, Any]:
    result = await system.arun(text, thread_id=thread)
    return result.thread_id, await states(system)


@pytest.mark.anyio
async def test_brighter_dimmer_and_a_colour_change_the_light_just_used(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        thread, before = await _say(system, "turn on the bedroom light", None)
        assert before["bed_light"]["state"] == "on" and before["bed_light"]["brightness"] == 60
        _, after = await _say(system, "make it brighter", thread)
        assert after["bed_light"]["brightness"] == 80
        assert after["lounge_lamp"]["brightness"] == 50  # the other lit lamp is left alone
        assert after["kitchen_light"]["brightness"] == 80
        _, after = await _say(system, "dim it a bit", thread)
        assert after["bed_light"]["brightness"] == 70
        _, after = await _say(system, "make it blue", thread)
        assert after["bed_light"]["color"] == "blue"
        assert after["kitchen_light"]["color"] == "white"
        _, after = await _say(system, "turn it off again", thread)
        assert after["bed_light"]["state"] == "off" and after["kitchen_light"]["state"] == "on"
        _, after = await _say(system, "and the kitchen?", thread)
        assert after["kitchen_light"]["state"] == "off"


@pytest.mark.anyio
async def test_now_the_kitchen_keeps_the_level_just_set(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        thread, _ = await _say(system, "set the living room lights to 30%", None)
        route = await system.aroute("now the kitchen", thread_id=thread)
        assert route.role == "smart_home" and route.slots.get("follow_up") is True
        _, after = await _say(system, "now the kitchen", thread)
        assert (after["lounge_lamp"]["brightness"], after["kitchen_light"]["brightness"]) == (
            30,
            30,
        )
        _, after = await _say(system, "a bit brighter", thread)
        assert (after["lounge_lamp"]["brightness"], after["kitchen_light"]["brightness"]) == (
            30,
            40,
        )


@pytest.mark.anyio
async def test_turn_it_up_after_the_tv_is_its_volume(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        thread, _ = await _say(system, "turn on the tv", None)
        _, after = await _say(system, "turn it up", thread)
        assert after["tv"]["volume"] == 40 and after["speaker"]["volume"] == 40
        _, after = await _say(system, "louder", thread)
        assert after["tv"]["volume"] == 50 and after["speaker"]["volume"] == 40
        thread, _ = await _say(system, "turn on the kitchen light", None)
        plan = await system.aplan("louder", thread_id=thread)  # no light has a volume
        assert [s.tool for s in plan.steps] == ["smart_home.set_volume"]
        assert plan.steps[0].arguments["device"] == "media player"


def test_the_frame_reads_only_light_and_player_changes() -> None:
    lamp = {"device": "Bedroom light"}
    found = light_step("smart_home.turn_on", lamp, "make it brighter", "make it brighter")
    assert found is not None and found[0].split() == ["it"]
    assert found[1] == [("smart_home.set_brightness", {"change": 20})]
    assert (
        light_step("smart_home.turn_on", {"device": "TV"}, "make it blue", "make it blue") is None
    )
    assert light_step("smart_home.lock", lamp, "make it brighter", "make it brighter") is None
    assert volume_step("smart_home.turn_on", {"device": "TV"}, "turn it down") == {"change": -10}
    assert volume_step("smart_home.turn_on", lamp, "turn it down") is None


@pytest.mark.anyio
@pytest.mark.parametrize(
    "follow_up",
    ["turn them both off", "switch them off", "turn both lights off", "turn off all of them"],
)
async def test_them_after_two_lights_changes_both_and_never_the_opposite(
    settings: Any, follow_up: str
) -> None:
    async with AgentSystem(settings) as system:
        thread, _ = await _say(system, "turn on the bedroom light", None)
        _, before = await _say(system, "and the kitchen?", thread)
        assert before["bed_light"]["state"] == before["kitchen_light"]["state"] == "on"
        lamp = before["lounge_lamp"]["state"]
        _, after = await _say(system, follow_up, thread)
        assert after["bed_light"]["state"] == after["kitchen_light"]["state"] == "off"
        assert after["lounge_lamp"]["state"] == lamp  # not every light in the home


@pytest.mark.anyio
async def test_them_after_one_turn_with_two_devices_and_it_after_one(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        thread, _ = await _say(system, "turn on the bedroom light and the kitchen light", None)
        _, after = await _say(system, "turn them off", thread)
        assert after["bed_light"]["state"] == after["kitchen_light"]["state"] == "off"
        thread, _ = await _say(system, "turn on the kitchen light", None)
        _, _ = await _say(system, "turn on the bedroom light", thread)
        _, after = await _say(system, "turn it off", thread)  # one: the last one
        assert (after["bed_light"]["state"], after["kitchen_light"]["state"]) == ("off", "on")


@pytest.mark.anyio
async def test_a_colour_for_them_goes_to_the_lights_only(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        thread, _ = await _say(system, "turn on the tv", None)
        _, _ = await _say(system, "turn on the bedroom light", thread)
        result = await system.arun("make them blue", thread_id=thread)
        assert "cannot" not in result.reply and "Failed" not in result.reply
        after = await states(system)
        assert after["bed_light"]["color"] == "blue"


@pytest.mark.anyio
async def test_all_the_lights_after_two_still_means_every_light(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        thread, _ = await _say(system, "turn on the bedroom light", None)
        _, before = await _say(system, "and the kitchen?", thread)
        assert before["lounge_lamp"]["state"] == "on"
        _, after = await _say(system, "turn off all the lights", thread)
        assert {after[k]["state"] for k in ("bed_light", "kitchen_light", "lounge_lamp")} == {"off"}

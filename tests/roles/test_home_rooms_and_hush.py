"""The speaker's own room ("my room", "room lights"), the whole house, being told to hush, coffee
said as a drink, and the room being too dark: through the public API, in a simulated home."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_answers import asked_then
from tests.roles.test_home_everyday import HOME_TOML, run, states


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


@pytest.mark.anyio
@pytest.mark.parametrize(
    "request_",
    [
        "turn off my room lights",
        "turn room lights off now",
        "turn the lights off to my room",
        "switch off the lights of my room please",
    ],
)
async def test_my_room_from_no_room_asks_which_and_takes_the_answer(
    settings: Any, request_: str
) -> None:
    async with AgentSystem(settings) as system:
        question, done = await asked_then(system, request_, "the kitchen")
        after = await states(system)
    assert question == "Which room do you mean?"
    assert done.status == "success"
    assert after["kitchen_light"]["state"] == "off"
    assert after["lounge_lamp"]["state"] == "on"


@pytest.mark.anyio
async def test_my_room_said_in_a_room_is_that_room(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "turn off my room lights", area="living room")
    assert after["lounge_lamp"]["state"] == "off"
    assert after["kitchen_light"]["state"] == "on"


@pytest.mark.anyio
async def test_a_named_room_is_no_own_room(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan("turn off the living room lights")
    assert [s.tool for s in plan.steps] == ["smart_home.turn_off"]
    assert plan.steps[0].arguments.get("area") == "living room"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("request_", "tool"),
    [
        ("turn house lights off", "smart_home.turn_off"),
        ("change house light colors to blue", "smart_home.set_color"),
        ("make the lights pink at the house", "smart_home.set_color"),
        ("lower the lights of my home", "smart_home.set_brightness"),
    ],
)
async def test_the_house_means_every_light(settings: Any, request_: str, tool: str) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan(request_)
        await system.arun(request_)
        after = await states(system)
    assert [(s.tool, s.arguments.get("device"), s.arguments.get("area")) for s in plan.steps] == [
        (tool, "all lights", None)
    ]
    lights = ("kitchen_light", "lounge_lamp", "bed_light")
    if tool == "smart_home.turn_off":
        assert {after[d]["state"] for d in lights} == {"off"}
    elif tool == "smart_home.set_color":
        assert {after[d]["color"] for d in lights} != {"white", "warm white"}


@pytest.mark.anyio
@pytest.mark.parametrize("request_", ["i need silence", "turn the volume off", "volume off please"])
async def test_being_told_to_hush_mutes_the_player_in_use(settings: Any, request_: str) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, request_)
    assert after["speaker"]["muted"] is True  # the one playing
    assert after["speaker"]["volume"] == 40


@pytest.mark.anyio
async def test_shut_up_for_a_while_unmutes_later(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        decision = await system.aroute("shut up for ten minutes")
        plan = await system.aplan("shut up for ten minutes")
    assert decision.role == "smart_home"
    assert [s.tool for s in plan.steps] == ["smart_home.media", "timer.set"]
    assert plan.steps[1].arguments["duration"] == "10 minutes"
    assert plan.steps[1].arguments["command"] == "unmute"


@pytest.mark.anyio
async def test_keep_it_down_lowers_the_volume(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan("keep it down")
    assert [(s.tool, s.arguments.get("change")) for s in plan.steps] == [
        ("smart_home.set_volume", -10)
    ]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "request_",
    [
        "i need caffeine",
        "a cappuccino please",
        "make a latte for my wife",
        "brew a fresh pot",
        "make me a cappuccino with extra foam",
        "make me some expresso",
    ],
)
async def test_a_coffee_said_as_a_drink_starts_the_coffee_maker(
    settings: Any, request_: str
) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, request_)
    assert after["coffee"]["state"] == "on"


@pytest.mark.anyio
@pytest.mark.parametrize("request_", ["it's awfully dark here", "i can't see anything in here"])
async def test_too_dark_from_a_room_brightens_its_lights(settings: Any, request_: str) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, request_, area="kitchen")
    assert after["kitchen_light"]["brightness"] > 80
    assert after["lounge_lamp"]["brightness"] == 50


@pytest.mark.anyio
async def test_too_dark_from_no_room_asks_which(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        done = await system.arun("it's awfully dark here", thread_id=str(uuid.uuid4()))
    assert done.reply == "Which room do you mean?"


@pytest.mark.anyio
async def test_a_kind_of_light_on_please_is_no_question(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan("overhead lights on please")
    assert [(s.tool, s.arguments.get("device")) for s in plan.steps] == [
        ("smart_home.turn_on", "overhead lights")
    ]


_CLAIMED = "A volume command for this home's media player."


@pytest.mark.anyio
@pytest.mark.parametrize(
    "request_", ["stop talking for an hour", "be quiet until 5pm", "no sound for 30 minutes"]
)
async def test_silence_for_a_while_is_claimed_by_the_home_stage(
    settings: Any, request_: str
) -> None:
    async with AgentSystem(settings) as system:
        decision = await system.aroute(request_)
    assert (decision.role, decision.reason) == ("smart_home", _CLAIMED)


@pytest.mark.anyio
@pytest.mark.parametrize("request_", ["shut up", "stop talking please", "silence"])
async def test_silence_with_no_while_is_left_to_the_classifier(
    settings: Any, request_: str
) -> None:
    """CLINC150 files a bare "shut up" as cancelling what the assistant says."""
    async with AgentSystem(settings) as system:
        decision = await system.aroute(request_)
    assert decision.reason != _CLAIMED


@pytest.mark.anyio
async def test_silence_is_not_claimed_by_a_home_without_a_player(tmp_path: Path) -> None:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML.split('[[devices]]\nid = "tv"')[0], encoding="utf-8")
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        decision = await system.aroute("shut up for ten minutes")
    assert decision.reason != _CLAIMED


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("request_", "level"),
    [
        ("reduce the sound to thirty percent", 30),
        ("decrease the volume to half", 50),
        ("turn the volume down to the lowest", 1),
        ("turn down the speaker volume to a minimum", 1),
    ],
)
async def test_a_volume_level_said_as_a_word_or_of_the_sound(
    settings: Any, request_: str, level: int
) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan(request_)
    assert [(s.tool, s.arguments.get("volume")) for s in plan.steps] == [
        ("smart_home.set_volume", level)
    ]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "request_",
    [
        "make it dark",
        "darkness please",
        "no more lights",
        "stop the lights",
        "please deactivate the lights",
        "good night, turn off the lights",
    ],
)
async def test_everyday_ways_to_put_the_lights_out(settings: Any, request_: str) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, request_)
    assert {after[d]["state"] for d in ("kitchen_light", "lounge_lamp", "bed_light")} == {"off"}


@pytest.mark.anyio
async def test_i_cant_hear_anything_turns_the_player_up(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        decision = await system.aroute("i can't hear anything")
        after = await run(system, "i can't hear anything")
    assert decision.reason == _CLAIMED
    assert after["speaker"]["volume"] == 50  # the one playing, a step up


@pytest.mark.anyio
async def test_asking_leave_before_a_command_is_the_command(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan("is it ok to lower the lights")
    assert [(s.tool, s.arguments.get("change")) for s in plan.steps] == [
        ("smart_home.set_brightness", -20)
    ]


@pytest.mark.anyio
@pytest.mark.parametrize("request_", ["open the vacuum cleaner", "start irobot"])
async def test_the_vacuums_other_names_start_it(tmp_path: Path, request_: str) -> None:
    home = tmp_path / "home.toml"
    vacuum = '\n[[devices]]\nid = "vac"\nname = "Robot vacuum"\nkind = "vacuum"\nstate = "docked"\n'
    home.write_text(HOME_TOML + vacuum, encoding="utf-8")
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        decision = await system.aroute(request_)
        plan = await system.aplan(request_)
    assert decision.role == "smart_home"
    assert [s.tool for s in plan.steps] == ["smart_home.start_vacuum"]

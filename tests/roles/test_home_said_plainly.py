"""The home said plainly (issue 15), each family with paraphrases of our own that are in no data
set, through the public API in a simulated home (the home of `test_home_families`):

* politeness before the verb ("can you kill the lights", "would you mind turning off ...");
* not enough light is brighter ("the lights are too dim" dimmed them), "less bright" dimmer;
* colours with none named ("some colourful lights", "a different shade") and a colour said with
  a mood word ("set the mood lighting to purple": purple, not the mood's warm white);
* lights named with "please" are wanted on ("kitchen light please" read their state);
* "lights of kitchen off" (it turned them on), the power switched as such ("cut the power in
  bedroom two"), and an arrival or leaving said first ("i just got home turn on ...");
* silence asked of the assistant ("put yourself on silent", "keep it quiet ...").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_families import HOME_TOML, _run, _states

pytestmark = pytest.mark.anyio


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


@pytest.mark.parametrize(
    ("text", "device", "state"),
    [
        ("can you kill the kitchen light", "kitchen_light", "off"),
        ("would you mind turning off the floor lamp", "lounge_lamp", "off"),
        ("would you mind switching the heater off please", "heater", "off"),
        ("just douse the kitchen light", "kitchen_light", "off"),
        ("could you please unplug the heater", "heater", "off"),
        ("can you extinguish the ceiling light", "bed2_light", "off"),
    ],
)
async def test_politeness_before_the_verb_changes_nothing(
    settings: Any, text: str, device: str, state: str
) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after[device]["state"] == state


@pytest.mark.parametrize(
    "text",
    [
        "the kitchen light is too dim",
        "the kitchen light is a bit dull",
        "the kitchen light is not bright enough",
        "it's too dim in the kitchen",
    ],
)
async def test_not_enough_light_is_brighter(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        before = (await _states(system))["kitchen_light"]["brightness"]
        _, after = await _run(system, text)
    assert after["kitchen_light"]["brightness"] > before


@pytest.mark.parametrize(
    "text", ["kitchen light less bright please", "make the kitchen light less bright"]
)
async def test_less_bright_is_dimmer(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["kitchen_light"]["brightness"] < 80


@pytest.mark.parametrize(
    "text",
    [
        "give the kitchen some colourful lights",
        "kitchen light in rainbow colours",
        "change the kitchen light to a different shade",
        "i want vibrant colours on the kitchen light",
        "make the kitchen light multicoloured",
    ],
)
async def test_colours_with_none_named_are_another_colour(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        tools, after = await _run(system, text)
    assert tools == ["smart_home.set_color"]
    assert after["kitchen_light"]["color"] != "warm white"
    assert after["lounge_lamp"]["color"] == "warm white"


@pytest.mark.parametrize(
    ("text", "color"),
    [
        ("set the mood lighting to purple", "purple"),
        ("party lights in blue please", "blue"),
        ("relaxing lights but make them green", "green"),
    ],
)
async def test_a_colour_said_with_a_mood_word_is_that_colour(
    settings: Any, text: str, color: str
) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["kitchen_light"]["color"] == color


@pytest.mark.parametrize(
    ("text", "device"),
    [
        ("kitchen light please", "kitchen_light"),
        ("the lights in the kitchen please", "kitchen_light"),
        ("ceiling light please", "bed2_light"),
        ("floor lamp please", "lounge_lamp"),
    ],
)
async def test_lights_named_with_please_come_on(settings: Any, text: str, device: str) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn off all the lights")
        tools, after = await _run(system, text)
    assert tools == ["smart_home.turn_on"]
    assert after[device]["state"] == "on"
    assert (
        sum(after[d]["state"] == "on" for d in ("kitchen_light", "lounge_lamp", "bed2_light")) == 1
    )


@pytest.mark.parametrize(
    ("text", "device", "others"),
    [
        ("lights of kitchen off", "kitchen_light", ("lounge_lamp", "bed2_light")),
        ("light of living room off", "lounge_lamp", ("kitchen_light", "bed2_light")),
        ("the lights of my kitchen off please", "kitchen_light", ("lounge_lamp", "bed2_light")),
    ],
)
async def test_lights_of_a_room_off(
    settings: Any, text: str, device: str, others: tuple[str, ...]
) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after[device]["state"] == "off"
    assert all(after[o]["state"] == "on" for o in others)


@pytest.mark.parametrize(
    ("text", "device", "state"),
    [
        ("cut the power in bedroom two", "heater", "off"),
        ("switch the power off in the living room", "plug", "off"),
        ("stop the power to the heater", "heater", "off"),
    ],
)
async def test_the_power_is_the_plugs(settings: Any, text: str, device: str, state: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after[device]["state"] == state
    assert after["kitchen_light"]["state"] == "on"


@pytest.mark.parametrize(
    "text",
    ["give power to the socket", "power the wemo", "restore power to the smart plug"],
)
async def test_power_given_switches_a_plug_on(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn off the smart plug")
        _, after = await _run(system, text)
    assert after["plug"]["state"] == "on"


@pytest.mark.parametrize(
    ("text", "device", "state"),
    [
        ("i just got home turn on the kitchen light", "kitchen_light", "on"),
        ("we're back so switch on the heater", "heater", "on"),
        ("i'm heading out so turn off the floor lamp", "lounge_lamp", "off"),
    ],
)
async def test_an_arrival_or_leaving_said_first(
    settings: Any, text: str, device: str, state: str
) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn off the kitchen light")
        await system.arun("turn off the heater")
        _, after = await _run(system, text)
    assert after[device]["state"] == state


@pytest.mark.parametrize(
    "text",
    [
        "put yourself on silent",
        "keep it quiet the kids are asleep",
        "switch the speakers to silent",
    ],
)
async def test_silence_asked_mutes_the_player(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["speaker"]["muted"] is True


@pytest.mark.parametrize(
    "text", ["drop the volume on the stereo", "soften the stereo volume", "quieten the stereo"]
)
async def test_volume_dropped_is_lower(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["speaker"]["volume"] < 40


@pytest.mark.parametrize(
    ("text", "level"),
    [("stereo volume at 20 percent", 20), ("set the stereo at 15%", 15), ("volume at 25%", 25)],
)
async def test_a_level_said_with_at_is_no_clock_time(settings: Any, text: str, level: int) -> None:
    async with AgentSystem(settings) as system:
        tools, after = await _run(system, text)
    assert tools == ["smart_home.set_volume"]
    assert after["speaker"]["volume"] == level


@pytest.mark.parametrize(
    "text", ["make the speakers silent", "make the stereo quiet", "make the music mute"]
)
async def test_a_player_made_silent_is_muted(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["speaker"]["muted"] is True


@pytest.mark.parametrize(
    ("text", "brightness"),
    [
        ("brighten the floor lamp by 20 percent", 80),
        ("make the floor lamp 30% brighter", 90),
        ("floor lamp 10 percent dimmer", 50),
        ("dim the floor lamp by 25", 35),
    ],
)
async def test_a_step_of_brightness_is_no_level(settings: Any, text: str, brightness: int) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["lounge_lamp"]["brightness"] == brightness  # it was 60


@pytest.mark.parametrize(
    "text", ["lighten up the kitchen", "lighten the kitchen light", "can you lighten the kitchen"]
)
async def test_lighten_is_brighter(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["kitchen_light"]["brightness"] > 80


@pytest.mark.parametrize(
    ("text", "color"),
    [
        ("can the kitchen be blue", "blue"),
        ("paint the kitchen red", "red"),
        ("kitchen colour green", "green"),
        ("kitchen light back to white", "white"),
        ("give the kitchen a pink glow", "pink"),
    ],
)
async def test_a_colour_said_for_a_room_is_its_lights_colour(
    settings: Any, text: str, color: str
) -> None:
    async with AgentSystem(settings) as system:
        tools, after = await _run(system, text)
    assert tools == ["smart_home.set_color"]
    assert after["kitchen_light"]["color"] == color
    assert after["lounge_lamp"]["color"] == "warm white"


@pytest.mark.parametrize(
    "text",
    ["change the hue of the kitchen light", "a new tint for the kitchen light please"],
)
async def test_hue_and_tint_are_colour_words(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["kitchen_light"]["color"] != "warm white"


@pytest.mark.parametrize(
    "text",
    [
        "reset the kitchen light colour",
        "kitchen light to its normal colour",
        "default colour in the kitchen",
    ],
)
async def test_a_colour_reset_is_white(settings: Any, text: str) -> None:
    async with AgentSystem(settings) as system:
        _, after = await _run(system, text)
    assert after["kitchen_light"]["color"] == "white"


@pytest.mark.parametrize(
    ("text", "device"),
    [
        ("need lights in the kitchen", "kitchen_light"),
        ("want some light in the living room", "lounge_lamp"),
        ("we need light in the kitchen", "kitchen_light"),
    ],
)
async def test_light_needed_with_no_i(settings: Any, text: str, device: str) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn off all the lights")
        _, after = await _run(system, text)
    assert after[device]["state"] == "on"


async def test_of_a_thing_is_no_room(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan("on the button of the roomba")
        other = await system.aplan("on the button of roomba")
    for each in (plan, other):
        assert "area" not in each.steps[0].arguments

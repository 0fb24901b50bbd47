"""Leaving something out (issue 15): "turn off all the lights except the kitchen", "everything
but the fridge", "every light apart from the hallway and the porch", for switching, brightness
and colour, each family with paraphrases of our own, through the public API in a simulated home.
The reply names what changed and what was left; an exclusion that matches none of the devices
gets one plain sentence and nothing changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.errors import ErrorCode
from agent_system.testing import make_settings
from roles.smart_home.tools import home_backend

pytestmark = pytest.mark.anyio

_LIGHT = 'kind = "light"\nstate = "on"\nattributes = {{ brightness = 60, color = "white" }}'
HOME_TOML = "\n".join(
    [
        *(
            f'[[areas]]\nid = "{a}"\nname = "{n}"\naliases = [{aliases}]\n'
            for a, n, aliases in (
                ("kitchen", "Kitchen", ""),
                ("lounge", "Living room", '"lounge"'),
                ("bedroom", "Bedroom", ""),
                ("hallway", "Hallway", '"hall"'),
                ("outside", "Outside", ""),
            )
        ),
        *(
            f'[[devices]]\nid = "{i}"\nname = "{n}"\narea = "{a}"\n{_LIGHT.format()}\n'
            for i, n, a in (
                ("kitchen_light", "Kitchen light", "kitchen"),
                ("lounge_lamp", "Floor lamp", "lounge"),
                ("bedroom_light", "Bedroom light", "bedroom"),
                ("hall_light", "Hallway light", "hallway"),
                ("porch_light", "Porch light", "outside"),
            )
        ),
        '[[devices]]\nid = "fridge"\nname = "Fridge"\nkind = "switch"\narea = "kitchen"\n'
        'state = "on"\n',
        '[[devices]]\nid = "heater"\nname = "Heater"\nkind = "switch"\narea = "bedroom"\n'
        'state = "on"\n',
        '[[devices]]\nid = "tv"\nname = "TV"\nkind = "media_player"\narea = "lounge"\n'
        'state = "on"\nattributes = { volume = 30, muted = false }\n',
    ]
)
LIGHTS = {"kitchen_light", "lounge_lamp", "bedroom_light", "hall_light", "porch_light"}


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _run(settings: Any, text: str, area: str | None = None) -> tuple[Any, dict[str, Any]]:
    async with AgentSystem(settings) as system:
        result = await system.arun(text, area=area)
        devices = await home_backend(system.engine.runtime).devices()
    return result, {d.id: {"state": d.state, **d.attributes} for d in devices}


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("turn off all the lights except the kitchen", {"kitchen_light"}),
        ("switch off every light other than the kitchen one", {"kitchen_light"}),
        ("all the lights but the bedroom one off", {"bedroom_light"}),
        ("turn the lights off apart from the bedroom", {"bedroom_light"}),
        ("every light apart from the hallway and the porch off", {"hall_light", "porch_light"}),
        (
            "kill all the lights except for the hall and the porch light",
            {"hall_light", "porch_light"},
        ),
        ("turn off the lights but leave the kitchen on", {"kitchen_light"}),
        ("switch off all lights but keep the porch light on please", {"porch_light"}),
        ("turn off all the lamps excluding the floor lamp", {"lounge_lamp"}),
    ],
)
async def test_lights_off_but_some(settings: Any, text: str, kept: set[str]) -> None:
    result, after = await _run(settings, text)
    assert {d for d in LIGHTS if after[d]["state"] == "on"} == kept, result.reply
    assert after["fridge"]["state"] == "on" and after["tv"]["state"] == "on"  # lights only
    assert "left as" in result.reply, result.reply


@pytest.mark.parametrize(
    "text",
    [
        "turn off everything except the fridge",
        "switch everything off apart from the fridge",
        "power off everything but the fridge",
        "shut everything off other than the fridge please",
    ],
)
async def test_everything_but_one_device(settings: Any, text: str) -> None:
    result, after = await _run(settings, text)
    assert after["fridge"]["state"] == "on", result.reply
    assert all(after[d]["state"] == "off" for d in (*LIGHTS, "heater", "tv")), result.reply
    assert result.reply.startswith("Turned off") and "Fridge left as it was." in result.reply


@pytest.mark.parametrize(
    ("text", "kept", "change"),
    [
        ("dim all the lights except the kitchen to 30%", "kitchen_light", {"brightness": 30}),
        (
            "set every light apart from the bedroom to 20 percent",
            "bedroom_light",
            {"brightness": 20},
        ),
        ("set every light except the bedroom to blue", "bedroom_light", {"color": "blue"}),
        ("make all the lights red but not the hallway", "hall_light", {"color": "red"}),
        ("change all the lights to green other than the porch", "porch_light", {"color": "green"}),
    ],
)
async def test_brightness_and_colour_but_some(
    settings: Any, text: str, kept: str, change: dict[str, Any]
) -> None:
    result, after = await _run(settings, text)
    [(key, value)] = change.items()
    assert after[kept][key] != value, result.reply
    assert all(after[d][key] == value for d in LIGHTS - {kept}), (result.reply, after)


async def test_said_from_a_room_it_is_still_every_light(settings: Any) -> None:
    result, after = await _run(settings, "turn off the lights except the kitchen", "Living room")
    assert {d for d in LIGHTS if after[d]["state"] == "on"} == {"kitchen_light"}, result.reply


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("turn off all the lights except the garage", "'garage'"),
        ("switch off every light apart from the sauna", "'sauna'"),
        ("turn off everything except the dishwasher", "'dishwasher'"),
    ],
)
async def test_an_exclusion_that_matches_nothing_changes_nothing(
    settings: Any, text: str, said: str
) -> None:
    result, after = await _run(settings, text)
    assert said in result.reply and "nothing was changed" in result.reply, result.reply
    assert result.reply.count(".") == 1, result.reply  # one plain sentence
    assert all(after[d]["state"] == "on" for d in (*LIGHTS, "fridge", "heater")), result.reply
    [step] = result.result.steps if result.result else []
    assert step.error is not None and step.error.code == ErrorCode.NEEDS_INPUT


async def test_leaving_out_everything_changes_nothing(settings: Any) -> None:
    result, after = await _run(
        settings, "turn off the lights in here except the lamp", "Living room"
    )
    assert "nothing was changed" in result.reply, result.reply
    assert after["lounge_lamp"]["state"] == "on"


@pytest.mark.parametrize(
    "text", ["turn on the lights but not too bright", "turn off the lights but make it quick"]
)
async def test_but_that_leaves_nothing_out_is_read_as_before(settings: Any, text: str) -> None:
    result, _ = await _run(settings, text)
    assert "left as" not in result.reply and "couldn't find" not in result.reply, result.reply

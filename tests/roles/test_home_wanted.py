"""Light wanted with no verb for it ("i need light", "lights please", "can i have some light in
the kitchen"), too much noise and unplugging: through the public API, in a simulated home."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_everyday import HOME_TOML, run


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


@pytest.mark.anyio
@pytest.mark.parametrize(
    "request_",
    ["i need light", "lights please", "hey olly can we get some light", "on with the lights"],
)
async def test_light_wanted_turns_the_lights_on(settings: Any, request_: str) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, request_)
    assert after["bed_light"]["state"] == "on"


@pytest.mark.anyio
@pytest.mark.parametrize(
    "request_",
    ["give me some light in the bedroom", "i'd like some lighting in the bedroom please"],
)
async def test_light_wanted_in_a_room_is_that_room_only(settings: Any, request_: str) -> None:
    async with AgentSystem(settings) as system:
        await run(system, "turn off all the lights")
        after = await run(system, request_)
    assert after["bed_light"]["state"] == "on"
    assert after["kitchen_light"]["state"] == after["lounge_lamp"]["state"] == "off"


@pytest.mark.anyio
async def test_light_wanted_in_here_is_the_speakers_room(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "i need some light in here", area="bedroom")
    assert after["bed_light"]["state"] == "on"


@pytest.mark.anyio
async def test_more_light_still_brightens(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "more light")
    assert after["kitchen_light"]["brightness"] == 100
    assert after["bed_light"]["state"] == "off"


@pytest.mark.anyio
async def test_too_noisy_turns_the_player_down(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "it's way too noisy")
    assert after["speaker"]["volume"] == 30


@pytest.mark.anyio
async def test_unplug_switches_the_plug_off(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "unplug the smart plug")
    assert after["plug"]["state"] == "off"

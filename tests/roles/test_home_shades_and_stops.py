"""HWU64's smart-home families that went to planning (issue 15), with paraphrases of our own,
through the public API in a simulated home: a lighter shade of light is dimmer (never a pastel
colour), "stop playing the music" pauses the player in use, and a dislike of the light as it is
asks which colour or brightness, changing nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from roles.smart_home.tools import home_backend
from tests.roles.test_home_families import HOME_TOML

pytestmark = pytest.mark.anyio


@pytest.fixture
def settings(tmp_path: Path) -> Any:  # lights at 80 / 60 / 100%, the kitchen speaker playing
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def _run(settings: Any, text: str) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    async with AgentSystem(settings) as system:
        backend = home_backend(system.engine.runtime)
        before = {d.id: {"state": d.state, **d.attributes} for d in await backend.devices()}
        result = await system.arun(text)
        after = {d.id: {"state": d.state, **d.attributes} for d in await backend.devices()}
    return result, before, after


@pytest.mark.parametrize(
    ("text", "light"),
    [
        ("lighter shade on the lights", "kitchen_light"),
        ("give the kitchen light a lighter shade", "kitchen_light"),
        ("a slightly lighter shade in the kitchen please", "kitchen_light"),
        ("can i have a paler tone on the floor lamp", "lounge_lamp"),
        ("hey olly lighter shade for the lights", "bed2_light"),
    ],
)
async def test_a_lighter_shade_is_dimmer_not_a_colour(settings: Any, text: str, light: str) -> None:
    result, before, after = await _run(settings, text)
    assert result.route.role == "smart_home", result.route
    assert after[light]["brightness"] < before[light]["brightness"], result.reply
    assert after[light]["color"] == before[light]["color"], result.reply


async def test_lighter_colours_are_still_a_colour(settings: Any) -> None:
    result, before, after = await _run(settings, "lighter colours on the kitchen light")
    assert after["kitchen_light"]["color"] != before["kitchen_light"]["color"], result.reply
    assert after["kitchen_light"]["brightness"] == before["kitchen_light"]["brightness"]


@pytest.mark.parametrize(
    "text",
    [
        "stop playing the music",
        "stop playing music please",
        "stop playing the radio",
        "stop playing for now",
        "olly stop playing my playlist",
    ],
)
async def test_stop_playing_pauses_the_player_in_use(settings: Any, text: str) -> None:
    result, _, after = await _run(settings, text)
    assert result.route.role == "smart_home", result.route
    assert after["speaker"]["state"] == "paused", result.reply
    assert after["tv"]["state"] == "idle"  # the other player is left alone


@pytest.mark.parametrize(
    "text",
    [
        "i don't like this light please show me other options",
        "i don't like the lighting in the kitchen",
        "i really don't like these lamps",
        "i do not want the lights in the kitchen",
    ],
)
async def test_a_dislike_of_the_light_asks_what_instead(settings: Any, text: str) -> None:
    result, before, after = await _run(settings, text)
    assert result.route.role == "smart_home", result.route
    assert result.reply.endswith("?"), result.reply
    assert after == before

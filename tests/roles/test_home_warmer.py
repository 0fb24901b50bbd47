"""The heating turned up or down by an amount (issue 15: everyday home phrasing).

"turn the heating up" raised nothing (it asked "What should I do with the heating?"); now it
raises the thermostat's target by one step from what it is set to. Through the public API,
offline, fake clock; the simulated home's thermostat starts at 20 °C.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("said", "change", "target"),
    [
        ("turn the heating up", "up 1°C", "21°C"),
        ("can you turn up the thermostat please", "up 1°C", "21°C"),
        ("turn down the heat a bit", "down 0.5°C", "19.5°C"),
        ("raise the temperature by 2 degrees", "up 2°C", "22°C"),
        ("lower the thermostat by three degrees", "down 3°C", "17°C"),
        ("bump the heat up a little", "up 0.5°C", "20.5°C"),
    ],
)
async def test_up_or_down_changes_the_target_from_where_it_is(
    tmp_path: Path, said: str, change: str, target: str
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        changed = await system.arun(said)
        assert changed.reply == (
            f"Turned the heating {change}: Thermostat is now set to {target} (it's 19.5°C now)."
        )


async def test_twice_up_is_two_steps_and_out_of_range_changes_nothing(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("turn the heating up")
        second = await system.arun("turn the heating up")
        assert "now set to 22°C" in second.reply
        refused = await system.arun("lower the temperature by 30 degrees")
        assert refused.reply.endswith("outside the safe range 5°C to 35°C; nothing was changed.")
        assert "set to 22°C" in (await system.arun("is the thermostat on")).reply


async def test_a_fahrenheit_home_steps_two_degrees(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "home").model_copy(update={"units": "imperial"})
    async with AgentSystem(settings, clock=FakeClock()) as system:
        changed = await system.arun("turn the heating up")
        assert "up 2°F: Thermostat is now set to 70°F" in changed.reply  # 20 °C is 68 °F


async def test_air_conditioning_up_is_not_read_as_warmer(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        plan = await system.aplan("turn up the ac")
        assert all(step.arguments.get("change") is None for step in plan.steps)


@pytest.mark.parametrize(
    ("said", "target"),
    [
        ("make it warmer", "21°C"),
        ("could you make the room a little warmer", "20.5°C"),
        ("a bit colder in here please", "19.5°C"),
        ("hotter", "21°C"),
    ],
)
async def test_warmer_said_of_the_place_is_the_heating(
    tmp_path: Path, said: str, target: str
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        decision = await system.aroute(said)
        changed = await system.arun(said)
    assert decision.role == "smart_home"
    assert f"Thermostat is now set to {target} (it's 19.5°C now)." in changed.reply


async def test_warmer_after_a_light_is_that_lights_colour_and_after_the_heating_more_heat(
    tmp_path: Path,
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("set the kitchen light to blue", thread_id="light")
        plan = await system.aplan("now make it warmer", thread_id="light")
        await system.arun("make it warmer", thread_id="heat")
        again = await system.arun("a bit warmer", thread_id="heat")
    assert [(s.tool, s.arguments.get("device"), s.arguments.get("color")) for s in plan.steps] == [
        ("smart_home.set_color", "Kitchen light", "warm white")
    ]
    assert "set to 21.5°C" in again.reply

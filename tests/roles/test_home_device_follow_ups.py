"""Follow-ups to a thermostat, fan, TV, light or appliance turn in one thread, through the public
API on the simulated home: "set it to 21" / "a bit warmer" after "what's the temperature inside",
"is it on?" / "turn it up" / "faster" after "turn on the fan", "turn it up" after the coffee
machine (one plain sentence, never another device's change), and no follow-up ever building a call
whose arguments its tool rejects."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_everyday import states


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    return make_settings(tmp_path / "data")


async def _thread(system: AgentSystem, *turns: str) -> tuple[list[str], dict[str, Any]]:
    """Run `turns` in one new thread: every reply, and every device's state after the last."""
    replies: list[str] = []
    thread: str | None = None
    for text in turns:
        result = await system.arun(text, thread_id=thread)
        thread = result.thread_id
        replies.append(result.reply)
    return replies, await states(system)


@pytest.mark.anyio
@pytest.mark.parametrize(
    "follow_up", ["set it to 21", "make it 21 degrees", "change it to 21 please", "to 21"]
)
async def test_a_number_after_the_temperature_sets_the_thermostat(
    settings: Any, follow_up: str
) -> None:
    async with AgentSystem(settings) as system:
        replies, after = await _thread(system, "what's the temperature inside", follow_up)
    assert after["thermostat"]["target_temperature"] == 21.0, replies
    assert "21" in replies[-1]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("follow_up", "target"),
    [
        ("make it a bit warmer", 20.5),
        ("a little warmer please", 20.5),
        ("warmer", 21.0),
        ("turn it up", 21.0),
        ("make it a bit cooler", 19.5),
        ("colder", 19.0),
        ("turn it down a bit", 19.5),
    ],
)
async def test_warmer_or_cooler_after_the_temperature_steps_the_thermostat(
    settings: Any, follow_up: str, target: float
) -> None:
    async with AgentSystem(settings) as system:  # the thermostat is set to 20 °C
        replies, after = await _thread(system, "what's the temperature inside", follow_up)
    assert after["thermostat"]["target_temperature"] == target, replies
    assert "Invalid arguments" not in replies[-1]


@pytest.mark.anyio
@pytest.mark.parametrize("question", ["is it on?", "is it still on", "what's it at?", "is it off"])
async def test_a_state_question_after_the_fan_answers_about_the_fan(
    settings: Any, question: str
) -> None:
    async with AgentSystem(settings) as system:
        replies, _ = await _thread(system, "turn on the fan", question)
    assert replies[-1].startswith("Ceiling fan is on"), replies


@pytest.mark.anyio
async def test_turning_the_fan_up_and_down_changes_its_speed_only(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        _, before = await _thread(system, "turn on the fan")
        replies, after = await _thread(system, "turn on the fan", "turn it up")
        assert after["bedroom_fan"]["percentage"] == 20, replies
        assert after["living_room_tv"] == before["living_room_tv"]  # never another device
        replies, after = await _thread(system, "turn on the fan", "faster", "a bit faster")
        assert after["bedroom_fan"]["percentage"] == 50, replies  # 20 + 20 + 10
        replies, after = await _thread(system, "turn on the fan", "set it to 80", "slower")
        assert after["bedroom_fan"]["percentage"] == 60, replies
        replies, after = await _thread(system, "turn on the fan", "turn it down a bit")
        assert after["bedroom_fan"]["percentage"] == 50, replies
        assert after["living_room_tv"] == before["living_room_tv"]


@pytest.mark.anyio
@pytest.mark.parametrize("follow_up", ["turn it up", "turn it down", "a bit more", "crank it up"])
async def test_a_level_change_after_a_device_without_one_says_so_plainly(
    settings: Any, follow_up: str
) -> None:
    async with AgentSystem(settings) as system:
        _, before = await _thread(system, "turn on the coffee machine")
        replies, after = await _thread(system, "turn on the coffee machine", follow_up)
    assert replies[-1] == "The coffee machine has no level to turn up or down.", replies
    assert after == before  # nothing else changed (the TV keeps its volume)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("first", "follow_up", "device", "key", "value"),
    [
        ("turn on the tv", "a bit more", "living_room_tv", "volume", 40),
        ("turn on the tv", "lower", "living_room_tv", "volume", 20),
        ("turn on the kitchen light", "a bit less", "kitchen_light", "brightness", 90),
        ("set the kitchen light to 50%", "more", "kitchen_light", "brightness", 70),
    ],
)
async def test_more_or_less_after_a_light_or_the_tv_steps_its_level(
    settings: Any, first: str, follow_up: str, device: str, key: str, value: int
) -> None:
    async with AgentSystem(settings) as system:
        replies, after = await _thread(system, first, follow_up)
    assert after[device][key] == value, replies


FIRST_TURNS = [
    "what's the temperature inside",
    "what's the temperature in the bedroom",
    "set the thermostat to 22",
    "turn up the heating",
    "turn on the fan",
    "turn off the fan",
    "turn on the tv",
    "turn on the kitchen light",
    "turn off the bedroom",
    "turn on the coffee machine",
    "lock the front door",
    "close the blinds",
    "start the vacuum",
    "is the front door locked",
    "set the kitchen light to 30%",
    "make the kitchen light blue",
]
FOLLOW_UPS = [
    "is it on?", "is it off", "what's it at?", "what is it set to", "turn it up", "turn it down",
    "set it to 21", "make it 50", "a bit more", "a bit less", "make it a bit warmer", "cooler",
    "faster", "turn it off again", "turn it back on", "and the bedroom?", "and the kitchen",
    "do the same for the kitchen light", "once more", "make it brighter", "louder",
]  # fmt: skip


@pytest.mark.anyio
@pytest.mark.parametrize("first", FIRST_TURNS)
async def test_no_follow_up_builds_a_call_its_tool_rejects(settings: Any, first: str) -> None:
    async with AgentSystem(settings) as system:
        for follow_up in FOLLOW_UPS:
            done = await system.arun(first)
            result = await system.arun(follow_up, thread_id=done.thread_id)
            rejected = [str(e) for e in result.errors if "Invalid arguments" in str(e)]
            assert not rejected, (first, follow_up, result.reply, rejected)
            assert "Invalid arguments" not in result.reply

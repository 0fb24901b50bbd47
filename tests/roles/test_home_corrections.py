"""Conversations with the home that correct, undo or point back, through the public API, checking
every device's stored state: a wrong action is worse than a question, so each test also checks
that nothing else changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_everyday import states


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    return make_settings(tmp_path / "data")  # the default simulated home


async def _talk(system: AgentSystem, *turns: str) -> tuple[dict[str, Any], str]:
    """Say `turns` in one thread; what changed over the last one, and its reply."""
    thread = None
    reply = ""
    before: dict[str, Any] = {}
    for turn in turns:
        before = await states(system)
        result = await system.arun(turn, thread_id=thread)
        thread, reply = result.thread_id, result.reply
    after = await states(system)
    changed = {
        (device, key): value
        for device, now in after.items()
        for key, value in now.items()
        if before[device].get(key) != value
    }
    return changed, reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    "turns",
    [
        ("turn off both",),
        ("switch the hall light on", "now turn off both"),
        ("turn on the living room light", "the hallway one as well", "switch both off"),
    ],
)
async def test_both_with_nothing_to_point_at_changes_nothing(
    settings: Any, turns: tuple[str, ...]
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, *turns)
    assert changed == {}, reply  # it turned every device of the home off
    assert reply.endswith("?") or "nothing was changed" in reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("first", "fix", "state"),
    [
        ("turn on the kitchen light", "no, off", "off"),
        ("switch the kitchen light on", "actually, switch it back off", "off"),
        ("turn off the kitchen light", "oops, turn it back on", "on"),
        ("turn on the kitchen light", "sorry, turn it off", "off"),
    ],
)
async def test_a_correction_switches_the_same_light_and_only_it(
    settings: Any, first: str, fix: str, state: str
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, "turn on the kitchen light", first, fix)
    assert changed in ({("kitchen_light", "state"): state}, {}), reply
    assert "couldn't" not in reply
    async with AgentSystem(settings) as system:
        after = await states(system)
    assert after["kitchen_light"]["state"] == state
    assert after["bedroom_light"]["state"] == after["living_room_light"]["state"] == "off"


@pytest.mark.anyio
@pytest.mark.parametrize(
    "fix",
    [
        "no, the kitchen one",
        "not that one, the kitchen light",
        "no i meant the kitchen",
        "wrong one, the kitchen one",
    ],
)
async def test_no_the_other_room_moves_the_switch_there(settings: Any, fix: str) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, "turn on the bedroom light", fix)
    assert changed == {
        ("bedroom_light", "state"): "off",  # put back as it was
        ("kitchen_light", "state"): "on",
    }, reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("first", "undone"),
    [
        ("turn on the bedroom light", {("bedroom_light", "state"): "off"}),
        ("switch on the fan", {("bedroom_fan", "state"): "off"}),
        ("start the robot vacuum", {("vacuum", "state"): "docked"}),
    ],
)
async def test_undo_that_reverses_a_switch(
    settings: Any, first: str, undone: dict[tuple[str, str], str]
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, first, "undo that")
    assert changed == undone, reply


@pytest.mark.anyio
@pytest.mark.parametrize("undo", ["undo that", "put it back the way it was", "revert that"])
async def test_undo_after_a_level_asks_and_changes_nothing(settings: Any, undo: str) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, "turn on the bedroom light", "dim it to 20", undo)
    assert changed == {}, reply
    assert "say what it should be" in reply


@pytest.mark.anyio
async def test_close_them_and_open_them_back_up_after_the_blinds(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        changed, _ = await _talk(system, "open the living room blinds")
        assert changed[("living_room_blinds", "state")] == "open"
        changed, reply = await _talk(system, "open the living room blinds", "shut them again")
        assert changed == {("living_room_blinds", "state"): "closed"} or changed == {
            ("living_room_blinds", "state"): "closed",
            ("living_room_blinds", "position"): 0,
        }, reply
        changed, reply = await _talk(system, "close the blinds", "open them back up")
    assert changed.get(("living_room_blinds", "state")) == "open", reply
    assert {device for device, _ in changed} == {"living_room_blinds"}


@pytest.mark.anyio
@pytest.mark.parametrize("off", ["turn it off", "switch that off", "no, off"])
async def test_turn_it_off_after_the_thermostat_turns_the_thermostat_off(
    settings: Any, off: str
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, "set the thermostat to 21", off)
    assert changed == {("thermostat", "state"): "off"}, reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("first", "then", "device", "state"),
    [
        ("turn on all the lights", "turn off the kitchen one", "kitchen_light", "off"),
        ("turn off all the lights", "switch the bedroom one back on", "bedroom_light", "on"),
        ("switch on the living room light", "the kitchen one as well", "kitchen_light", "on"),
    ],
)
async def test_the_room_one_means_the_kind_just_used(
    settings: Any, first: str, then: str, device: str, state: str
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, first, then)
    assert changed == {(device, "state"): state}, reply  # never the coffee machine


@pytest.mark.anyio
@pytest.mark.parametrize("other", ["turn off the other one", "switch the other light off"])
async def test_the_other_one_with_a_verb_is_the_other_light_just_used(
    settings: Any, other: str
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(
            system, "turn on the kitchen light", "turn on the bedroom light", other
        )
    assert changed == {("kitchen_light", "state"): "off"}, reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("turn on the kitchen light", "actually set a timer for 5 minutes"),
        ("turn on the kitchen light", "no, what's the weather like"),
        ("turn on the tv", "no sound for an hour"),
    ],
)
async def test_a_new_request_after_a_correction_word_is_not_a_level(
    settings: Any, first: str, then: str
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, first, then)
    assert not any(key == "brightness" for _, key in changed), reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("first", "question"),
    [
        ("turn on the kitchen light", "is it still on?"),
        ("turn on the kitchen light", "which lights are on now?"),
        ("open the living room blinds", "are they open?"),
        ("set the thermostat to 22", "what's it set to now?"),
        ("turn on the fan", "how fast is it going?"),
        ("start the vacuum", "is it still running?"),
    ],
)
async def test_a_question_after_a_command_changes_nothing(
    settings: Any, first: str, question: str
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, first, question)
    assert changed == {}, reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    "question",
    [
        "which lights are on now?",
        "what lights are on at the moment",
        "the lights are on?",
        "my tv is still on?",
        "is the kitchen light on right now",
    ],
)
async def test_a_question_with_a_time_word_or_said_as_a_statement_only_reads(
    settings: Any, question: str
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, question)  # it turned every light on
    assert changed == {}, reply

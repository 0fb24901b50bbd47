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


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (
            ("turn on the bedroom light", "and the kitchen", "turn them off and lock the door"),
            {("bedroom_light", "state"): "off", ("kitchen_light", "state"): "off"},
        ),
        (
            ("switch the kitchen light on", "switch it off and start the vacuum"),
            {("kitchen_light", "state"): "off", ("vacuum", "state"): "cleaning"},
        ),
    ],
)
async def test_it_and_them_in_one_clause_of_several_are_the_devices_just_used(
    settings: Any, turns: tuple[str, ...], expected: dict[tuple[str, str], str]
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, *turns)
    assert changed == expected, reply  # it asked "Which device?" for "turn them off"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("turns", "brightness"),
    [
        (("turn off the living room light", "set it to 50%"), 50),
        (("switch on the kitchen light", "make it 40", "no, brighter"), 60),
        (("switch on the kitchen light", "dim it to 30", "nope, 70"), 70),
    ],
)
async def test_a_level_after_off_or_a_correction_sets_that_light(
    settings: Any, turns: tuple[str, ...], brightness: int
) -> None:
    async with AgentSystem(settings) as system:
        await _talk(system, *turns)
        after = await states(system)
    light = "living_room_light" if "living" in turns[0] else "kitchen_light"
    assert (after[light]["state"], after[light]["brightness"]) == ("on", brightness)
    others = {"living_room_light", "kitchen_light", "bedroom_light"} - {light}
    assert {after[o]["state"] for o in others} == {"off"}


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("first", "question", "said"),
    [
        ("turn on the bedroom light", "how bright is it?", "60%"),
        ("turn on the bedroom light", "what colour is it", "warm white"),
        ("turn on the kitchen light", "what's its brightness?", "100%"),
        ("turn on the tv", "what's the volume?", "30%"),
    ],
)
async def test_a_question_about_a_setting_reads_the_device_just_used(
    settings: Any, first: str, question: str, said: str
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, first, question)
    assert changed == {}, reply
    assert said in reply and "couldn't" not in reply


@pytest.mark.anyio
@pytest.mark.parametrize("change", ["make it blue", "make it a bit brighter", "set it to green"])
async def test_a_change_after_a_light_was_turned_off_is_that_light_only(
    settings: Any, change: str
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, "switch off the bedroom light", change)
    assert {device for device, _ in changed} == {"bedroom_light"}, reply  # it was every light


@pytest.mark.anyio
async def test_and_the_back_door_after_a_lock_is_never_the_front_door(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, "lock the front door", "and the back door")
    assert changed == {}
    assert "Front door" not in reply and "back door" in reply.lower()


@pytest.mark.anyio
@pytest.mark.parametrize("chat", ["thanks", "cool, thank you"])
async def test_it_after_a_thank_you_is_still_the_device_just_used(settings: Any, chat: str) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, "turn on the kitchen light", chat, "turn it off")
    assert changed == {("kitchen_light", "state"): "off"}, reply


@pytest.mark.anyio
async def test_pause_it_after_the_tv_pauses_the_tv(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, "turn on the tv", "play", "pause it")
    assert changed == {("living_room_tv", "state"): "paused"}, reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("first", "spared", "expected"),
    [
        ("turn on all the lights", "except the bedroom", {"living_room_light", "kitchen_light"}),
        (
            "turn on all the lights",
            "but not in the kitchen",
            {"living_room_light", "bedroom_light"},
        ),
    ],
)
async def test_except_a_room_after_all_the_lights_leaves_that_room_as_it_was(
    settings: Any, first: str, spared: str, expected: set[str]
) -> None:
    async with AgentSystem(settings) as system:
        _, reply = await _talk(system, first, spared)
        after = await states(system)
    lit = {
        d
        for d in ("living_room_light", "kitchen_light", "bedroom_light")
        if after[d]["state"] == "on"
    }
    assert lit == expected, reply


@pytest.mark.anyio
@pytest.mark.parametrize("wrong", ["wait, not that", "no, not that one", "wrong one"])
async def test_a_bare_not_that_one_undoes_the_switch(settings: Any, wrong: str) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, "turn on the kitchen light", wrong)
    assert changed == {("kitchen_light", "state"): "off"}, reply
    assert "couldn't" not in reply


@pytest.mark.anyio
async def test_are_they_open_after_closing_the_blinds_reads_the_blinds(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, "close the blinds", "are the blinds open")
    assert changed == {} and "closed" in reply.lower(), reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (
            ("switch the bedroom lamp on", "hmm no, switch it off again"),
            {("bedroom_light", "state"): "off"},
        ),
        (
            ("turn the kitchen lights on", "oh wait, I meant the bedroom"),
            {("kitchen_light", "state"): "off", ("bedroom_light", "state"): "on"},
        ),
        (("put the living room light on", "scratch that"), {("living_room_light", "state"): "off"}),
        (
            ("turn the heating up", "turn it back down"),
            {("thermostat", "target_temperature"): 20.0},
        ),
    ],
)
async def test_corrections_opened_with_a_hesitation_or_said_back(
    settings: Any, turns: tuple[str, ...], expected: dict[tuple[str, str], Any]
) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, *turns)
    assert changed == expected, reply


@pytest.mark.anyio
async def test_lower_them_after_opening_the_blinds_closes_them(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        changed, reply = await _talk(system, "open the living room blinds", "lower them")
    assert changed.get(("living_room_blinds", "state")) == "closed", reply
    assert {device for device, _ in changed} == {"living_room_blinds"}

"""A timer that runs a command later is scored as that command, scheduled (evals.voice)."""

from __future__ import annotations

from datetime import date

import pytest

from evals import home
from evals.harness import Harness, Outcome
from evals.splits import Row
from evals.voice import SetResult, as_scheduled, evaluate_voice, score_voice_row

ACTIONS = {
    "iot_coffee": ("smart_home.turn_on",),
    "audio_volume_mute": ("smart_home.*",),
    "timer_set": ("timer.set",),
}
TODAY = date(2026, 11, 23)


def _coffee_at(time: str, command_tools: list[str]) -> Outcome:
    later = Outcome(
        "make coffee",
        tools=command_tools,
        arguments=[{"device": "coffee machine"}] if command_tools else [],
        rings_at=f"2026-11-24T{time}:00+00:00",
    )
    return Outcome(
        "make coffee at eight am",
        role="smart_home",
        tools=["timer.set"],
        arguments=[{"duration": "5 hours", "label": "make coffee", "command": "make coffee"}],
        scheduled=[later],
        ran=True,
        stored={"timers": 1},
    )


def test_a_timer_with_a_device_command_scores_as_that_command() -> None:
    result = SetResult("t")
    row = Row("make coffee at eight am", "iot_coffee", "hwu64", (("time", "eight am"),))
    score_voice_row(row, _coffee_at("08:00", ["smart_home.turn_on"]), ACTIONS, result, TODAY)
    tally = result.tally
    assert tally.rate("all", "tool").hits == 1
    assert tally.rate("all", "args").hits == 1  # the ring time is eight am
    assert tally.rate("all", "stored").hits == 1  # the timer holds the device command


def test_a_scheduled_command_at_the_wrong_time_or_of_the_wrong_kind_is_a_miss() -> None:
    result = SetResult("t")
    row = Row("make coffee at eight am", "iot_coffee", "hwu64", (("time", "eight am"),))
    score_voice_row(row, _coffee_at("09:00", ["smart_home.turn_on"]), ACTIONS, result, TODAY)
    score_voice_row(row, _coffee_at("08:00", ["smart_home.turn_off"]), ACTIONS, result, TODAY)
    score_voice_row(row, _coffee_at("08:00", []), ACTIONS, result, TODAY)  # planned nothing
    tally = result.tally
    assert (tally.rate("all", "tool").hits, tally.rate("all", "tool").n) == (1, 3)
    assert (tally.rate("all", "args").hits, tally.rate("all", "args").n) == (0, 1)


def test_a_timer_intent_keeps_its_timer() -> None:
    out = _coffee_at("08:00", ["smart_home.turn_on"])
    tools, _, roles = as_scheduled(out, ACTIONS["timer_set"])
    assert tools == ["timer.set"] and not roles
    tools, _, roles = as_scheduled(out, ACTIONS["iot_coffee"])
    assert tools == ["smart_home.turn_on"] and roles == {"smart_home"}


@pytest.mark.anyio
async def test_mute_for_a_while_is_right_through_the_public_api() -> None:
    rows = [
        Row("mute the tv for two hours", "audio_volume_mute", "t", ()),
        Row("start the vacuum in ten minutes", "iot_coffee", "t", ()),  # the wrong device
    ]
    async with Harness(home.voice_home_toml()) as harness:
        result = await evaluate_voice(harness, "t", rows, ACTIONS, keep_sentences=True)
    tally = result.tally
    assert (tally.rate("all", "tool").hits, tally.rate("all", "tool").n) == (1, 2)
    assert [m["text"] for m in tally.misses] == [rows[1].text]


def test_the_whole_home_and_amounts_said_as_words() -> None:
    from evals.scoring import args_text, slot_in

    every = [{"device": "all lights", "color": "green"}]
    kitchen = [{"device": "lights", "area": "kitchen", "color": "green"}]
    one = [{"device": "Kitchen light", "color": "green"}]
    assert slot_in("house_place", "house", every, args_text(every, TODAY))
    assert slot_in("house_place", "whole house", [{"device": "vacuum"}], "vacuum")
    assert not slot_in("house_place", "house", kitchen, args_text(kitchen, TODAY))
    assert not slot_in("house_place", "house", one, args_text(one, TODAY))
    assert not slot_in("house_place", "kitchen", every, args_text(every, TODAY))
    half, full = [{"brightness": 50}], [{"volume": 100}]
    assert slot_in("change_amount", "to half", half, args_text(half, TODAY))
    assert slot_in("change_amount", "to max", full, args_text(full, TODAY))
    assert not slot_in("change_amount", "to half", full, args_text(full, TODAY))
    assert not slot_in("time", "half past seven", half, args_text(half, TODAY))
    step, big, low = [{"change": -10}], [{"change": 20}], [{"brightness": 1}]
    assert slot_in("change_amount", "a bit", step, args_text(step, TODAY))
    assert slot_in("change_amount", "slightly", step, args_text(step, TODAY))
    assert not slot_in("change_amount", "a bit", big, args_text(big, TODAY))
    assert slot_in("change_amount", "lowest level", low, args_text(low, TODAY))
    assert not slot_in("change_amount", "lowest", full, args_text(full, TODAY))
    assert slot_in("change_amount", "full power", full, args_text(full, TODAY))
    two = [{"change": 2}]
    assert slot_in("change_amount", "two levels", two, args_text(two, TODAY))
    assert not slot_in("change_amount", "two levels", step, args_text(step, TODAY))


@pytest.mark.anyio
async def test_the_ring_time_is_the_clock_time_said() -> None:
    async with Harness(home.voice_home_toml()) as harness:
        out = await harness.observe("go silent until three pm")
    assert [s.tools for s in out.scheduled] == [["smart_home.media"]]
    assert out.scheduled[0].rings_at.endswith("T15:00:00+00:00")

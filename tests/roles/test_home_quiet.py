"""Quiet for a while, bare volume words, the vacuum's everyday names and "that are still on"."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from tests.roles.test_home_everyday import HOME_TOML, run, states

VACUUM = '\n[[devices]]\nid = "vac"\nname = "Robot vacuum"\nkind = "vacuum"\nstate = "docked"\n'


@pytest.fixture
def home(tmp_path: Path) -> Path:
    path = tmp_path / "home.toml"
    path.write_text(HOME_TOML + VACUUM, encoding="utf-8")
    return path


@pytest.mark.anyio
async def test_mute_for_a_while_mutes_now_and_unmutes_when_its_timer_rings(
    tmp_path: Path, home: Path
) -> None:
    from roles.timer.service import FiredTimer, TimerService, command_runner

    clock = FakeClock(datetime(2026, 3, 2, 12, 0))
    rang: list[FiredTimer] = []

    async def notify(fired: FiredTimer) -> None:
        rang.append(fired)

    settings = make_settings(tmp_path / "data", home_config=home)
    async with AgentSystem(settings, clock=clock) as system:
        plan = await system.aplan("please mute the tv for two hours")
        await system.arun("please mute the tv for two hours")
        muted = await states(system)
        service = TimerService(system.engine.runtime, notify, run=command_runner(system))
        clock.advance(2 * 3600 + 1)
        await service.tick()
        after = await states(system)
    assert [(s.tool, dict(s.arguments)) for s in plan.steps] == [
        ("smart_home.media", {"device": "TV", "command": "mute"}),
        (
            "timer.set",
            {"duration": "2 hours", "label": "unmute the TV", "command": "unmute the TV"},
        ),
    ]
    assert muted["tv"]["muted"] is True and muted["speaker"]["muted"] is False
    assert after["tv"]["muted"] is False and len(rang) == 1


@pytest.mark.anyio
async def test_quiet_until_a_clock_time_waits_until_then(tmp_path: Path, home: Path) -> None:
    clock = FakeClock(datetime(2026, 3, 2, 12, 0))
    settings = make_settings(tmp_path / "data", home_config=home)
    async with AgentSystem(settings, clock=clock) as system:
        until = await system.aplan("be quiet until 3pm")
        morning = await system.aplan("go silent until 9am")  # said at noon: tomorrow's
        plain = await system.aplan("mute the tv")
    assert [s.tool for s in until.steps] == ["smart_home.media", "timer.set"]
    assert until.steps[1].arguments["duration"] == "3 hours"
    assert [s.arguments.get("duration") for s in morning.steps] == [None, "21 hours"]
    assert [s.tool for s in plain.steps] == ["smart_home.media"]


@pytest.mark.anyio
@pytest.mark.parametrize(("text", "change"), [("turn up", 10), ("down", -10), ("louder", 10)])
async def test_a_bare_direction_is_the_playing_players_volume(
    tmp_path: Path, home: Path, text: str, change: int
) -> None:
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        plan = await system.aplan(text)
        after = await run(system, text)
    assert [s.arguments.get("change") for s in plan.steps] == [change]
    assert after["speaker"]["volume"] == 40 + change and after["tv"]["volume"] == 30


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text", ["start vacuuming", "start the cleaner", "hoover the rugs", "begin the house cleanup"]
)
async def test_the_vacuum_by_its_everyday_names(tmp_path: Path, home: Path, text: str) -> None:
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        after = await run(system, text)
    assert after["vac"]["state"] == "cleaning"


@pytest.mark.anyio
async def test_lights_that_are_still_on_are_turned_off(tmp_path: Path, home: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        after = await run(system, "please turn off any lights that are still on")
    assert {after[d]["state"] for d in ("kitchen_light", "lounge_lamp", "bed_light")} == {"off"}


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text", ["coffee please", "i could use a cup of coffee", "whip up a latte for me"]
)
async def test_more_ways_to_ask_for_a_coffee(tmp_path: Path, home: Path, text: str) -> None:
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        after = await run(system, text)
    assert after["coffee"]["state"] == "on"


@pytest.mark.anyio
async def test_a_player_kind_word_is_the_player_in_use(tmp_path: Path, home: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        plan = await system.aplan("turn up the radio volume")
        after = await run(system, "turn up the radio volume")
    assert [s.arguments.get("device") for s in plan.steps] == ["radio"]  # as said
    assert after["speaker"]["volume"] == 50 and after["tv"]["volume"] == 30


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "attribute", "value"),
    [("stop the audio", "state", "paused"), ("off the speakers", "muted", True)],
)
async def test_silencing_the_player_in_use(
    tmp_path: Path, home: Path, text: str, attribute: str, value: object
) -> None:
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        after = await run(system, text)
    assert after["speaker"][attribute] == value
    assert after["tv"]["state"] == "idle" and after["tv"]["muted"] is False


@pytest.mark.anyio
async def test_a_plug_in_a_room_and_a_coffee_maker_as_said(tmp_path: Path, home: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        plug = await system.aplan("shut off my living room plug socket")
        elsewhere = await system.arun("turn off the wemo socket in the kitchen")
        still_on = await states(system)
        coffee = await system.aplan("start the coffee maker")
        after = await run(system, "start the coffee maker")
    assert [dict(s.arguments) for s in plug.steps] == [
        {"device": "plug socket", "area": "living room"}
    ]
    assert elsewhere.status != "success" and still_on["plug"]["state"] == "on"  # none there
    assert [dict(s.arguments) for s in coffee.steps] == [{"device": "coffee maker"}]
    assert after["coffee"]["state"] == "on"  # the "Coffee maker" of this home


def test_a_maker_is_a_machine_when_matching_names() -> None:
    from roles.smart_home.backend import Device, match_devices

    machine = Device(id="c", name="Coffee machine", kind="switch", area="kitchen")
    lamp = Device(id="l", name="Kitchen lamp", kind="light", area="kitchen")
    assert match_devices([machine, lamp], "coffee maker") == [machine]
    assert match_devices([machine, lamp], "bread maker") == []


@pytest.mark.anyio
async def test_rarer_off_verbs_and_a_room_without_an_article(tmp_path: Path, home: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "data", home_config=home)) as system:
        lamp = await system.aplan("turn off smart lamp in den")  # no plug: "smart" is no name
        shift = await system.aplan("shift the kitchen light off")
        after = await run(system, "shutoff light in the kitchen")
    assert [dict(s.arguments) for s in lamp.steps] == [{"device": "smart lamp", "area": "den"}]
    assert [s.tool for s in shift.steps] == ["smart_home.turn_off"]
    assert after["kitchen_light"]["state"] == "off" and after["lounge_lamp"]["state"] == "on"

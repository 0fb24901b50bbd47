"""Everyday volume, mute and coffee requests the home stage claims, and what it leaves alone."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.routing.models import RouteRequest
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from roles.smart_home._claims import Home, everyday
from roles.smart_home.backend import Device
from roles.smart_home.home import Layout
from roles.smart_home.route_stage import HomeStage
from roles.smart_home.simulated import load_home
from tests.roles.test_home_everyday import HOME_TOML, run, states


@pytest.fixture(scope="module")
def stage() -> HomeStage:
    home = load_home(None)
    return HomeStage(home.devices, home.layout, home.sentences)


@pytest.mark.parametrize(
    "text",
    [
        "more volume please",
        "turn up radio volume",
        "turn my audio higher",
        "turn the music lower",
        "the music is too soft",
        "lessen the speaker volume",
        "a little quieter",
        "it's way too loud",
        "no no turn it down",
        "play it louder",
        "speak up",
        "mute until tomorrow",
        "can you place the sound on mute",
        "silent mode on for the next three hours",
        "quiet mode four hours",
        "don't talk to me for an hour",
        "do not respond for fifty seconds",
        "turn the volume off",
        "i don't want any sound",
        "start the coffee maker",
        "i would like to have a cup of coffee",
        "make coffee at eight am",
        "hey can you please make me a creamy coffee",
        "make a flat white",
        "start brewing please",
        "can you brew me a cup",
        "two sugars in my coffee",
        "make it cosy in here",
        "set a romantic mood",
        "hoover",
        "vacuum please",
        "hoover the carpets around",
        "hey olly more volume please",
        "olly, start the coffee maker",
        "ok google a little brighter",
    ],
)
def test_claims_everyday_volume_mute_and_coffee(stage: HomeStage, text: str) -> None:
    decision = stage(RouteRequest(text=text))
    assert decision is not None and decision.role == "smart_home", text


@pytest.mark.parametrize(
    "text",
    [
        # said to the assistant itself: cancelling or whispering (CLINC150 files them so)
        "shut up",
        "be quiet",
        "silence",
        "stop talking please",
        "please be quiet now",
        "speak softer",
        "please talk quietly",
        "switch to quiet mode",
        "do not talk so loudly",
        "i didn't hear you, can you repeat that louder",
        # outside the home
        "find me a coffee shop near here",
        "how much caffeine is in a latte",
        "can you find me a recipe for coffee cakes",
        "mute my phone",
        "i spilled coffee on my laptop",
        "put my music on, please",
        "turn the radio on for some music",
        "start up some music",
        "make it cosy for the guests with some snacks",
        "what sets the mood for a good movie",
        "vacuum cleaner reviews",
    ],
)
def test_leaves_the_assistant_and_the_world_to_the_classifier(stage: HomeStage, text: str) -> None:
    assert stage(RouteRequest(text=text)) is None, text


def test_claims_only_what_the_home_has() -> None:
    lamp = Device(id="lamp", name="Lamp", kind="light", area="bedroom")
    bare = HomeStage([lamp], Layout())
    for text in ("more volume please", "mute until tomorrow", "start the coffee maker"):
        assert bare(RouteRequest(text=text)) is None, text
    assert everyday("more volume please", Home(player=True)) is not None
    assert everyday("i would like a cup of coffee", Home(player=True)) is None
    assert everyday("i would like a cup of coffee", Home(coffee=True)) is not None


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


@pytest.mark.anyio
async def test_the_claimed_requests_change_the_right_device(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        after = await run(system, "more volume please")
        assert after["speaker"]["volume"] == 50  # the one playing
        after = await run(system, "i can barely hear the music")
        assert after["speaker"]["volume"] == 60
        after = await run(system, "make a flat white")
        assert after["coffee"]["state"] == "on"
        after = await run(system, "please be extra quiet")
        assert after["speaker"]["muted"] is True


@pytest.mark.anyio
async def test_mute_for_the_night_unmutes_in_the_morning(settings: Any) -> None:
    clock = FakeClock(datetime(2026, 3, 2, 22, 30))
    async with AgentSystem(settings, clock=clock) as system:
        night = await system.aplan("mute the tv for the night")
        until = await system.aplan("mute until tomorrow")
    assert [(s.tool, s.arguments.get("duration")) for s in night.steps] == [
        ("smart_home.media", None),
        ("timer.set", "8 hours 30 minutes"),
    ]
    assert night.steps[1].arguments["command"] == "unmute the TV"
    assert [s.arguments.get("duration") for s in until.steps] == [None, "8 hours 30 minutes"]


@pytest.mark.anyio
async def test_coffee_offered_or_wanted_ready_later_is_made(settings: Any) -> None:
    clock = FakeClock(datetime(2026, 3, 2, 6, 0))
    async with AgentSystem(settings, clock=clock) as system:
        offered = await system.aplan("how about making me some coffee")
        later = await system.aplan("have the coffee ready at 7am")
        typo = await system.aplan("make me a cofee please")
    assert [(s.tool, s.arguments["device"]) for s in offered.steps] == [
        ("smart_home.turn_on", "coffee maker")
    ]
    assert [s.tool for s in later.steps] == ["timer.set"]
    assert later.steps[0].arguments["duration"] == "1 hour"
    assert later.steps[0].arguments["command"] == "make coffee"  # what it runs at 7
    assert [s.tool for s in typo.steps] == ["smart_home.turn_on"]


@pytest.mark.anyio
async def test_tints_and_from_one_colour_to_another(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan("please change the color of the lights to pinkish")
        assert [dict(s.arguments) for s in plan.steps] == [{"device": "lights", "color": "pinkish"}]
        after = await run(system, "make the kitchen light sky blue")
        assert after["kitchen_light"]["color"] == "blue"
        after = await run(system, "turn the bedroom light reddish")
        assert after["bed_light"]["color"] == "red"
        plan = await system.aplan("change the lights from red to green")
        assert [dict(s.arguments) for s in plan.steps] == [
            {"device": "lights", "color": "green", "from_color": "red"}
        ]
        after = await run(system, "change the lights from red to green")
        assert after["bed_light"]["color"] == "green"  # the red one
        assert after["kitchen_light"]["color"] == "blue"  # the others keep theirs
        assert after["lounge_lamp"]["color"] == "warm white"


@pytest.mark.anyio
async def test_more_ways_to_mute_and_to_turn_it_up(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        for text in ("zero volume", "switch to silent", "no more noise", "disable the sound"):
            plan = await system.aplan(text)
            assert [(s.tool, s.arguments["command"]) for s in plan.steps] == [
                ("smart_home.media", "mute")
            ], text
        for text in ("i want it loud", "i need more sound", "bump up the volume"):
            plan = await system.aplan(text)
            assert [(s.tool, s.arguments["change"]) for s in plan.steps] == [
                ("smart_home.set_volume", 10)
            ], text
        plan = await system.aplan("play more music")  # no louder
        assert [s.tool for s in plan.steps] == ["smart_home.play_media"]


@pytest.mark.anyio
async def test_a_plug_named_by_what_it_powers_is_the_only_plug(
    settings: Any, tmp_path: Path
) -> None:
    async with AgentSystem(settings) as system:
        await system.arun("turn off the smart plug")
        after = await run(system, "turn on the heater socket")
        assert after["plug"]["state"] == "on" and after["coffee"]["state"] == "off"
    two = tmp_path / "two.toml"
    two.write_text(
        HOME_TOML + '\n[[devices]]\nid = "plug2"\nname = "Desk plug"\nkind = "switch"\n',
        encoding="utf-8",
    )
    async with AgentSystem(make_settings(tmp_path / "two", home_config=two)) as system:
        result = await system.arun("turn on the heater socket")
        assert "couldn't find" in result.reply  # two plugs: no guessing
        assert (await states(system))["plug2"]["state"] == "off"

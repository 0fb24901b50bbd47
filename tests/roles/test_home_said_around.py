"""Home requests said around the device, through the public API: the robot told what to do
("robot go clean the kitchen"), the kettle boiled, a room said before a kind of device or with
a purpose after it, and "the other one" after a device was used or asked about."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_everyday import HOME_TOML, run, states


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("robot go clean the kitchen", "kitchen"),
        ("start the robovac", None),
        ("robot do the whole flat now", None),
    ],
)
async def test_the_robot_told_what_to_do_starts_the_vacuum(
    tmp_path: Path, text: str, area: str | None
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        decision = await system.aroute(text)
        plan = await system.aplan(text)
        done = await system.arun(text)
    assert decision.role == "smart_home"
    assert [s.tool for s in plan.steps] == ["smart_home.start_vacuum"]
    assert plan.steps[0].arguments.get("area") == area
    assert "Robot vacuum is cleaning" in done.reply


@pytest.mark.anyio
async def test_boiling_the_kettle_asks_for_the_kettle(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        before = await states(system)
        plan = await system.aplan("could you boil the kettle for me")
        done = await system.arun("could you boil the kettle for me")
        after = await states(system)
    assert [(s.tool, s.arguments) for s in plan.steps] == [
        ("smart_home.turn_on", {"device": "kettle"})
    ]
    assert done.reply.startswith("I couldn't find a device called 'kettle'")
    assert after == before  # no kettle here: nothing else was switched on


@pytest.mark.anyio
async def test_a_room_before_a_kind_and_a_purpose_after_the_room(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        before = await states(system)
        plan = await system.aplan("turn off living room stereo")
        await system.arun("turn off the smart plug")
        off = await states(system)
        await system.arun("switch on the socket in my living room for my laptop")
        after = await states(system)
    assert [(s.tool, s.arguments.get("area")) for s in plan.steps] == [
        ("smart_home.turn_off", "living room")
    ]
    assert (before["plug"]["state"], off["plug"]["state"], after["plug"]["state"]) == (
        "on",
        "off",
        "on",
    )


@pytest.mark.anyio
async def test_no_the_other_one_switches_the_other_player_instead(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        thread = str(uuid.uuid4())
        await system.arun("turn off the tv", thread_id=thread)
        decision = await system.aroute("no, the other one", thread_id=thread)
        await system.arun("no, the other one", thread_id=thread)
        after = await states(system)
    assert decision.role == "smart_home"
    assert after["tv"]["state"] != "off"
    assert after["speaker"]["state"] == "off"


@pytest.mark.anyio
async def test_the_other_one_after_a_question_reads_or_asks_which(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        thread = str(uuid.uuid4())
        await system.arun("is the kitchen light on?", thread_id=thread)
        asked = await system.arun("what about the other one?", thread_id=thread)
        answered = await system.aplan("the bedroom one", thread_id=thread)
        other = str(uuid.uuid4())
        await system.arun("is the kitchen speaker playing?", thread_id=other)
        plan = await system.aplan("and the other one?", thread_id=other)
    assert asked.reply == "Which light do you mean: Reading lamp, Bedroom light?"
    assert [(s.tool, s.arguments) for s in answered.steps] == [
        ("smart_home.get_state", {"device": "Bedroom light"})
    ]
    assert [(s.tool, s.arguments) for s in plan.steps] == [
        ("smart_home.get_state", {"device": "TV"})
    ]


@pytest.mark.anyio
async def test_the_other_one_with_no_device_before_is_not_claimed(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        thread = str(uuid.uuid4())
        await system.arun("what's 2 plus 2", thread_id=thread)
        decision = await system.aroute("the other one", thread_id=thread)
    assert decision.role != "smart_home"


@pytest.mark.anyio
async def test_bright_said_as_a_verb_brightens(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        before = await states(system)
        after = await run(system, "please bright the room a bit", area="kitchen")
    assert (before["kitchen_light"]["brightness"], after["kitchen_light"]["brightness"]) == (80, 90)
    assert after["lounge_lamp"] == before["lounge_lamp"]

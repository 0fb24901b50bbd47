"""How the lights should look when no colour is named, through the public API: a quality of
colour ("darker tones", "a random colour"), a change that says nothing to change ("lighting
options": which colour or brightness?, answered in the same thread) and "hit the lights"."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from roles.smart_home._colors import QUALITIES
from tests.roles.test_home_everyday import HOME_TOML, run, states

LIGHTS = ("kitchen_light", "lounge_lamp", "bed_light")


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("switch the bedroom light to darker tones", "dark"),
        ("can the bedroom lights go some deep shade", "dark"),
        ("set the bedroom light to a random colour", "random"),
        ("bright colours in the bedroom please", "vibrant"),
        ("pastel shades in the bedroom please", "pastel"),
    ],
)
async def test_a_quality_of_colour_picks_a_colour_of_that_kind(
    settings: Any, text: str, kind: str
) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan(text)
        before = await states(system)
        after = await run(system, text)
    assert [(s.tool, s.arguments["color"]) for s in plan.steps] == [("smart_home.set_color", kind)]
    assert after["bed_light"]["color"] in QUALITIES[kind]
    assert after["bed_light"]["color"] != before["bed_light"]["color"]
    assert after["kitchen_light"] == before["kitchen_light"]


@pytest.mark.anyio
async def test_dark_colours_said_twice_move_on_to_another_dark_colour(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        first = (await run(system, "i'd like dark colours on the lights"))["kitchen_light"]
        second = (await run(system, "i'd like dark colours on the lights"))["kitchen_light"]
    assert {first["color"], second["color"]} <= set(QUALITIES["dark"])
    assert first["color"] != second["color"]


async def asked_then(
    system: AgentSystem, request: str, answer: str, area: str | None = None
) -> tuple[str, dict[str, Any]]:
    """Say `request`, then `answer` in the same thread: (the question, the devices after)."""
    thread = str(uuid.uuid4())
    extra = {"area": area} if area else {}
    asked = await system.arun(request, thread_id=thread, **extra)
    decision = await system.aroute(answer, thread_id=thread, **extra)
    assert decision.role == "smart_home", (answer, decision)
    await system.arun(answer, thread_id=thread, **extra)
    return asked.reply, await states(system)


@pytest.mark.anyio
@pytest.mark.parametrize("request_text", ["lighting options", "i want to change the lights"])
async def test_a_change_that_says_nothing_asks_colour_or_brightness(
    settings: Any, request_text: str
) -> None:
    async with AgentSystem(settings) as system:
        before = await states(system)
        question, after = await asked_then(system, request_text, "purple")
    assert question == "What colour or brightness would you like for the lights?"
    assert {after[light]["color"] for light in LIGHTS} == {"purple"}
    assert after["plug"] == before["plug"]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("answer", "brightness"), [("40%", 40), ("a bit dimmer", 70), ("brighter", 100)]
)
async def test_the_answer_can_be_a_brightness(settings: Any, answer: str, brightness: int) -> None:
    async with AgentSystem(settings) as system:
        before = await states(system)
        question, after = await asked_then(system, "let me adjust the kitchen lights", answer)
    assert question == "What colour or brightness would you like for the kitchen light?"
    assert after["kitchen_light"]["brightness"] == brightness
    assert after["lounge_lamp"] == before["lounge_lamp"]


@pytest.mark.anyio
async def test_a_mood_answers_the_question_too(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        _, after = await asked_then(system, "lighting options", "something romantic")
    assert (after["kitchen_light"]["color"], after["kitchen_light"]["brightness"]) == ("red", 30)


@pytest.mark.anyio
async def test_another_request_after_the_question_is_not_its_answer(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        thread = str(uuid.uuid4())
        await system.arun("lighting options", thread_id=thread)
        decision = await system.aroute("what's the weather in Paris", thread_id=thread)
    assert decision.role == "weather"


@pytest.mark.anyio
async def test_hit_the_lights_switches_on_the_lights_of_the_room(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        before = await states(system)
        after = await run(system, "hit the lights", area="bedroom")
    async with AgentSystem(settings) as system:
        await run(system, "turn off the bedroom light")
        lamps = await run(system, "hit the lamps in the bedroom")
    assert before["bed_light"]["state"] == "off"
    assert after["bed_light"]["state"] == "on"
    assert after["kitchen_light"] == before["kitchen_light"]
    assert lamps["bed_light"]["state"] == "on"

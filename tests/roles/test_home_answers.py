"""The smart-home role takes the answer to its own questions, and keeps device names as said."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from tests.roles.test_home_everyday import HOME_TOML, states


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    home = tmp_path / "home.toml"
    home.write_text(HOME_TOML, encoding="utf-8")
    return make_settings(tmp_path / "data", home_config=home)


async def asked_then(system: AgentSystem, request: str, answer: str) -> tuple[str, Any]:
    """Say `request`, then `answer` in the same thread: (the question, the answer's result)."""
    thread = str(uuid.uuid4())
    asked = await system.arun(request, thread_id=thread)
    decision = await system.aroute(answer, thread_id=thread)
    assert decision.role == "smart_home", (answer, decision)
    return asked.reply, await system.arun(answer, thread_id=thread)


@pytest.mark.anyio
@pytest.mark.parametrize("answer", ["the kitchen one", "Kitchen light", "kitchen please"])
async def test_which_light_answered_changes_that_light_only(settings: Any, answer: str) -> None:
    async with AgentSystem(settings) as system:
        before = await states(system)
        question, _ = await asked_then(system, "dim the light", answer)
        after = await states(system)
    assert question.startswith("Which light do you mean:")
    assert after["kitchen_light"]["brightness"] == 60
    assert after["lounge_lamp"] == before["lounge_lamp"]
    assert after["bed_light"] == before["bed_light"]


@pytest.mark.anyio
async def test_all_of_them_answers_with_every_light(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        _, done = await asked_then(system, "switch off the light please", "all of them")
        after = await states(system)
    assert done.status == "success"
    assert {after[d]["state"] for d in ("kitchen_light", "lounge_lamp", "bed_light")} == {"off"}


@pytest.mark.anyio
async def test_a_new_command_after_the_question_is_not_taken_as_its_answer(
    settings: Any,
) -> None:
    async with AgentSystem(settings) as system:
        thread = str(uuid.uuid4())
        await system.arun("dim the light", thread_id=thread)
        plan = await system.aplan("turn on the bedroom light", thread_id=thread)
    assert [(s.tool, s.arguments.get("device")) for s in plan.steps] == [
        ("smart_home.turn_on", "Bedroom light")
    ]


@pytest.mark.anyio
async def test_a_room_answer_fills_in_here(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        question, _ = await asked_then(system, "turn off the lights in here", "the kitchen")
        after = await states(system)
    assert question == "Which room do you mean?"
    assert after["kitchen_light"]["state"] == "off" and after["lounge_lamp"]["state"] == "on"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "said"), [("turn off the wemo", "wemo"), ("socket off", "socket")]
)
async def test_an_alias_stays_as_said_in_the_arguments(settings: Any, text: str, said: str) -> None:
    async with AgentSystem(settings) as system:
        plan = await system.aplan(text)
        await system.arun(text)
        after = await states(system)
    assert [(s.tool, s.arguments.get("device")) for s in plan.steps] == [
        ("smart_home.turn_off", said)
    ]
    assert after["plug"]["state"] == "off"

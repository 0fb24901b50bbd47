"""Calendar refusals that need the user's words are said once, never retried (issue 15).

"cancel the yoga" with no yoga, "move lunch" when two lunches match, "add it for -2 hours": the
tool answers with one plain sentence and `needs_input` (no retry, no breaker count), as the
lists role does. Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.errors import ErrorCode

pytestmark = pytest.mark.anyio


async def _seeded(system: AgentSystem) -> None:
    for text in (
        "add lunch with sam on friday at 1",
        "add lunch with jo on saturday at 1",
        "add dentist appointment tomorrow at 10am",
    ):
        assert (await system.arun(text)).reply.startswith("Added")


def _refused(result: object) -> tuple[str, int]:
    plan_result = getattr(result, "result", None)
    assert plan_result is not None
    (step,) = plan_result.steps
    assert step.error is not None
    return str(step.error.code), step.attempts


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("cancel the yoga class", "No event in your calendar matches"),
        ("delete my yoga appointment", "No event in your calendar matches"),
        ("move my yoga appointment to 5pm", "No event in your calendar matches"),
        ("move lunch to 2pm", "2 events match 'lunch'"),
        ("cancel lunch", "2 events match 'lunch'"),
        ("reschedule my lunch to friday at 3pm", "2 events match"),
    ],
)
async def test_a_refusal_is_said_once_and_asks_for_input(
    system: AgentSystem, text: str, said: str
) -> None:
    await _seeded(system)
    result = await system.arun(text)
    assert said in result.reply
    assert "calendar." not in result.reply  # no tool names to the user
    assert _refused(result) == (ErrorCode.NEEDS_INPUT, 1)
    listed = await system.arun("what's on my calendar this week")
    assert "3 events" in listed.reply  # nothing changed

"""Refusals of the smart-home tools that need the user's input ("I couldn't find ...", "Which
one?", "it cannot turn on", the safety rule, an unknown colour) are `NEEDS_INPUT`: the step is
not retried and the tool's circuit breaker does not count them, so a run of them never stops the
home from answering."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.errors import ErrorCode
from agent_system.testing import make_settings


@pytest.fixture
def settings(tmp_path: Path) -> Any:
    return make_settings(tmp_path / "data")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("request_text", "said"),
    [
        ("turn on the porch light", "couldn't find"),  # no such device
        ("switch off the light", "Which"),  # several lights, from no room: which one?
        ("turn on the garage door", "cannot"),  # a garage door cannot turn on
        ("set the thermostat to 40", "safe range"),  # too hot in °C, too cold in °F
    ],
)
async def test_a_refusal_that_needs_the_user_is_tried_once(
    settings: Any, request_text: str, said: str
) -> None:
    async with AgentSystem(settings) as system:
        result = await system.arun(request_text)
    assert said in result.reply, result.reply
    steps = result.result.steps if result.result else []
    failed = [s for s in steps if s.error is not None]
    if not failed:  # asked before any tool ran ("Which light do you mean: ...?")
        assert result.reply.rstrip().endswith("?"), result.reply
        return
    assert all(s.error and s.error.code == ErrorCode.NEEDS_INPUT for s in failed), failed
    assert all(s.attempts == 1 for s in failed), failed


@pytest.mark.anyio
async def test_many_refusals_never_open_the_breaker(settings: Any) -> None:
    async with AgentSystem(settings) as system:
        for _ in range(8):
            refused = await system.arun("turn on the porch light")
            assert "couldn't find" in refused.reply
        result = await system.arun("turn on the kitchen light")
    assert result.reply.startswith("Kitchen light is on"), result.reply

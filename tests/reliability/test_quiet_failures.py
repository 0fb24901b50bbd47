"""Failures that used to pass quietly now act as documented (issue 14, item 6)."""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime, timedelta

import pytest

from agent_system.routing.embedded import EmbeddedRouter
from agent_system.routing.hybrid import HybridRouter
from agent_system.routing.llm import LLMRouter
from agent_system.routing.models import RouteDecision, RouteRequest
from tests.routing.fakes import ScriptedClassifier

from .conftest import RigFactory, plan_of


class BrokenLLMRouter(LLMRouter):
    """An LLM router with a bug (not an LLM failure)."""

    def __init__(self) -> None:
        pass

    async def route(self, request: RouteRequest) -> RouteDecision:
        raise KeyError("slots")


@pytest.mark.anyio
async def test_a_failing_llm_router_is_logged_not_swallowed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    embedded = EmbeddedRouter(ScriptedClassifier("weather", 0.8))  # unsure: the LLM's band
    hybrid = HybridRouter(embedded, BrokenLLMRouter())
    with caplog.at_level(logging.WARNING, logger="agent_system.routing.hybrid"):
        decision = await hybrid.route(RouteRequest(text="is it nice out"))
    assert decision.role == "weather"
    assert any(r.levelno >= logging.ERROR and r.exc_info for r in caplog.records), caplog.text


@pytest.mark.anyio
@pytest.mark.parametrize("how", ["plan_timeout_s", "deadline"])
async def test_plan_timeout_s_and_the_plans_deadline_bound_a_planned_run(
    rig_factory: RigFactory, how: str
) -> None:
    plan = plan_of({"id": "h", "tool": "fault.hang", "arguments": {"seconds": 30}, "timeout_s": 60})
    if how == "deadline":
        # Made a while ago with a 60 s timeout, due in 0.4 s: the deadline must stop it.
        now = datetime.now(UTC)
        plan = plan.model_copy(
            update={
                "created_at": now - timedelta(seconds=100),
                "timeout_s": 60,
                "deadline": now + timedelta(seconds=0.4),
            }
        )
        rig = rig_factory([plan], step_timeout_s=60)
    else:  # the planner's plan keeps its default 300 s timeout; the setting must still win
        rig = rig_factory([plan], step_timeout_s=60, plan_timeout_s=0.4)
    started = time.monotonic()
    result = await rig.system.arun("hang", thread_id="t")
    assert time.monotonic() - started < 5
    assert result.status == "failure"
    assert any(e.code == "deadline_exceeded" for e in result.errors), result.errors

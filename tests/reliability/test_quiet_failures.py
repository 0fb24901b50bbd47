"""Failures that used to pass quietly now act as documented (issue 14, item 6)."""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime, timedelta

import pytest

from agent_system.graph._journal import StepJournal
from agent_system.routing._embedded import EmbeddedRouter
from agent_system.routing._hybrid import HybridRouter
from agent_system.routing._llm import LLMRouter
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
    with caplog.at_level(logging.WARNING, logger="agent_system.routing._hybrid"):
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
    assert time.monotonic() - started < 20  # the hang: 30 s or more; idle: about 1 s
    assert result.status == "failure"
    assert any(e.code == "deadline_exceeded" for e in result.errors), result.errors


@pytest.mark.anyio
async def test_a_failed_journal_write_after_a_side_effect_keeps_the_step_done(
    rig_factory: RigFactory, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before, the scheduler turned the journal's exception into a failed step that a replan
    # could run again, repeating the side effect.
    plan = plan_of({"id": "u", "tool": "test.unlock", "arguments": {"door": "front"}})
    rig = rig_factory([plan], [plan])

    async def failing_record(*args: object, **kwargs: object) -> None:
        raise OSError("disk I/O error")

    monkeypatch.setattr(StepJournal, "record", failing_record)
    with caplog.at_level(logging.ERROR):
        result = await rig.system.arun("unlock", thread_id="j")
        if result.status == "interrupted":
            result = await rig.system.aresume("j", True)
    assert result.status == "success", result.errors
    assert rig.calls.counts.get("unlock") == 1
    assert "could not journal step u" in caplog.text

"""The Python API on the real offline engine: sync and async entry points, plans, routes."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import CANNOT_OFFLINE, NOT_UNDERSTOOD
from agent_system.testing import make_settings


def test_the_sync_api_answers_a_fast_reply_offline_with_no_llm_call(tmp_path: Path) -> None:
    system = AgentSystem(make_settings(tmp_path / "home"))
    try:
        result = system.run("set a timer for 10 minutes", thread_id="t")
        assert result.status == "success"
        assert result.route is not None and result.route.role == "timer"
        assert result.reply.startswith("Timer set for 10 minutes")
        assert result.usage.llm_calls == 0
        again = system.run("what timers do I have", thread_id="t")
        assert "10 minutes" in again.reply or "10:" in again.reply
    finally:
        system.close()


@pytest.mark.anyio
async def test_aplan_returns_the_plan_and_runs_nothing(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        plan = await system.aplan("check the weather in Paris and set a timer for 10 minutes")
        assert [s.tool for s in plan.steps] == ["weather.current", "timer.set"]
        timers = await system.arun("list my timers", thread_id="t")
    assert "no" in timers.reply.lower()


@pytest.mark.anyio
async def test_aroute_uses_the_threads_history_for_follow_ups(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("what's the weather in Paris", thread_id="t")
        decision = await system.aroute("and in Boston?", thread_id="t")
        fresh = await system.aroute("and in Boston?")
    assert decision.role == "weather"
    assert decision.slots.get("follow_up") is True
    assert fresh.slots.get("follow_up") is None


@pytest.mark.anyio
async def test_state_survives_a_restart_on_the_same_data_directory(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "home")
    async with AgentSystem(settings) as system:
        await system.arun("turn off the kitchen light", thread_id="t", user="ann")
    async with AgentSystem(settings) as system:
        state = await system.aget_thread("t", user="ann")
        threads = await system.athreads("ann")
        result = await system.arun("is the kitchen light on", thread_id="t", user="ann")
    assert [turn["text"] for turn in state["history"]] == ["turn off the kitchen light"]
    assert [t["thread_id"] for t in threads] == ["t"]
    assert "off" in result.reply.lower()


@pytest.mark.anyio
async def test_aplan_of_a_request_nothing_can_do_returns_the_reasons_not_an_error(
    tmp_path: Path,
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        plan = await system.aplan("write me a poem about the sea")
    assert plan.steps == []
    assert plan.unsupported and plan.unsupported[0].endswith(NOT_UNDERSTOOD)
    assert "no built-in role handles" in plan.reasoning  # the technical reason, for -v


@pytest.mark.anyio
async def test_a_request_nothing_understands_gets_one_plain_sentence_of_what_works(
    tmp_path: Path,
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        result = await system.arun("write me a poem about the sea")
    assert result.reply == CANNOT_OFFLINE
    for jargon in ("planner", "OPENAI", "registered", "role", "tool"):
        assert jargon not in result.reply

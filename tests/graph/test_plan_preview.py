"""`aplan` is the graph stopped before anything runs: it plans exactly what `arun` then runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.planning.models import (
    ExecutionPlan,
    PlanResult,
    RunStatus,
    StepResult,
    run_status,
)
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio

REQUESTS = [
    "set a timer for 10 minutes",
    "turn on the kitchen light",
    "add lunch with Bob tomorrow at noon to my calendar",
    "what's on my calendar tomorrow",
    "unlock the front door",
    "turn on the kitchen lights and set a timer for 5 minutes",
    "set a timer for 10 minutes then turn off the kitchen light",
    "turn on the kitchen light and write me a poem about the sea",
    "write me a poem about the sea",
]


def _shape(plan: ExecutionPlan | None) -> dict[str, Any]:
    assert plan is not None
    steps = [
        s.model_dump(
            mode="json",
            include={"id", "tool", "arguments", "depends_on", "when", "on_failure",
                     "requires_approval", "description", "retry"},
        )
        for s in plan.steps
    ]  # fmt: skip
    return {
        "request": plan.request,
        "planner": plan.planner,
        "reasoning": plan.reasoning,
        "unsupported": plan.unsupported,
        "timeout_s": plan.timeout_s,
        "steps": steps,
    }


async def test_aplan_equals_the_plan_arun_executes(tmp_path: Path) -> None:
    sizes = []
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        for n, text in enumerate(REQUESTS):
            thread = f"t{n}"
            previewed = await system.aplan(text, thread_id=thread)
            before = await system.graph.aget_state({"configurable": {"thread_id": thread}})
            assert not before.values  # aplan wrote nothing
            result = await system.arun(text, thread_id=thread)
            assert _shape(previewed) == _shape(result.plan), text
            assert previewed.steps or previewed.unsupported, text
            sizes.append(len(previewed.steps))
    assert sizes.count(2) >= 2 and sizes.count(1) >= 5  # fast replies and multi-step plans


async def test_aplan_reads_the_thread_for_follow_ups_but_never_changes_it(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        await system.arun("turn on the kitchen light", thread_id="t")
        config: Any = {"configurable": {"thread_id": "t"}}
        before = await system.graph.aget_state(config)
        previewed = await system.aplan("and the bedroom light", thread_id="t")
        after = await system.graph.aget_state(config)
        assert after.values == before.values
        assert after.config == before.config  # no new checkpoint
        result = await system.arun("and the bedroom light", thread_id="t")
    assert _shape(previewed) == _shape(result.plan)
    assert [s.tool for s in previewed.steps] == ["smart_home.turn_on"]


async def test_a_question_back_previews_as_a_plan_with_no_step(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as system:
        plan = await system.aplan("set an alarm")
        timers = await system.arun("list my timers", thread_id="x")
    assert plan.steps == [] and plan.planner == "role:timer"
    assert plan.unsupported == ["What time should the alarm go off?"]
    assert "no" in timers.reply.lower()


def test_run_status_counts_an_unplanned_part_as_partial() -> None:
    plan = ExecutionPlan.model_validate(
        {"request": "r", "steps": [{"id": "a", "tool": "t.x"}], "unsupported": ["the poem"]}
    )
    done = {"a": StepResult(step_id="a", tool="t.x", status="succeeded")}
    assert run_status(plan, done) == RunStatus.PARTIAL
    assert PlanResult.infer_status(list(done.values()), []) == RunStatus.SUCCESS  # steps only
    assert run_status(None, {}) == RunStatus.SUCCESS

"""Regression tests for the engine bugs and gaps the reliability suite found (all fixed).

See docs/reliability.md, "Bugs found and fixed", for the analysis of each.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.llm._fake import ScriptedChatModel
from agent_system.planning.models import ExecutionPlan, ExecutionStep
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolOutput, spec_from_function
from agent_system.testing import make_settings
from tests.graph.conftest import FakeRouter, ScriptedPlanner

from .conftest import RigFactory, assert_consistent, builtin_system, plan_of, unlocks
from .test_llm_faults import draft, step

pytestmark = pytest.mark.anyio


async def test_a_replanned_step_that_needs_approval_waits_for_approval(
    rig_factory: RigFactory,
) -> None:
    """BUG 0 (security): nodes.py Engine.replan sends the revision to `approve` without setting
    `requires_approval` from the tool spec (only `_accept_plan` does), so a replanned
    `unlock` runs unapproved."""
    rig = rig_factory(
        plans=[plan_of({"id": "f", "tool": "test.fail", "on_failure": "replan"})],
        revisions=[plan_of({"id": "u", "tool": "test.unlock", "arguments": {"door": "front"}})],
    )
    result = await rig.system.arun("fail, then unlock", thread_id="t")
    assert rig.calls.counts == {"fail": 1}, "the door was unlocked without approval"
    assert result.status == "interrupted"


async def test_an_llm_replan_that_adds_an_unlock_after_an_injection_needs_approval(
    tmp_path: Path, documents: Path, systems: list[AgentSystem]
) -> None:
    """BUG 0, the brief's scenario: the LLM replanner adds `smart_home.unlock`; it runs."""
    model = ScriptedChatModel(
        [
            draft(
                {
                    **step("read", "search.documents", query="unlock", folder="../"),
                    "on_failure": "replan",
                }
            ),
            draft(step("open", "smart_home.unlock", device="front door")),
            "Waiting for approval.",
        ]
    )
    system = builtin_system(tmp_path, chat_model=model, documents_dir=documents)
    systems.append(system)
    result = await system.arun("do what the notes say", thread_id="t")
    assert result.status == "interrupted"
    assert [p["tool"] for p in result.pending_approval] == ["smart_home.unlock"]
    assert unlocks(system, "t") == []


async def test_a_tool_raising_cancelled_error_itself_fails_its_step_without_escaping(
    rig_factory: RigFactory,
) -> None:
    """BUG 1: scheduler.py run_plan `run.finalize(task.result())` re-raises the CancelledError."""
    rig = rig_factory(
        plans=[
            plan_of(
                {"id": "ok", "tool": "test.echo", "arguments": {"text": "kept"}},
                {"id": "c", "tool": "fault.cancelled", "on_failure": "skip"},
            )
        ]
    )
    result = await rig.system.arun("cancel inside", thread_id="t")
    assert result.status == "partial", result
    assert "echo: kept" in result.reply
    await assert_consistent(rig.system, result)


async def test_concurrent_runs_on_the_default_sqlite_home_do_not_raise_database_locked(
    tmp_path: Path,
) -> None:
    """BUG 2 (intermittent): sqlite3.OperationalError('database is locked') escaped arun."""

    async def work(name: str) -> ToolOutput:
        """Work with a side effect.

        Args:
            name: Step name.
        """
        await asyncio.sleep(0.003 * (int(name[1:]) % 11))
        return ToolOutput(data={"name": name}, display=name)

    registry = ToolRegistry(
        [spec_from_function(work, name="test.work", side_effects="irreversible")]
    )
    plans = [
        ExecutionPlan(
            steps=[
                ExecutionStep(id=f"s{i}", tool="test.work", arguments={"name": f"s{i}"})
                for i in range(30)
            ]
        )
        for _ in range(8)
    ]
    system = AgentSystem(
        make_settings(tmp_path / "home", max_concurrency=32),
        registry=registry,
        router=FakeRouter(),
        planner=ScriptedPlanner(plans),
        models={},
        roles={},
    )
    async with system:
        results = await asyncio.gather(*(system.arun("go", thread_id=f"t{k}") for k in range(8)))
        assert [r.status for r in results] == ["success"] * 8
        for k in range(8):
            assert len(system.audit_log(thread_id=f"t{k}", limit=1000)) == 30


async def test_an_invalid_plan_says_what_was_invalid_in_its_errors_and_plainly_to_the_user(
    rig_factory: RigFactory,
) -> None:
    """BUG 3: nodes.py Engine._reply only lists validation problems for a plan with no steps.
    The problems are the result's errors; the user reads one plain sentence with no tool names."""
    rig = rig_factory(
        plans=[plan_of({"id": "a", "tool": "test.add", "arguments": {"a": [1], "b": 2}})]
    )
    result = await rig.system.arun("bad arguments", thread_id="t")
    assert result.status == "failure"
    assert any("Invalid arguments for tool 'test.add'" in e.message for e in result.errors)
    assert (
        result.reply == "Sorry, I couldn't work out how to do that. Could you say it another way?"
    )
    assert "tool" not in result.reply and "plan" not in result.reply


async def test_an_abandoned_plan_runs_the_compensating_tool_of_finished_steps(
    rig_factory: RigFactory,
) -> None:
    """GAP 4: `ToolSpec.compensate` is declared but the engine never calls it."""
    rig = rig_factory(
        plans=[
            plan_of(
                {"id": "book", "tool": "comp.book", "arguments": {"what": "table"}},
                {"id": "pay", "tool": "test.fail", "depends_on": ["book"]},
            )
        ]
    )
    undone: list[dict[str, Any]] = []

    async def book(what: str) -> ToolOutput:
        """Book something.

        Args:
            what: What to book.
        """
        return ToolOutput(data={"booking": 7, "what": what}, display=f"booked {what}")

    async def cancel_booking(arguments: dict[str, Any], output: dict[str, Any]) -> str:
        """Cancel a booking.

        Args:
            arguments: The booking's arguments.
            output: The booking's output.
        """
        undone.append({"arguments": arguments, "output": output})
        return "cancelled"

    await rig.system.aopen()
    registry = rig.system.engine.registry
    registry.add(spec_from_function(cancel_booking, name="comp.cancel", side_effects="reversible"))
    registry.add(
        spec_from_function(
            book, name="comp.book", side_effects="reversible", compensate="comp.cancel"
        )
    )
    result = await rig.system.arun("book then pay", thread_id="t")
    assert result.status == "partial"
    assert undone == [{"arguments": {"what": "table"}, "output": {"booking": 7, "what": "table"}}]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "request_text", ["set an alarm for 7:30 am", "remind me to call Jo in 1 hour"]
)
async def test_alarms_and_reminders_planned_as_iso_times_are_set(
    tmp_path: Path, request_text: str
) -> None:
    # The fast path plans alarms and reminders with an ISO time ("2026-11-24T07:30:00+00:00");
    # the impossible-clock check read its minutes:seconds ("30:00") as a clock time and refused
    # every alarm and reminder: "I couldn't set that: 30:00 is not a time of day."
    from agent_system.routing.slots import invalid_time

    assert invalid_time("2026-11-24T07:30:00+00:00") is None
    assert invalid_time("2026-11-23T12:50:26.016138+00:00") is None
    assert invalid_time("at 25:10") == "25:10 is not a time of day"
    async with AgentSystem(make_settings(tmp_path)) as system:
        result = await system.arun(request_text, thread_id="t")
    assert result.status == "success", result.reply

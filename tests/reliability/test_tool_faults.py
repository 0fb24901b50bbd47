"""Fault-injection matrix over plans: tools that raise, hang, return malformed or wrong output.

Each case runs a whole request through `AgentSystem.arun` and checks that no exception escapes,
the run ends with the expected status, the reply names the failure, and the thread state and
audit log agree with the step results (`assert_consistent`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from agent_system.planning.models import ExecutionPlan

from .conftest import RigFactory, assert_consistent, plan_of

pytestmark = pytest.mark.anyio

REF_NUMBER = {"$ref": "n", "path": "/temp_c"}


@dataclass(frozen=True)
class Case:
    """One row of the matrix."""

    name: str
    plan: ExecutionPlan
    status: str
    reply_has: tuple[str, ...]
    codes: frozenset[str] = frozenset()
    calls: dict[str, int] = field(default_factory=dict)


CASES = [
    Case(
        "a tool raising a plain exception fails its step and halts the plan",
        plan_of(
            {"id": "b", "tool": "fault.bug"},
            {"id": "after", "tool": "test.echo", "arguments": {"text": "x"}, "depends_on": ["b"]},
        ),
        "failure",
        ("KeyError",),
        frozenset({"tool_error"}),
        {"bug": 1},
    ),
    Case(
        "a tool raising beside a finished step ends partial with the finished output",
        plan_of(
            {"id": "ok", "tool": "test.echo", "arguments": {"text": "kept"}},
            {"id": "b", "tool": "fault.bug", "on_failure": "skip"},
        ),
        "partial",
        ("echo: kept", "KeyError"),
        frozenset({"tool_error"}),
        {"echo": 1, "bug": 1},
    ),
    Case(
        "a tool hanging past its timeout fails with a timeout",
        plan_of({"id": "h", "tool": "fault.hang"}),
        "failure",
        ("timed out after 0.05 seconds",),
        frozenset({"timeout"}),
        {"hang": 1},
    ),
    Case(
        "a hanging tool with a retry policy is retried and still times out",
        plan_of({"id": "h", "tool": "fault.hang", "on_failure": "retry"}),
        "failure",
        ("timed out",),
        frozenset({"timeout"}),
        {"hang": 3},
    ),
    Case(
        "a hanging step past the plan deadline is cancelled and the rest say why",
        plan_of(
            {"id": "h", "tool": "fault.hang", "timeout_s": 10},
            {"id": "after", "tool": "test.echo", "arguments": {"text": "x"}, "depends_on": ["h"]},
        ).model_copy(update={"timeout_s": 0.1}),
        "failure",
        ("deadline",),
        frozenset({"deadline_exceeded"}),
        {"hang": 1},
    ),
    Case(
        "malformed output with no JSON form is stored as text and the run succeeds",
        plan_of({"id": "m", "tool": "fault.malformed"}),
        "success",
        ("Unserialisable",),
        frozenset(),
        {"malformed": 1},
    ),
    Case(
        "a reference into wrongly typed output fails the dependant and names the path",
        plan_of(
            {"id": "n", "tool": "fault.number"},
            {
                "id": "use",
                "tool": "test.add",
                "arguments": {"a": REF_NUMBER, "b": 1},
                "depends_on": ["n"],
                "on_failure": "skip",
            },
        ),
        "partial",
        ("/temp_c",),
        frozenset(),
        {"number": 1},
    ),
    Case(
        "a reference resolving to the wrong type fails argument validation, tool not called",
        plan_of(
            {"id": "e", "tool": "test.echo", "arguments": {"text": "not a number"}},
            {
                "id": "use",
                "tool": "test.add",
                "arguments": {"a": {"$ref": "e", "path": "/text"}, "b": 1},
                "depends_on": ["e"],
                "on_failure": "skip",
            },
        ),
        "partial",
        ("Invalid arguments for tool 'test.add'",),
        frozenset({"invalid_arguments"}),
        {"echo": 1},
    ),
    Case(
        "a tool returning None succeeds with an empty reply part",
        plan_of({"id": "z", "tool": "fault.nothing"}),
        "success",
        (),
        frozenset(),
        {"nothing": 1},
    ),
    Case(
        "a flaky tool with a retry policy succeeds on its third attempt",
        plan_of({"id": "f", "tool": "fault.flaky", "on_failure": "retry"}),
        "success",
        ("flaky worked",),
        frozenset(),
        {"flaky": 3},
    ),
    Case(
        "a flaky tool without retries fails once and halts",
        plan_of({"id": "f", "tool": "fault.flaky"}),
        "failure",
        ("temporary failure",),
        frozenset({"tool_error"}),
        {"flaky": 1},
    ),
    Case(
        "a huge output is carried without truncating the run",
        plan_of({"id": "big", "tool": "fault.huge"}),
        "success",
        ("2000000 characters",),
        frozenset(),
        {"huge": 1},
    ),
    Case(
        "wrong argument types in the plan fail validation and nothing runs",
        plan_of({"id": "a", "tool": "test.add", "arguments": {"a": [1], "b": {"x": 1}}}),
        "failure",
        (),
        frozenset({"invalid_arguments"}),
        {},
    ),
    Case(
        "a condition comparing incompatible types fails the step, not the run",
        plan_of(
            {"id": "n", "tool": "fault.number"},
            {
                "id": "c",
                "tool": "test.echo",
                "arguments": {"text": "x"},
                "when": {"op": "lt", "left": {"$ref": "n"}, "right": "abc"},
                "depends_on": ["n"],
                "on_failure": "skip",
            },
        ),
        "partial",
        ("Cannot compare",),
        frozenset({"condition_error"}),
        {"number": 1},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
async def test_a_faulty_tool_ends_the_run_with_the_right_status_and_a_clear_reply(
    rig_factory: RigFactory, case: Case
) -> None:
    rig = rig_factory(plans=[case.plan], step_timeout_s=5)
    result = await rig.system.arun("run the plan", thread_id="t")
    codes = {e.code.value for e in result.errors}
    assert result.status == case.status, (result.status, result.reply, codes)
    for text in case.reply_has:
        assert text in result.reply, (text, result.reply)
    assert case.codes <= codes, codes
    assert rig.calls.counts == case.calls
    await assert_consistent(rig.system, result)


async def test_a_failing_tool_opens_its_breaker_and_later_runs_are_refused_without_a_call(
    rig_factory: RigFactory,
) -> None:
    plans = [plan_of({"id": "b", "tool": "fault.bug"}) for _ in range(4)]
    rig = rig_factory(plans=plans, breaker_failures=2, breaker_cooldown_s=60)
    results = [await rig.system.arun("again", thread_id=f"t{i}") for i in range(4)]
    assert rig.calls.counts == {"bug": 2}
    assert [r.status for r in results] == ["failure"] * 4
    assert {e.code.value for e in results[-1].errors} >= {"circuit_open"}
    # the user hears plain words; the tool's name is for --verbose
    assert "isn't answering right now; try again in 60 seconds" in results[-1].reply
    assert "fault.bug" not in results[-1].reply
    for result in results:
        await assert_consistent(rig.system, result)


async def test_many_parallel_failures_each_get_one_result(rig_factory: RigFactory) -> None:
    steps: list[dict[str, Any]] = [
        {"id": f"s{i}", "tool": tool, "on_failure": "skip"}
        for i, tool in enumerate(["fault.bug", "fault.hang", "fault.number", "fault.nothing"] * 5)
    ]
    rig = rig_factory(plans=[plan_of(*steps)], max_concurrency=4)
    result = await rig.system.arun("many", thread_id="t")
    assert result.status == "partial"
    assert result.result is not None
    statuses = {s.step_id: s.status.value for s in result.result.steps}
    assert len(statuses) == 20
    assert sum(v == "failed" for v in statuses.values()) == 10
    await assert_consistent(rig.system, result)

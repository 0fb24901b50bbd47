from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from agent_system.errors import ErrorCode
from agent_system.events import Event, StepFailed, StepFinished, StepSkipped, StepStarted
from agent_system.execution._scheduler import ScheduleOutcome, run_plan
from agent_system.planning.models import ExecutionPlan, ExecutionStep, StepResult, StepStatus

pytestmark = pytest.mark.anyio

Behaviour = Callable[[dict[str, Any]], Awaitable[Any]]


class Recorder:
    """A fake step runner: per-step behaviour, start/end times and the arguments it got."""

    def __init__(self, behaviours: dict[str, Behaviour] | None = None) -> None:
        self.behaviours = behaviours or {}
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.starts: dict[str, float] = {}
        self.ends: dict[str, float] = {}
        self.active = 0
        self.peak = 0

    async def __call__(self, step: ExecutionStep, arguments: dict[str, Any]) -> StepResult:
        loop = asyncio.get_running_loop()
        self.calls.append((step.id, arguments))
        self.starts[step.id] = loop.time()
        self.active += 1
        self.peak = max(self.peak, self.active)
        try:
            behaviour = self.behaviours.get(step.id)
            output = await behaviour(arguments) if behaviour else {"step": step.id}
        except RuntimeError as exc:
            return StepResult(
                step_id=step.id,
                tool=step.tool,
                status=StepStatus.FAILED,
                error=_error(step.id, str(exc)),
                attempts=1,
            )
        finally:
            self.active -= 1
            self.ends[step.id] = loop.time()
        return StepResult(
            step_id=step.id, tool=step.tool, status=StepStatus.SUCCEEDED, output=output, attempts=1
        )

    @property
    def called(self) -> list[str]:
        return [sid for sid, _ in self.calls]


def _error(step_id: str, message: str) -> Any:
    from agent_system.errors import ErrorInfo

    return ErrorInfo(code=ErrorCode.TOOL_ERROR, message=message, step_id=step_id)


def sleeps(seconds: float, output: Any = None) -> Behaviour:
    async def run(_: dict[str, Any]) -> Any:
        await asyncio.sleep(seconds)
        return output

    return run


def fails(message: str = "boom", after: float = 0.0) -> Behaviour:
    async def run(_: dict[str, Any]) -> Any:
        await asyncio.sleep(after)
        raise RuntimeError(message)

    return run


def returns(output: Any) -> Behaviour:
    async def run(_: dict[str, Any]) -> Any:
        return output

    return run


def plan(*steps: dict[str, Any]) -> ExecutionPlan:
    return ExecutionPlan(
        steps=[ExecutionStep.model_validate({"tool": "t", **s}) for s in steps], version=2
    )


def statuses(outcome: ScheduleOutcome) -> dict[str, tuple[StepStatus, ErrorCode | None]]:
    return {
        sid: (r.status, r.error.code if r.error else None) for sid, r in outcome.results.items()
    }


async def test_a_step_starts_when_its_dependency_finishes_not_when_a_slow_sibling_does() -> None:
    runner = Recorder({"fast": sleeps(0.05), "slow": sleeps(0.6)})
    p = plan({"id": "slow"}, {"id": "fast"}, {"id": "after", "depends_on": ["fast"]})

    outcome = await run_plan(p, runner)

    assert runner.starts["after"] - runner.ends["fast"] < 0.1
    assert runner.starts["after"] < runner.ends["slow"] - 0.3
    assert {r.status for r in outcome.results.values()} == {StepStatus.SUCCEEDED}


async def test_references_are_resolved_into_the_arguments_before_the_call() -> None:
    runner = Recorder({"w": returns({"city": "Paris", "temp": 21})})
    p = plan(
        {"id": "w"},
        {
            "id": "n",
            "depends_on": ["w"],
            "arguments": {
                "pair": [{"$ref": "w", "path": "/city"}, {"$ref": "w", "path": "/temp"}],
                "text": {
                    "$template": "${t} degrees in ${c}",
                    "values": {
                        "t": {"$ref": "w", "path": "/temp"},
                        "c": {"$ref": "w", "path": "/city"},
                    },
                },
            },
        },
    )

    await run_plan(p, runner)

    assert runner.calls[1] == ("n", {"pair": ["Paris", 21], "text": "21 degrees in Paris"})


async def test_a_false_condition_skips_the_step_and_its_dependants_without_error() -> None:
    runner = Recorder({"w": returns({"rain": False})})
    rain = {"op": "eq", "left": {"$ref": "w", "path": "/rain"}, "right": True}
    p = plan(
        {"id": "w"},
        {"id": "umbrella", "depends_on": ["w"], "when": rain},
        {"id": "remind", "depends_on": ["umbrella"]},
        {"id": "other", "depends_on": ["w"], "when": {"op": "not", "arg": rain}},
    )

    outcome = await run_plan(p, runner)

    assert statuses(outcome) == {
        "w": (StepStatus.SUCCEEDED, None),
        "umbrella": (StepStatus.SKIPPED, None),
        "remind": (StepStatus.SKIPPED, None),
        "other": (StepStatus.SUCCEEDED, None),
    }
    assert runner.called == ["w", "other"]
    assert outcome.failed == []


async def test_condition_and_reference_errors_fail_the_step_without_running_it() -> None:
    runner = Recorder({"w": returns({"sky": "rain"})})
    p = plan(
        {"id": "w"},
        {
            "id": "bad_when",
            "depends_on": ["w"],
            "on_failure": "skip",
            "when": {"op": "lt", "left": {"$ref": "w", "path": "/sky"}, "right": 3},
        },
        {
            "id": "bad_ref",
            "depends_on": ["w"],
            "on_failure": "skip",
            "arguments": {"x": {"$ref": "w", "path": "/temp"}},
        },
    )

    outcome = await run_plan(p, runner)

    assert statuses(outcome)["bad_when"] == (StepStatus.FAILED, ErrorCode.CONDITION_ERROR)
    assert statuses(outcome)["bad_ref"] == (StepStatus.FAILED, ErrorCode.INVALID_ARGUMENTS)
    assert "'/temp' does not exist in the output of step 'w'" in (
        outcome.results["bad_ref"].error.message  # type: ignore[union-attr]
    )
    assert runner.called == ["w"]


async def test_halt_lets_running_steps_finish_and_starts_nothing_new() -> None:
    runner = Recorder({"a": fails(after=0.01), "c": sleeps(0.1, "c done")})
    p = plan(
        {"id": "a"},
        {"id": "c"},
        {"id": "b", "depends_on": ["a"]},
        {"id": "d", "depends_on": ["c"]},
    )

    outcome = await run_plan(p, runner)

    assert outcome.halted
    assert statuses(outcome) == {
        "a": (StepStatus.FAILED, ErrorCode.TOOL_ERROR),
        "c": (StepStatus.SUCCEEDED, None),
        "b": (StepStatus.SKIPPED, ErrorCode.DEPENDENCY_FAILED),
        "d": (StepStatus.SKIPPED, ErrorCode.CANCELLED),
    }
    assert runner.called == ["a", "c"]


async def test_retry_policy_failures_halt_the_plan_like_halt() -> None:
    runner = Recorder({"a": fails()})
    p = plan({"id": "a", "on_failure": "retry"}, {"id": "b", "depends_on": ["a"]})

    outcome = await run_plan(p, runner)

    assert outcome.halted
    assert statuses(outcome)["b"] == (StepStatus.SKIPPED, ErrorCode.DEPENDENCY_FAILED)


async def test_skip_loses_only_the_failed_steps_dependants() -> None:
    runner = Recorder({"a": fails()})
    p = plan(
        {"id": "a", "on_failure": "skip"},
        {"id": "b", "depends_on": ["a"]},
        {"id": "c", "depends_on": ["b"]},
        {"id": "e"},
        {"id": "f", "depends_on": ["e"]},
    )

    outcome = await run_plan(p, runner)

    assert not outcome.halted
    assert statuses(outcome) == {
        "a": (StepStatus.FAILED, ErrorCode.TOOL_ERROR),
        "b": (StepStatus.SKIPPED, ErrorCode.DEPENDENCY_FAILED),
        "c": (StepStatus.SKIPPED, ErrorCode.DEPENDENCY_FAILED),
        "e": (StepStatus.SUCCEEDED, None),
        "f": (StepStatus.SUCCEEDED, None),
    }
    assert outcome.results["c"].error.message == "Skipped because step 'b' was skipped."  # type: ignore[union-attr]


async def test_replan_holds_back_dependants_and_lists_the_step() -> None:
    runner = Recorder({"a": fails(), "e": sleeps(0.02)})
    p = plan(
        {"id": "a", "on_failure": "replan"},
        {"id": "b", "depends_on": ["a"]},
        {"id": "e"},
        {"id": "f", "depends_on": ["e"]},
    )

    outcome = await run_plan(p, runner)

    assert outcome.needs_replan == ["a"]
    assert not outcome.halted
    assert runner.called == ["a", "e", "f"]
    assert statuses(outcome)["b"] == (StepStatus.SKIPPED, ErrorCode.DEPENDENCY_FAILED)


async def test_no_more_than_max_concurrency_steps_run_at_once() -> None:
    runner = Recorder({f"s{i}": sleeps(0.02) for i in range(7)})
    p = plan(*({"id": f"s{i}"} for i in range(7)))

    outcome = await run_plan(p, runner, max_concurrency=2)

    assert runner.peak == 2
    assert len(outcome.results) == 7


async def test_the_deadline_cancels_running_steps_and_marks_the_rest() -> None:
    runner = Recorder({"slow": sleeps(5), "quick": sleeps(0)})
    p = plan({"id": "quick"}, {"id": "slow"}, {"id": "next", "depends_on": ["slow"]})
    loop = asyncio.get_running_loop()
    t0 = loop.time()

    outcome = await run_plan(p, runner, deadline_s=0.1)

    assert loop.time() - t0 < 1.0
    assert outcome.deadline_hit and not outcome.cancelled
    assert statuses(outcome) == {
        "quick": (StepStatus.SUCCEEDED, None),
        "slow": (StepStatus.CANCELLED, ErrorCode.DEADLINE_EXCEEDED),
        "next": (StepStatus.SKIPPED, ErrorCode.DEADLINE_EXCEEDED),
    }


async def test_setting_the_cancel_event_cancels_running_steps() -> None:
    cancel = asyncio.Event()

    async def trigger(_: dict[str, Any]) -> Any:
        cancel.set()
        return "set"

    runner = Recorder({"slow": sleeps(5), "trigger": trigger})
    p = plan({"id": "slow"}, {"id": "trigger"}, {"id": "later", "depends_on": ["trigger"]})

    outcome = await run_plan(p, runner, cancel=cancel)

    assert outcome.cancelled
    assert statuses(outcome) == {
        "slow": (StepStatus.CANCELLED, ErrorCode.CANCELLED),
        "trigger": (StepStatus.SUCCEEDED, None),
        "later": (StepStatus.SKIPPED, ErrorCode.CANCELLED),
    }


async def test_completed_steps_are_not_run_again_and_feed_references() -> None:
    runner = Recorder()
    done = StepResult(step_id="a", tool="t", status=StepStatus.SUCCEEDED, output={"x": 7})
    failed = StepResult(step_id="c", tool="t", status=StepStatus.FAILED)
    p = plan(
        {"id": "a"},
        {"id": "b", "depends_on": ["a"], "arguments": {"x": {"$ref": "a", "path": "/x"}}},
        {"id": "c"},
    )

    outcome = await run_plan(p, runner, completed={"a": done, "c": failed})

    assert runner.calls == [("b", {"x": 7}), ("c", {})]
    assert outcome.results["a"] is done


async def test_events_are_emitted_for_every_step_transition() -> None:
    events: list[Event] = []
    runner = Recorder({"a": returns(1), "b": fails()})
    p = plan(
        {"id": "a"},
        {"id": "b", "depends_on": ["a"], "on_failure": "skip"},
        {"id": "c", "depends_on": ["b"]},
    )

    await run_plan(p, runner, on_event=events.append, thread_id="th")

    assert [(type(e), getattr(e, "step_id", None) or e.result.step_id) for e in events] == [  # type: ignore[union-attr]
        (StepStarted, "a"),
        (StepFinished, "a"),
        (StepStarted, "b"),
        (StepFailed, "b"),
        (StepSkipped, "c"),
    ]
    assert {e.thread_id for e in events} == {"th"}


async def test_a_runner_that_raises_fails_only_that_step() -> None:
    async def broken(step: ExecutionStep, arguments: dict[str, Any]) -> StepResult:
        raise KeyError("oops")

    outcome = await run_plan(plan({"id": "a", "on_failure": "skip"}), broken)

    result = outcome.results["a"]
    assert result.status == StepStatus.FAILED
    assert result.error is not None and "raised KeyError" in result.error.message


async def test_results_come_in_plan_order_and_carry_the_plan_version() -> None:
    runner = Recorder({"first": sleeps(0.05)})
    p = plan({"id": "first"}, {"id": "second"})

    outcome = await run_plan(p, runner)

    assert list(outcome.results) == ["first", "second"]
    assert {r.plan_version for r in outcome.results.values()} == {2}


async def test_an_unvalidated_cycle_ends_with_skipped_steps_instead_of_hanging() -> None:
    runner = Recorder()
    p = plan({"id": "a", "depends_on": ["b"]}, {"id": "b", "depends_on": ["a"]}, {"id": "c"})

    outcome = await asyncio.wait_for(run_plan(p, runner), timeout=30)

    assert statuses(outcome)["a"] == (StepStatus.SKIPPED, ErrorCode.INVALID_PLAN)
    assert statuses(outcome)["c"] == (StepStatus.SUCCEEDED, None)


async def test_a_dependency_outside_the_plan_without_a_result_skips_the_step() -> None:
    runner = Recorder()
    earlier = StepResult(step_id="old", tool="t", status=StepStatus.SUCCEEDED, output=3)
    p = plan(
        {"id": "a", "depends_on": ["ghost"]},
        {"id": "b", "depends_on": ["old"], "arguments": {"n": {"$ref": "old"}}},
    )

    outcome = await run_plan(p, runner, completed={"old": earlier})

    assert statuses(outcome)["a"] == (StepStatus.SKIPPED, ErrorCode.DEPENDENCY_FAILED)
    assert runner.calls == [("b", {"n": 3})]

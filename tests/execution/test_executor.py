from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.execution._breaker import BreakerBoard, CircuitState
from agent_system.execution._cache import ResultCache
from agent_system.execution._executor import StepExecutor
from agent_system.execution._scheduler import run_plan
from agent_system.planning.models import (
    ExecutionPlan,
    ExecutionStep,
    FailurePolicy,
    RetrySpec,
    StepStatus,
)
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import Intent, ToolContext, ToolOutput, ToolSpec, tool
from agent_system.runtime import FakeClock, Runtime
from agent_system.testing import make_runtime

pytestmark = pytest.mark.anyio


class Tools:
    """Real tools built with `@tool`, with call counters and scripted failures."""

    def __init__(self) -> None:
        self.calls: dict[str, int] = {}
        self.failures_left = 0
        self.registry = ToolRegistry()

        def count(name: str) -> None:
            self.calls[name] = self.calls.get(name, 0) + 1

        @tool(name="weather.now", idempotent=True, cache_ttl_s=10)
        async def weather_now(ctx: ToolContext, city: str) -> ToolOutput:
            """Current weather.

            Args:
                city: City name.
            """
            count("weather.now")
            return ToolOutput(
                data={"city": city, "at": datetime(2026, 1, 5, tzinfo=UTC)},
                display=f"Sunny in {city}.",
            )

        @tool(name="timer.set", side_effects="reversible")
        async def timer_set(ctx: ToolContext, minutes: int) -> str:
            """Start a timer.

            Args:
                minutes: How long.
            """
            count("timer.set")
            if self.failures_left > 0:
                self.failures_left -= 1
                raise ConnectionError("backend unreachable")
            ctx.notify("Timer set", f"{minutes} minutes")
            return f"Timer set for {minutes} minutes."

        @tool(name="flaky.fatal")
        async def flaky_fatal(ctx: ToolContext) -> str:
            """Fails for good."""
            count("flaky.fatal")
            raise ToolExecutionError("the account is closed", recoverable=False)

        @tool(name="which.one")
        async def which_one(ctx: ToolContext) -> str:
            """Asks which one: the tool works, the request named no single thing."""
            count("which.one")
            raise ToolExecutionError("Which list: shopping or to-do?", code=ErrorCode.NEEDS_INPUT)

        @tool(name="slow.call", timeout_s=0.05)
        async def slow_call(ctx: ToolContext) -> str:
            """Takes too long."""
            count("slow.call")
            await asyncio.sleep(5)
            return "never"

        @tool(name="sync.add")
        def sync_add(a: int, b: int) -> dict[str, int]:
            """Add two numbers in a worker thread.

            Args:
                a: First.
                b: Second.
            """
            count("sync.add")
            return {"sum": a + b}

        @tool(name="intents.emit")
        async def intents_emit(ctx: ToolContext) -> ToolOutput:
            """Returns intents."""
            count("intents.emit")
            ctx.notify("from context")
            return ToolOutput(data=1, intents=[Intent(kind="audit", payload={"k": "v"})])

        for func in (
            weather_now,
            timer_set,
            flaky_fatal,
            which_one,
            slow_call,
            sync_add,
            intents_emit,
        ):
            self.registry.add(spec_of(func))


def spec_of(func: Any) -> ToolSpec:
    spec: ToolSpec = func.__tool_spec__
    return spec


@pytest.fixture
def tools() -> Tools:
    return Tools()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def runtime(clock: FakeClock) -> Iterator[Runtime]:
    yield make_runtime(clock=clock)


def step(tool_name: str, **fields: Any) -> ExecutionStep:
    return ExecutionStep(id=fields.pop("id", "s1"), tool=tool_name, **fields)


async def test_a_tool_output_becomes_json_data_and_display_text(
    tools: Tools, runtime: Runtime
) -> None:
    executor = StepExecutor(tools.registry, runtime)

    result = await executor.execute(step("weather.now"), {"city": "Paris"})

    assert result.status == StepStatus.SUCCEEDED
    assert result.output == {"city": "Paris", "at": "2026-01-05T00:00:00Z"}
    assert result.display == "Sunny in Paris."
    assert result.attempts == 1
    assert result.started_at == runtime.clock.now()


async def test_a_sync_tool_runs_and_a_plain_value_is_the_output(
    tools: Tools, runtime: Runtime
) -> None:
    result = await StepExecutor(tools.registry, runtime).execute(step("sync.add"), {"a": 2, "b": 3})

    assert (result.status, result.output, result.display) == (
        StepStatus.SUCCEEDED,
        {"sum": 5},
        None,
    )


async def test_an_unknown_tool_fails_with_suggestions(tools: Tools, runtime: Runtime) -> None:
    result = await StepExecutor(tools.registry, runtime).execute(step("timer.sett"), {})

    assert result.status == StepStatus.FAILED
    assert result.error is not None and result.error.code == ErrorCode.UNKNOWN_TOOL
    assert "Did you mean 'timer.set'?" in result.error.message


async def test_invalid_arguments_fail_without_calling_the_tool(
    tools: Tools, runtime: Runtime
) -> None:
    result = await StepExecutor(tools.registry, runtime).execute(
        step("timer.set", on_failure="retry"), {"minutes": "soon"}
    )

    assert result.error is not None and result.error.code == ErrorCode.INVALID_ARGUMENTS
    assert "minutes" in result.error.message
    assert tools.calls == {}
    assert result.attempts == 0


async def test_a_slow_tool_times_out_with_its_own_timeout(tools: Tools, runtime: Runtime) -> None:
    result = await StepExecutor(tools.registry, runtime).execute(step("slow.call"), {})

    assert result.error is not None and result.error.code == ErrorCode.TIMEOUT
    assert result.error.message == "Tool 'slow.call' timed out after 0.05 seconds."


async def test_the_step_timeout_overrides_the_tools(tools: Tools, runtime: Runtime) -> None:
    executor = StepExecutor(tools.registry, runtime)
    spec = tools.registry["slow.call"]

    assert executor.timeout_for(step("slow.call", timeout_s=0.01), spec) == 0.01
    assert executor.timeout_for(step("slow.call"), spec) == 0.05
    assert executor.timeout_for(step("sync.add"), tools.registry["sync.add"]) == 30.0


async def test_failures_are_retried_with_exponential_backoff_on_the_clock(
    tools: Tools, runtime: Runtime, clock: FakeClock
) -> None:
    tools.failures_left = 2
    attempts: list[int] = []
    retry = RetrySpec(max_attempts=4, backoff_s=1.0, multiplier=3.0)

    result = await StepExecutor(tools.registry, runtime).execute(
        step("timer.set", retry=retry), {"minutes": 5}, attempt_hook=attempts.append
    )

    assert result.status == StepStatus.SUCCEEDED
    assert result.attempts == 3
    assert attempts == [1, 2, 3]
    assert clock.monotonic() == pytest.approx(1.0 + 3.0)


async def test_on_failure_retry_means_at_least_three_attempts(
    tools: Tools, runtime: Runtime
) -> None:
    tools.failures_left = 5

    result = await StepExecutor(tools.registry, runtime).execute(
        step("timer.set", on_failure=FailurePolicy.RETRY), {"minutes": 5}
    )

    assert result.status == StepStatus.FAILED
    assert result.attempts == 3
    assert tools.calls["timer.set"] == 3
    assert result.error is not None
    assert result.error.message == "Tool 'timer.set' raised ConnectionError: backend unreachable"


async def test_a_non_recoverable_tool_error_is_not_retried(tools: Tools, runtime: Runtime) -> None:
    result = await StepExecutor(tools.registry, runtime).execute(
        step("flaky.fatal", on_failure="retry"), {}
    )

    assert result.attempts == 1
    assert result.error is not None and result.error.message == "the account is closed"
    assert result.error.recoverable is False


async def test_the_breaker_opens_refuses_calls_then_lets_one_trial_through(
    tools: Tools, runtime: Runtime, clock: FakeClock
) -> None:
    board = BreakerBoard(failures=2, cooldown_s=30, clock=clock)
    executor = StepExecutor(tools.registry, runtime, breakers=board)
    tools.failures_left = 2

    for _ in range(2):
        await executor.execute(step("timer.set"), {"minutes": 1})
    refused = await executor.execute(step("timer.set"), {"minutes": 1})

    assert refused.error is not None and refused.error.code == ErrorCode.CIRCUIT_OPEN
    assert tools.calls["timer.set"] == 2
    clock.advance(30)
    assert board.get("timer.set").state == CircuitState.HALF_OPEN
    trial = await executor.execute(step("timer.set"), {"minutes": 1})
    assert trial.status == StepStatus.SUCCEEDED
    assert board.get("timer.set").state == CircuitState.CLOSED


async def test_a_tool_asking_which_one_is_not_retried_and_never_opens_its_breaker(
    tools: Tools, runtime: Runtime, clock: FakeClock
) -> None:
    board = BreakerBoard(failures=2, cooldown_s=30, clock=clock)
    executor = StepExecutor(tools.registry, runtime, breakers=board)

    results = [await executor.execute(step("which.one", on_failure="retry"), {}) for _ in range(5)]

    assert [r.attempts for r in results] == [1] * 5
    assert tools.calls["which.one"] == 5  # every request reached the tool: no refusal
    assert all(r.error is not None and r.error.code == ErrorCode.NEEDS_INPUT for r in results)
    assert board.get("which.one").state == CircuitState.CLOSED


async def test_idempotent_results_are_cached_until_the_ttl_passes(
    tools: Tools, runtime: Runtime, clock: FakeClock
) -> None:
    executor = StepExecutor(tools.registry, runtime, cache=ResultCache(clock))

    first = await executor.execute(step("weather.now"), {"city": "Rome"})
    second = await executor.execute(step("weather.now"), {"city": "Rome"})
    other_user = await executor.execute(step("weather.now"), {"city": "Rome"}, user="bob")
    clock.advance(10)
    third = await executor.execute(step("weather.now"), {"city": "Rome"})

    assert (first.cached, second.cached, other_user.cached, third.cached) == (
        False,
        True,
        False,
        False,
    )
    assert second.output == first.output and second.display == first.display
    assert tools.calls["weather.now"] == 3


async def test_every_call_of_a_side_effect_tool_is_audited(tools: Tools, runtime: Runtime) -> None:
    tools.failures_left = 1
    executor = StepExecutor(tools.registry, runtime)

    await executor.execute(
        step("timer.set", id="t1", retry=RetrySpec(max_attempts=2, backoff_s=0)),
        {"minutes": 3},
        user="ann",
        thread_id="th1",
        plan_id="p1",
    )
    await executor.execute(step("sync.add"), {"a": 1, "b": 1}, thread_id="th1")

    rows = runtime.db.audit_log(thread_id="th1")
    assert [(r.tool, r.outcome, r.user_id, r.plan_id, r.step_id) for r in reversed(rows)] == [
        ("timer.set", "failed", "ann", "p1", "t1"),
        ("timer.set", "succeeded", "ann", "p1", "t1"),
    ]
    assert "ConnectionError" in (rows[1].detail or "")


async def test_intents_from_the_output_and_the_context_reach_the_sink(
    tools: Tools, runtime: Runtime
) -> None:
    delivered: list[tuple[str, str | None]] = []

    async def sink(intent: Intent, ctx: ToolContext) -> None:
        delivered.append((intent.kind, ctx.step_id))
        if intent.kind == "notification":
            raise RuntimeError("sink down")

    executor = StepExecutor(tools.registry, runtime, intent_sink=sink)

    result = await executor.execute(step("intents.emit", id="x"), {})

    assert result.status == StepStatus.SUCCEEDED
    assert delivered == [("audit", "x"), ("notification", "x")]


async def test_an_unexpected_exception_becomes_a_failed_result(runtime: Runtime) -> None:
    @tool(name="bug.raise")
    async def bug() -> None:
        """Always raises."""
        raise ValueError("bad state")

    registry = ToolRegistry([spec_of(bug)])

    result = await StepExecutor(registry, runtime).execute(step("bug.raise"), {})

    assert result.status == StepStatus.FAILED
    assert result.error is not None and result.error.code == ErrorCode.TOOL_ERROR
    assert result.error.message == "Tool 'bug.raise' raised ValueError: bad state"


async def test_the_executor_plugs_into_the_scheduler(tools: Tools, runtime: Runtime) -> None:
    executor = StepExecutor(tools.registry, runtime)
    plan = ExecutionPlan(
        steps=[
            ExecutionStep(id="a", tool="sync.add", arguments={"a": 2, "b": 2}),
            ExecutionStep(
                id="b",
                tool="timer.set",
                depends_on=["a"],
                arguments={"minutes": {"$ref": "a", "path": "/sum"}},
            ),
        ]
    )

    outcome = await run_plan(plan, executor.execute)

    assert outcome.results["b"].display == "Timer set for 4 minutes."


async def test_a_cancelled_side_effect_call_is_audited_and_frees_the_breaker_trial(
    runtime: Runtime, clock: FakeClock
) -> None:
    started = asyncio.Event()

    @tool(name="door.unlock", side_effects="irreversible")
    async def unlock(door: str) -> str:
        """Unlock a door.

        Args:
            door: Which door.
        """
        started.set()
        await asyncio.sleep(5)
        return "unlocked"

    board = BreakerBoard(failures=1, cooldown_s=1, clock=clock)
    board.get("door.unlock").record_failure()
    clock.advance(1)
    executor = StepExecutor(ToolRegistry([spec_of(unlock)]), runtime, breakers=board)
    task = asyncio.create_task(executor.execute(step("door.unlock"), {"door": "front"}))
    await started.wait()

    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    assert [r.outcome for r in runtime.db.audit_log()] == ["cancelled"]
    board.get("door.unlock").before_call()  # the trial slot is free again

from __future__ import annotations

import agent_system.execution as execution


def test_the_execution_package_exports_exactly_its_public_names() -> None:
    assert sorted(execution.__all__) == [
        "BreakerBoard",
        "CircuitBreaker",
        "CircuitState",
        "EventCallback",
        "IntentSink",
        "MIN_RETRY_ATTEMPTS",
        "ResultCache",
        "ScheduleOutcome",
        "StepExecutor",
        "StepRunner",
        "cache_key",
        "normalise_output",
        "run_plan",
    ]
    for name in execution.__all__:
        assert getattr(execution, name) is not None

"""Execution: the DAG scheduler, the step executor, circuit breakers and the result cache."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system import _lazy

if TYPE_CHECKING:
    from agent_system.execution._breaker import BreakerBoard, CircuitBreaker, CircuitState
    from agent_system.execution._cache import ResultCache, cache_key
    from agent_system.execution._executor import (
        MIN_RETRY_ATTEMPTS,
        IntentSink,
        StepExecutor,
        normalise_output,
    )
    from agent_system.execution._scheduler import (
        EventCallback,
        ScheduleOutcome,
        StepRunner,
        run_plan,
    )

__all__ = [
    "MIN_RETRY_ATTEMPTS",
    "BreakerBoard",
    "CircuitBreaker",
    "CircuitState",
    "EventCallback",
    "IntentSink",
    "ResultCache",
    "ScheduleOutcome",
    "StepExecutor",
    "StepRunner",
    "cache_key",
    "normalise_output",
    "run_plan",
]

_WHERE = {
    "BreakerBoard": "agent_system.execution._breaker",
    "CircuitBreaker": "agent_system.execution._breaker",
    "CircuitState": "agent_system.execution._breaker",
    "EventCallback": "agent_system.execution._scheduler",
    "IntentSink": "agent_system.execution._executor",
    "MIN_RETRY_ATTEMPTS": "agent_system.execution._executor",
    "ResultCache": "agent_system.execution._cache",
    "ScheduleOutcome": "agent_system.execution._scheduler",
    "StepExecutor": "agent_system.execution._executor",
    "StepRunner": "agent_system.execution._scheduler",
    "cache_key": "agent_system.execution._cache",
    "normalise_output": "agent_system.execution._executor",
    "run_plan": "agent_system.execution._scheduler",
}


def __getattr__(name: str) -> Any:
    return _lazy.load(__name__, _WHERE, name)

"""Execution: the DAG scheduler, the step executor, circuit breakers and the result cache."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system import _lazy

if TYPE_CHECKING:
    from agent_system.execution.breaker import BreakerBoard, CircuitBreaker, CircuitState
    from agent_system.execution.cache import ResultCache, cache_key
    from agent_system.execution.executor import (
        MIN_RETRY_ATTEMPTS,
        IntentSink,
        StepExecutor,
        normalise_output,
    )
    from agent_system.execution.scheduler import (
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
    "BreakerBoard": "agent_system.execution.breaker",
    "CircuitBreaker": "agent_system.execution.breaker",
    "CircuitState": "agent_system.execution.breaker",
    "EventCallback": "agent_system.execution.scheduler",
    "IntentSink": "agent_system.execution.executor",
    "MIN_RETRY_ATTEMPTS": "agent_system.execution.executor",
    "ResultCache": "agent_system.execution.cache",
    "ScheduleOutcome": "agent_system.execution.scheduler",
    "StepExecutor": "agent_system.execution.executor",
    "StepRunner": "agent_system.execution.scheduler",
    "cache_key": "agent_system.execution.cache",
    "normalise_output": "agent_system.execution.executor",
    "run_plan": "agent_system.execution.scheduler",
}


def __getattr__(name: str) -> Any:
    return _lazy.load(__name__, _WHERE, name)

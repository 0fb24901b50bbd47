"""Execution: the DAG scheduler, the step executor, circuit breakers and the result cache."""

from __future__ import annotations

from agent_system.execution.breaker import BreakerBoard, CircuitBreaker, CircuitState
from agent_system.execution.cache import ResultCache, cache_key
from agent_system.execution.executor import (
    MIN_RETRY_ATTEMPTS,
    IntentSink,
    StepExecutor,
    normalise_output,
)
from agent_system.execution.scheduler import EventCallback, ScheduleOutcome, StepRunner, run_plan

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

"""Planning: the plan contract, validation, references, conditions and the planners."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system import _lazy

if TYPE_CHECKING:
    from agent_system.planning._base import Planner, Replanner
    from agent_system.planning._conditions import ConditionError, evaluate
    from agent_system.planning._refs import ReferenceResolutionError, find_refs, resolve
    from agent_system.planning._validation import check_plan, validate_plan
    from agent_system.planning.models import (
        ExecutionPlan,
        ExecutionStep,
        FailurePolicy,
        PlanResult,
        Ref,
        ReplanRequest,
        StepResult,
    )

__all__ = [
    "ConditionError",
    "ExecutionPlan",
    "ExecutionStep",
    "FailurePolicy",
    "PlanResult",
    "Planner",
    "Ref",
    "ReferenceResolutionError",
    "ReplanRequest",
    "Replanner",
    "StepResult",
    "check_plan",
    "evaluate",
    "find_refs",
    "resolve",
    "validate_plan",
]

_WHERE = {
    "ConditionError": "agent_system.planning._conditions",
    "ExecutionPlan": "agent_system.planning.models",
    "ExecutionStep": "agent_system.planning.models",
    "FailurePolicy": "agent_system.planning.models",
    "PlanResult": "agent_system.planning.models",
    "Planner": "agent_system.planning._base",
    "Ref": "agent_system.planning.models",
    "ReferenceResolutionError": "agent_system.planning._refs",
    "ReplanRequest": "agent_system.planning.models",
    "Replanner": "agent_system.planning._base",
    "StepResult": "agent_system.planning.models",
    "check_plan": "agent_system.planning._validation",
    "evaluate": "agent_system.planning._conditions",
    "find_refs": "agent_system.planning._refs",
    "resolve": "agent_system.planning._refs",
    "validate_plan": "agent_system.planning._validation",
}


def __getattr__(name: str) -> Any:
    return _lazy.load(__name__, _WHERE, name)

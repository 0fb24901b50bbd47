"""Planning: the plan contract, validation, references, conditions and the planners."""

from __future__ import annotations

from agent_system.planning.base import Planner, Replanner
from agent_system.planning.conditions import ConditionError, evaluate
from agent_system.planning.models import (
    ExecutionPlan,
    ExecutionStep,
    FailurePolicy,
    PlanResult,
    Ref,
    ReplanRequest,
    StepResult,
)
from agent_system.planning.refs import ReferenceResolutionError, find_refs, resolve
from agent_system.planning.validation import check_plan, validate_plan

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

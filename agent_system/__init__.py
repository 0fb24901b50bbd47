"""agent-system: an open agent meta-planner on LangGraph."""

from __future__ import annotations

from agent_system.config import Settings
from agent_system.errors import AgentSystemError, ErrorCode, ErrorInfo
from agent_system.planning.models import (
    ExecutionPlan,
    ExecutionStep,
    PlanResult,
    Ref,
    StepResult,
)
from agent_system.registry.registry import ToolRegistry
from agent_system.registry.spec import SideEffect, ToolContext, ToolOutput, ToolSpec, tool
from agent_system.routing.models import RouteDecision

__version__ = "0.1.0"

__all__ = [
    "AgentSystemError",
    "ErrorCode",
    "ErrorInfo",
    "ExecutionPlan",
    "ExecutionStep",
    "PlanResult",
    "Ref",
    "RouteDecision",
    "Settings",
    "SideEffect",
    "StepResult",
    "ToolContext",
    "ToolOutput",
    "ToolRegistry",
    "ToolSpec",
    "__version__",
    "tool",
]

"""agent-system: an open agent meta-planner on LangGraph."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from agent_system.api import AgentSystem, RunResult

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """Import the engine lazily: `import agent_system` stays cheap (the router loads fast)."""
    if name in ("AgentSystem", "RunResult"):
        from agent_system import api

        return getattr(api, name)
    raise AttributeError(f"module 'agent_system' has no attribute {name!r}")


__all__ = [
    "AgentSystem",
    "AgentSystemError",
    "ErrorCode",
    "ErrorInfo",
    "ExecutionPlan",
    "ExecutionStep",
    "PlanResult",
    "Ref",
    "RouteDecision",
    "RunResult",
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

"""agent-system: an open agent meta-planner on LangGraph."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system import _lazy

if TYPE_CHECKING:
    from agent_system.api import AgentSystem, RunResult
    from agent_system.config import Settings
    from agent_system.errors import AgentSystemError, ErrorCode, ErrorInfo
    from agent_system.planning.models import (
        ExecutionPlan,
        ExecutionStep,
        PlanResult,
        Ref,
        StepResult,
    )
    from agent_system.registry._registry import ToolRegistry
    from agent_system.registry.spec import SideEffect, ToolContext, ToolOutput, ToolSpec, tool
    from agent_system.routing.models import RouteDecision

__version__ = "0.1.0"


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

_WHERE = {
    "AgentSystem": "agent_system.api",
    "AgentSystemError": "agent_system.errors",
    "ErrorCode": "agent_system.errors",
    "ErrorInfo": "agent_system.errors",
    "ExecutionPlan": "agent_system.planning.models",
    "ExecutionStep": "agent_system.planning.models",
    "PlanResult": "agent_system.planning.models",
    "Ref": "agent_system.planning.models",
    "RouteDecision": "agent_system.routing.models",
    "RunResult": "agent_system.api",
    "Settings": "agent_system.config",
    "SideEffect": "agent_system.registry.spec",
    "StepResult": "agent_system.planning.models",
    "ToolContext": "agent_system.registry.spec",
    "ToolOutput": "agent_system.registry.spec",
    "ToolRegistry": "agent_system.registry._registry",
    "ToolSpec": "agent_system.registry.spec",
    "tool": "agent_system.registry.spec",
}


def __getattr__(name: str) -> Any:
    """Import lazily: `import agent_system` stays cheap (the CLI starts fast, the router loads
    without the engine)."""
    return _lazy.load(__name__, _WHERE, name)

"""Errors, split by who must act.

```
AgentSystemError
├── ConfigurationError          the developer or operator fixes settings or code
│   └── PluginError             a tool or plugin definition is wrong
│       └── DuplicateToolError  two tools share a name (both places named)
├── PlanError                   the planner (or the user) sees it; becomes a failure result
│   └── PlanValidationError     every problem of a plan, reported at once
├── ToolError                   a tool call failed; becomes a step result
│   ├── InvalidArgumentsError   arguments do not match the tool's schema
│   ├── ToolTimeoutError        the tool ran past its timeout
│   ├── CircuitOpenError        the tool's circuit breaker is open
│   └── ToolExecutionError      the tool raised or reported a failure
├── LLMError                    the language model could not answer
│   ├── LLMAuthError            401/403/unknown model: fix the named setting
│   └── LLMOutputError          the reply did not validate against its schema
└── BudgetExceededError         a per-request budget (tokens, cost, tool calls) ran out
```

Plan and tool failures never escape `AgentSystem.arun`; they become a `PlanResult` with
`ErrorInfo` entries. Bugs in our own code raise.
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "AgentSystemError",
    "BudgetExceededError",
    "CircuitOpenError",
    "ConfigurationError",
    "DuplicateToolError",
    "ErrorCode",
    "ErrorInfo",
    "InvalidArgumentsError",
    "LLMAuthError",
    "LLMError",
    "LLMOutputError",
    "PlanError",
    "PlanValidationError",
    "PluginError",
    "Severity",
    "ToolError",
    "ToolExecutionError",
    "ToolTimeoutError",
]


class ErrorCode(StrEnum):
    """Machine-readable error codes carried by every failure."""

    INVALID_PLAN = "invalid_plan"
    UNKNOWN_TOOL = "unknown_tool"
    INVALID_ARGUMENTS = "invalid_arguments"
    DEPENDENCY_FAILED = "dependency_failed"
    CONDITION_ERROR = "condition_error"
    TOOL_ERROR = "tool_error"
    TIMEOUT = "timeout"
    DEADLINE_EXCEEDED = "deadline_exceeded"
    BUDGET_EXCEEDED = "budget_exceeded"
    APPROVAL_REJECTED = "approval_rejected"
    CANCELLED = "cancelled"
    LLM_ERROR = "llm_error"
    CIRCUIT_OPEN = "circuit_open"
    NEEDS_INPUT = "needs_input"


class Severity(StrEnum):
    """How bad an error is for the plan: warning (noted), error (step lost), fatal (plan lost)."""

    WARNING = "warning"
    ERROR = "error"
    FATAL = "fatal"


class ErrorInfo(BaseModel):
    """A serialisable description of one failure, as stored in results and events."""

    model_config = ConfigDict(frozen=True)

    code: ErrorCode
    message: str
    severity: Severity = Severity.ERROR
    recoverable: bool = True
    step_id: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)


class AgentSystemError(Exception):
    """Root of every error this package raises on purpose."""

    code: ErrorCode = ErrorCode.TOOL_ERROR
    severity: Severity = Severity.ERROR
    recoverable: bool = True

    def __init__(self, message: str, *, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or {}

    def to_info(self, step_id: str | None = None) -> ErrorInfo:
        """This error as an `ErrorInfo` for results and events."""
        return ErrorInfo(
            code=self.code,
            message=self.message,
            severity=self.severity,
            recoverable=self.recoverable,
            step_id=step_id,
            details=self.details,
        )


class ConfigurationError(AgentSystemError):
    """Settings or code are wrong; the message names the setting and how to fix it."""

    code = ErrorCode.INVALID_PLAN
    severity = Severity.FATAL
    recoverable = False


class PluginError(ConfigurationError):
    """A tool or plugin definition is invalid."""

    def __init__(self, message: str, *, plugin: str | None = None) -> None:
        prefix = f"Plugin {plugin!r}: " if plugin else ""
        super().__init__(prefix + message, details={"plugin": plugin} if plugin else None)
        self.plugin = plugin


class DuplicateToolError(PluginError):
    """Two tools were registered under the same name."""

    def __init__(self, name: str, first: str, second: str) -> None:
        super().__init__(
            f"Tool name {name!r} is already registered by {first}; "
            f"{second} tried to register it again. Rename one of them."
        )
        self.name = name
        self.first = first
        self.second = second


class PlanError(AgentSystemError):
    """The plan cannot run as written."""

    code = ErrorCode.INVALID_PLAN
    severity = Severity.FATAL
    recoverable = False


class PlanValidationError(PlanError):
    """Every problem found in a plan, reported at once."""

    def __init__(self, problems: list[ErrorInfo]) -> None:
        lines = "\n".join(
            f"  - [{p.code.value}]{f' step {p.step_id!r}:' if p.step_id else ''} {p.message}"
            for p in problems
        )
        super().__init__(
            f"The plan is invalid ({len(problems)} problem{'s' if len(problems) != 1 else ''}):\n"
            + lines
        )
        self.problems = problems


class ToolError(AgentSystemError):
    """A tool call failed. The scheduler turns it into a failed `StepResult`."""

    code = ErrorCode.TOOL_ERROR


class InvalidArgumentsError(ToolError):
    """Arguments do not match the tool's schema."""

    code = ErrorCode.INVALID_ARGUMENTS
    recoverable = True

    def __init__(self, tool: str, problems: list[str]) -> None:
        super().__init__(
            f"Invalid arguments for tool {tool!r}: " + "; ".join(problems),
            details={"tool": tool, "problems": problems},
        )
        self.tool = tool
        self.problems = problems


class ToolTimeoutError(ToolError):
    """The tool ran longer than its timeout."""

    code = ErrorCode.TIMEOUT

    def __init__(self, tool: str, timeout_s: float) -> None:
        super().__init__(
            f"Tool {tool!r} timed out after {timeout_s:g} seconds.",
            details={"tool": tool, "timeout_s": timeout_s},
        )
        self.tool = tool
        self.timeout_s = timeout_s


class CircuitOpenError(ToolError):
    """The tool failed repeatedly; calls are refused until its cool-down ends.

    The message is for the user and names the service by the tool's `title` ("Web search isn't
    answering right now; try again in 30 seconds."); ``details["detail"]`` keeps the tool's name
    and the exact pause (``--verbose``).
    """

    code = ErrorCode.CIRCUIT_OPEN

    def __init__(self, tool: str, retry_in_s: float, title: str = "") -> None:
        seconds = max(1, math.ceil(retry_in_s))
        wait = f"{seconds} second{'s' if seconds != 1 else ''}"
        super().__init__(
            f"{title or 'That service'} isn't answering right now; try again in {wait}.",
            details={
                "tool": tool,
                "retry_in_s": retry_in_s,
                "detail": f"tool {tool!r} is failing repeatedly; calls are paused for "
                f"{retry_in_s:.1f} s more",
            },
        )


class ToolExecutionError(ToolError):
    """The tool raised, or reported a failure it wants the user to see."""

    def __init__(
        self,
        message: str,
        *,
        recoverable: bool = True,
        details: dict[str, Any] | None = None,
        code: ErrorCode = ErrorCode.TOOL_ERROR,
    ) -> None:
        super().__init__(message, details=details)
        self.recoverable = recoverable
        self.code = code


class LLMError(AgentSystemError):
    """The language model could not produce an answer (transport or protocol)."""

    code = ErrorCode.LLM_ERROR


class LLMAuthError(LLMError):
    """The provider refused the credentials or does not know the model."""

    recoverable = False


class LLMOutputError(LLMError):
    """The model's reply did not validate, even after one corrective retry."""


class BudgetExceededError(AgentSystemError):
    """A per-request budget ran out; no further LLM or tool calls are made."""

    code = ErrorCode.BUDGET_EXCEEDED
    recoverable = False

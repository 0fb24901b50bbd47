"""The plan contract: `ExecutionPlan`, `ExecutionStep`, results, references and conditions.

An argument value may be a typed reference to an earlier step's output anywhere in the argument
tree: ``{"$ref": "weather", "path": "/temp_c"}`` (the path is a JSON pointer, RFC 6901). A string
built from several outputs uses ``{"$template": "It is ${t} in ${c}", "values": {"t": {...}}}``
(`string.Template` substitution: no format-spec tricks, no `eval`).

A `when` condition is declarative data evaluated by `agent_system.planning._conditions`.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from agent_system.errors import ErrorCode, ErrorInfo, Severity
from agent_system.values import RetrySpec, Usage

__all__ = [
    "MAX_STEPS",
    "AllOf",
    "AnyOf",
    "Comparison",
    "Condition",
    "ExecutionPlan",
    "ExecutionStep",
    "Exists",
    "FailurePolicy",
    "Not",
    "PlanResult",
    "PlanStatus",
    "Ref",
    "ReplanRequest",
    "RetrySpec",
    "RunStatus",
    "StepResult",
    "StepStatus",
    "Usage",
    "run_status",
]

MAX_STEPS = 1024
STEP_ID_PATTERN = r"^[A-Za-z0-9_.\-]{1,64}$"


def _now() -> datetime:
    return datetime.now(UTC)


class Ref(BaseModel):
    """A reference to an earlier step's output: ``{"$ref": "<step id>", "path": "/a/0"}``."""

    model_config = ConfigDict(populate_by_name=True, frozen=True, extra="forbid")

    step: str = Field(alias="$ref", pattern=STEP_ID_PATTERN)
    path: str = Field(default="", description="JSON pointer into the step's output; '' = all.")

    @model_validator(mode="after")
    def _check_path(self) -> Ref:
        if self.path and not self.path.startswith("/"):
            raise ValueError(f"path {self.path!r} must be a JSON pointer starting with '/'")
        return self


Operand = Ref | str | int | float | bool | None | list[Any]


class Comparison(BaseModel):
    """``left <op> right``; either side may be a `Ref`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["eq", "ne", "lt", "le", "gt", "ge", "contains", "in"]
    left: Operand
    right: Operand


class AllOf(BaseModel):
    """True when every condition is true."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["and"]
    args: list[Condition] = Field(min_length=1)


class AnyOf(BaseModel):
    """True when at least one condition is true."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["or"]
    args: list[Condition] = Field(min_length=1)


class Not(BaseModel):
    """True when the condition is false."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["not"]
    arg: Condition


class Exists(BaseModel):
    """True when the referenced output exists and is not null."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["exists"]
    ref: Ref


Condition = Annotated[Comparison | AllOf | AnyOf | Not | Exists, Field(discriminator="op")]
AllOf.model_rebuild()
AnyOf.model_rebuild()
Not.model_rebuild()


class FailurePolicy(StrEnum):
    """What the scheduler does when a step fails after its retries."""

    HALT = "halt"  # stop the plan; running steps finish, nothing new starts
    SKIP = "skip"  # mark failed, skip its dependants, continue the rest
    RETRY = "retry"  # retry (with the step's retry spec, at least 3 attempts), then halt
    REPLAN = "replan"  # let the replan node revise the remainder


class StepStatus(StrEnum):
    """Lifecycle of one step."""

    PENDING = "pending"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    SKIPPED = "skipped"
    CANCELLED = "cancelled"


class PlanStatus(StrEnum):
    """Lifecycle of a plan."""

    DRAFT = "draft"
    APPROVED = "approved"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    PARTIAL = "partial"
    FAILED = "failed"
    CANCELLED = "cancelled"


class RunStatus(StrEnum):
    """Outcome of a whole request, as the seed contract infers it."""

    SUCCESS = "success"
    PARTIAL = "partial"
    FAILURE = "failure"


class ExecutionStep(BaseModel):
    """One tool call in a plan."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=STEP_ID_PATTERN, description="Unique within the plan.")
    number: int = Field(default=0, ge=0, description="1-based position; 0 = assign on validation.")
    tool: str = Field(min_length=1, description="Registered tool name, e.g. 'timer.set'.")
    arguments: dict[str, Any] = Field(default_factory=dict)
    depends_on: list[str] = Field(default_factory=list)
    when: Condition | None = None
    on_failure: FailurePolicy = FailurePolicy.HALT
    retry: RetrySpec | None = Field(default=None, description="None: the tool's own policy.")
    timeout_s: float | None = Field(default=None, gt=0, description="None: the tool's timeout.")
    requires_approval: bool = False
    description: str = ""
    status: StepStatus = StepStatus.PENDING


class ExecutionPlan(BaseModel):
    """A typed plan: steps form a DAG through `depends_on` and references."""

    model_config = ConfigDict(extra="forbid")

    id: uuid.UUID = Field(default_factory=uuid.uuid4)
    version: int = Field(default=1, ge=1)
    created_at: datetime = Field(default_factory=_now)
    request: str = ""
    reasoning: str = ""
    steps: list[ExecutionStep] = Field(default_factory=list)
    timeout_s: float = Field(default=300.0, gt=0)
    deadline: datetime | None = None
    status: PlanStatus = PlanStatus.DRAFT
    planner: str = Field(default="", description="Which planner wrote it (embedded, llm, ...).")
    unsupported: list[str] = Field(
        default_factory=list, description="Parts of the request this plan could not cover."
    )

    def step(self, step_id: str) -> ExecutionStep:
        """The step with this id; `KeyError` if absent."""
        for s in self.steps:
            if s.id == step_id:
                return s
        raise KeyError(step_id)


class StepResult(BaseModel):
    """What one step produced."""

    step_id: str
    tool: str
    status: StepStatus
    output: Any = None
    display: str | None = Field(default=None, description="Text a template reply can show.")
    error: ErrorInfo | None = None
    attempts: int = 0
    cached: bool = False
    started_at: datetime | None = None
    finished_at: datetime | None = None
    duration_ms: float = 0.0
    plan_version: int = 1
    usage: Usage = Field(
        default_factory=Usage, description="LLM calls made by the tool during this step."
    )


class ReplanRequest(BaseModel):
    """What the replanner receives."""

    plan: ExecutionPlan
    completed: dict[str, StepResult] = Field(default_factory=dict)
    failed: list[StepResult] = Field(default_factory=list)
    reason: str = ""
    attempt: int = Field(default=1, ge=1)


class PlanResult(BaseModel):
    """The outcome of running a plan (including its replans)."""

    plan_id: uuid.UUID
    plan_version: int = 1
    status: RunStatus
    steps: list[StepResult] = Field(default_factory=list)
    errors: list[ErrorInfo] = Field(default_factory=list)
    replans: int = 0
    started_at: datetime = Field(default_factory=_now)
    finished_at: datetime = Field(default_factory=_now)
    duration_ms: float = 0.0
    usage: Usage = Field(default_factory=Usage)

    @staticmethod
    def infer_status(steps: list[StepResult], errors: list[ErrorInfo]) -> RunStatus:
        """Infer the outcome as the contract says.

        No error and every step done (succeeded, or skipped by a false condition) is success; a
        fatal error, or nothing succeeded, is failure; non-fatal errors after some steps: partial.
        """
        all_errors = [*errors, *(s.error for s in steps if s.error is not None)]
        if not all_errors and all(
            s.status in (StepStatus.SUCCEEDED, StepStatus.SKIPPED) for s in steps
        ):
            return RunStatus.SUCCESS
        if any(e.severity == Severity.FATAL for e in all_errors):
            return RunStatus.FAILURE
        if not any(s.status == StepStatus.SUCCEEDED for s in steps):
            return RunStatus.FAILURE
        return RunStatus.PARTIAL

    def result(self, step_id: str) -> StepResult | None:
        """The latest result for a step id, if any."""
        for s in reversed(self.steps):
            if s.step_id == step_id:
                return s
        return None


def run_status(
    plan: ExecutionPlan | None,
    results: Mapping[str, StepResult],
    errors: Sequence[ErrorInfo] = (),
) -> RunStatus:
    """The outcome of a finished run: the one place it is decided.

    No plan: failure if anything went wrong, else success (a question back, a chat reply). With
    a plan: `PlanResult.infer_status` over its results (and results of steps a replan dropped);
    a plan with no result is a failure when it has no step or left something unplanned; a run
    whose plan left part of the request unplanned is at best partial.
    """
    if plan is None:
        return RunStatus.FAILURE if errors else RunStatus.SUCCESS
    ordered = [results[s.id] for s in plan.steps if s.id in results]
    planned = {s.id for s in plan.steps}
    extra = [r for k, r in results.items() if k not in planned]
    if ordered or errors:
        status = PlanResult.infer_status([*ordered, *extra], list(errors))
    else:
        status = RunStatus.FAILURE if plan.unsupported or not plan.steps else RunStatus.SUCCESS
    if plan.unsupported and status == RunStatus.SUCCESS:
        status = RunStatus.PARTIAL
    return status


def error(
    code: ErrorCode,
    message: str,
    *,
    step_id: str | None = None,
    severity: Severity = Severity.ERROR,
    recoverable: bool = True,
    **details: Any,
) -> ErrorInfo:
    """Shorthand for building an `ErrorInfo`."""
    return ErrorInfo(
        code=code,
        message=message,
        step_id=step_id,
        severity=severity,
        recoverable=recoverable,
        details=details,
    )

"""Typed events streamed by `AgentSystem.astream` (and the server's SSE, and the CLI display).

Every event has a ``type`` discriminator, so ``TypeAdapter(Event).validate_python(d)`` rebuilds
one from its JSON form.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from agent_system.errors import ErrorInfo
from agent_system.planning.models import ExecutionPlan, PlanResult, StepResult, Usage
from agent_system.routing.models import RouteDecision

__all__ = [
    "ApprovalRequired",
    "Event",
    "EventAdapter",
    "Notification",
    "PlanCreated",
    "Replanned",
    "ReplyDelta",
    "RouteDecided",
    "RunFinished",
    "RunResult",
    "StepFailed",
    "StepFinished",
    "StepSkipped",
    "StepStarted",
]


def _now() -> datetime:
    return datetime.now(UTC)


class _Base(BaseModel):
    at: datetime = Field(default_factory=_now)
    thread_id: str | None = None


class RouteDecided(_Base):
    """The router chose a target."""

    type: Literal["route_decided"] = "route_decided"
    decision: RouteDecision


class PlanCreated(_Base):
    """A plan (or a one-step fast-reply plan) is ready."""

    type: Literal["plan_created"] = "plan_created"
    plan: ExecutionPlan


class StepStarted(_Base):
    """A step began running."""

    type: Literal["step_started"] = "step_started"
    step_id: str
    tool: str
    attempt: int = 1


class StepFinished(_Base):
    """A step succeeded."""

    type: Literal["step_finished"] = "step_finished"
    result: StepResult


class StepFailed(_Base):
    """A step failed after its retries."""

    type: Literal["step_failed"] = "step_failed"
    result: StepResult


class StepSkipped(_Base):
    """A step was skipped (false condition, failed dependency, halt)."""

    type: Literal["step_skipped"] = "step_skipped"
    result: StepResult


class Replanned(_Base):
    """The replanner revised the plan."""

    type: Literal["replanned"] = "replanned"
    plan: ExecutionPlan
    reason: str = ""


class ApprovalRequired(_Base):
    """Steps need the user's approval; answer with `AgentSystem.aresume`."""

    type: Literal["approval_required"] = "approval_required"
    steps: list[dict[str, Any]]
    """``{"step_id", "tool", "arguments", "description"}`` for each step awaiting approval."""


class Notification(_Base):
    """A notification delivered on the event channel (timer fired, plan outcome...)."""

    type: Literal["notification"] = "notification"
    title: str
    body: str = ""
    data: dict[str, Any] = Field(default_factory=dict)


class ReplyDelta(_Base):
    """A piece of the reply as it is written."""

    type: Literal["reply_delta"] = "reply_delta"
    text: str


class RunResult(BaseModel):
    """Everything one request produced."""

    run_id: uuid.UUID = Field(default_factory=uuid.uuid4)
    thread_id: str
    user: str | None = None
    request: str
    route: RouteDecision | None = None
    plan: ExecutionPlan | None = None
    result: PlanResult | None = None
    reply: str = ""
    status: Literal["success", "partial", "failure", "interrupted"] = "success"
    errors: list[ErrorInfo] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    pending_approval: list[dict[str, Any]] = Field(default_factory=list)
    duration_ms: float = 0.0


class RunFinished(_Base):
    """The run ended (or paused for approval: status 'interrupted')."""

    type: Literal["run_finished"] = "run_finished"
    result: RunResult


Event = Annotated[
    RouteDecided
    | PlanCreated
    | StepStarted
    | StepFinished
    | StepFailed
    | StepSkipped
    | Replanned
    | ApprovalRequired
    | Notification
    | ReplyDelta
    | RunFinished,
    Field(discriminator="type"),
]
EventAdapter: TypeAdapter[Event] = TypeAdapter(Event)

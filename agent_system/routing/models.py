"""The router's contract: `RouteRequest` in, `RouteDecision` out."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

__all__ = ["RouteDecision", "RouteRequest", "RouteTarget", "Router", "Turn"]


class RouteTarget(StrEnum):
    """Where a request goes."""

    FAST_REPLY = "fast_reply"
    META_PLANNING = "meta_planning"


class Turn(BaseModel):
    """One earlier turn of the thread, as the router sees it (for follow-ups)."""

    text: str
    role: str | None = None
    slots: dict[str, Any] = Field(default_factory=dict)
    reply: str = ""
    calls: list[dict[str, Any]] = Field(
        default_factory=list,
        description="The tool calls that ran ({tool, arguments, ref}): the frame follow-ups use.",
    )


class RouteRequest(BaseModel):
    """A request to route, with the thread's recent turns."""

    text: str
    history: list[Turn] = Field(default_factory=list)


class RouteDecision(BaseModel):
    """Which role (or the meta-planner) gets a request, and how sure the router is."""

    target: RouteTarget
    role: str | None = Field(default=None, description="Fast-reply role; None for planning.")
    confidence: float = Field(ge=0.0, le=1.0, description="Calibrated probability.")
    slots: dict[str, Any] = Field(default_factory=dict)
    reason: str = ""
    guess: bool = Field(default=False, description="Taken below the fast threshold, offline.")
    router: str = Field(default="embedded", description="embedded | llm | hybrid")
    scores: dict[str, float] = Field(default_factory=dict, description="Probability per role.")
    elapsed_ms: float = 0.0


@runtime_checkable
class Router(Protocol):
    """Anything that routes requests."""

    async def route(self, request: RouteRequest) -> RouteDecision: ...

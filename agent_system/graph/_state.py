"""The graph's state: plain JSON values, so any checkpointer can store it without custom types.

Every turn overwrites the per-request keys (see `turn_input`); `history` and `owner` carry
across turns of a thread.
"""

from __future__ import annotations

from typing import Any, TypedDict

__all__ = ["HISTORY_LIMIT", "AgentState", "turn_input"]

HISTORY_LIMIT = 12


class AgentState(TypedDict, total=False):
    """One thread's state. Models are stored as their JSON dumps and rebuilt in nodes."""

    request: str
    user: str | None
    area: str | None
    """The area (room) the request came from, for "turn off the light"."""
    owner: str | None
    history: list[dict[str, Any]]
    route: dict[str, Any] | None
    selected_tools: list[str]
    plan: dict[str, Any] | None
    results: dict[str, dict[str, Any]]
    needs_replan: list[str]
    abandoned: bool
    replans: int
    errors: list[dict[str, Any]]
    reply: str
    status: str
    started_at: float
    result: dict[str, Any] | None
    preview: bool
    """Stop once the plan is made (`AgentSystem.aplan`): nothing executes."""


def turn_input(
    text: str, user: str | None, started_at: float, *, preview: bool = False
) -> AgentState:
    """The input of a new turn: resets everything that belongs to one request."""
    return AgentState(
        request=text,
        user=user,
        route=None,
        selected_tools=[],
        plan=None,
        results={},
        needs_replan=[],
        abandoned=False,
        replans=0,
        errors=[],
        reply="",
        status="running",
        started_at=started_at,
        result=None,
        preview=preview,
    )

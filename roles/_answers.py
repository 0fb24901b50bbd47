"""A route stage shared by roles that ask for a time: the next turn may be just its answer.

After "What time is 'Flight'?" or "When should I remind you?", a reply of "9am", "on friday at
noon" or "in 10 minutes" goes back to the role that asked (its `interpret` joins the two turns),
instead of being judged alone, where a bare time means nothing to the classifier.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from agent_system.understanding._frame import answered_role

if TYPE_CHECKING:
    from collections.abc import Callable

    from agent_system.runtime import Runtime

__all__ = ["answer_stage"]


def answer_stage(role: str, runtime: Runtime) -> Callable[[RouteRequest], RouteDecision | None]:
    """A first stage claiming the answer to `role`'s own question of the turn before."""

    def stage(request: RouteRequest) -> RouteDecision | None:
        if answered_role(request.text, request.history, runtime.clock.now()) != role:
            return None
        return RouteDecision(
            target=RouteTarget.FAST_REPLY,
            role=role,
            confidence=0.95,
            reason=f"The answer to the {role} role's question of the turn before.",
            scores={role: 0.95},
        )

    return stage

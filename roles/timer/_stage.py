"""The timer role's first stage: answers to its questions, and "another one for 10".

"How long should the timer run?" ... "10 minutes" goes back to the timer role (`roles._answers`);
after a timer was set, "and another one for 10" / "one more for 2 minutes" is a follow-up that
sets one more (the frame reads the unit from the timer before).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from agent_system.understanding import normalize
from agent_system.understanding._frame import last_call
from roles._answers import answer_stage

if TYPE_CHECKING:
    from collections.abc import Callable

    from agent_system.runtime import Runtime

__all__ = ["timer_stage"]

_ANOTHER = re.compile(
    r"^(?:(?:and|also|ok|okay|now|then)\s+)*(?:set\s+)?(?:another|one\s+more|a\s+second)"
    r"(?:\s+(?:one|timer|alarm))?(?:\s+(?:for|at)\s+\S+(?:\s+\w+)?)?$"
)


def timer_stage(runtime: Runtime) -> Callable[[RouteRequest], RouteDecision | None]:
    """Answers to the timer's questions, then "another one for N" after a timer or alarm."""
    answers = answer_stage("timer", runtime)

    def stage(request: RouteRequest) -> RouteDecision | None:
        if (answered := answers(request)) is not None:
            return answered
        previous = last_call(request.history[-1:])
        if previous is None or previous.tool not in ("timer.set", "timer.alarm"):
            return None
        if _ANOTHER.match(normalize(request.text)) is None:
            return None
        return RouteDecision(
            target=RouteTarget.FAST_REPLY,
            role="timer",
            confidence=0.95,
            slots={"follow_up": True},
            reason="One more like the timer before.",
            scores={"timer": 0.95},
        )

    return stage

"""Where the clauses of one request go, for the embedded router (`_embedded`): each clause
placed the way it would be on its own (`Placed`), and the decision for a compound request
(`compound_decision`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_system.routing._model import OTHER
from agent_system.routing._rules import Clause
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget

if TYPE_CHECKING:
    from agent_system.routing._embedded import EmbeddedRouter

__all__ = ["Placed", "compound_decision"]


class Placed:
    """Where each clause goes on its own (a first stage's claim, else the classifier's best
    class), remembered for one decision: the splitter's judge and the compound check ask
    about the same clauses."""

    def __init__(self, router: EmbeddedRouter) -> None:
        self.router = router
        self.seen: dict[str, tuple[str, float]] = {}
        self.classified: dict[str, tuple[str, float]] = {}

    def classify(self, text: str) -> tuple[str, float]:
        """The classifier's best class of `text` (`EmbeddedRouter.classify`), remembered."""
        found = self.classified.get(text)
        if found is None:
            found = self.classified[text] = self.router.classify(text)
        return found

    def role(self, text: str) -> tuple[str, float]:
        """(role, confidence) of one clause."""
        found = self.seen.get(text)
        if found is None:
            found = self.seen[text] = self._place(text)
        return found

    def _place(self, text: str) -> tuple[str, float]:
        for claimed in self.router._claims(RouteRequest(text=text)):
            if claimed.role:
                return claimed.role, claimed.confidence
        return self.classify(text)

    def other_action(self, before: str, after: str) -> bool:
        """`after` is an action of another role than `before` ("... and the joke of the day"),
        both classed with at least the plan threshold's confidence (the classifier alone: the
        splitter asks this at every "and" it would glue, so it must be cheap)."""
        threshold = self.router.plan_threshold
        role_after, p_after = self.classify(after)
        if role_after == OTHER or p_after < threshold:
            return False
        role_before, p_before = self.classify(before)
        return role_before not in (OTHER, role_after) and p_before >= threshold


def compound_decision(compound: list[Clause], scores: dict[str, float]) -> RouteDecision:
    roles = [c.role for c in compound if c.role != OTHER]
    return RouteDecision(
        target=RouteTarget.META_PLANNING,
        confidence=min((c.confidence for c in compound if c.role != OTHER), default=0.0),
        slots={"parts": [{"text": c.text, "role": c.role} for c in compound]},
        reason=f"Compound request ({', '.join(roles)}); the planner splits it.",
        scores=scores,
    )

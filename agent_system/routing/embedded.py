"""The embedded router: offline, calibrated, well under a millisecond per decision.

A linear classifier (`_model`) scores the six roles and "other" (no role owns the request); its
probabilities are calibrated, so 0.95 means right about 95 times in 100. Around it:

1. follow-ups: after a routed turn, "and in Boston?" continues that role (``follow_up`` slot);
2. compound requests (two tool actions, or actions joined by "then" / "if it's") go to the
   meta-planner, with the pieces in the ``parts`` slot;
3. thresholds (`Settings.route_fast_threshold`, `route_plan_threshold`): at or above the fast
   threshold a role answers; below the plan threshold the meta-planner does (chit-chat goes to
   conversation); in between the best guess is taken and flagged ``guess=True``. "Other" always
   goes to the meta-planner: an out-of-role request never reaches a tool role.
"""

from __future__ import annotations

import functools
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent_system.routing._model import DEFAULT_MODEL_PATH, OTHER, Classifier, LinearModel
from agent_system.routing._rules import find_compound, follow_up_role
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget

if TYPE_CHECKING:
    from agent_system.config import Settings

__all__ = ["EmbeddedRouter", "load_default_router"]

DEFAULT_FAST_THRESHOLD = 0.95
DEFAULT_PLAN_THRESHOLD = 0.70


class EmbeddedRouter:
    """Routes with the shipped classifier and a few rules; no network, no LLM."""

    name = "embedded"

    def __init__(
        self,
        model: Classifier | None = None,
        *,
        fast_threshold: float = DEFAULT_FAST_THRESHOLD,
        plan_threshold: float = DEFAULT_PLAN_THRESHOLD,
    ) -> None:
        if not 0.0 <= plan_threshold <= fast_threshold <= 1.0:
            raise ValueError(
                f"Route thresholds must satisfy 0 <= plan ({plan_threshold}) <= fast "
                f"({fast_threshold}) <= 1; fix AGENT_SYSTEM_ROUTE_PLAN_THRESHOLD / "
                "AGENT_SYSTEM_ROUTE_FAST_THRESHOLD."
            )
        self.model: Classifier = model or _load_model(DEFAULT_MODEL_PATH)
        self.fast_threshold = fast_threshold
        self.plan_threshold = plan_threshold

    @classmethod
    def from_settings(cls, settings: Settings, model: Classifier | None = None) -> EmbeddedRouter:
        """A router with the thresholds of `settings`."""
        return cls(
            model,
            fast_threshold=settings.route_fast_threshold,
            plan_threshold=settings.route_plan_threshold,
        )

    def classify(self, text: str) -> tuple[str, float]:
        """The most probable class of `text` ("other" included) and its probability."""
        probabilities = self.model.probabilities(text)
        best = max(probabilities, key=probabilities.__getitem__)
        return best, probabilities[best]

    async def route(self, request: RouteRequest) -> RouteDecision:
        """Route `request` (the `Router` protocol); CPU-only and fast, so it runs inline."""
        return self.decide(request)

    def decide(self, request: RouteRequest) -> RouteDecision:
        """Route `request` synchronously."""
        started = time.perf_counter()
        decision = self._decide(request)
        decision.elapsed_ms = (time.perf_counter() - started) * 1000.0
        return decision

    def _decide(self, request: RouteRequest) -> RouteDecision:
        text = request.text.strip()
        if not text:
            return RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role="conversation",
                confidence=1.0,
                reason="The request is empty; the conversation role asks what is needed.",
            )
        probabilities = self.model.probabilities(text)
        scores = {name: round(value, 4) for name, value in probabilities.items()}
        best = max(probabilities, key=probabilities.__getitem__)
        confidence = probabilities[best]

        compound = find_compound(text, self.classify, self.plan_threshold)
        if compound is not None:
            roles = [c.role for c in compound if c.role != OTHER]
            return RouteDecision(
                target=RouteTarget.META_PLANNING,
                confidence=min(c.confidence for c in compound if c.role != OTHER),
                slots={"parts": [{"text": c.text, "role": c.role} for c in compound]},
                reason=f"Compound request ({', '.join(roles)}); the planner splits it.",
                scores=scores,
            )

        previous = follow_up_role(
            text, request.history, best, confidence, self.fast_threshold, self.plan_threshold
        )
        if previous is not None:
            return RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role=previous,
                confidence=max(probabilities.get(previous, 0.0), self.fast_threshold),
                slots={"follow_up": True},
                reason=f"Follow-up to the previous {previous} request.",
                scores=scores,
            )
        return self._threshold_decision(best, confidence, scores)

    def _threshold_decision(
        self, best: str, confidence: float, scores: dict[str, float]
    ) -> RouteDecision:
        common: dict[str, Any] = {"confidence": confidence, "scores": scores}
        if best == OTHER:
            return RouteDecision(
                target=RouteTarget.META_PLANNING,
                reason=f"No fast-reply role owns this request (p(other)={confidence:.2f}).",
                **common,
            )
        if confidence >= self.fast_threshold:
            return RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role=best,
                reason=f"Clearly a {best} request (p={confidence:.2f}).",
                **common,
            )
        if confidence >= self.plan_threshold:
            return RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role=best,
                guess=True,
                reason=f"Probably a {best} request (p={confidence:.2f}); best guess taken.",
                **common,
            )
        if best == "conversation":
            return RouteDecision(
                target=RouteTarget.FAST_REPLY,
                role="conversation",
                guess=True,
                reason=f"Unsure (p={confidence:.2f}), but it reads as chit-chat.",
                **common,
            )
        return RouteDecision(
            target=RouteTarget.META_PLANNING,
            reason=f"Unsure which role fits (best {best}, p={confidence:.2f}); planning instead.",
            **common,
        )


@functools.cache
def _load_model(path: Path) -> LinearModel:
    return LinearModel.load(path)


def load_default_router(settings: Settings | None = None) -> EmbeddedRouter:
    """The embedded router with the shipped model (loaded once per process)."""
    if settings is None:
        return _cached_router(DEFAULT_FAST_THRESHOLD, DEFAULT_PLAN_THRESHOLD)
    return _cached_router(settings.route_fast_threshold, settings.route_plan_threshold)


@functools.cache
def _cached_router(fast_threshold: float, plan_threshold: float) -> EmbeddedRouter:
    return EmbeddedRouter(fast_threshold=fast_threshold, plan_threshold=plan_threshold)

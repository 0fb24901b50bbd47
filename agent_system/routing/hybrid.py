"""`HybridRouter`: the embedded router on every turn, the LLM only when it is unsure.

Embedded confidence at or above the fast threshold, or below the plan threshold, is final (no
LLM call). In between, the LLM router decides; if it fails (network, timeout, bad reply), the
embedded best guess stands and the reason says so.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from agent_system.errors import AgentSystemError
from agent_system.routing.models import RouteDecision, RouteRequest

if TYPE_CHECKING:
    from agent_system.config import Settings
    from agent_system.routing.embedded import EmbeddedRouter
    from agent_system.routing.llm import LLMRouter

__all__ = ["HybridRouter"]

log = logging.getLogger(__name__)


class HybridRouter:
    """Embedded first; the LLM breaks ties in the middle band."""

    name = "hybrid"

    def __init__(
        self, embedded: EmbeddedRouter, llm: LLMRouter, settings: Settings | None = None
    ) -> None:
        self.embedded = embedded
        self.llm = llm
        self.fast_threshold = settings.route_fast_threshold if settings else embedded.fast_threshold
        self.plan_threshold = settings.route_plan_threshold if settings else embedded.plan_threshold
        self.llm_calls = 0
        self.llm_failures = 0

    def unsure(self, decision: RouteDecision) -> bool:
        """True when `decision` falls between the plan and fast thresholds."""
        return self.plan_threshold <= decision.confidence < self.fast_threshold

    async def route(self, request: RouteRequest) -> RouteDecision:
        """Route `request`, asking the LLM only in the middle band."""
        started = time.perf_counter()
        decision = self.embedded.decide(request)
        if not self.unsure(decision):
            return decision
        self.llm_calls += 1
        try:
            chosen = await self.llm.route(request)
        except Exception as exc:
            self.llm_failures += 1
            if isinstance(exc, AgentSystemError):  # transport, output, budget: expected, logged
                log.warning("LLM router failed (%s); kept the embedded decision", exc.message)
            else:  # a bug: still answer, but never quietly
                log.error("LLM router raised; kept the embedded decision", exc_info=exc)
            return decision.model_copy(
                update={
                    "reason": f"{decision.reason} The LLM router failed ({exc}); "
                    "kept the embedded best guess.",
                    "elapsed_ms": (time.perf_counter() - started) * 1000.0,
                }
            )
        slots = {**decision.slots, **chosen.slots} if chosen.role == decision.role else chosen.slots
        return chosen.model_copy(
            update={
                "scores": decision.scores,
                "slots": slots,
                "elapsed_ms": (time.perf_counter() - started) * 1000.0,
            }
        )

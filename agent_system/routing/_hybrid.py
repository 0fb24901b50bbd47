"""`HybridRouter`: the embedded router on every turn, the LLM only when it is unsure.

Embedded confidence at or above the fast threshold, or below the plan threshold, is final (no
LLM call). So is a compound request whose clauses need more than one role: only the planner can
serve it, so the LLM could only confirm meta-planning (no serial call before planning). In
between, the LLM router decides; if it fails (network, timeout, bad reply), the embedded best
guess stands and the reason says so.

`route_speculating(request, speculate)` starts `speculate(decision)` (planning) beside the LLM
call, so a request the LLM sends to the planner has its plan under way already; when the LLM picks
a fast-reply role instead, the speculative work is cancelled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agent_system.errors import AgentSystemError
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget

if TYPE_CHECKING:
    from agent_system.config import Settings
    from agent_system.routing._embedded import EmbeddedRouter
    from agent_system.routing._llm import LLMRouter

__all__ = ["HybridRouter", "Routed"]

log = logging.getLogger(__name__)

OTHER = "other"


@dataclass
class Routed:
    """A route decision and, when it is meta-planning, the planning already started for it."""

    decision: RouteDecision
    speculative: asyncio.Task[Any] | None = None


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
        """True when `decision` falls between the plan and fast thresholds, or is a fast-reply
        guess below the plan threshold ("unsure, but it reads as chit-chat")."""
        if decision.confidence >= self.fast_threshold:
            return False
        below_guess = decision.target == RouteTarget.FAST_REPLY and decision.guess
        return below_guess or self.plan_threshold <= decision.confidence

    def consults_llm(self, decision: RouteDecision) -> bool:
        """True when the LLM's answer could change the embedded `decision`."""
        return self.unsure(decision) and not _needs_the_planner(decision)

    async def route(self, request: RouteRequest) -> RouteDecision:
        """Route `request`, asking the LLM only in the middle band."""
        return (await self.route_speculating(request)).decision

    async def route_speculating(
        self,
        request: RouteRequest,
        speculate: Callable[[RouteDecision], Awaitable[Any]] | None = None,
        *,
        prior: RouteDecision | None = None,
    ) -> Routed:
        """Route `request`; while the LLM is asked, run `speculate(embedded decision)` beside it.

        The speculative task is returned when the final decision is meta-planning (its result is
        the plan the planner would make now), and cancelled when the LLM picks a fast-reply role.
        `prior`: the embedded decision for `request`, when the caller has made it already.
        """
        started = time.perf_counter()
        decision = self.embedded.decide(request) if prior is None else prior
        if not self.consults_llm(decision):
            return Routed(decision)
        if speculate is None:
            return Routed(await self._ask_llm(request, decision, started))
        asking = asyncio.ensure_future(self._ask_llm(request, decision, started))
        await asyncio.sleep(0)  # the route call goes out first: the plan waits on its answer
        task = asyncio.ensure_future(speculate(decision))
        try:
            final = await asking
        except BaseException:
            task.cancel()
            raise
        if final.target != RouteTarget.META_PLANNING:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
            return Routed(final)
        return Routed(final, task)

    async def _ask_llm(
        self, request: RouteRequest, decision: RouteDecision, started: float
    ) -> RouteDecision:
        self.llm_calls += 1
        try:
            if getattr(self.llm, "takes_prior", False):  # it may stop at a confirmation
                chosen = await self.llm.route(request, prior=decision)
            else:
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


def _needs_the_planner(decision: RouteDecision) -> bool:
    """A compound request whose clauses need two roles, or a clause no role serves: no single
    role can answer it, so meta-planning is the only route (the LLM could only confirm it)."""
    if decision.target != RouteTarget.META_PLANNING:
        return False
    parts = decision.slots.get("parts")
    if not isinstance(parts, list) or len(parts) < 2:
        return False
    roles = {part.get("role") for part in parts if isinstance(part, dict)}
    return len(roles) >= 2 or OTHER in roles or None in roles

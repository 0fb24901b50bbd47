"""Routing: send each request to a fast-reply role or to the meta-planner.

`EmbeddedRouter` (offline, calibrated classifier plus rules), `LLMRouter` (a chat model with
structured output) and `HybridRouter` (embedded first, the LLM only when unsure) all implement
`Router`. Slot extraction lives in `agent_system.routing.slots` (not imported here: it pulls in
date parsing, which the router itself does not need).
"""

from __future__ import annotations

from agent_system.routing.embedded import EmbeddedRouter, load_default_router
from agent_system.routing.hybrid import HybridRouter
from agent_system.routing.llm import LLMRouter, RouteChoice
from agent_system.routing.models import RouteDecision, Router, RouteRequest, RouteTarget, Turn

__all__ = [
    "EmbeddedRouter",
    "HybridRouter",
    "LLMRouter",
    "RouteChoice",
    "RouteDecision",
    "RouteRequest",
    "RouteTarget",
    "Router",
    "Turn",
    "load_default_router",
]

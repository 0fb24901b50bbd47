"""Routing: send each request to a fast-reply role or to the meta-planner.

`EmbeddedRouter` (offline, calibrated classifier plus rules), `LLMRouter` (a chat model with
structured output) and `HybridRouter` (embedded first, the LLM only when unsure) all implement
`Router`. Slot extraction lives in `agent_system.routing.slots` (not imported here: it pulls in
date parsing, which the router itself does not need).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system import _lazy

if TYPE_CHECKING:
    from agent_system.routing._embedded import EmbeddedRouter, load_default_router
    from agent_system.routing._hybrid import HybridRouter
    from agent_system.routing._llm import LLMRouter, RouteChoice
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

_WHERE = {
    "EmbeddedRouter": "agent_system.routing._embedded",
    "HybridRouter": "agent_system.routing._hybrid",
    "LLMRouter": "agent_system.routing._llm",
    "RouteChoice": "agent_system.routing._llm",
    "RouteDecision": "agent_system.routing.models",
    "RouteRequest": "agent_system.routing.models",
    "RouteTarget": "agent_system.routing.models",
    "Router": "agent_system.routing.models",
    "Turn": "agent_system.routing.models",
    "load_default_router": "agent_system.routing._embedded",
}


def __getattr__(name: str) -> Any:
    return _lazy.load(__name__, _WHERE, name)

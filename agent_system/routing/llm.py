"""`LLMRouter`: a chat model picks the route with structured output.

Used by `HybridRouter` when the embedded router is unsure. The model sees the roles, the
routing rules and the recent turns, and answers a `RouteChoice` (through the provider's tool
calling, ``with_structured_output``). Any failure raises `LLMError`; the hybrid router then
keeps the embedded guess.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from agent_system.errors import LLMError, LLMOutputError
from agent_system.llm.structured import invoke_structured
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

__all__ = ["ROLE_DESCRIPTIONS", "LLMRouter", "RouteChoice"]

RoleName = Literal["timer", "weather", "calendar", "smart_home", "search", "conversation"]

ROLE_DESCRIPTIONS: dict[str, str] = {
    "timer": "timers, alarms and reminders",
    "weather": "current weather and forecasts for a place",
    "calendar": "the user's calendar: events, meetings, appointments, free time",
    "smart_home": "home devices: lights, thermostat, locks, garage, blinds/covers, vacuum, plugs",
    "search": "definitions, fun facts, explicit 'look up'/'search' requests, the user's documents",
    "conversation": "greetings, thanks, goodbyes, jokes, small talk, what the assistant can do, "
    "the current time or date",
}
_HISTORY_TURNS = 4


class RouteChoice(BaseModel):
    """Where the user's latest request should go."""

    target: Literal["fast_reply", "meta_planning"] = Field(
        description="fast_reply: one role answers alone; meta_planning: several steps, "
        "several roles, or nothing a role owns."
    )
    role: RoleName | None = Field(
        default=None, description="The role for fast_reply; null for meta_planning."
    )
    confidence: float = Field(ge=0.0, le=1.0, description="Probability that this route is right.")
    follow_up: bool = Field(
        default=False, description="True when the request continues the previous turn's role."
    )
    reason: str = Field(default="", description="One short sentence.")


def _system_prompt(roles: Mapping[str, str]) -> str:
    lines = [
        "You route a user's request for an assistant. Fast-reply roles:",
        *(f"- {name}: {what}" for name, what in roles.items()),
        "Rules: choose fast_reply with one role only when that role alone can answer. Choose "
        "meta_planning for requests with two actions or two roles ('check the weather and set "
        "a timer', 'do X then Y', 'if it rains, close the garage') and for anything no role "
        "owns (banking, ordering food, booking travel, music, messages, lists...). Never send "
        "such a request to timer, weather, calendar, smart_home or search. A short elliptical "
        "request ('and in Boston?', 'what about tomorrow?') continues the previous turn's role: "
        "set follow_up.",
    ]
    return "\n".join(lines)


class LLMRouter:
    """Routes with a chat model (langchain-core) and structured output."""

    name = "llm"

    def __init__(
        self, chat_model: BaseChatModel, *, roles: Mapping[str, str] = ROLE_DESCRIPTIONS
    ) -> None:
        self.chat_model = chat_model
        self.roles = dict(roles)

    def messages(self, request: RouteRequest) -> list[BaseMessage]:
        """The prompt for `request`: rules, recent turns, then the request."""
        prompt: list[BaseMessage] = [SystemMessage(_system_prompt(self.roles))]
        recent = request.history[-_HISTORY_TURNS:]
        if recent:
            turns = "\n".join(f"- {t.text!r} (routed to {t.role or 'planning'})" for t in recent)
            prompt.append(SystemMessage(f"Earlier turns, oldest first:\n{turns}"))
        prompt.append(HumanMessage(request.text))
        return prompt

    async def route(self, request: RouteRequest) -> RouteDecision:
        """Ask the model; raise `LLMError` when it fails or answers nonsense."""
        started = time.perf_counter()
        try:
            # Through the LLM layer: strict schema or JSON mode, one corrective retry, and the
            # call counted against the request's usage and budget like every other LLM call.
            raw: Any = await invoke_structured(
                self.chat_model, RouteChoice, self.messages(request), output_tokens=128
            )
        except LLMError as exc:  # keep the kind (auth, output...), name the request
            raise type(exc)(
                f"The LLM router could not route {request.text!r}: {exc.message}",
                details=exc.details,
            ) from exc
        except Exception as exc:
            raise LLMError(
                f"The LLM router could not route {request.text!r}: {exc}",
                details={"error": repr(exc)},
            ) from exc
        choice = raw if isinstance(raw, RouteChoice) else _coerce(raw)
        if choice.target == "fast_reply" and choice.role is None:
            raise LLMOutputError(
                f"The LLM router chose fast_reply without a role for {request.text!r}.",
                details={"reply": choice.model_dump()},
            )
        fast = choice.target == "fast_reply"
        return RouteDecision(
            target=RouteTarget.FAST_REPLY if fast else RouteTarget.META_PLANNING,
            role=choice.role if fast else None,
            confidence=choice.confidence,
            slots={"follow_up": True} if fast and choice.follow_up else {},
            reason=choice.reason or "Chosen by the LLM router.",
            router="llm",
            elapsed_ms=(time.perf_counter() - started) * 1000.0,
        )


def _coerce(raw: Any) -> RouteChoice:
    try:
        return RouteChoice.model_validate(raw)
    except ValueError as exc:
        raise LLMOutputError(
            f"The LLM router's reply is not a RouteChoice: {exc}", details={"reply": repr(raw)}
        ) from exc

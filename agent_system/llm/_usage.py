"""Token and cost accounting for LLM calls.

`UsageTracker` records every call: tokens from the reply's ``usage_metadata`` (OpenAI's
``usage`` block, streamed too when ``stream_usage=True``) and the cost from a price table in USD
per million (input, output) tokens, `Settings.prices`. A dated model name such as
``gpt-4o-mini-2024-07-18`` is priced as its longest listed prefix (``gpt-4o-mini``); an
unlisted model (a local server) costs 0.

Use it either way, never both for the same call (that would count twice):

- call `UsageTracker.record(message)` yourself (what `agent_system.llm` helpers do), or
- pass it as a callback: ``model.ainvoke(msgs, config={"callbacks": [tracker]})``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from langchain_core.callbacks import AsyncCallbackHandler
from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatGeneration, LLMResult

from agent_system.values import Usage

if TYPE_CHECKING:
    from agent_system.config import Settings

__all__ = ["CallUsage", "Prices", "UsageTracker", "cost_usd", "model_name_of", "price_for"]

Prices = Mapping[str, tuple[float, float]]
"""USD per million (input, output) tokens, by model name."""


@dataclass(frozen=True)
class CallUsage:
    """What one LLM call used."""

    model: str
    input_tokens: int
    output_tokens: int
    cost_usd: float

    def as_usage(self) -> Usage:
        """This call as a one-call `Usage`."""
        return Usage(
            llm_calls=1,
            input_tokens=self.input_tokens,
            output_tokens=self.output_tokens,
            cost_usd=self.cost_usd,
        )


def price_for(model: str, prices: Prices) -> tuple[float, float] | None:
    """The (input, output) price of `model`: exact name first, then the longest listed prefix."""
    if model in prices:
        return prices[model]
    matches = [name for name in prices if model.startswith(name)]
    if not matches:
        return None
    return prices[max(matches, key=len)]


def cost_usd(model: str, input_tokens: int, output_tokens: int, prices: Prices) -> float:
    """USD cost of a call; 0 for a model without a listed price."""
    price = price_for(model, prices)
    if price is None:
        return 0.0
    return (input_tokens * price[0] + output_tokens * price[1]) / 1_000_000


def model_name_of(model: Any) -> str:
    """The model name a chat model (or a binding around one) is configured with."""
    for attr in ("model_name", "model", "model_id"):
        value = getattr(model, attr, None)
        if isinstance(value, str) and value:
            return value
    bound = getattr(model, "bound", None)
    if bound is not None and bound is not model:
        return model_name_of(bound)
    return type(model).__name__


class UsageTracker(AsyncCallbackHandler):
    """Accumulates tokens, calls and cost; `usage` gives the totals as a `Usage`."""

    def __init__(self, prices: Prices | None = None, *, parent: UsageTracker | None = None) -> None:
        super().__init__()
        self.prices: dict[str, tuple[float, float]] = dict(prices or {})
        self.calls: list[CallUsage] = []
        self.tool_calls = 0
        self.parent = parent
        """Every call recorded here is recorded in the parent too (a step inside its run)."""

    def child(self) -> UsageTracker:
        """A tracker for one part of the work (a step) whose calls also count here."""
        return UsageTracker(self.prices, parent=self)

    @classmethod
    def from_settings(cls, settings: Settings) -> UsageTracker:
        """A tracker priced with `settings.prices`."""
        return cls(settings.prices)

    def record(self, message: BaseMessage, *, model: str | None = None) -> CallUsage:
        """Record one reply. The model name comes from the reply, else `model`.

        A reply without usage metadata (some local servers) counts as a call with 0 tokens.
        """
        input_tokens, output_tokens = _tokens_of(message)
        name = str(message.response_metadata.get("model_name") or model or "unknown")
        call = CallUsage(
            model=name,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            cost_usd=cost_usd(name, input_tokens, output_tokens, self.prices),
        )
        self.calls.append(call)
        tracker = self.parent
        while tracker is not None:
            tracker.calls.append(call)
            tracker = tracker.parent
        return call

    def record_tool_call(self, count: int = 1) -> None:
        """Count tool calls so `usage` reports them too."""
        self.tool_calls += count

    @property
    def usage(self) -> Usage:
        """Totals so far."""
        return Usage(
            llm_calls=len(self.calls),
            input_tokens=sum(c.input_tokens for c in self.calls),
            output_tokens=sum(c.output_tokens for c in self.calls),
            tool_calls=self.tool_calls,
            cost_usd=sum(c.cost_usd for c in self.calls),
        )

    def reset(self) -> None:
        """Forget every recorded call."""
        self.calls.clear()
        self.tool_calls = 0

    # --- callback form -------------------------------------------------------------------
    async def on_llm_end(self, response: LLMResult, **kwargs: Any) -> None:
        """Record each chat generation of a finished call (callback use)."""
        llm_output = response.llm_output or {}
        fallback = llm_output.get("model_name") if isinstance(llm_output, dict) else None
        for generations in response.generations:
            for generation in generations:
                if isinstance(generation, ChatGeneration):
                    self.record(generation.message, model=fallback)


def _tokens_of(message: BaseMessage) -> tuple[int, int]:
    metadata = getattr(message, "usage_metadata", None)
    if metadata:
        return int(metadata.get("input_tokens", 0)), int(metadata.get("output_tokens", 0))
    usage = message.response_metadata.get("token_usage") or {}
    if isinstance(usage, dict):
        return int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0)
    return 0, 0

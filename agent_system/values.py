"""Value types shared across layers, in a leaf module (it imports only pydantic).

`RetrySpec` (a tool's retry policy, used by the registry and the planner) and `Usage` (tokens,
calls and cost, used by the LLM layer and run results) live here so that `registry`, `llm` and
`planning` need not import one another for them. `agent_system.planning.models` re-exports both.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["RetrySpec", "Usage"]


class RetrySpec(BaseModel):
    """Exponential backoff: wait `min(backoff_s * multiplier**(n-1), max_backoff_s)` after try n."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_attempts: int = Field(default=1, ge=1, le=10)
    backoff_s: float = Field(default=0.2, ge=0)
    multiplier: float = Field(default=2.0, ge=1)
    max_backoff_s: float = Field(default=5.0, ge=0)

    def delay(self, attempt: int) -> float:
        """Seconds to wait after failed attempt number `attempt` (1-based)."""
        return min(self.backoff_s * self.multiplier ** (attempt - 1), self.max_backoff_s)


class Usage(BaseModel):
    """Tokens, calls and cost of a run (or part of one)."""

    llm_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    tool_calls: int = 0
    cost_usd: float = 0.0

    @property
    def total_tokens(self) -> int:
        """Input plus output tokens."""
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            llm_calls=self.llm_calls + other.llm_calls,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            tool_calls=self.tool_calls + other.tool_calls,
            cost_usd=self.cost_usd + other.cost_usd,
        )

"""Per-request budgets: tokens, cost and tool calls, reserved before a call and reconciled after.

```
budget = Budget.from_settings(settings)
reservation = budget.reserve_llm(estimate_tokens(messages))   # raises BudgetExceededError
reply = await model.ainvoke(messages)
budget.reconcile_llm(tracker.record(reply).as_usage(), reservation)
budget.reserve_tool()                                          # before each tool call
```

A reservation holds its estimate against the token limit while the call runs, so parallel calls
cannot together overshoot it by more than the estimates' error. Reconciling replaces the estimate
with what the call really used; it never raises (the reply is paid for, keep it), but once the
spend reaches a limit every further `reserve_llm` raises, so no more calls are made.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agent_system.errors import BudgetExceededError
from agent_system.values import Usage

if TYPE_CHECKING:
    from agent_system.config import Settings

__all__ = ["DEFAULT_OUTPUT_TOKENS", "Budget", "Reservation", "estimate_tokens"]

DEFAULT_OUTPUT_TOKENS = 256
"""Output tokens reserved for a call when the caller does not say."""

_CHARS_PER_TOKEN = 4


def estimate_tokens(
    messages: Sequence[Any] | str, output_tokens: int = DEFAULT_OUTPUT_TOKENS
) -> int:
    """A rough token estimate for a call: about 4 characters per token, plus `output_tokens`."""
    if isinstance(messages, str):
        chars = len(messages)
    else:
        chars = sum(len(str(getattr(m, "content", m))) + 4 for m in messages)
    return -(-chars // _CHARS_PER_TOKEN) + output_tokens


@dataclass(frozen=True)
class Reservation:
    """Tokens held for one LLM call until it is reconciled or released."""

    id: int
    tokens: int


class Budget:
    """Limits for one request; None means unlimited."""

    def __init__(
        self,
        tokens: int | None = None,
        cost_usd: float | None = None,
        tool_calls: int | None = None,
    ) -> None:
        self.tokens = tokens
        self.cost_usd = cost_usd
        self.tool_calls = tool_calls
        self._spent = Usage()
        self._reserved: dict[int, int] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    @classmethod
    def from_settings(cls, settings: Settings) -> Budget:
        """The per-request budget the settings ask for (`budget_tokens`, ...)."""
        return cls(settings.budget_tokens, settings.budget_cost_usd, settings.budget_tool_calls)

    # --- state ---------------------------------------------------------------------------
    @property
    def spent(self) -> Usage:
        """What reconciled calls and reserved tool calls have used."""
        with self._lock:
            return self._spent.model_copy()

    @property
    def reserved_tokens(self) -> int:
        """Tokens held by calls still running."""
        with self._lock:
            return sum(self._reserved.values())

    @property
    def remaining_tokens(self) -> int | None:
        """Tokens left after spend and reservations; None when unlimited."""
        if self.tokens is None:
            return None
        with self._lock:
            return self.tokens - self._spent.total_tokens - sum(self._reserved.values())

    @property
    def exhausted(self) -> bool:
        """True when a token or cost limit is reached: the next LLM call will be refused."""
        with self._lock:
            return self._llm_refusal(0) is not None

    # --- LLM calls -----------------------------------------------------------------------
    def reserve_llm(self, estimated_tokens: int) -> Reservation:
        """Hold `estimated_tokens` for a call, or raise `BudgetExceededError` if they do not fit."""
        if estimated_tokens < 0:
            raise ValueError(f"estimated_tokens must be >= 0, got {estimated_tokens}")
        with self._lock:
            refusal = self._llm_refusal(estimated_tokens)
            if refusal is not None:
                raise BudgetExceededError(refusal, details=self._details())
            reservation = Reservation(next(self._ids), estimated_tokens)
            self._reserved[reservation.id] = estimated_tokens
            return reservation

    def reconcile_llm(self, usage: Usage, reservation: Reservation | None = None) -> None:
        """Replace a reservation with what the call really used (never raises)."""
        with self._lock:
            if reservation is not None:
                self._reserved.pop(reservation.id, None)
            elif self._reserved:  # no handle: settle the oldest reservation
                self._reserved.pop(min(self._reserved))
            self._spent = self._spent + usage.model_copy(update={"tool_calls": 0})

    def release(self, reservation: Reservation) -> None:
        """Drop a reservation whose call failed before using anything."""
        with self._lock:
            self._reserved.pop(reservation.id, None)

    # --- tool calls ----------------------------------------------------------------------
    def reserve_tool(self) -> None:
        """Count one tool call, or raise `BudgetExceededError` when the limit is reached."""
        with self._lock:
            if self.tool_calls is not None and self._spent.tool_calls >= self.tool_calls:
                raise BudgetExceededError(
                    f"The tool-call budget of {self.tool_calls} is spent; no more tools will run "
                    "for this request. Raise AGENT_SYSTEM_BUDGET_TOOL_CALLS to allow more.",
                    details=self._details(),
                )
            self._spent = self._spent.model_copy(update={"tool_calls": self._spent.tool_calls + 1})

    # --- helpers -------------------------------------------------------------------------
    def _llm_refusal(self, estimated: int) -> str | None:
        if self.cost_usd is not None and self._spent.cost_usd >= self.cost_usd:
            return (
                f"The cost budget of ${self.cost_usd:.4f} is spent (${self._spent.cost_usd:.4f} "
                "used); no more LLM calls for this request. Raise AGENT_SYSTEM_BUDGET_COST_USD "
                "to allow more."
            )
        if self.tokens is not None:
            used = self._spent.total_tokens
            held = sum(self._reserved.values())
            if used >= self.tokens or used + held + estimated > self.tokens:
                return (
                    f"The token budget of {self.tokens} would be exceeded: {used} used, {held} "
                    f"reserved by running calls, and this call needs about {estimated}. Raise "
                    "AGENT_SYSTEM_BUDGET_TOKENS to allow more."
                )
        return None

    def _details(self) -> dict[str, Any]:
        return {
            "limits": {
                "tokens": self.tokens,
                "cost_usd": self.cost_usd,
                "tool_calls": self.tool_calls,
            },
            "spent": self._spent.model_dump(),
            "reserved_tokens": sum(self._reserved.values()),
        }

"""Circuit breakers: stop calling a tool that keeps failing, then try it again after a pause.

```
closed --(N consecutive failures)--> open --(cool-down passed)--> half-open
   ^                                   ^                              |
   +----------(trial call succeeds)----+----(trial call fails)--------+
```

While open, calls are refused with `CircuitOpenError`. Half-open lets exactly one trial call
through; others are refused until it ends.
"""

from __future__ import annotations

from enum import StrEnum

from agent_system.config import Settings
from agent_system.errors import CircuitOpenError
from agent_system.runtime import Clock, SystemClock

__all__ = ["BreakerBoard", "CircuitBreaker", "CircuitState"]


class CircuitState(StrEnum):
    """Where a breaker stands."""

    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


class CircuitBreaker:
    """The breaker of one tool. Time comes from `clock.monotonic()`."""

    def __init__(
        self,
        name: str,
        *,
        failures: int = 5,
        cooldown_s: float = 30.0,
        clock: Clock | None = None,
    ) -> None:
        if failures < 1:
            raise ValueError(f"failures must be at least 1, got {failures}")
        if cooldown_s < 0:
            raise ValueError(f"cooldown_s must not be negative, got {cooldown_s}")
        self.name = name
        self.failures = failures
        self.cooldown_s = cooldown_s
        self.clock: Clock = clock or SystemClock()
        self.consecutive_failures = 0
        self._opened_at: float | None = None
        self._trial_running = False

    @property
    def state(self) -> CircuitState:
        """Closed, open, or half-open (open and the cool-down has passed)."""
        if self._opened_at is None:
            return CircuitState.CLOSED
        if self.clock.monotonic() - self._opened_at >= self.cooldown_s:
            return CircuitState.HALF_OPEN
        return CircuitState.OPEN

    def retry_in(self) -> float:
        """Seconds until a trial call is allowed (0 when allowed now)."""
        if self._opened_at is None:
            return 0.0
        return max(0.0, self._opened_at + self.cooldown_s - self.clock.monotonic())

    def before_call(self, title: str = "") -> None:
        """Admit one call or raise `CircuitOpenError` (naming the service by `title`, the tool's
        user-facing name). Pair it with `record_*` or `release`."""
        state = self.state
        if state is CircuitState.CLOSED:
            return
        if state is CircuitState.HALF_OPEN and not self._trial_running:
            self._trial_running = True
            return
        raise CircuitOpenError(self.name, self.retry_in() or self.cooldown_s, title)

    def record_success(self) -> None:
        """A call succeeded: close the breaker."""
        self.consecutive_failures = 0
        self._opened_at = None
        self._trial_running = False

    def record_failure(self) -> None:
        """A call failed: open after N in a row, or at once after a failed trial call."""
        self.consecutive_failures += 1
        if self._trial_running or self.consecutive_failures >= self.failures:
            self._opened_at = self.clock.monotonic()
        self._trial_running = False

    def release(self) -> None:
        """A call ended without a verdict (cancelled): free the trial slot, keep the state."""
        self._trial_running = False


class BreakerBoard:
    """One `CircuitBreaker` per tool name, created on first use."""

    def __init__(
        self, failures: int = 5, cooldown_s: float = 30.0, clock: Clock | None = None
    ) -> None:
        self.failures = failures
        self.cooldown_s = cooldown_s
        self.clock: Clock = clock or SystemClock()
        self._breakers: dict[str, CircuitBreaker] = {}

    @classmethod
    def from_settings(cls, settings: Settings, clock: Clock | None = None) -> BreakerBoard:
        """A board using `breaker_failures` and `breaker_cooldown_s`."""
        return cls(settings.breaker_failures, settings.breaker_cooldown_s, clock)

    def get(self, tool: str) -> CircuitBreaker:
        """The breaker for `tool`."""
        breaker = self._breakers.get(tool)
        if breaker is None:
            breaker = CircuitBreaker(
                tool, failures=self.failures, cooldown_s=self.cooldown_s, clock=self.clock
            )
            self._breakers[tool] = breaker
        return breaker

    def states(self) -> dict[str, CircuitState]:
        """The state of every breaker created so far, by tool name."""
        return {name: b.state for name, b in sorted(self._breakers.items())}

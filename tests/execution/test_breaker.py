from __future__ import annotations

import pytest

from agent_system.errors import CircuitOpenError
from agent_system.execution._breaker import BreakerBoard, CircuitBreaker, CircuitState
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings


def state(b: CircuitBreaker) -> CircuitState:
    """The state, read fresh each time (mypy would narrow a repeated property read)."""
    return b.state


def breaker(clock: FakeClock, failures: int = 3) -> CircuitBreaker:
    return CircuitBreaker("weather.now", failures=failures, cooldown_s=10, clock=clock)


def test_the_breaker_opens_after_n_consecutive_failures_only() -> None:
    clock = FakeClock()
    b = breaker(clock)
    for _ in range(2):
        b.before_call()
        b.record_failure()
    b.before_call()
    b.record_success()  # a success resets the count
    for _ in range(2):
        b.before_call()
        b.record_failure()
    assert state(b) == CircuitState.CLOSED

    b.before_call()
    b.record_failure()

    assert state(b) == CircuitState.OPEN
    with pytest.raises(CircuitOpenError) as info:
        b.before_call("The weather service")
    assert info.value.message == (
        "The weather service isn't answering right now; try again in 10 seconds."
    )
    assert "'weather.now' is failing repeatedly" in info.value.details["detail"]
    assert "10.0 s" in info.value.details["detail"]


def test_half_open_admits_exactly_one_trial_call() -> None:
    clock = FakeClock()
    b = breaker(clock, failures=1)
    b.before_call()
    b.record_failure()
    clock.advance(9.5)
    assert state(b) == CircuitState.OPEN
    assert b.retry_in() == pytest.approx(0.5)

    with pytest.raises(
        CircuitOpenError,
        match=r"^That service isn't answering right now; try "
        r"again in 1 second\.$",
    ):
        b.before_call()  # no title: no tool name either

    clock.advance(0.5)
    assert state(b) == CircuitState.HALF_OPEN
    b.before_call()
    with pytest.raises(CircuitOpenError):
        b.before_call()

    b.record_success()
    assert state(b) == CircuitState.CLOSED
    b.before_call()


def test_a_failed_trial_reopens_for_a_full_cooldown() -> None:
    clock = FakeClock()
    b = breaker(clock, failures=3)
    for _ in range(3):
        b.before_call()
        b.record_failure()
    clock.advance(10)

    b.before_call()
    b.record_failure()

    assert state(b) == CircuitState.OPEN
    clock.advance(9.9)
    assert state(b) == CircuitState.OPEN
    clock.advance(0.1)
    assert state(b) == CircuitState.HALF_OPEN


def test_release_frees_the_trial_slot_of_a_cancelled_call() -> None:
    clock = FakeClock()
    b = breaker(clock, failures=1)
    b.before_call()
    b.record_failure()
    clock.advance(10)
    b.before_call()

    b.release()

    assert state(b) == CircuitState.HALF_OPEN
    b.before_call()


def test_the_board_keeps_one_breaker_per_tool_from_settings() -> None:
    clock = FakeClock()
    board = BreakerBoard.from_settings(
        make_settings(breaker_failures=1, breaker_cooldown_s=5), clock
    )
    board.get("a").record_failure()

    assert board.get("a") is board.get("a")
    assert board.states() == {"a": CircuitState.OPEN}
    assert board.get("b").state == CircuitState.CLOSED
    assert board.get("a").cooldown_s == 5


def test_invalid_breaker_settings_are_rejected() -> None:
    with pytest.raises(ValueError, match="failures must be at least 1"):
        CircuitBreaker("x", failures=0)

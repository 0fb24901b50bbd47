"""Shared fixtures for role tests: a fake clock on a Monday morning in Paris."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from agent_system.runtime import FakeClock, Runtime
from agent_system.testing import make_runtime

PARIS = ZoneInfo("Europe/Paris")
MONDAY_9AM = datetime(2026, 1, 5, 9, 0, tzinfo=PARIS)


@pytest.fixture
def clock() -> FakeClock:
    """Monday 5 January 2026, 09:00 in Paris; tests move it by hand."""
    return FakeClock(MONDAY_9AM, tz=PARIS)


@pytest.fixture
def runtime(clock: FakeClock) -> Runtime:
    """A runtime on the fake clock with an in-memory database."""
    return make_runtime(clock=clock)

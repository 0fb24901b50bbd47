"""Shared fixtures for role tests: a fake clock on a Monday morning in Paris, and a whole system
on a Monday morning (a test file may define its own ``system``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock, Runtime
from agent_system.testing import make_runtime, make_settings

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


MONDAY_MORNING = datetime(2026, 3, 2, 9, 0)
"""Monday 2 March 2026, 09:00 in the settings' zone: the timer phrasing tests' clock."""


@pytest.fixture
async def system(tmp_path: Path) -> AsyncIterator[AgentSystem]:
    """An offline system in a fresh home, its clock stopped at `MONDAY_MORNING`."""
    clock = FakeClock(MONDAY_MORNING)
    async with AgentSystem(make_settings(tmp_path / "home"), clock=clock) as engine:
        yield engine

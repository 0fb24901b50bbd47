"""Shared fixtures: no network, no real keys, a fresh data directory per test."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from agent_system.api import AgentSystem

_SCRUB = ("OPENAI_API_KEY", "OPENAI_BASE_URL")
POSTGRES_URL = os.environ.get("AGENT_SYSTEM_TEST_POSTGRES_URL")
"""The test PostgreSQL server's database URL, read before `_isolated_env` clears it."""


def _isolate(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    for name in list(os.environ):
        if name.startswith("AGENT_SYSTEM_") or name in _SCRUB:
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AGENT_SYSTEM_HOME", str(home))
    monkeypatch.setenv("AGENT_SYSTEM_TIMEZONE", "UTC")
    monkeypatch.setenv("AGENT_SYSTEM_LOAD_ENTRY_POINTS", "false")


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test gets its own AGENT_SYSTEM_HOME and no LLM credentials."""
    _isolate(monkeypatch, tmp_path / "home")
    yield


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    """Run anyio tests on asyncio only (module scope: module-scoped async fixtures use it)."""
    return "asyncio"


@pytest.fixture(scope="module")
async def system(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[AgentSystem]:
    """One offline `AgentSystem` per test module, on a fake clock (Monday 5 January 2026, 09:00
    UTC), for tests that plan or ask without changing its data. A module whose tests change
    data (timers, lists...) defines its own per-test ``system``."""
    from agent_system.api import AgentSystem
    from agent_system.runtime import FakeClock
    from agent_system.testing import make_settings

    home = tmp_path_factory.mktemp("system") / "home"
    with pytest.MonkeyPatch.context() as env:  # as `_isolated_env`, which is per test
        _isolate(env, home)
        engine = AgentSystem(make_settings(home), clock=FakeClock())
        await engine.__aenter__()
    try:
        yield engine
    finally:
        await engine.__aexit__(None, None, None)


@pytest.fixture
def fresh_database() -> Iterator[str]:
    """The URL of a new, empty database on the test PostgreSQL server (dropped afterwards)."""
    if not POSTGRES_URL:
        pytest.skip("AGENT_SYSTEM_TEST_POSTGRES_URL is not set")
    import psycopg

    name = f"agent_system_test_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield POSTGRES_URL.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(autouse=True)
def _stage_gates_checked() -> Iterator[None]:
    """Every first stage its gate turns away runs anyway; a claim it makes fails the test
    (agent_system/understanding/_gate.py)."""
    from agent_system.understanding import _gate

    _gate.CHECKING[0] = True
    _gate.MISSES.clear()
    yield
    missed = list(_gate.MISSES)
    _gate.MISSES.clear()
    assert missed == [], f"a first stage claims what its gate turned away: {missed}"

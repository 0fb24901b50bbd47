"""Shared fixtures: no network, no real keys, a fresh data directory per test."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

_SCRUB = ("OPENAI_API_KEY", "OPENAI_BASE_URL")
POSTGRES_URL = os.environ.get("AGENT_SYSTEM_TEST_POSTGRES_URL")
"""The test PostgreSQL server's database URL, read before `_isolated_env` clears it."""


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test gets its own AGENT_SYSTEM_HOME and no LLM credentials."""
    for name in list(os.environ):
        if name.startswith("AGENT_SYSTEM_") or name in _SCRUB:
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AGENT_SYSTEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("AGENT_SYSTEM_TIMEZONE", "UTC")
    monkeypatch.setenv("AGENT_SYSTEM_LOAD_ENTRY_POINTS", "false")
    yield


@pytest.fixture
def anyio_backend() -> str:
    """Run anyio tests on asyncio only."""
    return "asyncio"


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

"""Shared fixtures: no network, no real keys, a fresh data directory per test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

_SCRUB = ("OPENAI_API_KEY", "OPENAI_BASE_URL")


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

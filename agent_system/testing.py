"""Helpers for tests of agent-system and of plugins: a runtime built from fakes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from agent_system._storage import Database
from agent_system.config import Settings
from agent_system.runtime import Clock, FakeClock, Runtime

__all__ = ["make_runtime", "make_settings"]


def make_settings(home: Path | str | None = None, **overrides: Any) -> Settings:
    """Settings for tests: UTC, no plugins from entry points, data in `home`."""
    values: dict[str, Any] = {"timezone": "UTC", "load_entry_points": False}
    if home is not None:
        values["home"] = Path(home)
    values.update(overrides)
    return Settings(**values)


def make_runtime(
    settings: Settings | None = None,
    *,
    clock: Clock | None = None,
    http: httpx.AsyncClient | None = None,
    db: Database | None = None,
    chat_model: Any = None,
) -> Runtime:
    """A `Runtime` with an in-memory database and store, a fake clock and a plain httpx client.

    Wrap the test in ``respx.mock`` so the HTTP client never reaches the network.
    """
    from langgraph.store.memory import InMemoryStore

    settings = settings or make_settings()
    return Runtime(
        settings=settings,
        clock=clock or FakeClock(),
        http=http or httpx.AsyncClient(timeout=settings.http_timeout_s),
        db=db or Database(":memory:"),
        store=InMemoryStore(),
        chat_model=chat_model,
    )

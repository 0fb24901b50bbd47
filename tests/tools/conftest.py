"""Fixtures for the core tools: a runtime of fakes and a context per user and thread."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from agent_system.registry.spec import ToolContext
from agent_system.runtime import FakeClock, Runtime
from agent_system.testing import make_runtime, make_settings


@pytest.fixture
def clock() -> FakeClock:
    """A fake clock; sleeps advance it instantly."""
    return FakeClock()


@pytest.fixture
async def runtime(clock: FakeClock) -> AsyncIterator[Runtime]:
    """An offline runtime with an in-memory store and a webhook URL configured."""
    rt = make_runtime(make_settings(webhook_url="https://hooks.example.test/notify"), clock=clock)
    yield rt
    await rt.http.aclose()


@pytest.fixture
def context(runtime: Runtime) -> Callable[..., ToolContext]:
    """Build a `ToolContext` on the shared runtime: ``context(user="alice", thread="t1")``."""

    def build(user: str | None = "alice", thread: str = "thread-1") -> ToolContext:
        return ToolContext(runtime=runtime, user=user, thread_id=thread)

    return build

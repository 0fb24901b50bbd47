"""Fixtures for the router tests (the fakes live in `tests.routing.fakes`)."""

from __future__ import annotations

import pytest

from agent_system.routing._embedded import EmbeddedRouter, load_default_router


@pytest.fixture(scope="module")
def router() -> EmbeddedRouter:
    """The embedded router with the shipped model."""
    return load_default_router()

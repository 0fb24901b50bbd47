"""The runtime's HTTP client: its TLS set-up waits for the first request."""

from __future__ import annotations

import httpx
import pytest
import respx

from agent_system._http import http_client

pytestmark = pytest.mark.anyio


async def test_the_client_sets_up_its_transport_on_the_first_request() -> None:
    client = http_client(5.0)
    transport = client._transport
    assert getattr(transport, "_transport", "missing") is None  # nothing built yet
    with respx.mock:
        respx.get("https://example.org/ping").respond(200, text="pong")
        response = await client.get("https://example.org/ping")
    assert response.text == "pong"
    assert isinstance(getattr(transport, "_transport", None), httpx.AsyncHTTPTransport)
    await client.aclose()


async def test_a_client_never_used_closes_cleanly() -> None:
    await http_client(5.0).aclose()


async def test_a_proxy_named_in_the_environment_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.invalid:3128")
    client = http_client(5.0)
    assert any(
        isinstance(mounted, httpx.AsyncHTTPTransport) for mounted in client._mounts.values()
    )  # httpx's own proxy transport, as without this module
    await client.aclose()

"""The HTTP client tools share, with its TLS set up on the first request.

`httpx.AsyncClient()` loads the CA bundle into a TLS context when it is made: some 20 ms of CPU
(more the first time, with `certifi`'s import), paid by every process that opens a system, most of
which (a timer, a light, a list) never make a request. Here the transport is built on the first
request instead. When the environment names a proxy, the client is httpx's own (a client given
a transport ignores the proxy variables).
"""

from __future__ import annotations

from urllib.request import getproxies

import httpx

__all__ = ["http_client"]


class _TransportOnFirstUse(httpx.AsyncBaseTransport):
    """httpx's default transport, made when the first request goes out."""

    def __init__(self) -> None:
        self._transport: httpx.AsyncHTTPTransport | None = None

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if self._transport is None:
            self._transport = httpx.AsyncHTTPTransport()
        return await self._transport.handle_async_request(request)

    async def aclose(self) -> None:
        if self._transport is not None:
            await self._transport.aclose()


def http_client(timeout_s: float) -> httpx.AsyncClient:
    """The runtime's client: `timeout_s` per request, redirects followed."""
    if getproxies():  # the environment names a proxy: httpx reads it only for its own transport
        return httpx.AsyncClient(timeout=timeout_s, follow_redirects=True)
    return httpx.AsyncClient(
        timeout=timeout_s, follow_redirects=True, transport=_TransportOnFirstUse()
    )

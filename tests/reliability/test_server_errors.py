"""An unexpected error answers the standard JSON 500 and leaves the keep-alive connection usable.

It used to answer 500 and then drop the connection without ``Connection: close`` (Starlette's
error middleware re-raised into uvicorn), so a client's next request on it failed with a reset.
"""

from __future__ import annotations

import json
import socket
from urllib.parse import urlparse

import pytest

from .conftest import ServerFactory

KEY = "sk-test-server-errors-0123456789"


def _request(path: str) -> bytes:
    return (
        f"GET {path} HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {KEY}\r\n"
        "Connection: keep-alive\r\n\r\n"
    ).encode()


def _read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed after {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed mid-body")
        body += chunk
    return int(lines[0].split()[1]), headers, body


def test_a_500_keeps_the_connection_usable(
    server_factory: ServerFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = server_factory([KEY])

    async def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("bug in a dependency")

    monkeypatch.setattr(server.system, "athreads", broken)
    url = urlparse(server.url)
    with socket.create_connection((url.hostname, url.port), timeout=10) as sock:
        sock.sendall(_request("/v1/threads"))
        status, headers, body = _read_response(sock)
        assert status == 500
        error = json.loads(body)["error"]
        assert error["message"] == "Internal server error."
        assert "bug in a dependency" not in body.decode()
        if headers.get("connection", "").lower() != "close":  # else it must really be usable
            for _ in range(2):
                sock.sendall(_request("/healthz"))
                status, _, body = _read_response(sock)
                assert status == 200, body
        # Either way, the server answers new connections.
    with socket.create_connection((url.hostname, url.port), timeout=10) as sock:
        sock.sendall(_request("/healthz"))
        assert _read_response(sock)[0] == 200

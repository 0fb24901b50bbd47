"""A light HTTP/1.1 load generator for the server benchmark (loopback, keep-alive).

The server and the load generator share the machine's cores. An httpx client spends about as
much CPU per request as the bare FastAPI endpoint does to answer it, so under load it took a core
the server could have used and its own queueing showed up in the latencies measured (the bare
endpoint's p99 was 6x its p50). Here each client is one keep-alive connection writing a
prepared request and reading the answer with asyncio streams: a few tens of microseconds per
request. Only what the benchmark sends is supported: a POST with a JSON body, answers with a
``Content-Length`` (a chunked or unreadable answer counts as an error and the connection is
opened again).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Outcome", "post_json_load"]


@dataclass
class Outcome:
    """What one load run saw: latencies (s) of the 200 answers, errors by status or kind."""

    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    client_cpu_s: float = 0.0
    """CPU time of the load generator's process while it ran (its own cost, not the server's)."""

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


class _BadAnswer(Exception):
    pass


def _request(host: str, port: int, path: str, body: bytes) -> bytes:
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
        f"Accept: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("ascii") + body


async def _answer(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """Status and body of one answer; `_BadAnswer` when it cannot be read."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/1."):
        raise _BadAnswer("status line")
    length: int | None = None
    closes = False
    for line in lines[1:]:
        name, _, value = line.partition(":")
        name = name.strip().lower()
        if name == "content-length":
            length = int(value.strip())
        elif name == "connection" and value.strip().lower() == "close":
            closes = True
    if length is None:
        raise _BadAnswer("no content-length")
    body = await reader.readexactly(length)
    if closes:
        raise _BadAnswer("closed")  # answered, but the connection must be opened again
    return int(parts[1]), body


async def post_json_load(
    host: str,
    port: int,
    path: Callable[[int], str],
    body: bytes,
    *,
    clients: int,
    duration_s: float,
    max_requests: int,
    check: Callable[[bytes], bool] | None = None,
) -> Outcome:
    """`clients` connections POSTing `body` to ``path(client)`` one request at a time each,
    for `duration_s` or until `max_requests` answers; a 200 whose body fails `check` is an
    error ("bad body")."""
    outcome = Outcome()
    stop_at = time.perf_counter() + duration_s

    async def client(number: int) -> None:
        request = _request(host, port, path(number), body)
        reader: asyncio.StreamReader | None = None
        writer: asyncio.StreamWriter | None = None
        try:
            while time.perf_counter() < stop_at and len(outcome.latencies) < max_requests:
                if writer is None:
                    reader, writer = await asyncio.open_connection(host, port)
                assert reader is not None
                started = time.perf_counter()
                try:
                    writer.write(request)
                    status, answer = await _answer(reader)
                except (OSError, asyncio.IncompleteReadError, ValueError, _BadAnswer) as exc:
                    outcome.error(type(exc).__name__)
                    writer.close()
                    reader = writer = None
                    continue
                if status != 200:
                    outcome.error(str(status))
                elif check is not None and not check(answer):
                    outcome.error("bad body")
                else:
                    outcome.latencies.append(time.perf_counter() - started)
        finally:
            if writer is not None:
                writer.close()
                with contextlib.suppress(OSError):
                    await writer.wait_closed()

    cpu = time.process_time()
    await asyncio.gather(*(client(n) for n in range(clients)))
    outcome.client_cpu_s = time.process_time() - cpu
    return outcome

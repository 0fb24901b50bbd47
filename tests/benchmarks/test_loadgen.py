"""The server benchmark's load generator: counts only good answers, survives bad ones."""

from __future__ import annotations

import asyncio

from benchmarks._loadgen import post_json_load


async def _serve(answers: list[bytes]) -> tuple[asyncio.Server, int, list[bytes]]:
    """A loopback server answering each request with the next of `answers` (cycling)."""
    seen: list[bytes] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = next(
                    int(line.split(b":", 1)[1])
                    for line in head.split(b"\r\n")
                    if line.lower().startswith(b"content-length:")
                )
                seen.append(head.split(b"\r\n", 1)[0] + b" " + await reader.readexactly(length))
                answer = answers[(len(seen) - 1) % len(answers)]
                writer.write(answer)
                await writer.drain()
                if b"Connection: close" in answer:
                    writer.close()
                    return
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    return server, port, seen


def _answer(status: str, body: bytes, extra: str = "") -> bytes:
    head = f"HTTP/1.1 {status}\r\nContent-Length: {len(body)}\r\n{extra}\r\n"
    return head.encode() + body


def test_only_200_answers_with_a_good_body_are_timed_and_errors_are_counted() -> None:
    async def main() -> None:
        answers = [
            _answer("200 OK", b'{"status":"success"}'),
            _answer("429 Too Many Requests", b"{}"),
            _answer("200 OK", b'{"status":"failure"}'),  # fails the check
            _answer("413 Payload Too Large", b"{}", "Connection: close\r\n"),
        ]
        server, port, seen = await _serve(answers)
        async with server:
            outcome = await post_json_load(
                "127.0.0.1",
                port,
                lambda n: f"/v1/threads/c{n}/runs",
                b'{"text":"hi"}',
                clients=1,
                duration_s=30.0,
                max_requests=3,
                check=lambda body: b'"success"' in body,
            )
        assert len(outcome.latencies) == 3 and len(seen) == 9  # stops at 3 good answers
        assert outcome.errors == {"429": 2, "bad body": 2, "_BadAnswer": 2}  # reconnected
        assert seen[0] == b'POST /v1/threads/c0/runs HTTP/1.1 {"text":"hi"}'
        assert all(0 < s < 30 for s in outcome.latencies) and outcome.client_cpu_s > 0

    asyncio.run(main())

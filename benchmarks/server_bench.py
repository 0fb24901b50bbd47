"""Server load test over loopback: fast-reply throughput, latency, and memory per open thread.

Starts `benchmarks._serve` (the real app on uvicorn, 127.0.0.1 only, a free port) in a child
process, drives it with 32 concurrent clients for a bounded time, then opens many new threads
and reads the server's RSS before and after. The child is stopped by its own pid.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from benchmarks.overhead import FAST_REPLY_TEXT
from benchmarks.stats import summary_ms

__all__ = ["SERVE_COMMAND", "server_benchmark"]

SERVE_COMMAND = "python -m benchmarks._serve --port 8765 --home /tmp/bench-home"
HOST = "127.0.0.1"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _wait_ready(client: httpx.AsyncClient, proc: asyncio.subprocess.Process) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.returncode is not None:
            raise RuntimeError(f"the benchmark server exited with code {proc.returncode}")
        try:
            if (await client.get("/healthz")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        await asyncio.sleep(0.2)
    raise RuntimeError("the benchmark server did not answer /healthz within 60 s")


async def _load(
    client: httpx.AsyncClient, clients: int, duration_s: float, max_requests: int
) -> dict[str, Any]:
    latencies: list[float] = []
    errors: dict[str, int] = {}
    stop_at = time.perf_counter() + duration_s

    async def worker() -> None:
        thread = f"load-{uuid.uuid4()}"
        while time.perf_counter() < stop_at and len(latencies) < max_requests:
            started = time.perf_counter()
            try:
                response = await client.post(
                    f"/v1/threads/{thread}/runs", json={"text": FAST_REPLY_TEXT}
                )
                if response.status_code == 200:
                    latencies.append(time.perf_counter() - started)
                else:
                    errors[str(response.status_code)] = errors.get(str(response.status_code), 0) + 1
            except httpx.HTTPError as exc:
                errors[type(exc).__name__] = errors.get(type(exc).__name__, 0) + 1

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(clients)))
    elapsed = time.perf_counter() - started
    return {
        "clients": clients,
        "duration_s": elapsed,
        "requests": len(latencies),
        "rps": len(latencies) / elapsed if elapsed else 0.0,
        "errors": errors,
        **summary_ms(latencies),
    }


async def _open_threads(client: httpx.AsyncClient, pid: int, count: int) -> dict[str, Any]:
    before = _rss_kb(pid)
    sem = asyncio.Semaphore(8)

    async def one() -> bool:
        async with sem:
            try:
                response = await client.post(
                    f"/v1/threads/mem-{uuid.uuid4()}/runs", json={"text": FAST_REPLY_TEXT}
                )
            except httpx.HTTPError:
                return False
            return response.status_code == 200

    ok = sum(await asyncio.gather(*(one() for _ in range(count))))
    after = _rss_kb(pid)
    return {
        "threads": ok,
        "failed": count - ok,
        "rss_before_kb": before,
        "rss_after_kb": after,
        "kb_per_thread": (after - before) / ok if ok else float("nan"),
    }


async def server_benchmark(
    *,
    clients: int = 32,
    duration_s: float = 10.0,
    threads: int = 500,
    progress: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Start the server, load it, measure memory per thread, stop it."""
    port = _free_port()
    home = Path(tempfile.mkdtemp(prefix="agent-system-serve-"))
    log_file = (home / "server.log").open("wb")
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "benchmarks._serve", "--port", str(port), "--home", str(home)),
        stdout=subprocess.DEVNULL,
        stderr=log_file,
    )
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    try:
        async with httpx.AsyncClient(
            base_url=f"http://{HOST}:{port}", limits=limits, timeout=60.0
        ) as client:
            await _wait_ready(client, proc)
            await _load(client, clients, min(1.0, duration_s), 200)  # warm-up
            load = await _load(client, clients, duration_s, 100_000)
            progress(f"server: {load['rps']:.0f} req/s, p99 {load['p99_ms']:.0f} ms")
            memory = await _open_threads(client, proc.pid, threads)
    finally:
        if proc.returncode is None:
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), timeout=30)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        log_file.close()
    log = (home / "server.log").read_text(errors="replace")
    shutil.rmtree(home, ignore_errors=True)
    return {
        "load": load,
        "memory": memory,
        "server_errors": {
            "tracebacks": log.count("Traceback (most recent call last)"),
            "database is locked": log.count("database is locked"),
        },
    }

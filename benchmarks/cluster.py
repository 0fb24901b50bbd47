"""Several server workers on one database: fast replies per second, CPU per request, p99.

    python -m benchmarks.cluster --workers 1 2 4 --requests 400 \\
        --database-url postgresql://postgres:postgres@127.0.0.1:5432/agent_system_test
    python -m benchmarks.cluster --workers 1 --requests 400          # SQLite, one worker

Each worker is a real server process (``python -m benchmarks.cluster serve``: the real app, the
built-in roles and tools, the embedded router, no LLM) with its own data directory, on a fresh
PostgreSQL database per worker count (or one SQLite home). A load generator in this process sends
``set a timer for 10 minutes`` (a fast reply whose tool writes a timer to the repository) from
`--clients` concurrent clients, round-robin over the workers, each client on its own thread.
CPU per request is the workers' user+system CPU time over the measured requests (read from
/proc), so the load generator's own CPU is not in it. On a 2-core machine the load generator
shares the cores with the workers: more workers bring correctness, not throughput.
Prints one JSON line per worker count and a Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

from benchmarks.stats import summary_ms

TEXT = "set a timer for 10 minutes"
KEY = "sk-bench-0123456789abcdef"


def _serve(port: int) -> None:
    """One worker: the real app on 127.0.0.1:`port` with settings from the environment."""
    import uvicorn

    from agent_system.config import Settings
    from agent_system.server._app import create_app

    settings = Settings(rate_limit_per_minute=10_000_000)
    uvicorn.run(
        create_app(settings), host="127.0.0.1", port=port, log_level="warning", access_log=False
    )


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def _database(url: str | None) -> Any:
    """A fresh database on the server of `url` (dropped afterwards), or None for SQLite."""
    if url is None:
        yield None
        return
    import psycopg

    name = f"agent_system_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _start(count: int, database_url: str | None, root: Path) -> list[tuple[Any, str]]:
    procs = []
    for n in range(count):
        port = _free_port()
        env = {
            **os.environ,
            "AGENT_SYSTEM_HOME": str(root if database_url is None else root / f"w{n}"),
            "AGENT_SYSTEM_API_KEYS": KEY,
            "AGENT_SYSTEM_LOAD_ENTRY_POINTS": "false",
        }
        env.pop("AGENT_SYSTEM_DATABASE_URL", None)
        if database_url:
            env["AGENT_SYSTEM_DATABASE_URL"] = database_url
        command = [sys.executable, "-m", "benchmarks.cluster", "serve", "--port", str(port)]
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        procs.append((proc, f"http://127.0.0.1:{port}"))
    for proc, url in procs:
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"worker {url} exited with {proc.returncode}")
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError(f"worker {url} did not start")
            time.sleep(0.2)
    return procs


async def _load(urls: list[str], clients: int, requests: int) -> dict[str, Any]:
    latencies: list[float] = []
    errors: dict[str, int] = {}
    sent = 0
    auth = {"Authorization": f"Bearer {KEY}"}

    async def client(n: int, http: httpx.AsyncClient) -> None:
        nonlocal sent
        thread = f"bench-{n}-{uuid.uuid4().hex[:6]}"
        while sent < requests:
            url = urls[sent % len(urls)]
            sent += 1
            started = time.perf_counter()
            try:
                reply = await http.post(
                    f"{url}/v1/threads/{thread}/runs", json={"text": TEXT}, headers=auth
                )
                if reply.status_code == 200 and reply.json().get("status") == "success":
                    latencies.append(time.perf_counter() - started)
                else:
                    errors[str(reply.status_code)] = errors.get(str(reply.status_code), 0) + 1
            except httpx.HTTPError as exc:
                errors[type(exc).__name__] = errors.get(type(exc).__name__, 0) + 1

    async with httpx.AsyncClient(timeout=60) as http:
        started = time.perf_counter()
        await asyncio.gather(*(client(n, http) for n in range(clients)))
        elapsed = time.perf_counter() - started
    return {
        "requests": len(latencies),
        "errors": errors,
        "seconds": round(elapsed, 2),
        "replies_per_s": round(len(latencies) / elapsed, 1),
        **summary_ms(latencies),
    }


def measure(count: int, database_url: str | None, clients: int, requests: int) -> dict[str, Any]:
    """Start `count` workers, warm them up, measure `requests` fast replies, stop them."""
    with _database(database_url) as url, tempfile.TemporaryDirectory() as tmp:
        procs = _start(count, url, Path(tmp))
        try:
            urls = [u for _, u in procs]
            asyncio.run(_load(urls, clients, 10 * count))  # warm-up: models, pools, caches
            before = sum(_cpu_s(p.pid) for p, _ in procs)
            result = asyncio.run(_load(urls, clients, requests))
            cpu = sum(_cpu_s(p.pid) for p, _ in procs) - before
        finally:
            for proc, _ in procs:
                proc.terminate()
            for proc, _ in procs:
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()
    done = max(result["requests"], 1)
    engine = "postgresql" if database_url else "sqlite"
    return {
        "workers": count,
        "engine": engine,
        "clients": clients,
        **result,
        "cpu_ms_per_request": round(cpu * 1000 / done, 2),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (or one worker with ``serve``)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cluster")
    parser.add_argument("mode", nargs="?", default="bench", choices=["bench", "serve"])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--database-url", default=None, help="PostgreSQL; default: SQLite")
    args = parser.parse_args(argv)
    if args.mode == "serve":
        _serve(args.port)
        return 0
    rows = []
    for count in args.workers:
        row = measure(count, args.database_url, args.clients, args.requests)
        print(json.dumps(row), flush=True)
        rows.append(row)
    print("\n| engine | workers | replies/s | p50 ms | p99 ms | CPU ms/request | errors |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(
            f"| {row['engine']} | {row['workers']} | {row['replies_per_s']} | "
            f"{row.get('p50_ms', 0):.1f} | {row.get('p99_ms', 0):.1f} | "
            f"{row['cpu_ms_per_request']} | {sum(row['errors'].values())} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

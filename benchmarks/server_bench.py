"""Server load test over loopback: fast-reply throughput, latency, CPU per request, memory.

Starts `benchmarks._serve` (the real app on uvicorn with the options `agent-system serve` uses,
127.0.0.1 only, a free port) in a child process, and beside it, in the same run, a bare FastAPI
endpoint on the same server stack (``_serve --bare``). Each is driven by 32 concurrent clients
(`benchmarks._loadgen`: keep-alive connections costing a few tens of microseconds of CPU per
request, so the load generator takes little of the cores the server runs on) for a bounded
time, in alternating rounds; the server process's own CPU time (``/proc/<pid>/stat``) over the
requests it answered is the steady figure on a shared machine (the load generator runs beside
it; its own CPU per request is reported too). Then many new threads are opened on the product's
server and its RSS read before and after. Children are stopped by their own pid.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
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

from benchmarks._loadgen import post_json_load
from benchmarks.overhead import FAST_REPLY_TEXT
from benchmarks.stats import summary_ms

__all__ = ["SERVE_COMMAND", "server_benchmark", "server_stack"]

SERVE_COMMAND = "python -m benchmarks._serve --port 8765 --home /tmp/bench-home"
HOST = "127.0.0.1"

WORKERS = "agent-system, worker processes"


def server_stack() -> dict[str, str]:
    """The event loop and HTTP parser uvicorn picks here ("auto"): uvloop and httptools when
    installed (``pip install 'agent-system[fast]'``), else asyncio and h11."""
    import importlib.util

    def found(name: str) -> bool:
        return importlib.util.find_spec(name) is not None

    return {
        "loop": "uvloop" if found("uvloop") else "asyncio",
        "http": "httptools" if found("httptools") else "h11",
    }


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds of process `pid` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _tree_cpu_s(pid: int) -> float:
    """`_cpu_s` of process `pid` and of its children (a server's worker processes)."""
    total = _cpu_s(pid)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        if int(fields[1]) == pid:
            total += _tree_cpu_s(int(entry.name))
    return total


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _wait_ready(client: httpx.AsyncClient, proc: asyncio.subprocess.Process) -> None:
    deadline = time.monotonic() + 180  # a loaded shared machine imports slowly
    while time.monotonic() < deadline:
        if proc.returncode is not None:
            raise RuntimeError(f"the benchmark server exited with code {proc.returncode}")
        try:
            if (await client.get("/healthz")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        await asyncio.sleep(0.2)
    raise RuntimeError("the benchmark server did not answer /healthz within 180 s")


def _succeeded(answer: bytes) -> bool:
    """A fast reply that ran (the bare endpoint's fixed answer says the same)."""
    return b'"status":"success"' in answer


async def _load(
    target: tuple[str, int], clients: int, duration_s: float, max_requests: int
) -> dict[str, Any]:
    """`clients` keep-alive connections, each POSTing the fast-reply request to its own thread
    (one thread per client: after its first request a thread has history)."""
    run = uuid.uuid4().hex[:12]
    started = time.perf_counter()
    outcome = await post_json_load(
        *target,
        lambda n: f"/v1/threads/load-{run}-{n}/runs",
        json.dumps({"text": FAST_REPLY_TEXT}).encode(),
        clients=clients,
        duration_s=duration_s,
        max_requests=max_requests,
        check=_succeeded,
    )
    elapsed = time.perf_counter() - started
    latencies = outcome.latencies
    return {
        "clients": clients,
        "duration_s": elapsed,
        "requests": len(latencies),
        "rps": len(latencies) / elapsed if elapsed else 0.0,
        "errors": outcome.errors,
        "client_cpu_s": outcome.client_cpu_s,
        **summary_ms(latencies),
        "samples_s": latencies,
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


class _Server:
    """One `benchmarks._serve` child process (``bare``: the bare FastAPI endpoint)."""

    def __init__(self, bare: bool, workers: int = 1) -> None:
        self.bare = bare
        self.workers = workers
        self.port = _free_port()
        self.home = Path(tempfile.mkdtemp(prefix="agent-system-serve-"))
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self.log_file = (self.home / "server.log").open("wb")
        args = ["-m", "benchmarks._serve", "--port", str(self.port), "--home", str(self.home)]
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            *args,
            *(["--bare"] if self.bare else []),
            *(["--workers", str(self.workers)] if self.workers > 1 else []),
            stdout=subprocess.DEVNULL,  # the access log (on, as `agent-system serve` has it)
            stderr=self.log_file,
        )

    async def stop(self) -> str:
        proc = self.proc
        if proc is not None and proc.returncode is None:
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), timeout=30)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        self.log_file.close()
        log = (self.home / "server.log").read_text(errors="replace")
        shutil.rmtree(self.home, ignore_errors=True)
        return log


async def _measured_load(
    target: tuple[str, int], pid: int, clients: int, duration_s: float
) -> dict[str, Any]:
    before = _tree_cpu_s(pid)
    load = await _load(target, clients, duration_s, 100_000)
    cpu = _tree_cpu_s(pid) - before
    load["server_cpu_s"] = cpu
    load["cpu_ms_per_request"] = cpu * 1000 / load["requests"] if load["requests"] else math.nan
    return load


def _combine(loads: list[dict[str, Any]], latencies: list[float]) -> dict[str, Any]:
    requests = sum(x["requests"] for x in loads)
    seconds = sum(x["duration_s"] for x in loads)
    cpu = sum(x["server_cpu_s"] for x in loads)
    client_cpu = sum(x.get("client_cpu_s", 0.0) for x in loads)
    errors: dict[str, int] = {}
    for x in loads:
        for k, v in x["errors"].items():
            errors[k] = errors.get(k, 0) + v
    return {
        "clients": loads[0]["clients"],
        "rounds": len(loads),
        "duration_s": seconds,
        "requests": requests,
        "rps": requests / seconds if seconds else 0.0,
        "errors": errors,
        "server_cpu_s": cpu,
        "cpu_ms_per_request": cpu * 1000 / requests if requests else math.nan,
        "capacity_rps_per_core": requests / cpu if cpu else math.nan,
        "client_cpu_ms_per_request": client_cpu * 1000 / requests if requests else math.nan,
        "cpu_ms_per_request_by_round": [
            x["server_cpu_s"] * 1000 / x["requests"] if x["requests"] else math.nan for x in loads
        ],
        **summary_ms(latencies),
    }


async def server_benchmark(
    *,
    clients: int = 32,
    duration_s: float = 10.0,
    threads: int = 500,
    rounds: int = 2,
    workers: int = 2,
    progress: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Start the product's server (one process, and `workers` worker processes when more than
    one) and a bare FastAPI one; load them in turns; measure memory per thread on the
    product's; stop them."""
    servers = {"agent-system": _Server(bare=False), "bare FastAPI": _Server(bare=True)}
    if workers > 1:
        servers[WORKERS] = _Server(bare=False, workers=workers)
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    loads: dict[str, list[dict[str, Any]]] = {name: [] for name in servers}
    samples: dict[str, list[float]] = {name: [] for name in servers}
    logs: dict[str, str] = {}
    memory: dict[str, Any] = {}
    try:
        for server in servers.values():
            await server.start()
        ready: dict[str, httpx.AsyncClient] = {}
        for name, server in servers.items():
            ready[name] = httpx.AsyncClient(
                base_url=f"http://{HOST}:{server.port}", limits=limits, timeout=60.0
            )
            assert server.proc is not None
            await _wait_ready(ready[name], server.proc)
            await _load((HOST, server.port), clients, min(1.0, duration_s), 200)  # warm-up
        names = list(servers)
        for n in range(rounds):
            for name in names if n % 2 == 0 else names[::-1]:
                pid = servers[name].proc.pid  # type: ignore[union-attr]
                target = (HOST, servers[name].port)
                load = await _measured_load(target, pid, clients, duration_s / rounds)
                samples[name].extend(load.pop("samples_s"))
                loads[name].append(load)
        for name in names:
            total = _combine(loads[name], samples[name])
            progress(
                f"server ({name}): {total['rps']:.0f} req/s, p99 {total['p99_ms']:.0f} ms, "
                f"{total['cpu_ms_per_request']:.2f} ms CPU per request"
            )
        ours = servers["agent-system"].proc
        assert ours is not None
        memory = await _open_threads(ready["agent-system"], ours.pid, threads)
        for client in ready.values():
            await client.aclose()
    finally:
        for name, server in servers.items():
            logs[name] = await server.stop()
    results = {name: _combine(loads[name], samples[name]) for name in servers}
    ours_cpu = results["agent-system"]["cpu_ms_per_request"]
    bare_cpu = results["bare FastAPI"]["cpu_ms_per_request"]
    log = "".join(logs.get(name, "") for name in ("agent-system", WORKERS))
    return {
        "load": results["agent-system"],
        "bare": results["bare FastAPI"],
        **({"workers": {**results[WORKERS], "processes": workers}} if WORKERS in results else {}),
        "cpu_ratio_to_bare": ours_cpu / bare_cpu if bare_cpu else math.nan,
        "load_average": os.getloadavg()[0],
        "stack": server_stack(),
        "memory": memory,
        "server_errors": {
            "tracebacks": log.count("Traceback (most recent call last)"),
            "database is locked": log.count("database is locked"),
        },
    }

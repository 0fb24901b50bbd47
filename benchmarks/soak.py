"""Soak test: mixed requests for a bounded time; memory (RSS) and open files must stay flat.

Run::

    python -m benchmarks.soak                       # 60 s over HTTP, 4 concurrent clients
    python -m benchmarks.soak --seconds 600 --concurrency 8 --write
    python -m benchmarks.soak --mode api --seconds 120   # the Python API, no HTTP

The engine runs on a real SQLite home (checkpoints, store, audit log on disk) with offline fakes
for the router, planner and tools, so the numbers measure the engine and server, not an LLM.
Requests cycle through: a fast reply, a two-step plan with a reference, a plan with a failing
step (partial), an approval that is then granted, listing threads, and every 25th request a
throw-away thread that is deleted again. Threads are reused (40 of them), so histories reach
their cap and stay there.

After a warm-up (a fifth of the run, at least 3 s and 50 requests) RSS and the number of open
file descriptors are sampled every half second (Linux ``/proc``). The run passes when, from the
first sample after warm-up to the last, RSS grew by at most ``--max-rss-growth-mb`` and open
files by at most ``--max-fd-growth``, and no request failed. ``--write`` stores the result in
``benchmarks/results/soak.json``. Exits 1 on failure.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx

from agent_system.api import AgentSystem
from agent_system.config import Settings
from agent_system.planning.models import ExecutionPlan, ExecutionStep
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolOutput, ToolSpec, spec_from_function
from agent_system.roles import Clarification, RoleCall
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget, Turn
from agent_system.runtime import Runtime

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "soak.json"
KEY = "sk-soak-0123456789abcdef"
THREADS = 40
KINDS = ("echo", "plan", "partial", "approve", "list")
WARMUP_REQUESTS = 50


# --- offline fakes ---------------------------------------------------------------------------


class KeywordRouter:
    """'echo ...' is a fast reply of the echo role; everything else is planned."""

    def decide(self, request: RouteRequest) -> RouteDecision:
        if request.text.startswith("echo"):
            return RouteDecision(target=RouteTarget.FAST_REPLY, role="echo", confidence=0.99)
        return RouteDecision(target=RouteTarget.META_PLANNING, confidence=0.9)

    async def route(self, request: RouteRequest) -> RouteDecision:
        return self.decide(request)


@dataclass
class EchoRole:
    """Echoes the text back through the `soak.echo` tool."""

    name: str = "echo"
    description: str = "echoes"
    examples: tuple[str, ...] = ("echo hello",)

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | Clarification:
        return RoleCall("soak.echo", {"text": text.removeprefix("echo").strip()})


class KeywordPlanner:
    """'plan ...' adds then echoes the sum; 'partial ...' has a failing step; 'approve ...'
    unlocks a door (needs approval)."""

    name = "soak"

    async def plan(
        self, request: str, tools: list[ToolSpec], history: list[Turn] | None = None
    ) -> ExecutionPlan:
        kind = request.split()[0]
        steps = [ExecutionStep(id="a", tool="soak.add", arguments={"a": len(request), "b": 2})]
        if kind == "plan":
            steps.append(
                ExecutionStep(
                    id="b",
                    tool="soak.echo",
                    arguments={
                        "text": {
                            "$template": "sum ${s}",
                            "values": {"s": {"$ref": "a", "path": "/sum"}},
                        }
                    },
                    depends_on=["a"],
                )
            )
        elif kind == "partial":
            steps.append(ExecutionStep(id="b", tool="soak.fail", on_failure="skip"))
        elif kind == "approve":
            steps.append(ExecutionStep(id="b", tool="soak.unlock", arguments={"door": "front"}))
        return ExecutionPlan(request=request, steps=steps, planner=self.name)


def registry() -> ToolRegistry:
    """echo, add, fail and unlock (side effects, needs approval)."""

    async def echo(text: str) -> ToolOutput:
        """Echo text.

        Args:
            text: What to echo.
        """
        return ToolOutput(data={"text": text}, display=f"echo: {text}")

    async def add(a: int, b: int) -> ToolOutput:
        """Add two numbers.

        Args:
            a: First.
            b: Second.
        """
        return ToolOutput(data={"sum": a + b}, display=f"{a} + {b} = {a + b}")

    async def fail() -> str:
        """Always fails."""
        raise RuntimeError("failed on purpose")

    async def unlock(door: str) -> ToolOutput:
        """Unlock a door.

        Args:
            door: Which door.
        """
        return ToolOutput(data={"door": door}, display=f"{door} unlocked")

    specs = [
        spec_from_function(echo, name="soak.echo"),
        spec_from_function(add, name="soak.add"),
        spec_from_function(fail, name="soak.fail"),
        spec_from_function(
            unlock, name="soak.unlock", requires_approval=True, side_effects="reversible"
        ),
    ]
    return ToolRegistry(specs)


def build_system(home: Path, **overrides: Any) -> AgentSystem:
    """An AgentSystem on a real SQLite home with the offline fakes above."""
    values: dict[str, Any] = {
        "home": home,
        "timezone": "UTC",
        "load_entry_points": False,
        "api_keys": [KEY],
        "rate_limit_per_minute": 1_000_000,
        **overrides,
    }
    return AgentSystem(
        Settings(**values),
        registry=registry(),
        router=KeywordRouter(),
        planner=KeywordPlanner(),
        models={},
        roles={"echo": EchoRole()},
    )


# --- measuring -------------------------------------------------------------------------------


def rss_mb() -> float:
    """Resident set size of this process in MiB (Linux)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def open_files() -> int:
    """Open file descriptors of this process (Linux)."""
    return len(os.listdir("/proc/self/fd"))


@dataclass
class SoakResult:
    """What a soak run measured."""

    mode: str
    seconds: float
    concurrency: int
    requests: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    rss_start_mb: float = 0.0
    rss_end_mb: float = 0.0
    rss_max_mb: float = 0.0
    fds_start: int = 0
    fds_end: int = 0
    fds_max: int = 0
    samples: int = 0
    thread_locks: int = 0
    """Per-thread locks the AgentSystem holds at the end (one per thread id ever used)."""
    max_rss_growth_mb: float = 24.0
    max_fd_growth: int = 5

    @property
    def rss_growth_mb(self) -> float:
        return round(self.rss_end_mb - self.rss_start_mb, 1)

    @property
    def fd_growth(self) -> int:
        return self.fds_end - self.fds_start

    @property
    def ok(self) -> bool:
        return (
            not self.errors
            and self.samples >= 2
            and self.rss_growth_mb <= self.max_rss_growth_mb
            and self.fd_growth <= self.max_fd_growth
        )

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["errors"] = self.errors[:20]
        data.update(
            rss_growth_mb=self.rss_growth_mb,
            fd_growth=self.fd_growth,
            ok=self.ok,
            rps=round(self.requests / self.seconds, 1),
        )
        return data


# --- the two drivers -------------------------------------------------------------------------


class ApiDriver:
    """Requests through the Python API."""

    def __init__(self, system: AgentSystem) -> None:
        self.system = system

    async def request(self, kind: str, thread: str, n: int) -> None:
        if kind == "list":
            await self.system.athreads(None)
            return
        result = await self.system.arun(f"{kind} request {n}", thread_id=thread)
        if kind == "approve":
            assert result.status == "interrupted", result.reply
            result = await self.system.aresume(thread, True)
        want = {"echo": "success", "plan": "success", "partial": "partial", "approve": "success"}
        assert result.status == want[kind], (kind, result.status, result.reply)

    async def delete(self, thread: str) -> None:
        await self.system.adelete_thread(thread)


class HttpDriver:
    """Requests through the server's native API over loopback."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def request(self, kind: str, thread: str, n: int) -> None:
        if kind == "list":
            response = await self.client.get("/v1/threads")
            response.raise_for_status()
            return
        path = f"/v1/threads/{thread}/runs" + ("/stream" if n % 2 else "")
        response = await self.client.post(path, json={"text": f"{kind} request {n}"})
        response.raise_for_status()
        if kind == "approve":
            response = await self.client.post(
                f"/v1/threads/{thread}/approval", json={"approved": True}
            )
            response.raise_for_status()

    async def delete(self, thread: str) -> None:
        response = await self.client.delete(f"/v1/threads/{thread}")
        assert response.status_code in (204, 404), response.text

    async def aclose(self) -> None:
        await self.client.aclose()


def serve(system: AgentSystem) -> tuple[str, Any, threading.Thread, socket.socket]:
    """The server on a free loopback port, in a thread (uvicorn)."""
    import uvicorn

    from agent_system.server import create_app

    app = create_app(system.settings, system, timers=False)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the soak server did not start")
        time.sleep(0.01)
    return f"http://127.0.0.1:{sock.getsockname()[1]}", server, thread, sock


async def _load(
    driver: Any, result: SoakResult, stop_at: float, counter: list[int], min_requests: int = 0
) -> None:
    kinds: Counter[str] = Counter()
    while time.monotonic() < stop_at or counter[0] < min_requests:
        n = counter[0]
        counter[0] += 1
        kind = KINDS[n % len(KINDS)]
        thread = f"soak-{n % THREADS}-{kind}"
        try:
            if n % 25 == 24:
                thread = f"soak-temp-{n}"
                await driver.request("echo", thread, n)
                await driver.delete(thread)
                kind = "temporary"
            else:
                await driver.request(kind, thread, n)
        except Exception as exc:
            result.errors.append(f"{kind} #{n}: {type(exc).__name__}: {exc}"[:300])
        kinds[kind] += 1
        result.requests += 1
    for kind, count in kinds.items():
        result.kinds[kind] = result.kinds.get(kind, 0) + count


async def _sample(
    result: SoakResult, warmup_at: float, counter: list[int], loading: list[asyncio.Task[None]]
) -> None:
    # Warm-up: the time, and enough requests that every client connection is open and every
    # kind of request ran (on a busy machine 3 s may not be enough).
    while time.monotonic() < warmup_at or counter[0] < WARMUP_REQUESTS:
        if all(task.done() for task in loading):
            break
        await asyncio.sleep(0.05)
    gc.collect()
    result.rss_start_mb = result.rss_max_mb = round(rss_mb(), 1)
    result.fds_start = result.fds_max = open_files()
    while not all(task.done() for task in loading):  # as long as the load runs
        await asyncio.sleep(0.5)
        rss, fds = rss_mb(), open_files()
        result.rss_max_mb = round(max(result.rss_max_mb, rss), 1)
        result.fds_max = max(result.fds_max, fds)
        result.samples += 1


async def _run(
    driver: Any,
    result: SoakResult,
    warmup_at: float,
    stop_at: float,
    counter: list[int],
    concurrency: int,
    min_requests: int,
) -> None:
    loading = [
        asyncio.create_task(_load(driver, result, stop_at, counter, min_requests))
        for _ in range(concurrency)
    ]
    await asyncio.gather(_sample(result, warmup_at, counter, loading), *loading)


async def soak(
    seconds: float,
    *,
    mode: str = "server",
    concurrency: int = 4,
    home: Path | None = None,
    max_rss_growth_mb: float = 24.0,
    max_fd_growth: int = 5,
    min_requests: int = 0,
) -> SoakResult:
    """Run mixed requests for `seconds` and measure RSS and open files (see module docstring);
    with `min_requests`, go on past `seconds` until that many were sent (a busy machine)."""
    result = SoakResult(
        mode, seconds, concurrency, max_rss_growth_mb=max_rss_growth_mb, max_fd_growth=max_fd_growth
    )
    with tempfile.TemporaryDirectory(prefix="soak-") as scratch:
        system = build_system(home or Path(scratch) / "home")
        started = time.monotonic()
        stop_at = started + seconds
        warmup_at = started + max(3.0, seconds / 5)
        counter = [0]
        if mode == "api":
            async with system:
                driver: Any = ApiDriver(system)
                await _run(driver, result, warmup_at, stop_at, counter, concurrency, min_requests)
                gc.collect()
                result.rss_end_mb, result.fds_end = round(rss_mb(), 1), open_files()
        else:
            url, server, thread, sock = serve(system)
            try:
                client = httpx.AsyncClient(
                    base_url=url, headers={"Authorization": f"Bearer {KEY}"}, timeout=60
                )
                driver = HttpDriver(client)
                await _run(driver, result, warmup_at, stop_at, counter, concurrency, min_requests)
                gc.collect()
                result.rss_end_mb, result.fds_end = round(rss_mb(), 1), open_files()
                await driver.aclose()
            finally:
                server.should_exit = True
                thread.join(30)
                sock.close()
        result.thread_locks = len(system._thread_locks)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--mode", choices=("server", "api"), default="server")
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--max-rss-growth-mb", type=float, default=24.0)
    parser.add_argument("--max-fd-growth", type=int, default=5)
    parser.add_argument("--write", action="store_true", help=f"write {RESULTS.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    result = asyncio.run(
        soak(
            args.seconds,
            mode=args.mode,
            concurrency=args.concurrency,
            max_rss_growth_mb=args.max_rss_growth_mb,
            max_fd_growth=args.max_fd_growth,
        )
    )
    data = result.to_json()
    print(json.dumps(data, indent=2))
    if args.write:
        RESULTS.parent.mkdir(parents=True, exist_ok=True)
        RESULTS.write_text(json.dumps(data, indent=2) + "\n")
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())

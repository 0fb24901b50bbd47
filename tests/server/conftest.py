"""A real server on a loopback port, serving an `AgentSystem` built on the graph tests' fakes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from agent_system._storage import Database
from agent_system.api import AgentSystem
from agent_system.planning.models import ExecutionPlan
from agent_system.runtime import SystemClock
from agent_system.server import create_app
from agent_system.testing import make_runtime, make_settings
from tests.graph.conftest import Calls, EchoRole, FakeRouter, ScriptedPlanner, make_tools

KEY_A = "sk-test-alice-0123456789"
KEY_B = "sk-test-bob-9876543210"


def fake_system(
    home: Path, plans: list[ExecutionPlan] | None = None, **settings: Any
) -> tuple[AgentSystem, Calls, ScriptedPlanner]:
    """An AgentSystem on fakes: 'echo ...' is a fast reply, anything else runs `plans`."""
    calls = Calls()
    planner = ScriptedPlanner(list(plans or []))
    store = InMemoryStore()
    runtime = make_runtime(
        make_settings(home, **settings),
        clock=SystemClock(UTC),
        db=Database(home / "app.db"),
    )
    runtime.store = store
    system = AgentSystem(
        runtime.settings,
        registry=make_tools(calls),
        router=FakeRouter(),
        planner=planner,
        models={},
        checkpointer=InMemorySaver(),
        store=store,
        runtime=runtime,
        roles={"echo": EchoRole()},
    )
    return system, calls, planner


@dataclass
class Live:
    """A running server and the fakes behind it."""

    url: str
    app: FastAPI
    system: AgentSystem
    calls: Calls
    planner: ScriptedPlanner

    def client(self, key: str | None = KEY_A, **kwargs: Any) -> httpx.Client:
        """An httpx client for the server, sending `key` as a bearer token."""
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=10, **kwargs)


def run_server(app: FastAPI, graceful_s: float = 5) -> Iterator[str]:
    """Serve `app` with uvicorn in a thread on a free loopback port; yield its base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            app, log_level="warning", lifespan="on", timeout_graceful_shutdown=graceful_s
        )
    )
    app.state.server.shutdown_probe = lambda: server.should_exit
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive(), "the server thread died during startup"
        assert time.monotonic() < deadline, "the server did not start within 20 s"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(graceful_s + 15)
        sock.close()


@pytest.fixture
def live_factory(tmp_path: Path) -> Iterator[Callable[..., Live]]:
    """Start servers: `live_factory(plans=[...], open_=False, **settings)`; stopped at teardown."""
    stops: list[Iterator[str]] = []

    def start(
        plans: list[ExecutionPlan] | None = None, open_: bool = False, **settings: Any
    ) -> Live:
        settings.setdefault("api_keys", [] if open_ else [KEY_A, KEY_B])
        home = tmp_path / f"home{len(stops)}"
        system, calls, planner = fake_system(home, plans, **settings)
        app = create_app(system.settings, system, open_=open_)
        runner = run_server(app)
        url = next(runner)
        stops.append(runner)
        return Live(url, app, system, calls, planner)

    yield start
    for runner in stops:
        next(runner, None)


@pytest.fixture
def live(live_factory: Callable[..., Live]) -> Live:
    """A server with keys KEY_A and KEY_B and no scripted plans."""
    return live_factory()


ROOT = Path(__file__).resolve().parents[2]


def spawn_server(
    home: Path,
    env: dict[str, str],
    *args: str,
    log: Any = None,
    app: str = "tests.server.worker:app",
) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``uvicorn <app>`` (a factory) in a subprocess on a free loopback port.

    Returns the process and its base URL once ``/healthz`` answers.
    """
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    full_env = {**os.environ, "AGENT_SYSTEM_HOME": str(home), "PYTHONPATH": str(ROOT), **env}
    command = [sys.executable, "-m", "uvicorn", app, "--factory"]
    proc = subprocess.Popen(
        [*command, "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning", *args],
        cwd=ROOT,
        env=full_env,
        stdout=log,
        stderr=subprocess.STDOUT if log is not None else None,
    )
    return proc, f"http://127.0.0.1:{port}"


def wait_healthy(proc: subprocess.Popen[bytes], url: str, timeout: float = 180) -> None:
    """Wait until the server answers /healthz (fails if the process exits first)."""
    deadline = time.monotonic() + timeout
    while True:
        assert proc.poll() is None, f"the server at {url} exited with {proc.returncode}"
        assert time.monotonic() < deadline, f"the server at {url} did not start"
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)

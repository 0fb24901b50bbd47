"""Two server processes on one PostgreSQL database continue the same thread.

Needs AGENT_SYSTEM_TEST_POSTGRES_URL (``.ci/run`` starts PostgreSQL and sets it); skipped
without it. Each process has its own data directory: only checkpoints, the store and the step
journal are shared, through PostgreSQL.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

import httpx
import pytest

from .conftest import KEY_A, KEY_B

POSTGRES_URL = os.environ.get("AGENT_SYSTEM_TEST_POSTGRES_URL")
ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not POSTGRES_URL, reason="AGENT_SYSTEM_TEST_POSTGRES_URL is not set"),
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[[str], str]]:
    """Start a server subprocess with its own data directory; returns its base URL."""
    procs: list[subprocess.Popen[bytes]] = []
    logs: list[BinaryIO] = []

    def start(name: str) -> str:
        port = _free_port()
        env = {
            **os.environ,
            "AGENT_SYSTEM_HOME": str(tmp_path / name),
            "AGENT_SYSTEM_DATABASE_URL": str(POSTGRES_URL),
            "AGENT_SYSTEM_API_KEYS": f"{KEY_A},{KEY_B}",
            "PYTHONPATH": str(ROOT),
        }
        log = (tmp_path / f"{name}.log").open("wb")
        logs.append(log)
        proc = subprocess.Popen(
            [
                sys.executable,
                *("-m", "uvicorn", "tests.server.pg_worker:app", "--factory"),
                *("--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"),
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        procs.append(proc)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, (tmp_path / f"{name}.log").read_text()
            assert time.monotonic() < deadline, f"server {name} did not start"
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    return url
            except httpx.TransportError:
                time.sleep(0.1)

    yield start
    for proc in procs:
        proc.terminate()
    for proc in procs:
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
    for log in logs:
        log.close()


def test_a_thread_started_on_one_server_continues_on_another(
    start_server: Callable[[str], str],
) -> None:
    server_a, server_b = start_server("a"), start_server("b")
    thread = f"pg-{uuid.uuid4()}"
    auth = {"Authorization": f"Bearer {KEY_A}"}
    with (
        httpx.Client(base_url=server_a, headers=auth, timeout=20) as a,
        httpx.Client(base_url=server_b, headers=auth, timeout=20) as b,
    ):
        first = a.post(f"/v1/threads/{thread}/runs", json={"text": "echo one"})
        assert first.status_code == 200 and first.json()["reply"] == "echo: one"
        second = b.post(f"/v1/threads/{thread}/runs", json={"text": "echo two"})
        assert second.status_code == 200 and second.json()["reply"] == "echo: two"
        for client in (a, b):
            history = client.get(f"/v1/threads/{thread}").json()["history"]
            assert [turn["text"] for turn in history] == ["echo one", "echo two"]
        listed = [t["thread_id"] for t in b.get("/v1/threads").json()["threads"]]
        assert thread in listed
        bob = {"Authorization": f"Bearer {KEY_B}"}
        assert b.get(f"/v1/threads/{thread}", headers=bob).status_code == 404
        assert b.delete(f"/v1/threads/{thread}").status_code == 204
        assert a.get(f"/v1/threads/{thread}").status_code == 404

"""Two server processes on one PostgreSQL database continue the same thread.

Needs AGENT_SYSTEM_TEST_POSTGRES_URL (``.ci/run`` starts PostgreSQL and sets it); skipped
without it. Each process has its own data directory; checkpoints, the store, the step journal
and the repository are shared through PostgreSQL (more in tests/server/test_cluster.py).
"""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

import httpx
import pytest

from .conftest import KEY_A, KEY_B, spawn_server, wait_healthy

POSTGRES_URL = os.environ.get("AGENT_SYSTEM_TEST_POSTGRES_URL")
ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.heavy,  # several server processes: .ci/run's cluster step
    pytest.mark.postgres,
    pytest.mark.skipif(not POSTGRES_URL, reason="AGENT_SYSTEM_TEST_POSTGRES_URL is not set"),
]


@pytest.fixture
def start_servers(tmp_path: Path) -> Iterator[Callable[..., list[str]]]:
    """Start server subprocesses at once, each with its own data directory; wait for all."""
    procs: list[subprocess.Popen[bytes]] = []
    logs: list[BinaryIO] = []

    def start(*names: str, database_url: str = str(POSTGRES_URL)) -> list[str]:
        started = []
        for name in names:
            log = (tmp_path / f"{name}.log").open("wb")
            logs.append(log)
            env = {
                "AGENT_SYSTEM_DATABASE_URL": database_url,
                "AGENT_SYSTEM_API_KEYS": f"{KEY_A},{KEY_B}",
            }
            started.append(spawn_server(tmp_path / name, env, log=log))
        procs.extend(proc for proc, _ in started)
        for proc, url in started:
            wait_healthy(proc, url)
        return [url for _, url in started]

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
    start_servers: Callable[..., list[str]],
) -> None:
    server_a, server_b = start_servers("a", "b")
    thread = f"pg-{uuid.uuid4()}"
    auth = {"Authorization": f"Bearer {KEY_A}"}
    with (
        httpx.Client(base_url=server_a, headers=auth, timeout=60) as a,
        httpx.Client(base_url=server_b, headers=auth, timeout=60) as b,
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


def test_workers_starting_together_on_an_empty_database_all_come_up(
    start_servers: Callable[..., list[str]], fresh_database: str
) -> None:
    urls = start_servers("w1", "w2", "w3", database_url=fresh_database)
    auth = {"Authorization": f"Bearer {KEY_A}"}
    replies = [
        httpx.post(f"{url}/v1/threads/w/runs", json={"text": f"echo {i}"}, headers=auth, timeout=60)
        for i, url in enumerate(urls)
    ]
    assert [r.json()["reply"] for r in replies] == ["echo: 0", "echo: 1", "echo: 2"]

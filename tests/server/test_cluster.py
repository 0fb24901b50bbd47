"""Several server processes on one PostgreSQL database behave as one assistant.

Each process has its own data directory; everything they share goes through PostgreSQL: timers
(claimed by one worker, fired once), notifications (LISTEN/NOTIFY: a user's stream on any
worker gets each one once), the rate limit (a token bucket table), and runs whose worker died
(picked up by another one after the lease runs out). Needs AGENT_SYSTEM_TEST_POSTGRES_URL;
every test starts real server processes, so the module is marked heavy and ``.ci/run`` runs it
as its own step with PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import BinaryIO

import httpx
import pytest
from httpx_sse import connect_sse

from agent_system.server._auth import user_id_for

from .conftest import KEY_A, KEY_B, spawn_server, wait_healthy

POSTGRES_URL = os.environ.get("AGENT_SYSTEM_TEST_POSTGRES_URL")

pytestmark = [
    pytest.mark.heavy,
    pytest.mark.postgres,
    pytest.mark.skipif(not POSTGRES_URL, reason="AGENT_SYSTEM_TEST_POSTGRES_URL is not set"),
]

Servers = Callable[..., list[tuple[subprocess.Popen[bytes], str]]]


@pytest.fixture
def servers(tmp_path: Path, fresh_database: str) -> Iterator[Servers]:
    """Start N server processes on the fresh database, each with its own data directory."""
    procs: list[subprocess.Popen[bytes]] = []
    logs: list[BinaryIO] = []

    def start(
        count: int, app: str = "tests.server.worker:app", **env: str
    ) -> list[tuple[subprocess.Popen[bytes], str]]:
        started = []
        for n in range(count):
            log = (tmp_path / f"w{len(procs) + n}.log").open("wb")
            logs.append(log)
            full = {
                "AGENT_SYSTEM_DATABASE_URL": fresh_database,
                "AGENT_SYSTEM_API_KEYS": f"{KEY_A},{KEY_B}",
                **env,
            }
            home = tmp_path / f"w{len(procs) + n}"
            started.append(spawn_server(home, full, log=log, app=app))
        procs.extend(proc for proc, _ in started)
        for proc, url in started:
            wait_healthy(proc, url)
        return started

    yield start
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    for proc in procs:
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
    for log in logs:
        log.close()


class Stream:
    """A ``GET /v1/events`` stream read in a thread; notifications kept by timer id."""

    def __init__(self, url: str, key: str = KEY_A) -> None:
        self.url = url
        self.key = key
        self.timers: list[int] = []
        self.connected = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        assert self.connected.wait(20), f"no event stream from {url}"

    def _read(self) -> None:
        headers = {"Authorization": f"Bearer {self.key}"}
        with (
            httpx.Client(base_url=self.url, headers=headers, timeout=None) as client,
            connect_sse(client, "GET", "/v1/events") as source,
        ):
            self.connected.set()
            try:
                for sse in source.iter_sse():
                    if sse.event == "notification":
                        self.timers.append(int(sse.json()["data"]["timer_id"]))
            except httpx.HTTPError:
                return


def add_timers(database: str, user: str, seconds: list[float]) -> list[int]:
    """Timers due in `seconds`, written straight to the shared database."""
    from agent_system._repository_pg import PostgresRepository
    from agent_system.runtime import SystemClock
    from roles.timer.store import TimerStore

    async def add() -> list[int]:
        repository = PostgresRepository(database)
        store = TimerStore(repository, SystemClock())
        now = store.clock.now()
        ids = [
            (await store.add(user=user, kind="timer", due=now + timedelta(seconds=s))).id
            for s in seconds
        ]
        await repository.aclose()
        return ids

    return asyncio.run(add())


def timer_states(database: str) -> dict[int, str]:
    import psycopg

    with psycopg.connect(database) as conn:
        rows = conn.execute(
            "SELECT key, body->>'state' FROM agent_system_records WHERE collection = 'timers'"
        ).fetchall()
    return {int(key): state for key, state in rows}


def wait_until(check: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_each_timer_fires_once_and_reaches_the_users_stream_on_every_worker(
    servers: Servers, fresh_database: str
) -> None:
    (_, a), (_, b) = servers(2)
    streams = [Stream(a), Stream(b), Stream(b, KEY_B)]
    time.sleep(0.5)  # both workers' listeners are in place since their start
    ids = add_timers(fresh_database, user_id_for(KEY_A), [0.5 + 0.1 * n for n in range(10)])
    wait_until(lambda: all(sorted(s.timers) == ids for s in streams[:2]))
    time.sleep(1.5)  # a duplicate would arrive within a tick or two
    assert sorted(streams[0].timers) == ids  # stream on A: each timer once
    assert sorted(streams[1].timers) == ids  # stream on B: each timer once
    assert streams[2].timers == []  # another user's stream hears nothing
    assert set(timer_states(fresh_database).values()) == {"fired"}


def test_the_rate_limit_holds_across_workers(servers: Servers) -> None:
    (_, a), (_, b) = servers(2, AGENT_SYSTEM_RATE_LIMIT_PER_MINUTE="30")
    auth = {"Authorization": f"Bearer {KEY_A}"}
    started = time.monotonic()
    codes = [
        httpx.get(f"{url}/v1/threads", headers=auth, timeout=20).status_code
        for _ in range(30)
        for url in (a, b)
    ]
    refilled = (time.monotonic() - started) * 30 / 60
    assert codes.count(200) <= 30 + refilled + 1
    assert codes.count(429) >= 60 - (30 + refilled + 1)
    other = httpx.get(f"{a}/v1/threads", headers={"Authorization": f"Bearer {KEY_B}"})
    assert other.status_code == 200  # buckets are per key


def test_metrics_name_their_worker(servers: Servers) -> None:
    (proc_a, a), (proc_b, b) = servers(2)
    for proc, url in ((proc_a, a), (proc_b, b)):
        text = httpx.get(f"{url}/metrics").text
        assert f':{proc.pid}"' in text  # worker="host:pid" on every sample


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


def kill(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)  # reaped: its pid is gone, as on another machine after the lease


def test_a_run_whose_worker_dies_is_finished_by_another_worker_without_repeating_steps(
    servers: Servers, tmp_path: Path
) -> None:
    counter = tmp_path / "effects.log"
    app = "tests.server.cluster_worker:app"
    (proc_a, a), (_, b) = servers(2, app=app, CLUSTER_COUNTER=str(counter))
    auth = {"Authorization": f"Bearer {KEY_A}"}
    thread = f"kill-{uuid.uuid4().hex[:8]}"

    def ask() -> None:
        with contextlib.suppress(httpx.HTTPError):  # its worker dies under it
            httpx.post(
                f"{a}/v1/threads/{thread}/runs", json={"text": "work r1"}, headers=auth, timeout=60
            )

    client = threading.Thread(target=ask, daemon=True)
    client.start()
    wait_until(lambda: "start r1/b" in lines(counter))
    kill(proc_a)  # mid-run: a done, b running, c and d not started

    def finished() -> bool:
        reply = httpx.get(f"{b}/v1/threads/{thread}", headers=auth, timeout=10)
        return reply.status_code == 200 and reply.json().get("status") == "success"

    wait_until(finished, timeout=60)  # no client action: worker B picked the run up
    effects = lines(counter)
    for step in ("a", "b", "c", "d"):
        assert effects.count(f"done r1/{step}") == 1, effects  # every effect once
    assert effects.count("start r1/a") == 1  # the finished step did not run again
    assert effects.count("start r1/b") == 2  # the one in flight ran again (never finished)


def test_four_workers_one_killed_every_timer_still_fires(
    servers: Servers, fresh_database: str
) -> None:
    started = servers(4)
    survivors = [url for _, url in started[1:]]
    streams = [Stream(url) for url in survivors]
    ids = add_timers(fresh_database, user_id_for(KEY_A), [0.3 * n for n in range(1, 31)])
    time.sleep(3.0)
    started[0][0].send_signal(signal.SIGKILL)  # mid-way: a worker dies while timers fire
    wait_until(lambda: set(timer_states(fresh_database).values()) == {"fired"}, timeout=120)
    wait_until(lambda: all(set(s.timers) >= set(ids) for s in streams), timeout=60)
    time.sleep(1.5)
    for stream in streams:
        # Once each, even for the timers the killed worker had claimed or was firing: the
        # NOTIFY commits with the "fired" mark (tests/server/test_timer_once.py).
        assert sorted(stream.timers) == sorted(ids)


def test_a_runs_event_stream_continues_on_another_worker(servers: Servers, tmp_path: Path) -> None:
    counter = tmp_path / "effects.log"
    app = "tests.server.cluster_worker:app"
    (_, a), (_, b) = servers(2, app=app, CLUSTER_COUNTER=str(counter))
    auth = {"Authorization": f"Bearer {KEY_A}"}
    seen: list[tuple[str, str]] = []
    with (
        httpx.Client(base_url=a, headers=auth, timeout=60) as client,
        connect_sse(
            client, "POST", "/v1/threads/moving/runs/stream", json={"text": "work s1"}
        ) as source,
    ):
        where = source.response.headers["content-location"]
        for sse in source.iter_sse():
            seen.append((sse.id, sse.event))
            if sse.event == "step_finished":
                break  # the client's connection drops mid-run (a load balancer moves it)
    with (
        httpx.Client(base_url=b, headers=auth, timeout=60) as client,
        connect_sse(
            client, "GET", f"{where}/stream", headers={"Last-Event-ID": seen[-1][0]}
        ) as source,
    ):
        rest = [(sse.id, sse.event) for sse in source.iter_sse()]
    events = seen + rest
    assert [int(n) for n, _ in events] == list(range(1, len(events) + 1))  # none lost, none twice
    assert [e for _, e in events].count("step_finished") == 4
    assert events[-1][1] == "run_finished"
    assert httpx.get(f"{b}{where}", headers=auth).json()["status"] == "success"


def test_a_langgraph_run_is_joined_and_read_on_another_worker(
    servers: Servers, tmp_path: Path
) -> None:
    from langgraph_sdk import get_sync_client

    counter = tmp_path / "effects.log"
    app = "tests.server.cluster_worker:app"
    (_, a), (_, b) = servers(2, app=app, CLUSTER_COUNTER=str(counter), CLUSTER_STEP_S="0.4")
    on_a = get_sync_client(url=a, api_key=KEY_A)
    on_b = get_sync_client(url=b, api_key=KEY_A)
    tid = on_a.threads.create()["thread_id"]
    run = on_a.runs.create(tid, "agent-system", input={"text": "work s2"})
    parts = list(on_b.runs.join_stream(tid, run["run_id"], stream_mode=["custom"]))
    custom = [p.data["type"] for p in parts if p.event == "custom"]
    assert custom[-1] == "run_finished" and "step_finished" in custom
    done = on_b.runs.join(tid, run["run_id"])
    assert [s["status"] for s in done["steps"]] == ["succeeded"] * 4
    assert on_b.runs.get(tid, run["run_id"])["status"] == "success"
    assert [r["run_id"] for r in on_b.runs.list(tid)] == [run["run_id"]]
    other = get_sync_client(url=b, api_key=KEY_B)
    with pytest.raises(httpx.HTTPStatusError):
        other.runs.get(tid, run["run_id"])


def test_the_stream_of_a_run_whose_worker_died_ends_on_another_worker(
    servers: Servers, tmp_path: Path
) -> None:
    counter = tmp_path / "effects.log"
    app = "tests.server.cluster_worker:app"
    (proc_a, a), (_, b) = servers(2, app=app, CLUSTER_COUNTER=str(counter))
    auth = {"Authorization": f"Bearer {KEY_A}"}
    seen: list[str] = []
    where: list[str] = []

    def stream() -> None:
        with (
            contextlib.suppress(httpx.HTTPError),  # its worker dies under it
            httpx.Client(base_url=a, headers=auth, timeout=60) as client,
            connect_sse(
                client, "POST", "/v1/threads/dies/runs/stream", json={"text": "work r3"}
            ) as source,
        ):
            where.append(source.response.headers["content-location"])
            for sse in source.iter_sse():
                seen.append(sse.id)

    client = threading.Thread(target=stream, daemon=True)
    client.start()
    wait_until(lambda: "start r3/b" in lines(counter))
    kill(proc_a)
    client.join(20)
    with (
        httpx.Client(base_url=b, headers=auth, timeout=90) as http,
        connect_sse(
            http, "GET", f"{where[0]}/stream", headers={"Last-Event-ID": seen[-1]}
        ) as source,
    ):
        rest = [(sse.id, sse.event, sse.data) for sse in source.iter_sse()]
    assert rest[-1][1] == "run_finished"  # ended by the worker that finished the run
    ids = [int(n) for n, _, _ in rest]
    assert ids == sorted(set(ids)) and ids[0] > int(seen[-1])  # only events it had not seen
    result = json.loads(rest[-1][2])["result"]
    assert [s["status"] for s in result["result"]["steps"]] == ["succeeded"] * 4

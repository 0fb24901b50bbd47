"""The app as a whole: startup checks, request limits, error format, health and shutdown."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from agent_system.errors import ConfigurationError
from agent_system.planning.models import ExecutionPlan, ExecutionStep
from agent_system.server import check_bind, create_app, serve
from agent_system.testing import make_settings

from .conftest import KEY_A, Live, fake_system, run_server, spawn_server, wait_healthy


def test_the_app_refuses_to_start_without_keys_unless_open(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    with pytest.raises(ConfigurationError, match="--open"):
        create_app(settings)
    with pytest.raises(ConfigurationError, match="AGENT_SYSTEM_API_KEYS"):
        serve(settings, host="127.0.0.1", port=0)


def test_open_mode_is_refused_on_a_non_loopback_host(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    with pytest.raises(ConfigurationError, match=r"loopback address, not '0\.0\.0\.0'"):
        serve(settings, host="0.0.0.0", port=0, open_=True)
    check_bind(settings, "127.0.0.1", True)
    check_bind(make_settings(tmp_path, api_keys=[KEY_A]), "0.0.0.0", False)


def test_an_invalid_body_is_422_naming_the_field(live: Live) -> None:
    with live.client() as client:
        missing = client.post("/v1/threads/t/runs", json={})
        empty = client.post("/v1/threads/t/runs", json={"text": ""})
        wrong = client.post("/v1/threads/t/approval", json={"approved": "maybe"})
        bad_id = client.post("/v1/threads/a%20b/runs", json={"text": "echo x"})
    for response, field in [(missing, "text"), (empty, "text"), (wrong, "approved")]:
        assert response.status_code == 422
        error = response.json()["error"]
        assert error["param"] == field and field in error["message"]
    assert bad_id.status_code == 422 and bad_id.json()["error"]["param"] == "path.thread_id"


def test_a_body_over_the_limit_is_413(live_factory: Callable[..., Live]) -> None:
    live = live_factory(max_body_bytes=2048)
    with live.client() as client:
        big = client.post("/v1/threads/t/runs", json={"text": "echo " + "x" * 3000})
        chunked = client.post(
            "/v1/threads/t/runs",
            content=iter([b'{"text": "echo ', b"y" * 3000, b'"}']),
            headers={"content-type": "application/json"},
        )
        small = client.post("/v1/threads/t/runs", json={"text": "echo small"})
    for response in (big, chunked):
        assert response.status_code == 413
        assert "2048 bytes" in response.json()["error"]["message"]
    assert small.status_code == 200


def test_an_unexpected_error_is_a_500_without_a_traceback(live: Live) -> None:
    async def broken(user: Any = None) -> Any:
        raise RuntimeError("database password is hunter2")

    live.system.athreads = broken  # type: ignore[method-assign]
    with live.client() as client:
        response = client.get("/v1/threads")
    assert response.status_code == 500
    assert response.json()["error"] == {
        "message": "Internal server error.",
        "type": "server_error",
        "code": None,
        "param": None,
    }
    assert "hunter2" not in response.text and "Traceback" not in response.text


def test_healthz_answers_without_a_key(live: Live) -> None:
    with httpx.Client(base_url=live.url) as client:
        assert client.get("/healthz").json() == {"status": "ok", "runs_active": 0}


def test_shutdown_lets_an_in_flight_run_finish(tmp_path: Path) -> None:
    plan = ExecutionPlan(
        steps=[ExecutionStep(id="nap", tool="test.slow", arguments={"seconds": 0.4})]
    )
    system, calls, _ = fake_system(tmp_path / "home", [plan], api_keys=[KEY_A])
    runner = run_server(create_app(system.settings, system))
    url = next(runner)
    responses: list[httpx.Response] = []

    def call() -> None:
        with httpx.Client(base_url=url, timeout=10) as client:
            responses.append(
                client.post(
                    "/v1/threads/t/runs",
                    json={"text": "nap"},
                    headers={"Authorization": f"Bearer {KEY_A}"},
                )
            )

    worker = threading.Thread(target=call)
    worker.start()
    deadline = time.monotonic() + 10
    while calls.counts.get("slow") is None:  # the step is running
        assert time.monotonic() < deadline
        time.sleep(0.01)
    next(runner, None)  # stop the server now
    worker.join(10)
    assert responses and responses[0].status_code == 200
    assert responses[0].json()["status"] == "success"


def test_worker_processes_get_the_same_settings_and_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agent_system.server import _app as app_module

    settings = make_settings(tmp_path / "h", api_keys=[KEY_A], rate_limit_per_minute=7)
    monkeypatch.setenv(app_module._SETTINGS_ENV, app_module._settings_json(settings))
    monkeypatch.setenv(app_module._OPEN_ENV, "")
    state = app_module.app_from_env().state.server
    assert state.settings.home == tmp_path / "h"
    assert state.settings.rate_limit_per_minute == 7
    assert [k.get_secret_value() for k in state.settings.api_keys] == [KEY_A]
    assert not state.keys.open and len(state.keys) == 1


def test_an_open_event_stream_does_not_hold_up_shutdown(tmp_path: Path) -> None:
    system, _, _ = fake_system(tmp_path / "home", [], api_keys=[KEY_A])
    app = create_app(system.settings, system)
    runner = run_server(app, graceful_s=30)
    url = next(runner)
    lines: list[str] = []

    def listen() -> None:
        headers = {"Authorization": f"Bearer {KEY_A}"}
        with httpx.stream("GET", f"{url}/v1/events", headers=headers, timeout=30) as response:
            lines.extend(response.iter_lines())

    listener = threading.Thread(target=listen)
    listener.start()
    deadline = time.monotonic() + 30
    while app.state.server.hub.subscribers(_alice()) == 0:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    started = time.monotonic()
    next(runner, None)  # graceful timeout is 30 s: the stream must end long before
    listener.join(30)
    assert time.monotonic() - started < 10  # about 0.2 s when idle
    assert lines[0] == ": connected"


def _alice() -> str:
    from agent_system.server._auth import user_id_for

    return user_id_for(KEY_A)


@pytest.mark.slow
def test_a_server_process_ends_its_event_streams_on_sigterm(tmp_path: Path) -> None:
    """uvicorn's own signal handling (main thread) is what tells the app to end the streams."""
    proc, url = spawn_server(
        tmp_path / "home", {"AGENT_SYSTEM_API_KEYS": KEY_A}, "--timeout-graceful-shutdown", "20"
    )
    try:
        wait_healthy(proc, url)
        headers = {"Authorization": f"Bearer {KEY_A}"}
        with httpx.stream("GET", f"{url}/v1/events", headers=headers, timeout=30) as response:
            lines = response.iter_lines()
            assert next(lines) == ": connected"
            started = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            rest = list(lines)
        assert proc.wait(30) in (0, -signal.SIGTERM)
        assert time.monotonic() - started < 10  # not the 20 s graceful timeout
        assert all(line.startswith(":") or not line for line in rest)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_server_started_with_tune_gc_freezes_start_up_and_collects_less_often(
    tmp_path: Path,
) -> None:
    import gc

    from agent_system.server._gc import GC_THRESHOLDS

    before = gc.get_threshold()
    system, _, _ = fake_system(tmp_path / "home", None, api_keys=[KEY_A])
    try:
        runner = run_server(create_app(system.settings, system, tune_gc=True))
        next(runner)
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 1000  # the modules and objects start-up made
        next(runner, None)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
    assert GC_THRESHOLDS[0] > before[0]

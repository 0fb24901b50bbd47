"""The server on the real engine (embedded router, built-in roles, SQLite): offline requests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import openai
import pytest
from httpx_sse import connect_sse

from agent_system.server import create_app
from agent_system.testing import make_settings

from .conftest import KEY_A, run_server


@pytest.fixture
def real_url(tmp_path: Path) -> Iterator[str]:
    """A server on the default `AgentSystem` of a fresh data directory."""
    settings = make_settings(tmp_path / "home", api_keys=[KEY_A])
    runner = run_server(create_app(settings))
    yield next(runner)
    next(runner, None)
    assert settings.sqlite_path.exists()  # default persistence: SQLite in the data directory


def test_offline_requests_are_answered_over_the_native_api(real_url: str) -> None:
    auth = {"Authorization": f"Bearer {KEY_A}"}
    with httpx.Client(base_url=real_url, headers=auth, timeout=30) as client:
        timer = client.post("/v1/threads/home/runs", json={"text": "set a timer for 10 minutes"})
        assert timer.status_code == 200
        assert timer.json()["route"]["role"] == "timer"
        assert timer.json()["status"] == "success"
        lights = client.post(
            "/v1/threads/home/runs", json={"text": "turn on the kitchen lights"}
        ).json()
        assert lights["route"]["role"] == "smart_home" and lights["status"] == "success"
        assert lights["usage"]["llm_calls"] == 0
        tools = {t["name"] for t in client.get("/v1/tools").json()["tools"]}
        assert any(name.startswith("timer.") for name in tools)


def test_a_timer_set_over_chat_fires_on_the_users_event_stream(real_url: str) -> None:
    client = openai.OpenAI(base_url=f"{real_url}/v1", api_key=KEY_A, max_retries=0, timeout=30)
    auth = {"Authorization": f"Bearer {KEY_A}"}
    with (
        httpx.Client(base_url=real_url, headers=auth, timeout=30) as http,
        connect_sse(http, "GET", "/v1/events") as source,
    ):
        reply = client.chat.completions.create(
            model="agent-system", messages=[{"role": "user", "content": "set a timer for 1 second"}]
        )
        assert reply.model_extra["agent_system"]["status"] == "success"  # type: ignore[index]
        event = next(source.iter_sse())
    assert event.event == "notification"
    assert "done" in event.json()["title"].lower()


def test_the_speakers_area_comes_in_the_body_and_the_x_area_header(real_url: str) -> None:
    auth = {"Authorization": f"Bearer {KEY_A}"}
    with httpx.Client(base_url=real_url, headers=auth, timeout=30) as client:
        native = client.post(
            "/v1/threads/a/runs", json={"text": "turn on the light", "area": "kitchen"}
        ).json()
        chat = client.post(
            "/v1/chat/completions",
            json={
                "model": "agent-system",
                "messages": [{"role": "user", "content": "turn on the light"}],
            },
            headers={"X-Area": "bedroom"},
        ).json()
        states = client.post("/v1/threads/b/runs", json={"text": "which lights are on"}).json()
    assert native["plan"]["steps"][0]["arguments"]["area"] == "Kitchen"
    assert chat["agent_system"]["status"] == "success"
    assert "Kitchen light" in states["reply"] and "Bedroom light" in states["reply"]
    assert "Living room light" not in states["reply"]

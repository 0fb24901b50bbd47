"""Every server endpoint without a key, with a wrong key and with another user's key; body limits.

The endpoint list is read from the app's routes, so a new endpoint is covered (or this test
fails and asks for it to be classified) without anyone remembering to add it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import Server, start_server

ALICE = "sk-reliability-alice-00000001"
BOB = "sk-reliability-bob-00000002"
PUBLIC = {"/healthz", "/metrics", "/docs", "/docs/oauth2-redirect", "/openapi.json", "/info"}
"""Served without a key by design (liveness, Prometheus scraping, API docs, LangGraph's /info)."""
_LG_RUN = {"assistant_id": "agent-system", "input": {"text": "echo steal"}}
BODIES: dict[str, Any] = {
    "/v1/threads/{thread_id}/runs": {"text": "echo steal"},
    "/v1/threads/{thread_id}/runs/stream": {"text": "echo steal"},
    "/v1/threads/{thread_id}/approval": {"approved": True},
    "/threads/{thread_id}/runs": _LG_RUN,
    "/threads/{thread_id}/runs/stream": _LG_RUN,
    "/threads/{thread_id}/runs/wait": _LG_RUN,
    "/v1/chat/completions": {
        "model": "agent-system",
        "messages": [{"role": "user", "content": "echo hi"}],
        "user": "alice-thread",
    },
}
SECRET_TEXT = "echo alice-private-note"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server with Alice's and Bob's keys; Alice owns thread 'alice-thread'."""
    live, runner = start_server(tmp_path_factory.mktemp("auth"), [ALICE, BOB])
    with live.client(ALICE) as alice:
        response = alice.post("/v1/threads/alice-thread/runs", json={"text": SECRET_TEXT})
        assert response.status_code == 200, response.text
    yield live
    next(runner, None)


def endpoints(server: Server) -> list[tuple[str, str]]:
    """(method, path template) of every operation in the app's OpenAPI schema."""
    paths: dict[str, dict[str, Any]] = server.app.openapi()["paths"]
    return [(method.upper(), path) for path, ops in paths.items() for method in sorted(ops)]


def call(client: httpx.Client, method: str, template: str) -> httpx.Response:
    """One request; an open notification stream (200 on /v1/events) is closed unread."""
    path = template.replace("{thread_id}", "alice-thread")
    body = BODIES.get(template, {} if method in ("POST", "PUT", "PATCH") else None)
    if template == "/v1/events":
        with client.stream(method, path) as response:
            if response.status_code != 200:
                response.read()
            else:
                response._content = b""  # never-ending stream: nothing of it is checked
            return response
    return client.request(method, path, json=body)


@pytest.mark.parametrize("key", [None, "sk-wrong", f"{ALICE}x", ALICE[:-1], "Bearer", ""])
def test_every_endpoint_refuses_a_missing_or_wrong_key_with_401(
    server: Server, key: str | None
) -> None:
    checked = 0
    with server.client(key) as client:
        for method, template in endpoints(server):
            if template in PUBLIC:
                continue
            response = call(client, method, template)
            assert response.status_code == 401, (method, template, response.status_code)
            assert response.headers.get("www-authenticate") == "Bearer"
            assert "alice-private-note" not in response.text
            checked += 1
    assert checked >= 10  # the native and OpenAI-compatible APIs are all there


def test_public_endpoints_leak_no_thread_content_or_key(server: Server) -> None:
    with server.client(None) as anonymous:
        for path in sorted(PUBLIC - {"/docs/oauth2-redirect"}):
            response = anonymous.get(path)
            assert response.status_code == 200, path
            assert "alice-private-note" not in response.text
            assert ALICE not in response.text and BOB not in response.text


def test_another_users_key_sees_nothing_of_alices_thread_on_any_endpoint(server: Server) -> None:
    with server.client(BOB) as bob:
        for method, template in endpoints(server):
            if template in PUBLIC:
                continue
            response = call(bob, method, template)
            assert "alice-private-note" not in response.text, (method, template)
            if "{thread_id}" in template:
                assert response.status_code == 404, (method, template, response.status_code)
            else:
                assert response.status_code < 500, (method, template, response.text)
    with server.client(ALICE) as alice:
        history = alice.get("/v1/threads/alice-thread").json()["history"]
    assert [turn["text"] for turn in history] == [SECRET_TEXT]


def test_bob_naming_alices_thread_in_the_openai_api_gets_404_or_his_own_thread(
    server: Server,
) -> None:
    with server.client(BOB) as bob:
        by_user_field = bob.post("/v1/chat/completions", json=BODIES["/v1/chat/completions"])
        by_header = bob.post(
            "/v1/chat/completions",
            json=BODIES["/v1/chat/completions"],
            headers={"X-Thread-Id": "alice-thread"},
        )
    assert by_user_field.status_code == 200
    assert "alice-private-note" not in by_user_field.text
    assert by_header.status_code == 404, by_header.text
    assert "alice-private-note" not in by_header.text
    with server.client(ALICE) as alice:
        history = alice.get("/v1/threads/alice-thread").json()["history"]
    assert [turn["text"] for turn in history] == [SECRET_TEXT]


# --- body limits ------------------------------------------------------------------------------

LIMIT = 4096


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server with a 4 KiB body limit, shared by the body tests of this module."""
    server, runner = start_server(tmp_path_factory.mktemp("small"), [ALICE], max_body_bytes=LIMIT)
    yield server
    next(runner, None)


def _chunks(total: int, size: int = 1024) -> Iterator[bytes]:
    sent = 0
    yield b'{"text": "'
    while sent < total:
        yield b"x" * size
        sent += size
    yield b'"}'


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/v1/threads/t/runs"),
        ("POST", "/v1/threads/t/runs/stream"),
        ("POST", "/v1/chat/completions"),
        ("POST", "/v1/threads"),
        ("DELETE", "/v1/threads/t"),
    ],
)
@pytest.mark.parametrize("key", [ALICE, None])
def test_an_oversized_body_gets_413_before_the_endpoint_runs(
    small: Server, method: str, path: str, key: str | None
) -> None:
    before = dict(small.calls.counts)
    with small.client(key) as client:
        response = client.request(method, path, content=b"x" * (LIMIT * 4))
        assert response.status_code == 413, response.text
        assert "AGENT_SYSTEM_MAX_BODY_BYTES" in response.json()["error"]["message"]
    assert small.calls.counts == before


def test_a_chunked_body_without_a_length_is_cut_off_at_the_limit(small: Server) -> None:
    with small.client(ALICE) as client:
        response = client.post("/v1/threads/t/runs", content=_chunks(LIMIT * 50))
        assert response.status_code == 413
    with small.client(ALICE) as client:
        assert client.post("/v1/threads/t/runs", json={"text": "echo ok"}).status_code == 200


def test_a_body_just_under_the_limit_is_served(small: Server) -> None:
    text = "echo " + "y" * (LIMIT - 64)
    with small.client(ALICE) as client:
        response = client.post("/v1/threads/t/runs", json={"text": text})
    assert response.status_code == 200, response.text


@pytest.mark.parametrize(
    "body",
    [
        b"{",
        b"[]",
        b'{"text": ' + b"[" * 2000 + b"]" * 2000 + b"}",
        b'{"text": "\\ud800"}',
        b'{"text": "echo hi", "extra": 1}',
        b"\xff\xfe\x00",
    ],
    ids=["truncated", "array", "deep nesting", "lone surrogate", "extra field", "binary"],
)
def test_malformed_bodies_get_a_4xx_with_a_json_error(small: Server, body: bytes) -> None:
    with small.client(ALICE) as client:
        response = client.post(
            "/v1/threads/t/runs", content=body, headers={"content-type": "application/json"}
        )
    assert 400 <= response.status_code < 500, (response.status_code, response.text)
    assert "error" in response.json()

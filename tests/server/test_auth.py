"""API keys, users and the token bucket."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest
from pydantic import SecretStr

from agent_system.errors import ConfigurationError
from agent_system.server._auth import (
    ApiKeys,
    AuthError,
    RateLimited,
    RateLimiter,
    is_loopback,
    user_id_for,
)

from .conftest import KEY_A, KEY_B, Live


def test_a_valid_bearer_key_is_its_own_user_and_the_key_is_not_kept() -> None:
    keys = ApiKeys([SecretStr(KEY_A), SecretStr(KEY_B)])
    alice = keys.authenticate(f"Bearer {KEY_A}")
    bob = keys.authenticate(f"bearer {KEY_B}")
    assert alice.user == user_id_for(KEY_A) != bob.user
    assert alice.user is not None and KEY_A not in alice.user
    assert KEY_A not in repr(vars(keys))


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (None, "Missing API key"),
        ("Basic abc", "Malformed"),
        ("Bearer ", "Malformed"),
        ("Bearer sk-wrong", "Invalid API key"),
    ],
)
def test_missing_malformed_or_unknown_keys_are_refused(header: str | None, message: str) -> None:
    with pytest.raises(AuthError, match=message):
        ApiKeys([SecretStr(KEY_A)]).authenticate(header)


def test_without_keys_the_server_refuses_to_start_unless_open() -> None:
    with pytest.raises(ConfigurationError, match="AGENT_SYSTEM_API_KEYS"):
        ApiKeys([])
    assert ApiKeys([], open_=True).authenticate(None).user is None


def test_the_bucket_allows_a_burst_then_says_when_to_retry() -> None:
    now = [0.0]
    limiter = RateLimiter(per_minute=2, clock=lambda: now[0])
    limiter.acquire("k")
    limiter.acquire("k")
    with pytest.raises(RateLimited) as info:
        limiter.acquire("k")
    assert info.value.retry_after == 30
    limiter.acquire("other")  # buckets are per key
    now[0] = 30.0
    limiter.acquire("k")


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("localhost", True),
        ("::1", True),
        ("0.0.0.0", False),
        ("10.1.2.3", False),
    ],
)
def test_loopback_hosts_are_recognised(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_requests_without_or_with_a_wrong_key_get_401(live: Live) -> None:
    for key in (None, "sk-not-a-key"):
        with live.client(key) as client:
            for method, path in [
                ("GET", "/v1/threads"),
                ("POST", "/v1/threads"),
                ("GET", "/v1/tools"),
                ("GET", "/v1/models"),
                ("POST", "/v1/chat/completions"),
            ]:
                response = client.request(method, path, json={})
                assert response.status_code == 401, (key, path)
                assert response.headers["www-authenticate"] == "Bearer"
                assert response.json()["error"]["type"] == "authentication_error"


def test_another_users_thread_is_404_on_every_thread_endpoint(live: Live) -> None:
    with live.client(KEY_A) as alice, live.client(KEY_B) as bob:
        assert alice.post("/v1/threads/mine/runs", json={"text": "echo secret"}).status_code == 200
        created = alice.post("/v1/threads").json()["thread_id"]
        for thread in ("mine", created):
            assert bob.get(f"/v1/threads/{thread}").status_code == 404
            assert (
                bob.post(f"/v1/threads/{thread}/approval", json={"approved": True}).status_code
                == 404
            )
            assert bob.delete(f"/v1/threads/{thread}").status_code == 404
        for path in ("runs", "runs/stream"):
            response = bob.post(f"/v1/threads/mine/{path}", json={"text": "echo steal"})
            assert response.status_code == 404
            assert "secret" not in response.text
        assert bob.get("/v1/threads").json()["threads"] == []
        history = alice.get("/v1/threads/mine").json()["history"]
        assert [turn["text"] for turn in history] == ["echo secret"]


def test_a_key_over_its_rate_limit_gets_429_with_retry_after(
    live_factory: Callable[..., Live],
) -> None:
    live = live_factory(rate_limit_per_minute=2)
    with live.client(KEY_A) as alice, live.client(KEY_B) as bob:
        assert alice.get("/v1/threads").status_code == 200
        assert alice.get("/v1/threads").status_code == 200
        limited = alice.get("/v1/threads")
        assert limited.status_code == 429
        # 30 s for the missing token at 2 a minute, less the real time the first two took
        assert 20 <= int(limited.headers["retry-after"]) <= 30
        assert limited.json()["error"]["code"] == "rate_limit_exceeded"
        assert bob.get("/v1/threads").status_code == 200


def test_an_open_server_serves_the_local_user_without_a_key(
    live_factory: Callable[..., Live],
) -> None:
    live = live_factory(open_=True)
    with live.client(None) as client:
        result = client.post("/v1/threads/t/runs", json={"text": "echo hi"}).json()
        assert result["user"] is None and result["reply"] == "echo: hi"


def test_keys_never_reach_the_logs(live: Live, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with live.client(KEY_A) as alice, live.client("sk-wrong-secret-key") as wrong:
        alice.post("/v1/threads/t/runs", json={"text": "echo hi"})
        wrong.get("/v1/threads")
    text = "\n".join(record.getMessage() for record in caplog.records)
    assert KEY_A not in text and "sk-wrong-secret-key" not in text

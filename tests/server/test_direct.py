"""The hot endpoints' shortcut past FastAPI (server/_direct.py) answers exactly as FastAPI does.

Every request below goes to two live servers, one with the shortcut and one without it, and
must get the same status, error body and headers; the shortcut must have answered the plainly
valid ones itself and left every other one to FastAPI.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from agent_system.server import _direct
from agent_system.server._direct import DirectRoutes

from .conftest import KEY_A, KEY_B, Live

JSON = {"Content-Type": "application/json"}
ALICE = {"Authorization": f"Bearer {KEY_A}", **JSON}


@pytest.fixture
def answered(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """Whether the shortcut answered each request that matched one of its routes."""
    seen: list[bool] = []
    answer = DirectRoutes._answer

    async def spy(self: DirectRoutes, *args: Any) -> bool:
        took = await answer(self, *args)
        seen.append(took)
        return took

    monkeypatch.setattr(DirectRoutes, "_answer", spy)
    yield seen


def _settled(answered: list[bool], count: int) -> list[bool]:
    """`answered` once it holds `count` entries: the spy records after the response is sent,
    so the client can read it first."""
    deadline = time.monotonic() + 10
    while len(answered) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return answered


def _pair(
    live_factory: Callable[..., Live], monkeypatch: pytest.MonkeyPatch, **settings: Any
) -> tuple[Live, Live]:
    """A server with the shortcut and one whose shortcut never applies (FastAPI only)."""
    fast = live_factory(**settings)
    slow = live_factory(**settings)
    slow_app = slow.app.state.server

    async def never(self: DirectRoutes, *args: Any) -> bool:
        if args[3]["app"].state.server is slow_app:  # args: direct, match, raw, scope, ...
            return False
        return await original(self, *args)

    original = DirectRoutes._answer
    monkeypatch.setattr(DirectRoutes, "_answer", never)
    return fast, slow


def _same(fast: httpx.Response, slow: httpx.Response) -> None:
    assert fast.status_code == slow.status_code, (fast.text, slow.text)
    for header in ("content-type", "www-authenticate", "retry-after", "content-location"):
        assert (header in fast.headers) == (header in slow.headers), header
    if fast.status_code != 200:
        assert fast.content == slow.content


RUNS = "/v1/threads/t-1/runs"
CHAT = "/v1/chat/completions"


def _chat(*messages: tuple[str, str], **extra: Any) -> bytes:
    body = {"model": "m", "messages": [{"role": r, "content": c} for r, c in messages], **extra}
    return json.dumps(body).encode()


def _text(text: str, **extra: Any) -> bytes:
    return json.dumps({"text": text, **extra}).encode()


# (path, headers, body): every way a run or chat request can be refused, and valid ones.
CASES: list[tuple[str, dict[str, str], bytes]] = [
    (RUNS, ALICE, _text("echo hi")),
    (RUNS, ALICE, _text("echo hi", area="kitchen")),
    (RUNS, {**ALICE, "Content-Type": "application/json; charset=utf-8"}, _text("echo x")),
    (RUNS, JSON, _text("echo hi")),  # no key
    (RUNS, {**JSON, "Authorization": "Bearer sk-wrong"}, _text("x")),
    (RUNS, {**JSON, "Authorization": "Basic abc"}, _text("x")),
    (RUNS, ALICE, _text("")),
    (RUNS, ALICE, _text("echo hi", extra=1)),
    (RUNS, ALICE, b'{"text": 5}'),
    (RUNS, ALICE, _text("x" * 20_001)),
    (RUNS, ALICE, _text("echo hi", area="a" * 201)),
    (RUNS, ALICE, b'{"text": "echo'),  # malformed JSON
    (RUNS, ALICE, b"[]"),
    (RUNS, ALICE, b""),
    (RUNS, {**ALICE, "Content-Type": "text/plain"}, _text("echo hi")),
    (RUNS, {"Authorization": f"Bearer {KEY_A}"}, _text("echo hi")),  # no content type
    ("/v1/threads/bad%20id/runs", ALICE, _text("echo hi")),
    ("/v1/threads/" + "a" * 201 + "/runs", ALICE, _text("echo hi")),
    ("/v1/threads/" + "a" * 200 + "/runs", ALICE, _text("echo hi")),  # the longest id
    ("/v1/threads/a%2Fb/runs", ALICE, _text("echo hi")),  # an encoded slash
    ("/v1/threads/a%3Ab/runs", ALICE, _text("echo hi")),  # an encoded colon: a valid id
    ("/v1/threads/caf%C3%A9/runs", ALICE, _text("echo hi")),  # not an id character
    ("/v1/threads//runs", ALICE, _text("echo hi")),
    (RUNS + "/", ALICE, _text("echo hi")),
    (CHAT, ALICE, _chat(("user", "echo a"))),
    (CHAT, {**ALICE, "X-Thread-Id": "c-1"}, _chat(("user", "echo b"), temperature=0)),
    (CHAT, {**ALICE, "X-Thread-Id": "bad id"}, _chat(("user", "echo b"))),
    (CHAT, {**ALICE, "X-Area": "a" * 201}, _chat(("user", "echo b"))),
    (CHAT, ALICE, _chat(("system", "hi"))),
    (CHAT, ALICE, _chat()),
    (CHAT, JSON, _chat(("user", "echo a"))),
]


def test_every_request_gets_the_answer_fastapi_gives(
    live_factory: Callable[..., Live], monkeypatch: pytest.MonkeyPatch, answered: list[bool]
) -> None:
    fast, slow = _pair(live_factory, monkeypatch)
    with httpx.Client(base_url=fast.url) as f, httpx.Client(base_url=slow.url) as s:
        for path, headers, body in CASES:
            got = f.post(path, headers=headers, content=body)
            _same(got, s.post(path, headers=headers, content=body))
            if got.status_code == 200:
                assert "echo" in got.text  # the engine answered
    # Answered by the shortcut: the 5 valid runs, the 2 valid chats and the 2 chats whose
    # checks are the endpoint's own (a bad X-Thread-Id, no user message); the rest of those
    # on its two paths went on to FastAPI.
    _settled(answered, 25)
    assert answered.count(True) == 9 and answered.count(False) == 16


def test_the_shortcut_keeps_each_user_to_their_own_threads(live: Live) -> None:
    with live.client(KEY_A) as alice, live.client(KEY_B) as bob:
        assert alice.post("/v1/threads/mine/runs", json={"text": "echo a"}).status_code == 200
        stolen = bob.post("/v1/threads/mine/runs", json={"text": "echo b"})
        assert stolen.status_code == 404  # as for a thread that does not exist
        assert "echo a" not in stolen.text and "echo b" not in stolen.text
        history = alice.get("/v1/threads/mine").json()
        assert "echo b" not in str(history)


def test_a_token_is_taken_once_per_request_and_an_empty_bucket_answers_429(
    live_factory: Callable[..., Live], answered: list[bool]
) -> None:
    live = live_factory(rate_limit_per_minute=3)
    with live.client(KEY_A) as alice:
        codes = [alice.post("/v1/threads/t/runs", json={"text": "echo x"}).status_code]
        codes.append(alice.post("/v1/threads/t/runs", json={"text": ""}).status_code)  # 422
        codes.append(alice.post("/v1/threads/t/runs", json={"text": "echo y"}).status_code)
        refused = alice.post("/v1/threads/t/runs", json={"text": "echo z"})
        assert codes == [200, 422, 200]
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert refused.json()["error"]["code"] == "rate_limit_exceeded"
    with live.client(KEY_B) as bob:  # another key has its own bucket
        assert bob.post("/v1/threads/u/runs", json={"text": "echo x"}).status_code == 200
    assert _settled(answered, 5) == [True, False, True, False, True]


def test_metrics_name_the_route_template_for_shortcut_answers(
    live: Live, answered: list[bool]
) -> None:
    with live.client() as alice:
        assert alice.post("/v1/threads/m-1/runs", json={"text": "echo hi"}).status_code == 200
        text = alice.get("/metrics").text
    counted = [
        line
        for line in text.splitlines()
        if line.startswith("agent_system_http_requests_total{")
        and 'route="/v1/threads/{thread_id}/runs"' in line
    ]
    assert _settled(answered, 1) == [True] and len(counted) == 1
    assert 'method="POST"' in counted[0] and 'status="200"' in counted[0]
    assert counted[0].endswith(" 1.0") and "m-1" not in text


def test_a_body_over_the_limit_is_refused_before_the_shortcut(
    live_factory: Callable[..., Live], answered: list[bool]
) -> None:
    live = live_factory(max_body_bytes=1024)
    with live.client() as alice:
        refused = alice.post("/v1/threads/t/runs", json={"text": "echo " + "x" * 2000})
    assert refused.status_code == 413 and answered == []


def test_the_shortcut_only_knows_the_two_hot_routes() -> None:
    assert [d.route for d in _direct._ROUTES] == [
        "/v1/threads/{thread_id}/runs",
        "/v1/chat/completions",
    ]


def test_a_failing_rate_limiter_gets_the_answer_fastapi_gives(
    live_factory: Callable[..., Live], monkeypatch: pytest.MonkeyPatch, answered: list[bool]
) -> None:
    from agent_system._storage import StorageError

    fast, slow = _pair(live_factory, monkeypatch)

    async def broken(key: str) -> None:
        raise StorageError("The database x is locked. Try again in a moment.")

    for live in (fast, slow):
        monkeypatch.setattr(live.app.state.server.limiter, "aacquire", broken)
    with fast.client() as f, slow.client() as s:
        got = f.post("/v1/threads/t/runs", json={"text": "echo hi"})
        _same(got, s.post("/v1/threads/t/runs", json={"text": "echo hi"}))
    assert got.status_code == 503 and got.headers["Retry-After"] == "30"
    assert _settled(answered, 1) == [False]  # FastAPI answered it

"""Forms of one request's text derived once while that request is understood, never kept."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from agent_system.api import AgentSystem
from agent_system.understanding._memo import one_request, per_request
from tools._numbers import digits


def _counted() -> tuple[list[str], Callable[[str], str]]:
    seen: list[str] = []

    @per_request
    def shout(text: str) -> str:
        seen.append(text)
        return text.upper()

    return seen, shout


def test_inside_one_request_each_text_is_read_once() -> None:
    seen, shout = _counted()
    with one_request():
        assert [shout("a"), shout("b"), shout("a"), shout("b")] == ["A", "B", "A", "B"]
    assert seen == ["a", "b"]


def test_outside_a_request_and_in_the_next_one_it_reads_again() -> None:
    seen, shout = _counted()
    assert shout("a") == shout("a") == "A"
    with one_request():
        shout("a")
        with one_request():  # nested: the same request
            shout("a")
    with one_request():
        shout("a")
    assert seen == ["a", "a", "a", "a"]


@pytest.mark.anyio
async def test_two_requests_at_once_keep_their_own_readings() -> None:
    seen, shout = _counted()

    async def request() -> None:
        with one_request():
            shout("same")
            await asyncio.sleep(0)
            shout("same")

    await asyncio.gather(request(), request())
    assert seen == ["same", "same"]


@pytest.mark.anyio
async def test_a_fast_reply_strips_a_sums_words_once_per_request(
    system: AgentSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The conversation stage asks whether a timer request is a unit conversion, then whether
    # it is a sum: both start from the request with its question words stripped.
    read: list[str] = []

    def counting(text: str) -> str:
        read.append(text)
        return digits(text)

    monkeypatch.setattr("tools._sums.digits", counting)
    for thread in ("memo-1", "memo-2"):
        result = await system.arun("set a timer for 12 minutes", thread_id=thread)
        assert result.status == "success", result.reply
        assert result.route is not None and result.route.role == "timer"
    assert read == ["set a timer for 12 minutes"] * 2

"""Fixtures for the LLM layer: an OpenAI-compatible server faked at the wire with respx."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
import respx
from langchain_core.language_models import BaseChatModel

from agent_system.config import Settings
from agent_system.llm._models import resolve_model
from agent_system.testing import make_settings

BASE_URL = "https://api.openai.com/v1"


def completion(
    content: str | None = "",
    *,
    tool_calls: list[dict[str, Any]] | None = None,
    prompt_tokens: int = 12,
    completion_tokens: int = 5,
    model: str = "gpt-4o-mini-2024-07-18",
) -> dict[str, Any]:
    """A chat.completion body as OpenAI sends it."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = tool_calls
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": message,
                "finish_reason": "tool_calls" if tool_calls else "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def sse(pieces: list[str], *, prompt_tokens: int = 9, completion_tokens: int = 3) -> bytes:
    """A streamed chat completion: one SSE chunk per piece, a usage chunk, then [DONE]."""
    base = {"id": "chatcmpl-2", "object": "chat.completion.chunk", "created": 1,
            "model": "gpt-4o-mini-2024-07-18"}  # fmt: skip
    events = [{**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]}]
    events += [{**base, "choices": [{"index": 0, "delta": {"content": p}}]} for p in pieces]
    events.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    events.append(
        {
            **base,
            "choices": [],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    )
    body = "".join(f"data: {json.dumps(e)}\n\n" for e in events) + "data: [DONE]\n\n"
    return body.encode()


def openai_settings(**overrides: Any) -> Settings:
    """Settings with a test key, 2 retries and a short timeout."""
    values: dict[str, Any] = {
        "openai_api_key": "sk-test",
        "llm_max_retries": 2,
        "llm_timeout_s": 5.0,
        "model": "openai:gpt-4o-mini",
    }
    values.update(overrides)
    return make_settings(**values)


@pytest.fixture
def wire() -> Iterator[respx.MockRouter]:
    """A respx router standing in for api.openai.com; unmatched requests fail the test."""
    with respx.mock(base_url=BASE_URL, assert_all_called=False) as router:
        yield router


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    """The injected client ChatOpenAI sends through (respx patches httpx, not httpx2)."""
    async with httpx.AsyncClient() as client:
        yield client


@pytest.fixture
def chat(http: httpx.AsyncClient) -> BaseChatModel:
    """`openai:gpt-4o-mini` resolved from settings, sending through the injected client."""
    model = resolve_model("openai:gpt-4o-mini", openai_settings(), http_client=http)
    assert model is not None
    return model

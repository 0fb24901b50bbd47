"""Transient errors are retried by the OpenAI client at the wire; the rest become LLMErrors."""

from __future__ import annotations

import json
import time

import httpx
import pytest
import respx
from langchain_core.exceptions import OutputParserException
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage

from agent_system.errors import ErrorCode, LLMAuthError, LLMError, LLMOutputError
from agent_system.llm._chat import complete
from agent_system.llm._errors import translate_error
from agent_system.llm._models import resolve_model
from tests.llm.conftest import completion, openai_settings

pytestmark = pytest.mark.anyio

PROMPT = [HumanMessage(content="hi")]


def _error(status: int, code: str, message: str, **headers: str) -> httpx.Response:
    body = {"error": {"message": message, "type": "invalid_request_error", "code": code}}
    return httpx.Response(status, json=body, headers=headers)


async def test_a_429_is_retried_after_the_servers_retry_after_delay(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    route = wire.post("/chat/completions")
    route.side_effect = [
        _error(429, "rate_limit_exceeded", "slow down", **{"retry-after": "1"}),
        httpx.Response(200, json=completion("hello")),
    ]
    started = time.monotonic()
    reply = await complete(chat, PROMPT)
    elapsed = time.monotonic() - started
    assert reply.content == "hello"
    assert route.call_count == 2
    # The client's own backoff would wait at most 0.5 s: waiting 1 s means Retry-After won.
    assert elapsed >= 1.0
    assert route.calls[1].request.headers["x-stainless-retry-count"] == "1"


async def test_a_500_is_retried_with_backoff_then_succeeds(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    route = wire.post("/chat/completions")
    route.side_effect = [
        _error(500, "server_error", "oops"),
        httpx.Response(200, json=completion("recovered")),
    ]
    reply = await complete(chat, PROMPT)
    assert reply.content == "recovered"
    assert route.call_count == 2


async def test_server_errors_stop_after_max_retries_with_an_llm_error(
    wire: respx.MockRouter, http: httpx.AsyncClient
) -> None:
    model = resolve_model(
        "openai:gpt-4o-mini", openai_settings(llm_max_retries=1), http_client=http
    )
    assert model is not None
    route = wire.post("/chat/completions").mock(return_value=_error(503, "overloaded", "busy"))
    with pytest.raises(LLMError) as info:
        await complete(model, PROMPT)
    assert route.call_count == 2  # the first try and one retry
    assert not isinstance(info.value, LLMAuthError)
    assert "503" in info.value.message and "retries are spent" in info.value.message


async def test_a_timeout_is_retried_then_reported_with_the_setting_to_raise(
    wire: respx.MockRouter, http: httpx.AsyncClient
) -> None:
    model = resolve_model(
        "openai:gpt-4o-mini", openai_settings(llm_max_retries=1), http_client=http
    )
    assert model is not None
    route = wire.post("/chat/completions").mock(side_effect=httpx.ReadTimeout("too slow"))
    with pytest.raises(LLMError) as info:
        await complete(model, PROMPT)
    assert route.call_count == 2
    assert "AGENT_SYSTEM_LLM_TIMEOUT_S" in info.value.message
    assert info.value.code == ErrorCode.LLM_ERROR


async def test_a_timeout_then_success_returns_the_reply(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    route = wire.post("/chat/completions")
    route.side_effect = [httpx.ConnectTimeout("slow"), httpx.Response(200, json=completion("ok"))]
    reply = await complete(chat, PROMPT)
    assert reply.content == "ok"
    assert route.call_count == 2


async def test_an_unreachable_server_names_the_base_url_setting(
    wire: respx.MockRouter, http: httpx.AsyncClient
) -> None:
    settings = openai_settings(llm_max_retries=0, openai_base_url="http://localhost:11434/v1")
    model = resolve_model("openai:llama3.1", settings, http_client=http)
    assert model is not None
    wire.post("http://localhost:11434/v1/chat/completions").mock(
        side_effect=httpx.ConnectError("connection refused")
    )
    with pytest.raises(LLMError) as info:
        await complete(model, PROMPT)
    assert "OPENAI_BASE_URL" in info.value.message
    assert "localhost:11434" in info.value.message


async def test_a_401_is_not_retried_and_names_the_api_key_setting(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    route = wire.post("/chat/completions").mock(
        return_value=_error(401, "invalid_api_key", "Incorrect API key provided: sk-test")
    )
    with pytest.raises(LLMAuthError) as info:
        await complete(chat, PROMPT)
    assert route.call_count == 1
    assert "OPENAI_API_KEY" in info.value.message
    assert info.value.recoverable is False
    assert info.value.details["status"] == 401


async def test_a_403_names_the_key_and_the_model_settings(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    wire.post("/chat/completions").mock(return_value=_error(403, "forbidden", "not allowed"))
    with pytest.raises(LLMAuthError) as info:
        await complete(chat, PROMPT)
    assert "OPENAI_API_KEY" in info.value.message
    assert "AGENT_SYSTEM_MODEL" in info.value.message


async def test_an_unknown_model_names_the_model_setting_and_the_model(
    wire: respx.MockRouter, http: httpx.AsyncClient
) -> None:
    model = resolve_model("openai:gpt-9-ultra", openai_settings(), http_client=http)
    assert model is not None
    wire.post("/chat/completions").mock(
        return_value=_error(
            404,
            "model_not_found",
            "The model `gpt-9-ultra` does not exist or you do not have access.",
        )
    )
    with pytest.raises(LLMAuthError) as info:
        await complete(model, PROMPT)
    assert "AGENT_SYSTEM_MODEL" in info.value.message
    assert "'gpt-9-ultra'" in info.value.message


async def test_a_404_on_the_path_names_the_base_url_setting(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    wire.post("/chat/completions").mock(return_value=httpx.Response(404, text="Not Found"))
    with pytest.raises(LLMAuthError) as info:
        await complete(chat, PROMPT)
    assert "OPENAI_BASE_URL" in info.value.message
    assert "/v1" in info.value.message


async def test_exhausted_quota_is_reported_as_an_account_problem(
    wire: respx.MockRouter, http: httpx.AsyncClient
) -> None:
    model = resolve_model(
        "openai:gpt-4o-mini", openai_settings(llm_max_retries=0), http_client=http
    )
    assert model is not None
    wire.post("/chat/completions").mock(
        return_value=_error(429, "insufficient_quota", "You exceeded your current quota")
    )
    with pytest.raises(LLMAuthError, match="no quota left"):
        await complete(model, PROMPT)


def test_an_llm_error_passes_through_unchanged() -> None:
    original = LLMOutputError("bad reply")
    assert translate_error(original) is original


def test_parsing_errors_become_llm_output_errors() -> None:
    assert isinstance(translate_error(OutputParserException("not json")), LLMOutputError)
    try:
        json.loads("{")
    except json.JSONDecodeError as exc:
        assert isinstance(translate_error(exc), LLMOutputError)


def test_an_unexpected_exception_keeps_its_type_in_the_message() -> None:
    error = translate_error(RuntimeError("socket closed"), model="m")
    assert type(error) is LLMError
    assert "RuntimeError: socket closed" in error.message
    assert error.details["model"] == "m"

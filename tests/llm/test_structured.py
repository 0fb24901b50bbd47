"""Structured output: strict JSON schema, JSON-mode fallback, one corrective retry."""

from __future__ import annotations

import json
from typing import Literal

import httpx
import pytest
import respx
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from agent_system.errors import ErrorCode, LLMError, LLMOutputError
from agent_system.llm import _structured as structured
from agent_system.llm._fake import ScriptedChatModel
from agent_system.llm._structured import invoke_structured, strict_json_schema
from agent_system.llm._usage import UsageTracker
from tests.llm.conftest import completion

pytestmark = pytest.mark.anyio


class Forecast(BaseModel):
    city: str
    temp_c: float
    sky: Literal["clear", "cloudy", "rain"] = "clear"
    note: str | None = None


class Tagged(BaseModel):
    default: int = Field(default=3, description="a property named 'default'")


PROMPT = [SystemMessage(content="You report weather."), HumanMessage(content="Paris?")]


@pytest.fixture(autouse=True)
def _fresh_fallback_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(structured, "_JSON_MODE_ONLY", set())


def test_the_strict_schema_requires_every_property_and_drops_defaults() -> None:
    schema = strict_json_schema(Forecast)
    assert schema["required"] == ["city", "temp_c", "sky", "note"]
    assert schema["additionalProperties"] is False
    assert "default" not in schema["properties"]["sky"]
    tagged = strict_json_schema(Tagged)
    assert "default" in tagged["properties"]  # a property called "default" survives


async def test_a_strict_json_schema_request_is_sent_and_its_reply_validated(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    route = wire.post("/chat/completions").mock(
        return_value=httpx.Response(
            200, json=completion('{"city": "Paris", "temp_c": 21.5, "sky": "cloudy", "note": null}')
        )
    )
    tracker = UsageTracker()
    result = await invoke_structured(chat, Forecast, PROMPT, usage=tracker)
    assert result == Forecast(city="Paris", temp_c=21.5, sky="cloudy")
    sent = json.loads(route.calls.last.request.content)
    assert sent["response_format"]["type"] == "json_schema"
    assert sent["response_format"]["json_schema"]["strict"] is True
    assert sent["response_format"]["json_schema"]["name"] == "Forecast"
    assert sent["response_format"]["json_schema"]["schema"] == strict_json_schema(Forecast)
    assert tracker.usage.llm_calls == 1


async def test_malformed_json_at_the_wire_is_retried_once_with_the_error_fed_back(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    route = wire.post("/chat/completions")
    route.side_effect = [
        httpx.Response(200, json=completion('{"city": "Paris", "temp_c": ')),
        httpx.Response(200, json=completion('{"city": "Paris", "temp_c": 20, "sky": "rain"}')),
    ]
    tracker = UsageTracker()
    result = await invoke_structured(chat, Forecast, PROMPT, usage=tracker)
    assert result.sky == "rain"
    retry = json.loads(route.calls[1].request.content)["messages"]
    assert retry[-2] == {"role": "assistant", "content": '{"city": "Paris", "temp_c":'}
    assert "Invalid JSON" in retry[-1]["content"]
    assert tracker.usage.llm_calls == 2


async def test_a_second_invalid_reply_raises_an_llm_output_error(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    wire.post("/chat/completions").mock(
        return_value=httpx.Response(200, json=completion('{"city": "Paris"}'))
    )
    with pytest.raises(LLMOutputError) as info:
        await invoke_structured(chat, Forecast, PROMPT)
    assert info.value.code == ErrorCode.LLM_ERROR
    assert "temp_c: Field required" in info.value.details["problems"]
    assert "Forecast" in info.value.message


@pytest.mark.filterwarnings("ignore:This model does not support:UserWarning")
async def test_a_server_rejecting_json_schema_falls_back_to_json_mode_and_remembers(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    rejected = httpx.Response(
        400,
        json={
            "error": {
                "message": "'response_format' of type 'json_schema' is not supported with "
                "this model",
                "type": "invalid_request_error",
                "code": None,
            }
        },
    )
    ok = httpx.Response(200, json=completion('{"city": "Oslo", "temp_c": -3}'))
    route = wire.post("/chat/completions")
    route.side_effect = [rejected, ok, ok]
    assert (await invoke_structured(chat, Forecast, PROMPT)).city == "Oslo"
    fallback = json.loads(route.calls[1].request.content)
    assert fallback["response_format"] == {"type": "json_object"}
    system = fallback["messages"][0]
    assert system["role"] == "system" and system["content"].startswith("You report weather.")
    assert '"temp_c"' in system["content"]  # the schema travels in the prompt
    await invoke_structured(chat, Forecast, PROMPT)
    assert json.loads(route.calls[2].request.content)["response_format"]["type"] == "json_object"
    assert route.call_count == 3


async def test_other_bad_requests_are_not_mistaken_for_missing_schema_support(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    route = wire.post("/chat/completions").mock(
        return_value=httpx.Response(
            400, json={"error": {"message": "messages: too many", "type": "invalid_request_error"}}
        )
    )
    with pytest.raises(LLMError, match="too many"):
        await invoke_structured(chat, Forecast, PROMPT)
    assert route.call_count == 1


async def test_a_scripted_invalid_reply_is_retried_with_the_validation_errors() -> None:
    model = ScriptedChatModel(
        [{"city": "Rome", "temp_c": "warm"}, Forecast(city="Rome", temp_c=28)]
    )
    result = await invoke_structured(model, Forecast, PROMPT)
    assert result.temp_c == 28
    feedback = model.calls[1].messages[-1].content
    assert "temp_c: Input should be a valid number" in str(feedback)
    assert model.calls[0].structured is not None
    assert model.calls[0].structured["method"] == "json_schema"
    model.assert_complete()


async def test_json_mode_puts_the_schema_in_the_system_prompt_and_strips_code_fences() -> None:
    model = ScriptedChatModel(['```json\n{"city": "Lima", "temp_c": 18}\n```'])
    result = await invoke_structured(model, Forecast, PROMPT, mode="json_mode")
    assert result.city == "Lima"
    call = model.calls[0]
    assert call.structured is not None and call.structured["method"] == "json_mode"
    assert "validates against this JSON schema" in str(call.messages[0].content)
    assert len([m for m in call.messages if isinstance(m, SystemMessage)]) == 1


async def test_semantic_check_problems_are_fed_back_like_validation_errors() -> None:
    model = ScriptedChatModel(
        [Forecast(city="Atlantis", temp_c=30), Forecast(city="Athens", temp_c=30)]
    )

    def real_city(forecast: Forecast) -> list[str]:
        return [] if forecast.city != "Atlantis" else ["city: Atlantis is not a real city"]

    result = await invoke_structured(model, Forecast, PROMPT, check=real_city)
    assert result.city == "Athens"
    assert "Atlantis is not a real city" in str(model.calls[1].messages[-1].content)


async def test_a_refusal_counts_as_an_invalid_reply() -> None:
    from langchain_core.messages import AIMessage

    refusal = AIMessage(content="", additional_kwargs={"refusal": "I can't help with that."})
    model = ScriptedChatModel([refusal, refusal])
    with pytest.raises(LLMOutputError, match="refused"):
        await invoke_structured(model, Forecast, PROMPT)
    assert len(model.calls) == 2


@pytest.mark.filterwarnings("ignore:This model does not support:UserWarning")
async def test_a_streamed_request_falls_back_to_json_mode_too(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    from agent_system.llm._structured import stream_structured
    from tests.llm.conftest import sse

    rejected = httpx.Response(
        400,
        json={
            "error": {
                "message": "'response_format' of type 'json_schema' is not supported",
                "type": "invalid_request_error",
                "code": None,
            }
        },
    )
    streamed = httpx.Response(
        200,
        content=sse(['{"city": ', '"Oslo", ', '"temp_c": -3}']),
        headers={"content-type": "text/event-stream"},
    )
    route = wire.post("/chat/completions")
    route.side_effect = [rejected, streamed]
    pieces: list[str] = []
    text = await stream_structured(chat, Forecast, PROMPT, pieces.append)
    assert Forecast.model_validate_json(text).city == "Oslo"
    assert pieces == ['{"city": ', '"Oslo", ', '"temp_c": -3}']  # as they arrived
    first, second = (json.loads(c.request.content) for c in route.calls)
    assert first["stream"] and first["response_format"]["type"] == "json_schema"
    assert second["stream"] and second["response_format"] == {"type": "json_object"}
    assert '"temp_c"' in second["messages"][0]["content"]  # the schema travels in the prompt

"""One guarded call: plain, streamed and tool-calling replies at the wire; budget and usage."""

from __future__ import annotations

import json

import httpx
import pytest
import respx
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, HumanMessage

from agent_system.errors import BudgetExceededError, LLMError
from agent_system.llm._budget import Budget
from agent_system.llm._chat import complete
from agent_system.llm._fake import ScriptedChatModel
from agent_system.llm._usage import UsageTracker
from tests.llm.conftest import completion, openai_settings, sse

pytestmark = pytest.mark.anyio

PROMPT = [HumanMessage(content="Say hello")]


async def test_a_plain_reply_records_tokens_and_cost_from_the_wire(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    route = wire.post("/chat/completions").mock(
        return_value=httpx.Response(
            200, json=completion("Hello!", prompt_tokens=1000, completion_tokens=500)
        )
    )
    tracker = UsageTracker.from_settings(openai_settings())
    reply = await complete(chat, PROMPT, usage=tracker)
    assert reply.content == "Hello!"
    sent = json.loads(route.calls.last.request.content)
    assert sent["model"] == "gpt-4o-mini"
    assert sent["messages"] == [{"role": "user", "content": "Say hello"}]
    assert route.calls.last.request.headers["authorization"] == "Bearer sk-test"
    usage = tracker.usage
    assert (usage.llm_calls, usage.input_tokens, usage.output_tokens) == (1, 1000, 500)
    # The dated model name is priced as gpt-4o-mini: 1000 * 0.15/1e6 + 500 * 0.60/1e6.
    assert usage.cost_usd == pytest.approx(0.00045)


async def test_a_streamed_reply_reaches_the_callback_chunk_by_chunk_with_usage(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    route = wire.post("/chat/completions").mock(
        return_value=httpx.Response(
            200,
            content=sse(["Hel", "lo ", "there"], prompt_tokens=9, completion_tokens=3),
            headers={"content-type": "text/event-stream"},
        )
    )
    pieces: list[str] = []
    tracker = UsageTracker()
    reply = await complete(chat, PROMPT, usage=tracker, stream=pieces.append)
    assert pieces == ["Hel", "lo ", "there"]
    assert reply.content == "Hello there"
    sent = json.loads(route.calls.last.request.content)
    assert sent["stream"] is True
    assert sent["stream_options"] == {"include_usage": True}
    assert (tracker.usage.input_tokens, tracker.usage.output_tokens) == (9, 3)


async def test_tool_calls_come_back_parsed_from_the_wire(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "timer_set", "arguments": '{"duration": "10 minutes"}'},
    }
    route = wire.post("/chat/completions").mock(
        return_value=httpx.Response(200, json=completion(None, tool_calls=[call]))
    )
    tool = {
        "type": "function",
        "function": {
            "name": "timer_set",
            "description": "Start a timer.",
            "parameters": {
                "type": "object",
                "properties": {"duration": {"type": "string"}},
                "required": ["duration"],
            },
        },
    }
    reply = await complete(chat.bind_tools([tool]), PROMPT)
    assert reply.tool_calls == [
        {
            "name": "timer_set",
            "args": {"duration": "10 minutes"},
            "id": "call_1",
            "type": "tool_call",
        }
    ]
    sent = json.loads(route.calls.last.request.content)
    assert sent["tools"][0]["function"]["name"] == "timer_set"


async def test_a_call_that_does_not_fit_the_budget_is_never_sent() -> None:
    model = ScriptedChatModel(["never"])
    budget = Budget(tokens=10)
    with pytest.raises(BudgetExceededError, match="AGENT_SYSTEM_BUDGET_TOKENS"):
        await complete(model, PROMPT, budget=budget)
    assert model.calls == []
    assert budget.reserved_tokens == 0


async def test_the_budget_is_reconciled_with_real_usage_and_then_stops_further_calls() -> None:
    model = ScriptedChatModel(["first answer", "second answer"])
    budget = Budget(tokens=300)
    await complete(model, PROMPT, budget=budget, output_tokens=100)
    spent = budget.spent
    assert spent.llm_calls == 1
    reply = model.calls[0].reply
    assert reply is not None and reply.usage_metadata is not None
    assert spent.total_tokens == reply.usage_metadata["total_tokens"]
    assert budget.reserved_tokens == 0
    budget.reconcile_llm(spent.model_copy(update={"input_tokens": 300}))  # a big call elsewhere
    with pytest.raises(BudgetExceededError):
        await complete(model, PROMPT, budget=budget, output_tokens=100)
    assert len(model.calls) == 1
    assert model.remaining == 1


async def test_a_failed_call_releases_its_reservation_and_is_translated() -> None:
    model = ScriptedChatModel([RuntimeError("socket closed")])
    budget = Budget(tokens=10_000)
    with pytest.raises(LLMError, match="socket closed"):
        await complete(model, PROMPT, budget=budget)
    assert budget.reserved_tokens == 0
    assert budget.spent.llm_calls == 0


async def test_a_streamed_tool_call_reply_is_merged_into_one_message() -> None:
    turn = AIMessage(content="", tool_calls=[{"name": "t", "args": {"a": 1}, "id": "c1"}])
    model = ScriptedChatModel([turn])
    pieces: list[str] = []
    reply = await complete(model, PROMPT, stream=pieces.append)
    assert pieces == []
    assert reply.tool_calls[0]["args"] == {"a": 1}


# --- a stream cut short (issue 14.6) -------------------------------------------------------


def _stream(body: bytes) -> httpx.Response:
    return httpx.Response(200, content=body, headers={"content-type": "text/event-stream"})


def _until(body: bytes, marker: str) -> bytes:
    """`body` cut in the middle of the SSE event that contains `marker`."""
    return body[: body.index(marker.encode()) + 3]


async def test_a_stream_that_ends_mid_answer_is_an_error_not_the_answer(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    # The connection closes cleanly in the middle of a chunk: no finish reason, no [DONE].
    body = sse(["Here is ", "the full ", "answer."])
    wire.post("/chat/completions").mock(return_value=_stream(_until(body, "the full ")))
    pieces: list[str] = []
    with pytest.raises(LLMError, match="stopped mid-stream"):
        await complete(chat, PROMPT, stream=pieces.append)
    assert "".join(pieces) == "Here is "


async def test_a_stream_cut_before_any_text_is_asked_again(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    body = sse(["Hello ", "there"])
    route = wire.post("/chat/completions").mock(
        side_effect=[_stream(_until(body, "Hello ")), _stream(body)]
    )
    pieces: list[str] = []
    reply = await complete(chat, PROMPT, stream=pieces.append)
    assert reply.content == "Hello there" and "".join(pieces) == "Hello there"
    assert route.call_count == 2


async def test_a_stream_stopped_at_the_token_limit_is_not_taken_as_whole(
    wire: respx.MockRouter, chat: BaseChatModel
) -> None:
    body = sse(["Here is ", "the"]).replace(
        b'"finish_reason": "stop"', b'"finish_reason": "length"'
    )
    wire.post("/chat/completions").mock(return_value=_stream(body))
    with pytest.raises(LLMError, match="token limit"):
        await complete(chat, PROMPT, stream=lambda _: None)


async def test_a_model_without_finish_reasons_still_streams() -> None:
    class Plain(ScriptedChatModel):
        reports_finish_reason = False

    model = Plain([AIMessage(content="fine", response_metadata={"finish_reason": None})])
    reply = await complete(model, PROMPT, stream=lambda _: None)
    assert reply.content == "fine"

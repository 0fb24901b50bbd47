"""The scripted chat model the engine tests and benchmarks rely on."""

from __future__ import annotations

import asyncio
import time

import pytest
from langchain_core.exceptions import OutputParserException
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, HumanMessage
from pydantic import BaseModel

from agent_system.llm._fake import ScriptedChatModel, ScriptedTurn, ScriptExhaustedError

pytestmark = pytest.mark.anyio

HI = [HumanMessage(content="hi")]


class Answer(BaseModel):
    value: int


async def test_turns_are_replayed_in_order_as_ai_messages() -> None:
    call = AIMessage(content="", tool_calls=[{"name": "t", "args": {"x": 1}, "id": "c1"}])
    model = ScriptedChatModel(["text", call, Answer(value=3), {"value": 4}])
    assert (await model.ainvoke(HI)).content == "text"
    assert (await model.ainvoke(HI)).tool_calls[0]["args"] == {"x": 1}
    assert (await model.ainvoke(HI)).content == '{"value":3}'
    assert (await model.ainvoke(HI)).content == '{"value": 4}'
    model.assert_complete()


async def test_an_exception_turn_is_raised_by_its_call() -> None:
    model = ScriptedChatModel([TimeoutError("slow"), ValueError, "after"])
    with pytest.raises(TimeoutError, match="slow"):
        await model.ainvoke(HI)
    with pytest.raises(ValueError):
        await model.ainvoke(HI)
    assert (await model.ainvoke(HI)).content == "after"
    assert isinstance(model.calls[0].error, TimeoutError)


async def test_a_callable_turn_answers_from_the_prompt() -> None:
    def echo(messages: list[BaseMessage]) -> str:
        return f"you said {messages[-1].content}"

    model = ScriptedChatModel([echo])
    assert (await model.ainvoke(HI)).content == "you said hi"


async def test_replies_carry_usage_and_the_model_name() -> None:
    model = ScriptedChatModel(["12345678", ScriptedTurn("x", input_tokens=70, output_tokens=9)])
    first = await model.ainvoke([HumanMessage(content="abcd" * 3)])
    assert first.usage_metadata == {"input_tokens": 3, "output_tokens": 2, "total_tokens": 5}
    assert first.response_metadata["model_name"] == "scripted"
    second = await model.ainvoke(HI)
    assert second.usage_metadata is not None
    assert (second.usage_metadata["input_tokens"], second.usage_metadata["output_tokens"]) == (
        70,
        9,
    )


async def test_streaming_yields_word_by_word_and_ends_with_the_usage() -> None:
    model = ScriptedChatModel(["The quick  brown fox"])
    chunks = [c async for c in model.astream(HI)]
    texts = [c.content for c in chunks if c.content]
    assert texts == ["The", " quick", "  brown", " fox"]
    assert chunks[-1].usage_metadata is not None
    assert chunks[-1].usage_metadata["output_tokens"] == 5
    merged = chunks[0]
    for chunk in chunks[1:]:
        merged = merged + chunk
    assert isinstance(merged, AIMessageChunk)
    assert merged.content == "The quick  brown fox"
    assert model.calls[0].streamed


async def test_latency_delays_the_reply_and_the_first_chunk() -> None:
    model = ScriptedChatModel(["a b", ScriptedTurn("c", latency_s=0.0)], latency_s=0.3)
    started = time.monotonic()
    await model.ainvoke(HI)
    assert time.monotonic() - started >= 0.3
    started = time.monotonic()
    await model.ainvoke(HI)
    assert time.monotonic() - started < 0.3  # margin for a busy machine


async def test_a_streamed_tool_call_arrives_when_the_call_ends_not_with_the_first_chunk() -> None:
    # A ReAct turn that only calls tools has no text to spread: before, its whole message came
    # at first_chunk_s (0.02 s here), a 25x faster LLM for the benchmarks' baseline.
    call = AIMessage(content="", tool_calls=[{"name": "t", "args": {"x": 1}, "id": "c1"}])
    model = ScriptedChatModel([call, "some words to spread"], latency_s=0.5, first_chunk_s=0.02)
    for _ in range(2):
        started = time.monotonic()
        arrived: list[float] = []
        async for chunk in model.astream(HI):
            if chunk.content or chunk.tool_call_chunks:
                arrived.append(time.monotonic() - started)
        assert arrived[-1] >= 0.49  # the last text or tool-call chunk comes at the call's end
    assert arrived[0] < 0.45  # text still starts early


async def test_parallel_calls_overlap_their_latency() -> None:
    model = ScriptedChatModel(["a", "b", "c"], latency_s=0.3)
    started = time.monotonic()
    replies = await asyncio.gather(*(model.ainvoke(HI) for _ in range(3)))
    assert sorted(r.content for r in replies) == ["a", "b", "c"]
    assert time.monotonic() - started < 0.6  # one after the other: 0.9 s


async def test_bound_tools_are_recorded_on_the_call() -> None:
    tool = {"type": "function", "function": {"name": "t", "description": "d", "parameters": {}}}
    model = ScriptedChatModel(["ok"])
    await model.bind_tools([tool], tool_choice="auto").ainvoke(HI)
    assert model.calls[0].tools == [tool]
    assert model.calls[0].kwargs["tool_choice"] == "auto"


async def test_structured_output_parses_the_next_turn_into_the_schema() -> None:
    model = ScriptedChatModel([Answer(value=5), {"value": 6}, "not json", '{"value": "x"}'])
    assert await model.with_structured_output(Answer).ainvoke(HI) == Answer(value=5)
    as_dict = model.with_structured_output({"name": "Answer", "schema": {}})
    assert await as_dict.ainvoke(HI) == {"value": 6}
    with pytest.raises(OutputParserException):
        await model.with_structured_output(Answer).ainvoke(HI)
    raw = await model.with_structured_output(Answer, include_raw=True).ainvoke(HI)
    assert isinstance(raw, dict)
    assert raw["parsed"] is None and isinstance(raw["parsing_error"], OutputParserException)
    assert raw["raw"].content == '{"value": "x"}'
    assert model.calls[3].structured is not None and model.calls[3].structured["include_raw"]


async def test_an_empty_script_fails_the_call_and_assert_complete() -> None:
    model = ScriptedChatModel(["only"])
    await model.ainvoke(HI)
    with pytest.raises(ScriptExhaustedError, match="call #2"):
        await model.ainvoke(HI)
    with pytest.raises(AssertionError, match=r"call\(s\) \[2\]"):
        model.assert_complete()


def test_assert_complete_names_unused_turns() -> None:
    model = ScriptedChatModel(["first", Answer(value=1)])
    with pytest.raises(AssertionError, match="2 scripted turn"):
        model.assert_complete()


async def test_a_default_turn_answers_after_the_script() -> None:
    model = ScriptedChatModel(["scripted"], default="again")
    replies = [(await model.ainvoke(HI)).content for _ in range(3)]
    assert replies == ["scripted", "again", "again"]
    model.assert_complete()


def test_the_sync_interface_consumes_the_same_script() -> None:
    model = ScriptedChatModel(["one", "two words"])
    assert model.invoke(HI).content == "one"
    assert [c.content for c in model.stream(HI) if c.content] == ["two", " words"]
    model.add("three")
    assert model.remaining == 1

"""The loopback OpenAI-compatible server of the over-HTTP comparison, through the official
client, and one scenario run end to end over it (a real server on 127.0.0.1, no network)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import openai
import pytest
from langchain_core.messages import AIMessage
from pydantic import BaseModel

from agent_system.llm._fake import ScriptedChatModel
from benchmarks._openai_sim import OpenAISim
from benchmarks.baseline import Baseline
from benchmarks.compare import compare, summarize
from benchmarks.report import render
from benchmarks.workload import Latency, Scenario, SimStep, comparison_scenarios


class Answer(BaseModel):
    city: str
    count: int


@pytest.fixture
def sim() -> Iterator[OpenAISim]:
    with OpenAISim() as server:
        yield server


def _client(sim: OpenAISim) -> openai.OpenAI:
    return openai.OpenAI(base_url=sim.base_url, api_key="sim", max_retries=0)


def test_a_streamed_reply_keeps_the_simulated_timing_and_ends_with_its_usage(
    sim: OpenAISim,
) -> None:
    sim.add("m", ScriptedChatModel(["one two three four"], latency_s=0.3, first_chunk_s=0.1))
    with _client(sim) as client:
        started = time.perf_counter()
        stream = client.chat.completions.create(
            model="m",
            messages=[{"role": "user", "content": "count"}],
            stream=True,
            stream_options={"include_usage": True},
        )
        arrivals, text, usage, reasons = [], "", None, []
        for chunk in stream:
            if chunk.usage is not None:
                usage = chunk.usage
            for choice in chunk.choices:
                if choice.delta.content:
                    arrivals.append(time.perf_counter() - started)
                    text += choice.delta.content
                if choice.finish_reason:
                    reasons.append(choice.finish_reason)
    assert text == "one two three four"
    assert reasons == ["stop"]
    assert usage is not None and usage.completion_tokens > 0
    assert arrivals[0] >= 0.1 and arrivals[-1] >= 0.3
    assert arrivals[-1] - arrivals[0] >= 0.1  # spread over the call, not in one burst


def test_tool_calls_stream_at_the_end_and_a_whole_reply_carries_them(sim: OpenAISim) -> None:
    call = {"id": "call_1", "name": "sim_lookup", "args": {"key": "k"}, "type": "tool_call"}
    model = sim.add("m", ScriptedChatModel([AIMessage("", tool_calls=[call])] * 2))
    tools = [
        {
            "type": "function",
            "function": {
                "name": "sim_lookup",
                "parameters": {"type": "object", "properties": {"key": {"type": "string"}}},
            },
        }
    ]
    with _client(sim) as client:
        messages = [{"role": "user", "content": "look k up"}]
        whole = client.chat.completions.create(model="m", messages=messages, tools=tools)
        stream = client.chat.completions.create(
            model="m", messages=messages, tools=tools, stream=True
        )
        parts = [tc for chunk in stream for c in chunk.choices for tc in c.delta.tool_calls or []]
    (made,) = whole.choices[0].message.tool_calls or []
    assert whole.choices[0].finish_reason == "tool_calls"
    assert (made.id, made.function.name, json.loads(made.function.arguments)) == (
        "call_1",
        "sim_lookup",
        {"key": "k"},
    )
    assert [(p.id, p.function and p.function.name) for p in parts] == [("call_1", "sim_lookup")]
    assert model.calls[0].tools == tools  # the script sees what the client offered


def test_a_json_schema_response_format_is_parsed_by_the_client(sim: OpenAISim) -> None:
    model = sim.add("m", ScriptedChatModel([{"city": "Oslo", "count": 3}]))
    with _client(sim) as client:
        reply = client.chat.completions.parse(
            model="m", messages=[{"role": "user", "content": "?"}], response_format=Answer
        )
    assert reply.choices[0].message.parsed == Answer(city="Oslo", count=3)
    asked = model.calls[0].structured
    assert asked is not None and asked["method"] == "json_schema"
    assert asked["schema"]["name"] == "Answer" and asked["schema"]["strict"] is True


def test_an_unknown_model_is_a_404_the_client_raises(sim: OpenAISim) -> None:
    with _client(sim) as client, pytest.raises(openai.NotFoundError, match="nope"):
        client.chat.completions.create(model="nope", messages=[{"role": "user", "content": "x"}])


@pytest.mark.anyio
async def test_a_failing_tool_reaches_the_script_as_an_error_over_http(sim: OpenAISim) -> None:
    scenario = Scenario("r", "r", (SimStep("bad", "sim.flaky", fails=True),))
    sample = await Baseline(scenario, Latency(llm_s=0.0, tool_s=0.0), sim).run()
    assert sample.ok
    assert sample.llm_calls == 3  # call, fallback call (the error crossed the wire), answer
    assert sim.requests == 3


@pytest.mark.anyio
async def test_a_chain_runs_over_http_on_every_system_with_the_expected_llm_calls() -> None:
    chain = next(s for s in comparison_scenarios() if s.name == "chain_2")
    workload = Latency(llm_s=0.02, tool_s=0.005, first_chunk_s=0.005)
    records = await compare(
        [chain],
        workload,
        runs=1,
        warmup=False,
        offline_reason="skipped",
        progress=lambda _: None,
        over_http=True,
    )
    (record,) = records
    summary = summarize(records, workload)
    (row,) = summary["rows"]
    assert row["http_ok"], row["http_detail"]
    # ReAct: a turn per level and the answer; ours: the plan only (as shipped, the embedded
    # router is sure this request needs the planner).
    assert row["http_llm_calls"] == {"baseline": 3, "ours": 1, "shipped": 1}
    assert row["http_speedup"] > 0 and summary["geomean_http_speedup"] > 0
    # Ours streamed its plan over the wire: its steps' JSON closed while the reply came in.
    (sample,) = record.ours_http
    assert sample.closed_at and set(sample.closed_at) == {s.id for s in chain.steps}
    results = {"comparison": summary, "command": "c", "date": "d", "machine": "m", "runs": 1}
    page = render({**results, "workload": {"llm_ms": 20.0, "tool_ms": 5.0}}, [], {})
    assert "### Over HTTP, through the official OpenAI client" in page
    assert "| chain_2 | " in page.split("### Over HTTP")[1]

"""Token and cost arithmetic."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from agent_system.llm._fake import ScriptedChatModel, ScriptedTurn
from agent_system.llm._usage import UsageTracker, cost_usd, model_name_of, price_for
from agent_system.testing import make_settings

PRICES = {"gpt-4o": (2.50, 10.00), "gpt-4o-mini": (0.15, 0.60)}


def _reply(input_tokens: int, output_tokens: int, model: str) -> AIMessage:
    return AIMessage(
        content="x",
        usage_metadata={
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "total_tokens": input_tokens + output_tokens,
        },
        response_metadata={"model_name": model},
    )


def test_cost_is_usd_per_million_input_and_output_tokens() -> None:
    assert cost_usd("gpt-4o", 1_000_000, 0, PRICES) == pytest.approx(2.50)
    assert cost_usd("gpt-4o", 2000, 1000, PRICES) == pytest.approx(0.005 + 0.01)


def test_a_dated_model_name_is_priced_by_its_longest_listed_prefix() -> None:
    assert price_for("gpt-4o-mini-2024-07-18", PRICES) == (0.15, 0.60)
    assert price_for("gpt-4o-2024-08-06", PRICES) == (2.50, 10.00)


def test_an_unlisted_model_costs_nothing() -> None:
    assert price_for("llama3.1:8b", PRICES) is None
    assert cost_usd("llama3.1:8b", 5000, 5000, PRICES) == 0.0


def test_the_tracker_sums_calls_into_a_usage() -> None:
    tracker = UsageTracker(PRICES)
    first = tracker.record(_reply(1000, 200, "gpt-4o-mini-2024-07-18"))
    tracker.record(_reply(3000, 1000, "gpt-4o"))
    tracker.record_tool_call(2)
    assert first.cost_usd == pytest.approx((1000 * 0.15 + 200 * 0.60) / 1e6)
    usage = tracker.usage
    assert usage.llm_calls == 2
    assert (usage.input_tokens, usage.output_tokens, usage.tool_calls) == (4000, 1200, 2)
    assert usage.cost_usd == pytest.approx(0.00027 + 0.0075 + 0.01)
    tracker.reset()
    assert tracker.usage.llm_calls == 0


def test_the_model_name_falls_back_to_the_callers_when_the_reply_has_none() -> None:
    tracker = UsageTracker(PRICES)
    reply = AIMessage(content="x", usage_metadata=_reply(100, 0, "").usage_metadata)
    assert tracker.record(reply, model="gpt-4o").model == "gpt-4o"


def test_openai_token_usage_without_usage_metadata_is_still_counted() -> None:
    reply = AIMessage(
        content="x", response_metadata={"token_usage": {"prompt_tokens": 7, "completion_tokens": 2}}
    )
    call = UsageTracker().record(reply)
    assert (call.input_tokens, call.output_tokens) == (7, 2)


def test_the_tracker_reads_prices_from_settings() -> None:
    tracker = UsageTracker.from_settings(make_settings(prices={"m": (1.0, 2.0)}))
    assert tracker.record(_reply(1_000_000, 1_000_000, "m")).cost_usd == pytest.approx(3.0)


@pytest.mark.anyio
async def test_as_a_callback_it_records_each_call_of_a_chat_model() -> None:
    model = ScriptedChatModel(
        [ScriptedTurn("a", input_tokens=10, output_tokens=4), ScriptedTurn("b", output_tokens=6)],
        model_name="m",
    )
    tracker = UsageTracker({"m": (1.0, 1.0)})
    await model.ainvoke([HumanMessage(content="12345678")], config={"callbacks": [tracker]})
    await model.ainvoke([HumanMessage(content="12345678")], config={"callbacks": [tracker]})
    usage = tracker.usage
    assert usage.llm_calls == 2
    assert (usage.input_tokens, usage.output_tokens) == (10 + 2, 10)
    assert usage.cost_usd == pytest.approx(22 / 1e6)


def test_model_names_are_read_through_bindings() -> None:
    model = ScriptedChatModel(model_name="m1")
    assert model_name_of(model) == "m1"
    assert model_name_of(model.bind(stop=["x"])) == "m1"

"""Smoke test of the benchmark suite: its pieces import and one tiny scenario runs end to end.

The suite's goals are measured by ``python -m benchmarks``, never asserted here.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from benchmarks.baseline import Baseline, react_policy
from benchmarks.compare import compare, summarize
from benchmarks.external import parse_verdicts
from benchmarks.goals import evaluate
from benchmarks.report import render
from benchmarks.workload import Latency, Scenario, SimStep, comparison_scenarios

MODULES = (
    "benchmarks",
    "benchmarks.workload",
    "benchmarks._openai_sim",
    "benchmarks.baseline",
    "benchmarks.ours",
    "benchmarks.compare",
    "benchmarks.overhead",
    "benchmarks.server_bench",
    "benchmarks._loadgen",
    "benchmarks._server_notes",
    "benchmarks.server_ab",
    "benchmarks.fast_ab",
    "benchmarks.fast_phases",
    "benchmarks.external",
    "benchmarks.goals",
    "benchmarks.plots",
    "benchmarks.report",
    "benchmarks.stats",
)


@pytest.mark.parametrize("name", MODULES)
def test_every_suite_module_imports_and_exports_what_it_lists(name: str) -> None:
    module = importlib.import_module(name)
    for public in module.__all__:
        assert hasattr(module, public), f"{name} lists {public!r} but has no such name"


def test_the_scenario_set_covers_the_shapes_the_issue_names() -> None:
    names = [s.name for s in comparison_scenarios()]
    assert names == [
        "single",
        "parallel_2",
        "parallel_4",
        "parallel_8",
        "chain_2",
        "chain_3",
        "chain_4",
        "diamond",
        "replan",
        "wide_64",
        "plan_1024",
    ]
    sizes = {s.name: len(s.steps) for s in comparison_scenarios()}
    assert sizes["wide_64"] == 64
    assert sizes["plan_1024"] == 1024


def test_the_depth_4_chain_ceiling_follows_the_latency_arithmetic() -> None:
    chain = next(s for s in comparison_scenarios() if s.name == "chain_4")
    whole = Latency(llm_s=0.5, tool_s=0.2, first_chunk_s=None)
    assert chain.ideal_baseline_s(whole) == pytest.approx(3.3)
    assert chain.ideal_ours_s(whole) == pytest.approx(1.3)
    # Streamed (first chunk at 100 ms, the rest until 500 ms): each step starts when its JSON
    # object closes or its dependency finishes; the chain's first step closes early.
    streamed = Latency(llm_s=0.5, tool_s=0.2, first_chunk_s=0.1)
    closes = chain.json_closes_s(streamed)
    assert 0.1 < closes["c1"] < closes["c2"] < closes["c3"] < closes["c4"] <= 0.5
    assert chain.ideal_ours_s(streamed) == pytest.approx(max(closes["c1"] + 0.8, 0.5 + 0.2))
    assert chain.ideal_baseline_s(streamed) / chain.ideal_ours_s(streamed) > 3.2


def test_the_react_policy_calls_every_ready_step_at_once_then_answers() -> None:
    scenario = Scenario(
        "t", "t", (SimStep("a"), SimStep("b"), SimStep("c", "sim.merge", deps=("a", "b")))
    )
    turn = react_policy(scenario)
    first = turn([HumanMessage("go")])
    assert isinstance(first, AIMessage)
    assert [c["id"] for c in first.tool_calls] == ["call_a", "call_b"]
    answers = [
        ToolMessage('{"value": "A"}', tool_call_id="call_a"),
        ToolMessage('{"value": "B"}', tool_call_id="call_b"),
    ]
    second = turn([HumanMessage("go"), first, *answers])
    assert isinstance(second, AIMessage)
    assert second.tool_calls[0]["args"] == {"left": "A", "right": "B"}
    merged = ToolMessage('{"value": "AB"}', tool_call_id="call_c")
    assert str(turn([HumanMessage("go"), first, *answers, second, merged])).startswith("Done:")


@pytest.mark.anyio
async def test_a_tiny_chain_runs_on_both_systems_with_the_expected_llm_calls() -> None:
    chain = next(s for s in comparison_scenarios() if s.name == "chain_2")
    workload = Latency(llm_s=0.01, tool_s=0.005)
    records = await compare(
        [chain], workload, runs=1, warmup=False, offline_reason="skipped", progress=lambda _: None
    )
    summary = summarize(records, workload)
    (row,) = summary["rows"]
    assert row["baseline_ok"] and row["ours_ok"]
    assert (row["baseline_llm_calls"], row["ours_llm_calls"]) == (3, 1)
    assert row["speedup"] > 0
    # As shipped (hybrid router, SQLite, the tools beside the built-in ones): the embedded
    # router is sure this request needs the planner, so the plan is the only LLM call.
    assert row["shipped_ok"] and row["shipped_llm_calls"] == 1
    checks = evaluate({"comparison": summary})
    assert all(c.line().startswith(("PASS", "FAIL", "N/A")) for c in checks)
    results: dict[str, Any] = {
        "comparison": summary,
        "command": "python -m benchmarks",
        "date": "today",
        "machine": "test",
        "workload": {"llm_ms": 10.0, "tool_ms": 5.0},
        "runs": 1,
    }
    page = render(results, checks, {})
    assert "| chain_2 |" in page
    assert "as shipped speedup" in page
    assert row["lost_before_ms"] >= 0 and row["lost_after_ms"] >= 0
    assert "### Where each scenario loses time against its ceiling" in page


@pytest.mark.anyio
async def test_a_failing_tool_reaches_the_baseline_as_an_error_message_not_a_crash() -> None:
    scenario = Scenario("r", "r", (SimStep("bad", "sim.flaky", fails=True),))
    sample = await Baseline(scenario, Latency(llm_s=0.0, tool_s=0.0)).run()
    assert sample.ok
    assert sample.llm_calls == 3  # call, fallback call, answer


def test_verdict_lines_of_another_benchmark_are_parsed_with_their_values() -> None:
    out = "PASS  decision_p50_ms = 0.4100 (<= 1.0)\nFAIL  in_role_accuracy = 0.9 (>= 0.97)\nx"
    assert parse_verdicts(out) == {
        "passed": {"decision_p50_ms": True, "in_role_accuracy": False},
        "targets": {"decision_p50_ms": "<= 1.0", "in_role_accuracy": ">= 0.97"},
        "decision_p50_ms": 0.41,
        "in_role_accuracy": 0.9,
    }


@pytest.mark.anyio
async def test_as_shipped_an_unsure_route_asks_the_llm_router_and_still_plans() -> None:
    from benchmarks.ours import OursLLM

    single = next(s for s in comparison_scenarios() if s.name == "single")
    ours = OursLLM(single, Latency(llm_s=0.01, tool_s=0.005), shipped=True)
    try:
        await ours.aopen()
        sample = await ours.run()
    finally:
        await ours.aclose()
    assert sample.ok
    prompts = sorted(str(c.messages[0].content)[:9] for c in ours.model.calls)
    assert prompts == ["Plan the ", "You route"]  # the route and the plan, side by side
    assert sample.llm_calls == 2


def test_lost_time_splits_a_request_around_its_planning_call_and_last_step() -> None:
    from datetime import UTC, datetime, timedelta
    from types import SimpleNamespace

    from benchmarks.baseline import RunSample
    from benchmarks.compare import lost_time_ms

    sent = datetime(2026, 1, 1, tzinfo=UTC)
    steps = [
        SimpleNamespace(finished_at=sent + timedelta(milliseconds=600)),
        SimpleNamespace(finished_at=sent + timedelta(milliseconds=650)),
    ]
    sample = RunSample(
        0.66, 1, True, steps=steps, started_at=sent, planned_at=sent + timedelta(milliseconds=4)
    )
    lost = lost_time_ms(sample)
    assert lost is not None
    assert lost["before_ms"] == pytest.approx(4.0)
    assert lost["after_ms"] == pytest.approx(10.0)
    assert lost_time_ms(RunSample(0.66, 1, True, steps=steps, started_at=sent)) is None

"""Prometheus metrics: requests by route, run latency, LLM usage, step outcomes."""

from __future__ import annotations

import os
import uuid

from prometheus_client.parser import text_string_to_metric_families

from agent_system import events as ev
from agent_system.planning.models import PlanResult, StepResult, StepStatus, Usage
from agent_system.server._metrics import Metrics

from .conftest import Live


def _samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Samples by name and labels (the server's ``worker`` label left out)."""
    return {
        (s.name, tuple(sorted((k, v) for k, v in s.labels.items() if k != "worker"))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def test_a_run_counts_its_status_latency_tokens_and_steps() -> None:
    metrics = Metrics()
    steps = [
        StepResult(step_id="a", tool="t", status=StepStatus.SUCCEEDED),
        StepResult(step_id="b", tool="t", status=StepStatus.FAILED),
    ]
    result = ev.RunResult(
        thread_id="t",
        request="x",
        status="partial",
        duration_ms=250.0,
        usage=Usage(llm_calls=2, input_tokens=100, output_tokens=30),
        result=PlanResult(plan_id=uuid.UUID(int=1), status="partial", steps=steps),
    )
    metrics.record_run("chat", result)
    samples = _samples(metrics.render().decode())
    assert samples[("agent_system_runs_total", (("kind", "chat"), ("status", "partial")))] == 1
    assert samples[("agent_system_run_duration_seconds_sum", (("kind", "chat"),))] == 0.25
    assert samples[("agent_system_llm_calls_total", ())] == 2
    assert samples[("agent_system_llm_tokens_total", (("direction", "input"),))] == 100
    assert samples[("agent_system_llm_tokens_total", (("direction", "output"),))] == 30
    assert samples[("agent_system_steps_total", (("status", "failed"),))] == 1


def test_the_metrics_endpoint_counts_requests_by_route_template(live: Live) -> None:
    with live.client() as client:
        client.post("/v1/threads/abc/runs", json={"text": "echo hi"})
        client.get("/v1/threads/missing")
    with live.client(None) as anonymous:
        anonymous.get("/v1/threads")
        text = anonymous.get("/metrics").text
    samples = _samples(text)

    def requests(route: str, method: str, status: str) -> float:
        labels = (("method", method), ("route", route), ("status", status))
        return samples.get(("agent_system_http_requests_total", labels), 0)

    assert requests("/v1/threads/{thread_id}/runs", "POST", "200") == 1
    assert requests("/v1/threads/{thread_id}", "GET", "404") == 1
    assert requests("/v1/threads", "GET", "401") == 1
    assert samples[("agent_system_runs_total", (("kind", "run"), ("status", "success")))] == 1
    assert samples[("agent_system_steps_total", (("status", "succeeded"),))] == 1
    assert samples[("agent_system_run_duration_seconds_count", (("kind", "run"),))] == 1
    assert "abc" not in text
    workers = {
        s.labels.get("worker")
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }
    assert len(workers) == 1 and str(os.getpid()) in str(workers.pop())  # host:pid

"""Prometheus metrics of one app: requests, run latency, LLM usage and step outcomes.

Each app has its own `CollectorRegistry`, so several apps in one process (tests) do not clash.
With several worker processes each worker exports its own numbers, every sample labelled
``worker="host:pid"`` (the server sets it); aggregate with ``sum without (worker)``.
"""

from __future__ import annotations

import time
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.metrics_core import Metric
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agent_system.events import RunResult

__all__ = ["CONTENT_TYPE_LATEST", "Metrics", "MetricsMiddleware"]

_RUN_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300)


class Metrics:
    """The counters and histograms the server updates."""

    def __init__(self, worker: str | None = None) -> None:
        self.worker = worker
        """The label every sample gets (``worker``); None: no label."""
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "agent_system_http_requests",
            "HTTP requests by route template, method and status code.",
            ["route", "method", "status"],
            registry=self.registry,
        )
        self.request_seconds = Histogram(
            "agent_system_http_request_duration_seconds",
            "Time to the response's first byte, by route template.",
            ["route"],
            registry=self.registry,
        )
        self.runs = Counter(
            "agent_system_runs",
            "Finished runs by kind (run, resume, chat) and status.",
            ["kind", "status"],
            registry=self.registry,
        )
        self.run_seconds = Histogram(
            "agent_system_run_duration_seconds",
            "Run latency from request to RunFinished, by kind.",
            ["kind"],
            buckets=_RUN_BUCKETS,
            registry=self.registry,
        )
        self.llm_calls = Counter(
            "agent_system_llm_calls",
            "LLM calls made by runs.",
            registry=self.registry,
        )
        self.llm_tokens = Counter(
            "agent_system_llm_tokens",
            "LLM tokens used by runs, by direction (input, output).",
            ["direction"],
            registry=self.registry,
        )
        self.steps = Counter(
            "agent_system_steps",
            "Plan steps by final status.",
            ["status"],
            registry=self.registry,
        )

    def record_run(self, kind: str, result: RunResult) -> None:
        """Count one finished run: its status, latency, LLM usage and steps."""
        self.runs.labels(kind=kind, status=result.status).inc()
        self.run_seconds.labels(kind=kind).observe(result.duration_ms / 1000.0)
        usage = result.usage
        if usage.llm_calls:
            self.llm_calls.inc(usage.llm_calls)
        if usage.input_tokens:
            self.llm_tokens.labels(direction="input").inc(usage.input_tokens)
        if usage.output_tokens:
            self.llm_tokens.labels(direction="output").inc(usage.output_tokens)
        if result.result is not None:
            for step in result.result.steps:
                self.steps.labels(status=str(step.status)).inc()

    def render(self) -> bytes:
        """The Prometheus text exposition of every metric."""
        if self.worker is None:
            return generate_latest(self.registry)
        return generate_latest(_Labelled(self.registry, {"worker": self.worker}))


class _Labelled:
    """A registry's metrics with constant labels added to every sample."""

    def __init__(self, registry: CollectorRegistry, labels: dict[str, str]) -> None:
        self.registry = registry
        self.labels = labels

    def collect(self) -> Any:
        for family in self.registry.collect():
            out = Metric(family.name, family.documentation, family.type, family.unit)
            for sample in family.samples:
                labels = {**sample.labels, **self.labels}
                out.add_sample(sample.name, labels, sample.value, sample.timestamp, sample.exemplar)
            yield out


class MetricsMiddleware:
    """Counts every HTTP request by its route template (not the raw path: ids stay out)."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status: dict[str, Any] = {"code": 500}

        async def send_wrapper(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
                route = _route_label(scope)
                self.metrics.request_seconds.labels(route=route).observe(
                    time.perf_counter() - started
                )
            await send(message)

        try:
            await self.app(scope, receive, send_wrapper)
        finally:
            route = _route_label(scope)
            self.metrics.requests.labels(
                route=route, method=scope.get("method", ""), status=str(status["code"])
            ).inc()


def _route_label(scope: Scope) -> str:
    route = scope.get("route")
    path = getattr(route, "path", None)
    return str(path) if path else "unmatched"

"""Engine overhead: wall time minus the simulated critical path.

- fast reply with the real SQLite checkpointer and store (`open_persistence`), instant tool;
- the 1,024-step plan with instant tools and an instant planner call, per step, on SQLite;
- how late a dependent step starts after its last dependency, beside a slow sibling.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from agent_system.api import AgentSystem
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from benchmarks.compare import dependency_gaps_ms
from benchmarks.ours import (
    OursLLM,
    _home,
    _settings,
    close_and_clean,
    offline_available,
    simulated_builtin_registry,
)
from benchmarks.stats import median, percentile, summary_ms
from benchmarks.workload import Latency, comparison_scenarios, probe_scenario

__all__ = [
    "FAST_REPLY_VARIANTS",
    "TimerRouter",
    "eager_start",
    "fast_reply_overhead",
    "plan_1024_overhead",
]

FAST_REPLY_TEXT = "set a timer for 10 minutes"


class TimerRouter:
    """Stand-in used only while the embedded router is missing: timer requests to the timer role."""

    name = "timer-stand-in"

    def decide(self, request: RouteRequest) -> RouteDecision:
        return RouteDecision(
            target=RouteTarget.FAST_REPLY, role="timer", confidence=1.0, reason="stand-in"
        )

    async def route(self, request: RouteRequest) -> RouteDecision:
        return self.decide(request)


FAST_REPLY_VARIANTS = ("sqlite", "memory")
"""sqlite: the product default, `open_persistence` (goal judged here); memory: `InMemorySaver` +
`InMemoryStore`, the framework floor."""


async def _fast_reply_system(variant: str) -> AgentSystem:
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.store.memory import InMemoryStore

    from roles.timer.role import ROLE as TIMER

    options: dict[str, Any] = {}
    if offline_available() is not None:
        options = {"router": TimerRouter(), "roles": {"timer": TIMER}}
    if variant == "memory":
        options.update(checkpointer=InMemorySaver(), store=InMemoryStore())
    system = AgentSystem(
        _settings(_home()), registry=simulated_builtin_registry(0.0), models={}, **options
    )
    await system.aopen()
    return system


async def fast_reply_overhead(
    requests: int, variants: tuple[str, ...] = FAST_REPLY_VARIANTS
) -> list[dict[str, Any]]:
    """`requests` fast replies per variant with an instant tool, each on a new thread.

    The variants take turns request by request, so load from other work hits them alike.
    """
    systems = {v: await _fast_reply_system(v) for v in variants}
    walls: dict[str, list[float]] = {v: [] for v in variants}
    cpus: dict[str, list[float]] = {v: [] for v in variants}
    calls = dict.fromkeys(variants, 0)
    statuses: dict[str, set[str]] = {v: set() for v in variants}
    replies = dict.fromkeys(variants, "")
    try:
        for n in range(requests + 5):
            for variant, system in systems.items():
                started, cpu = time.perf_counter(), time.process_time()
                result = await system.arun(FAST_REPLY_TEXT, thread_id=str(uuid.uuid4()))
                wall = time.perf_counter() - started
                cpu = time.process_time() - cpu
                if n < 5:  # the first few warm the caches and the SQLite files
                    continue
                walls[variant].append(wall)
                cpus[variant].append(cpu)
                calls[variant] = max(calls[variant], result.usage.llm_calls)
                statuses[variant].add(result.status)
                replies[variant] = result.reply
    finally:
        for system in systems.values():
            await close_and_clean(system)
    missing = offline_available()
    return [
        {
            **summary_ms(walls[v]),
            "variant": v,
            "request": FAST_REPLY_TEXT,
            "router": "embedded" if missing is None else f"stand-in ({missing})",
            "llm_calls": calls[v],
            "statuses": sorted(statuses[v]),
            "reply": replies[v][:120],
            "samples_ms": [w * 1000 for w in walls[v]],
            "cpu_p50_ms": percentile(cpus[v], 50) * 1000,
            "cpu_p95_ms": percentile(cpus[v], 95) * 1000,
        }
        for v in variants
    ]


async def plan_1024_overhead(runs: int) -> dict[str, Any]:
    """The 1,024-step plan, instant tools and planner, on SQLite and in memory: ms per step."""
    scenario = next(s for s in comparison_scenarios() if s.name == "plan_1024")
    instant = Latency(llm_s=0.0, tool_s=0.0)
    out: dict[str, Any] = {"steps": len(scenario.steps)}
    for label, options in (
        ("sqlite", {"checkpointer": None, "store": None}),
        ("memory", {}),
    ):
        # The plan arrives whole: an instant planner streaming its 38,000 chunks would measure
        # LangChain's cost per chunk (about 0.2 ms), not the engine's per step.
        ours = OursLLM(scenario, instant, stream=False, **options)
        walls = []
        ok = True
        try:
            await ours.run()  # warm-up
            for _ in range(runs):
                sample = await ours.run()
                walls.append(sample.wall_s)
                ok = ok and sample.ok
        finally:
            await ours.aclose()
        wall = median(walls)
        out[label] = {
            "wall_ms": wall * 1000,
            "per_step_ms": wall * 1000 / len(scenario.steps),
            "samples_ms": [w * 1000 for w in walls],
            "ok": ok,
        }
    return out


async def eager_start(runs: int, extra_gaps: list[float]) -> dict[str, Any]:
    """A dependant of a 0.1 s step beside a 1.2 s sibling: its start delay after the dependency."""
    scenario = probe_scenario()
    ours = OursLLM(scenario, Latency(llm_s=0.0, tool_s=0.2))
    probe: list[float] = []
    starts: list[float] = []
    timeline: list[dict[str, Any]] = []
    try:
        for _ in range(runs):
            sample = await ours.run()
            timeline = [
                {
                    "id": s.step_id,
                    "start_ms": s.started_at.timestamp() * 1000,
                    "end_ms": s.finished_at.timestamp() * 1000,
                }
                for s in sample.steps or []
                if s.started_at is not None and s.finished_at is not None
            ]
            probe.extend(dependency_gaps_ms(scenario, sample.steps or []))
            by_id = {s.step_id: s for s in sample.steps or []}
            after, slow = by_id.get("after_fast"), by_id.get("slow")
            if after and slow and after.started_at and slow.finished_at:
                starts.append((slow.finished_at - after.started_at).total_seconds() * 1000)
    finally:
        await ours.aclose()
    everything = probe + extra_gaps
    return {
        "timeline": timeline,
        "probe_gap_ms": {"p50": median(probe), "max": max(probe, default=float("nan"))},
        "dependant_started_before_slow_sibling_finished_ms": median(starts),
        "all_dependent_steps": {
            "n": len(everything),
            "p50_ms": percentile(everything, 50),
            "p99_ms": percentile(everything, 99),
            "max_ms": max(everything, default=float("nan")),
        },
    }

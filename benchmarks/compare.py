"""The side-by-side speed comparison: baseline, LLM-planned and offline runs, interleaved.

Every round runs each scenario once on each system, alternating which goes first, so a noisy
neighbour on the shared machine hurts all of them alike. A scenario's speedup is the median of
its per-round ratios (baseline wall time / ours); the headline is their geometric mean.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from benchmarks._openai_sim import OpenAISim
from benchmarks.baseline import Baseline, RunSample
from benchmarks.ours import OursLLM, OursOffline
from benchmarks.stats import geomean, median
from benchmarks.workload import Latency, Scenario

__all__ = [
    "ScenarioRuns",
    "compare",
    "dependency_gaps_ms",
    "json_close_gaps_ms",
    "lost_time_ms",
    "stream_timeline",
    "summarize",
]

Progress = Callable[[str], None]


@dataclass
class ScenarioRuns:
    """Every sample of one scenario."""

    scenario: Scenario
    baseline: list[RunSample] = field(default_factory=list)
    ours: list[RunSample] = field(default_factory=list)
    whole: list[RunSample] = field(default_factory=list)
    """Ours with `stream_plans` off: the plan waits for the whole reply (for comparison)."""
    plain: list[RunSample] = field(default_factory=list)
    """Ours with tools that return plain data (no display text)."""
    shipped: list[RunSample] = field(default_factory=list)
    """Ours as shipped: the hybrid router, SQLite, the tools beside the built-in ones."""
    offline: list[RunSample] = field(default_factory=list)
    offline_skipped: str = ""
    baseline_http: list[RunSample] = field(default_factory=list)
    """The baseline with `ChatOpenAI` at the loopback OpenAI-compatible server (`--over-http`)."""
    ours_http: list[RunSample] = field(default_factory=list)
    """Ours (as `ours`) with the product's own OpenAI client at that server."""
    shipped_http: list[RunSample] = field(default_factory=list)
    """Ours as shipped, configured by ``OPENAI_BASE_URL``/``OPENAI_API_KEY`` only."""


def _ratios(base: list[RunSample], ours: list[RunSample]) -> list[float]:
    return [b.wall_s / o.wall_s for b, o in zip(base, ours, strict=False) if o.wall_s > 0]


def dependency_gaps_ms(scenario: Scenario, steps: list[Any]) -> list[float]:
    """For each dependent step: its start minus its last dependency's finish, in ms."""
    by_id = {s.step_id: s for s in steps}
    gaps = []
    for step in scenario.steps:
        mine = by_id.get(step.id)
        deps = [by_id.get(d) for d in step.deps]
        if not step.deps or mine is None or mine.started_at is None or None in deps:
            continue
        finishes = [d.finished_at for d in deps if d is not None and d.finished_at is not None]
        if len(finishes) == len(deps):
            gaps.append((mine.started_at - max(finishes)).total_seconds() * 1000)
    return gaps


def json_close_gaps_ms(
    scenario: Scenario, steps: list[Any], closed_at: dict[str, Any]
) -> list[float]:
    """For each step of a streamed plan: its start minus the later of its JSON object closing
    in the planner's stream and its last dependency finishing, in ms."""
    by_id = {s.step_id: s for s in steps}
    gaps = []
    for step in scenario.steps:
        mine, closed = by_id.get(step.id), closed_at.get(step.id)
        if mine is None or mine.started_at is None or closed is None:
            continue
        finishes = [by_id[d].finished_at for d in step.deps if d in by_id]
        if None in finishes or len(finishes) != len(step.deps):
            continue
        ready = max([closed, *finishes])
        gaps.append((mine.started_at - ready).total_seconds() * 1000)
    return gaps


def lost_time_ms(sample: RunSample) -> dict[str, float] | None:
    """Where one streamed request spent time the ceiling does not count, in ms: before the
    planning call started, and after the last step finished (the reply, the last checkpoints);
    what remains of its loss against the ceiling lies between (steps starting after their JSON
    closed or their dependencies finished, tool calls over their simulated latency, replans)."""
    if sample.started_at is None or sample.planned_at is None or not sample.steps:
        return None
    finished = [s.finished_at for s in sample.steps if s.finished_at is not None]
    if not finished:
        return None
    last = (max(finished) - sample.started_at).total_seconds()
    return {
        "before_ms": (sample.planned_at - sample.started_at).total_seconds() * 1000,
        "after_ms": (sample.wall_s - last) * 1000,
    }


def stream_timeline(record: ScenarioRuns, workload: Latency) -> dict[str, Any]:
    """One request of a scenario on our side: when each step's JSON object closed in the plan
    stream, and when the step ran, in ms since the request was sent."""
    sample = record.ours[-1] if record.ours else None
    if sample is None or sample.started_at is None or not sample.closed_at:
        return {}
    t0 = sample.started_at

    def ms(moment: Any) -> float:
        return float((moment - t0).total_seconds() * 1000)

    steps = []
    for result in sample.steps or []:
        closed = sample.closed_at.get(result.step_id)
        if closed is None or result.started_at is None or result.finished_at is None:
            continue
        steps.append(
            {
                "id": result.step_id,
                "closed_ms": ms(closed),
                "start_ms": ms(result.started_at),
                "end_ms": ms(result.finished_at),
            }
        )
    return {
        "scenario": record.scenario.name,
        "llm_ms": workload.llm_s * 1000,
        "first_chunk_ms": (workload.first_chunk_s or 0.0) * 1000,
        "total_ms": sample.wall_s * 1000,
        "steps": steps,
    }


async def compare(
    scenarios: list[Scenario],
    workload: Latency,
    *,
    runs: int,
    warmup: bool,
    offline_reason: str | None,
    progress: Progress = print,
    over_http: bool = False,
) -> list[ScenarioRuns]:
    """Run every scenario `runs` times on each system, interleaved.

    Every system is built and its storage opened before the rounds (as the baseline's agent is
    compiled before them): a round measures requests, not start-up. With `over_http` the
    baseline, ours and ours as shipped also run through the official OpenAI client against a
    loopback OpenAI-compatible server giving the same scripted answers with the same timing
    (`benchmarks._openai_sim`)."""
    server = OpenAISim().start() if over_http else None
    systems: list[tuple[ScenarioRuns, list[tuple[str, Any]]]] = []
    for scenario in scenarios:
        record = ScenarioRuns(scenario)
        kinds: list[tuple[str, Any]] = [
            ("baseline", Baseline(scenario, workload)),
            ("ours", OursLLM(scenario, workload)),
            ("whole", OursLLM(scenario, workload, stream=False)),
            ("plain", OursLLM(scenario, workload, plain=True)),
            ("shipped", OursLLM(scenario, workload, shipped=True)),
        ]
        if server is not None:
            kinds += [
                ("baseline_http", Baseline(scenario, workload, server)),
                ("ours_http", OursLLM(scenario, workload, server=server)),
                ("shipped_http", OursLLM(scenario, workload, shipped=True, server=server)),
            ]
        if scenario.offline_text is None:
            record.offline_skipped = "no built-in-role request of this shape"
        elif offline_reason is not None:
            record.offline_skipped = offline_reason
        else:
            offline = OursOffline(scenario.offline_text, workload, len(scenario.steps))
            kinds.append(("offline", offline))
        systems.append((record, kinds))
    try:
        for _, kinds in systems:
            for _, system in kinds:
                if hasattr(system, "aopen"):
                    await system.aopen()
        if systems:  # imports and first-call set-up, not measured either way
            for _, system in systems[0][1]:
                await system.run()
        if warmup:
            progress("warm-up round")
            for _, kinds in systems:
                for _, system in kinds:
                    await system.run()
        for round_no in range(runs):
            progress(f"round {round_no + 1}/{runs}")
            for record, kinds in systems:
                order = list(kinds)
                if round_no % 2:
                    order.reverse()
                for kind, system in order:
                    sample = await system.run()
                    getattr(record, kind).append(sample)
    finally:
        for _, kinds in systems:
            for _, system in kinds:
                if hasattr(system, "aclose"):
                    await system.aclose()
        if server is not None:
            server.stop()
    return [record for record, _ in systems]


def _tokens_and_first_token(record: ScenarioRuns) -> dict[str, Any]:
    """Median tokens sent and received per request, and time to the first reply token."""
    out: dict[str, Any] = {}
    for kind, samples in (("baseline", record.baseline), ("ours", record.ours)):
        firsts = [s.first_token_s for s in samples if s.first_token_s is not None]
        out[f"{kind}_tokens_in"] = median([s.tokens_in for s in samples]) if samples else math.nan
        out[f"{kind}_tokens_out"] = median([s.tokens_out for s in samples]) if samples else math.nan
        out[f"{kind}_first_token_ms"] = median(firsts) * 1000 if firsts else math.nan
    for kind, samples in (("baseline", record.baseline), ("ours", record.ours)):
        parts = [s.token_parts for s in samples if s.token_parts]
        if parts:
            out[f"{kind}_token_parts"] = {k: median([p[k] for p in parts]) for k in parts[-1]}
    base = out["baseline_tokens_in"] + out["baseline_tokens_out"]
    ours = out["ours_tokens_in"] + out["ours_tokens_out"]
    out["token_ratio"] = ours / base if base else math.nan
    return out


def summarize(records: list[ScenarioRuns], workload: Latency) -> dict[str, Any]:
    """Per-scenario medians, speedups, LLM calls and the headline numbers."""
    rows = []
    for record in records:
        sc = record.scenario
        base = [s.wall_s for s in record.baseline]
        ours = [s.wall_s for s in record.ours]
        row: dict[str, Any] = {
            "scenario": sc.name,
            "title": sc.title,
            "steps": len(sc.steps),
            "depth": len(sc.waves()),
            "baseline_ms": median(base) * 1000,
            "ours_ms": median(ours) * 1000,
            "speedup": median(_ratios(record.baseline, record.ours)),
            "ideal_baseline_ms": sc.ideal_baseline_s(workload) * 1000,
            "ideal_ours_ms": sc.ideal_ours_s(workload) * 1000,
            "ceiling": sc.ideal_baseline_s(workload) / sc.ideal_ours_s(workload),
            "ours_overhead_ms": (median(ours) - sc.ideal_ours_s(workload)) * 1000,
            "baseline_overhead_ms": (median(base) - sc.ideal_baseline_s(workload)) * 1000,
            "baseline_llm_calls": max((s.llm_calls for s in record.baseline), default=0),
            "ours_llm_calls": max((s.llm_calls for s in record.ours), default=0),
            **_tokens_and_first_token(record),
            "baseline_ok": all(s.ok for s in record.baseline),
            "ours_ok": all(s.ok for s in record.ours),
            "ours_detail": record.ours[-1].detail if record.ours else "",
            "offline_text": sc.offline_text,
            "offline_skipped": record.offline_skipped,
            "samples_ms": {
                "baseline": [s.wall_s * 1000 for s in record.baseline],
                "ours": [s.wall_s * 1000 for s in record.ours],
                "offline": [s.wall_s * 1000 for s in record.offline],
            },
        }
        lost = [x for s in record.ours if (x := lost_time_ms(s)) is not None]
        if lost:
            row.update(
                lost_before_ms=median([x["before_ms"] for x in lost]),
                lost_after_ms=median([x["after_ms"] for x in lost]),
            )
        if record.whole:
            row.update(
                whole_ms=median([s.wall_s for s in record.whole]) * 1000,
                whole_speedup=median(_ratios(record.baseline, record.whole)),
            )
        if record.shipped:
            row.update(
                shipped_ms=median([s.wall_s for s in record.shipped]) * 1000,
                shipped_speedup=median(_ratios(record.baseline, record.shipped)),
                shipped_llm_calls=max(s.llm_calls for s in record.shipped),
                shipped_ok=all(s.ok for s in record.shipped),
                shipped_detail=record.shipped[-1].detail,
            )
        if record.plain:
            row.update(
                plain_ms=median([s.wall_s for s in record.plain]) * 1000,
                plain_speedup=median(_ratios(record.baseline, record.plain)),
                plain_llm_calls=max(s.llm_calls for s in record.plain),
                plain_ok=all(s.ok for s in record.plain),
                plain_detail=record.plain[-1].detail,
            )
        if record.offline:
            off = [s.wall_s for s in record.offline]
            row.update(
                offline_ms=median(off) * 1000,
                offline_speedup=median(_ratios(record.baseline, record.offline)),
                offline_llm_calls=max(s.llm_calls for s in record.offline),
                offline_ok=all(s.ok for s in record.offline),
                offline_detail=record.offline[-1].detail,
            )
        row.update(_over_http(record))
        rows.append(row)
    speedups = [r["speedup"] for r in rows if not math.isnan(r["speedup"])]
    by_name = {r["scenario"]: r for r in rows}
    offline_rows = [r for r in rows if "offline_speedup" in r]
    plain_rows = [r for r in rows if "plain_speedup" in r and not math.isnan(r["speedup"])]
    shipped_rows = [r for r in rows if "shipped_speedup" in r]
    http_rows = [r for r in rows if "http_speedup" in r]
    return {
        "rows": rows,
        "geomean_speedup": geomean(speedups),
        "geomean_plain_speedup": geomean([r["plain_speedup"] for r in plain_rows]),
        "geomean_shipped_speedup": geomean([r["shipped_speedup"] for r in shipped_rows]),
        "geomean_ceiling": geomean([r["ceiling"] for r in rows]),
        "chain_4_speedup": by_name.get("chain_4", {}).get("speedup", math.nan),
        "geomean_offline_speedup": geomean([r["offline_speedup"] for r in offline_rows]),
        "offline_scenarios": [r["scenario"] for r in offline_rows],
        **(
            {
                "geomean_http_speedup": geomean([r["http_speedup"] for r in http_rows]),
                "geomean_shipped_http_speedup": geomean(
                    [r["shipped_http_speedup"] for r in http_rows]
                ),
                "http_scenarios": [r["scenario"] for r in http_rows],
            }
            if http_rows
            else {}
        ),
    }


def _over_http(record: ScenarioRuns) -> dict[str, Any]:
    """The over-HTTP figures of one scenario (none when it was not run over HTTP)."""
    if not (record.baseline_http and record.ours_http and record.shipped_http):
        return {}
    base = record.baseline_http
    return {
        "baseline_http_ms": median([s.wall_s for s in base]) * 1000,
        "ours_http_ms": median([s.wall_s for s in record.ours_http]) * 1000,
        "shipped_http_ms": median([s.wall_s for s in record.shipped_http]) * 1000,
        "http_speedup": median(_ratios(base, record.ours_http)),
        "shipped_http_speedup": median(_ratios(base, record.shipped_http)),
        "http_llm_calls": {
            "baseline": max(s.llm_calls for s in base),
            "ours": max(s.llm_calls for s in record.ours_http),
            "shipped": max(s.llm_calls for s in record.shipped_http),
        },
        "http_ok": all(s.ok for s in [*base, *record.ours_http, *record.shipped_http]),
        "http_detail": record.shipped_http[-1].detail,
    }

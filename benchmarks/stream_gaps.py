"""``python -m benchmarks.stream_gaps``: why a streamed step starts late after its JSON closes.

Runs the LLM-planner scenarios with a streamed plan (the comparison's workload) N times each and,
for every step, measures its start minus the later of its JSON object closing in the plan stream
and its last dependency finishing. For each gap over the goal (10 ms) it says whether a garbage
collection ran in that window (`gc.callbacks`) or not (then the process was waiting for a core:
the machine's load), and prints the load average. Options: ``--runs N`` (default 10),
``--sqlite`` (the product's default persistence instead of in-memory).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
from datetime import UTC, datetime
from typing import Any

from benchmarks.ours import OursLLM
from benchmarks.stats import median
from benchmarks.workload import Latency, comparison_scenarios

__all__ = ["main", "stream_gaps"]

GOAL_MS = 10.0
SCENARIOS = ("chain_3", "chain_4", "diamond", "parallel_4")


async def stream_gaps(
    runs: int, *, sqlite: bool = False, workload: Latency | None = None
) -> dict[str, Any]:
    """Every gap (ms) and, for the ones over the goal, the GC pauses (ms) inside them."""
    windows: list[tuple[datetime, datetime]] = []
    started: list[datetime] = []

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started.append(datetime.now(UTC))
        elif started:
            windows.append((started.pop(), datetime.now(UTC)))

    gc.callbacks.append(on_gc)
    gaps: list[float] = []
    late: list[dict[str, Any]] = []
    scenarios = {s.name: s for s in comparison_scenarios()}
    options: dict[str, Any] = {"checkpointer": None, "store": None} if sqlite else {}
    try:
        for name in SCENARIOS:
            scenario = scenarios[name]
            ours = OursLLM(scenario, workload or Latency(), **options)
            try:
                for _ in range(runs):
                    sample = await ours.run()
                    by_id = {r.step_id: r for r in sample.steps or []}
                    for step in scenario.steps:
                        result, closed = by_id.get(step.id), (sample.closed_at or {}).get(step.id)
                        if result is None or closed is None or result.started_at is None:
                            continue
                        ready = max([closed, *(by_id[d].finished_at for d in step.deps)])
                        gap = (result.started_at - ready).total_seconds() * 1000
                        gaps.append(gap)
                        if gap > GOAL_MS:
                            pauses = [
                                (end - begin).total_seconds() * 1000
                                for begin, end in windows
                                if begin < result.started_at and end > ready
                            ]
                            late.append({"scenario": name, "gap_ms": gap, "gc_ms": pauses})
            finally:
                await ours.aclose()
    finally:
        gc.callbacks.remove(on_gc)
    gaps.sort()
    return {
        "n": len(gaps),
        "p50_ms": median(gaps) if gaps else float("nan"),
        "max_ms": gaps[-1] if gaps else float("nan"),
        "late": late,
        "load_average": os.getloadavg()[0],
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.stream_gaps")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--sqlite", action="store_true")
    args = parser.parse_args(argv)
    found = asyncio.run(stream_gaps(args.runs, sqlite=args.sqlite))
    with_gc = [g for g in found["late"] if g["gc_ms"]]
    print(
        f"{found['n']} steps: p50 {found['p50_ms']:.2f} ms, max {found['max_ms']:.2f} ms; "
        f"{len(found['late'])} over {GOAL_MS:g} ms, {len(with_gc)} of them with a garbage "
        f"collection inside (load average {found['load_average']:.1f})"
    )
    for gap in found["late"]:
        pauses = ", ".join(f"{p:.1f}" for p in gap["gc_ms"]) or "none"
        print(f"  {gap['scenario']}: {gap['gap_ms']:.1f} ms, GC pauses inside: {pauses}")


if __name__ == "__main__":
    main()

"""PNG figures for docs/benchmarks.md (matplotlib, Agg backend, no display needed)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

__all__ = ["draw_all"]


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _wall_times(rows: list[dict[str, Any]], workload: dict[str, float], path: Path) -> None:
    plt = _plt()
    names = [r["scenario"] for r in rows]
    xs = range(len(rows))
    width = 0.27
    fig, ax = plt.subplots(figsize=(10, 4.2))
    ax.bar([x - width for x in xs], [r["baseline_ms"] for r in rows], width, label="ReAct baseline")
    ax.bar(list(xs), [r["ours_ms"] for r in rows], width, label="meta-planner, LLM planner")
    ax.bar(
        [x + width for x in xs],
        [r.get("offline_ms", 0.0) for r in rows],
        width,
        label="meta-planner, offline (0 LLM calls)",
    )
    ax.set_xticks(list(xs), names, rotation=30, ha="right")
    ax.set_ylabel("median wall time (ms)")
    ax.set_title(
        f"Wall time per request (LLM {workload['llm_ms']:g} ms per call, "
        f"tools {workload['tool_ms']:g} ms)"
    )
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _speedups(rows: list[dict[str, Any]], geomean_goal: float, path: Path) -> None:
    plt = _plt()
    names = [r["scenario"] for r in rows]
    xs = list(range(len(rows)))
    fig, ax = plt.subplots(figsize=(10, 4.2))
    ax.bar([x - 0.2 for x in xs], [r["speedup"] for r in rows], 0.4, label="LLM planner")
    ax.bar(
        [x + 0.2 for x in xs],
        [r.get("offline_speedup", 0.0) for r in rows],
        0.4,
        label="offline path",
    )
    ax.scatter(
        [x - 0.2 for x in xs],
        [r["ceiling"] for r in rows],
        marker="_",
        s=400,
        color="black",
        label="ceiling with one planning call",
        zorder=3,
    )
    ax.axhline(geomean_goal, color="red", linestyle="--", label=f"goal {geomean_goal}x (geomean)")
    ax.axhline(1.0, color="grey", linewidth=0.8)
    ax.set_xticks(xs, names, rotation=30, ha="right")
    ax.set_ylabel("speedup over the ReAct baseline (x)")
    ax.set_title("Speedup per scenario (median of interleaved pairs)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _fast_reply(variants: list[dict[str, Any]], goal_ms: float, path: Path) -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 3.8))
    for variant in variants:
        samples = sorted(variant.get("samples_ms", []))
        if not samples:
            continue
        ys = [(i + 1) / len(samples) for i in range(len(samples))]
        ax.plot(samples, ys, label=variant["variant"])
    ax.axvline(goal_ms, color="red", linestyle="--", label=f"goal p95 <= {goal_ms:g} ms")
    ax.axhline(0.95, color="grey", linewidth=0.8)
    ax.set_xscale("log")
    from matplotlib.ticker import ScalarFormatter

    ax.xaxis.set_major_formatter(ScalarFormatter())
    ax.xaxis.set_minor_formatter(ScalarFormatter())
    ax.set_xlabel("fast-reply wall time, instant tool (ms, log scale)")
    ax.set_ylabel("share of requests")
    ax.set_title("Fast-reply engine overhead (CDF)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _timeline(steps: list[dict[str, Any]], path: Path) -> None:
    plt = _plt()
    if not steps:
        return
    origin = min(s["start_ms"] for s in steps)
    fig, ax = plt.subplots(figsize=(8, 2.6))
    for y, step in enumerate(steps):
        ax.barh(y, step["end_ms"] - step["start_ms"], left=step["start_ms"] - origin)
    ax.set_yticks(range(len(steps)), [s["id"] for s in steps])
    ax.invert_yaxis()
    ax.set_xlabel("ms since the first step started")
    ax.set_title("Eager start: a dependant does not wait for the slow sibling")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _stream_timeline(timeline: dict[str, Any], path: Path) -> None:
    plt = _plt()
    steps = timeline["steps"]
    fig, ax = plt.subplots(figsize=(9, 3.0))
    first, llm = timeline["first_chunk_ms"], timeline["llm_ms"]
    ax.barh(
        -1,
        llm - first,
        left=first,
        color="#bbbbbb",
        label=f"planning call if sent at once ({first:g} ms to the first chunk, {llm:g} in all)",
    )
    ax.barh(-1, first, left=0, color="#eeeeee")
    for y, step in enumerate(steps):
        ax.barh(y, step["end_ms"] - step["start_ms"], left=step["start_ms"], color="#4c72b0")
        ax.plot([step["closed_ms"]], [y], marker="|", markersize=16, color="#dd8452")
    ax.plot([], [], marker="|", linestyle="", color="#dd8452", label="step's JSON object closes")
    ax.barh([], [], color="#4c72b0", label="step runs (tool 200 ms)")
    ax.axvline(timeline["total_ms"], color="black", linewidth=0.8, linestyle="--")
    ax.set_yticks(range(-1, len(steps)), ["plan", *(s["id"] for s in steps)])
    ax.invert_yaxis()
    ax.set_xlabel("ms since the request was sent (dashed: the reply)")
    ax.set_title(f"Streaming plan dispatch, {timeline['scenario']}: each step starts as it closes")
    ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def draw_all(results: dict[str, Any], img_dir: Path) -> dict[str, str]:
    """Draw every figure the results allow; returns {figure: file name}."""
    img_dir.mkdir(parents=True, exist_ok=True)
    drawn: dict[str, str] = {}
    comparison = results.get("comparison")
    if comparison:
        workload = results.get("workload", {"llm_ms": 500.0, "tool_ms": 200.0})
        _wall_times(comparison["rows"], workload, img_dir / "bench_wall_time.png")
        drawn["wall_time"] = "bench_wall_time.png"
        _speedups(comparison["rows"], 2.2, img_dir / "bench_speedup.png")
        drawn["speedup"] = "bench_speedup.png"
        if comparison.get("stream_timeline", {}).get("steps"):
            _stream_timeline(comparison["stream_timeline"], img_dir / "bench_stream_timeline.png")
            drawn["stream_timeline"] = "bench_stream_timeline.png"
    fast = results.get("overhead", {}).get("fast_reply")
    if fast:
        _fast_reply(fast, 5.0, img_dir / "bench_fast_reply.png")
        drawn["fast_reply"] = "bench_fast_reply.png"
    timeline = results.get("overhead", {}).get("eager_start", {}).get("timeline")
    if timeline and not any(math.isnan(s["start_ms"]) for s in timeline):
        _timeline(timeline, img_dir / "bench_eager_start.png")
        drawn["eager_start"] = "bench_eager_start.png"
    return drawn

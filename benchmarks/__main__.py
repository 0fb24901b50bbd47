"""``python -m benchmarks``: the whole suite; writes docs/benchmarks.md and the results JSON.

Options: ``--quick`` (one round, small samples: about two minutes), ``--runs N`` (rounds of
the comparison, default 5), ``--only PART`` (repeatable: comparison, overhead, router, tools,
server; the other parts keep their last results), ``--llm-ms``/``--tool-ms`` (simulated
latencies), ``--over-http`` (the comparison also through the official OpenAI client
against a loopback OpenAI-compatible server), ``--strict`` (exit 1 when a goal fails),
``--render`` (redraw the page and the figures from the saved results). Goals are printed
as PASS/FAIL lines.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import logging
import math
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.compare import (
    compare,
    dependency_gaps_ms,
    json_close_gaps_ms,
    stream_timeline,
    summarize,
)
from benchmarks.external import RESULTS_DIR, ROOT, run_external
from benchmarks.goals import Check, evaluate
from benchmarks.ours import offline_available
from benchmarks.overhead import (
    FAST_REPLY_VARIANTS,
    eager_start,
    fast_reply_overhead,
    plan_1024_overhead,
)
from benchmarks.plots import draw_all
from benchmarks.report import render
from benchmarks.server_bench import server_benchmark
from benchmarks.workload import Latency, comparison_scenarios

PARTS = ("comparison", "overhead", "router", "tools", "server", "startup")
RESULTS = RESULTS_DIR / "benchmarks.json"
DOC = ROOT / "docs" / "benchmarks.md"
IMG = ROOT / "docs" / "img"


def _machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{os.cpu_count()} cores ({cpu}), shared with other work, Python "
        f"{platform.python_version()} on {platform.system()} {platform.machine()}"
    )


def _log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", flush=True)


def _overhead_notes(over: dict[str, Any]) -> list[str]:
    fast = {v["variant"]: v for v in over["fast_reply"]}
    if not {"sqlite", "memory"} <= fast.keys():
        return []
    sqlite, memory = fast["sqlite"], fast["memory"]
    return [
        f"Storage: the SQLite fast reply is {sqlite['p50_ms'] - memory['p50_ms']:.1f} ms slower "
        f"than the same request in memory at p50 ({sqlite['p50_ms']:.1f} against "
        f"{memory['p50_ms']:.1f} ms) and {sqlite['p95_ms'] - memory['p95_ms']:.1f} ms at p95. "
        "A later turn on a thread commits three times: the turn's start (a checkpoint, with "
        "the thread's lease taken in the same transaction), the step's audit row with its "
        "journal entry (one transaction: the application database is the same file), and the "
        "turn's end (its checkpoint, the journal's clearing, the thread listing and the lease "
        "release in ONE transaction on the connection the checkpointer, store and leases "
        "share); a new thread's takes its lease first and lists the thread (five; six, eight "
        "and seven before). The thread's checkpoint is read once (the owner check, under the "
        "thread's in-process lock; the lane takes that read; its id is checked again when the "
        "start is saved), and not at all when this process saved it last (one query for its "
        "id instead); the lane writes its checkpoints itself (graph/_save.py) and reads "
        "nothing back. No commit on the event loop syncs the disk: WAL checkpoints run in a "
        "thread (agent_system/_walcheck.py).",
        f"Framework floor: {memory['p50_ms']:.1f} ms at p50 and {memory['p95_ms']:.1f} ms at "
        "p95 in memory, where no storage is involved. Done on 2026-11-24: the fast lane "
        "(graph/_lane.py): a new turn whose route the router decides without an LLM, and "
        "whose plan needs no approval, runs outside LangGraph's loop with the same units and "
        "saves the graph's two states through LangGraph's update API (crash resume "
        "unchanged). CPU per fast reply on SQLite, old and new code side by side, three "
        "rounds of 400 (load average 10-17): a new thread 6.3-6.6 -> 4.2-4.6 ms at p50, a "
        "thread with history 6.7-7.5 -> 5.1-5.2 ms; the server's CPU per fast reply at 32 "
        "clients 8.9-9.0 -> 6.3-6.8 ms. Profiled in the server after it (py-spy, load 17): "
        "the HTTP stack (uvicorn, FastAPI, middleware, access log) 21 %, LangGraph's update "
        "API for the turn's start and end 19 %, routing and the role's choice 14 %, the step "
        "(scheduler, executor, audit row, journal entry) 15 %, AgentSystem's listing, lease, "
        "journal clearing and result 12 %, the rest event-loop scheduling and the server's "
        "run journal. Earlier: the fast reply inside the `route` step, one checkpoint read "
        "fewer, no step-journal read for a new turn. Levers measured and not taken: "
        "LangGraph's `durability='exit'` for the whole graph (superseded by the lane); "
        "uvloop and httptools (`agent-system[fast]`) 5-12 %; a smaller turn input and the "
        "stream without its `values` mode: no gain measurable. What is left is one "
        "transaction per phase (lease, checkpoint, journal, audit and listing share one SQLite "
        "file but not one connection) and the update API's own work per save. Done after "
        "(serverdb, same day): checkpoints written directly, one connection, one transaction "
        "at the turn's end, WAL checkpoints in a thread; old and new code side by side at load "
        "15-17: CPU per fast reply in process (8 threads with history) 4.3-4.6 -> 2.8-3.1 ms, "
        "the server's at 32 clients (python -m benchmarks.server_ab OLD NEW --rounds 3 "
        "--seconds 6) 5.3-5.6 -> 4.2-4.6 ms (bare FastAPI 0.44-0.46 ms), 38-40 -> 51-54 "
        "req/s on that starved machine.",
    ]


async def _run(args: argparse.Namespace, results: dict[str, Any]) -> None:
    quick = args.quick
    parts = set(args.only or PARTS)
    first = args.first_chunk_ms / 1000 if args.first_chunk_ms > 0 else None
    workload = Latency(llm_s=args.llm_ms / 1000, tool_s=args.tool_ms / 1000, first_chunk_s=first)
    missing = offline_available()
    gaps: list[float] = []
    if "comparison" in parts:
        _log(f"comparison: {args.runs} round(s), LLM {args.llm_ms:g} ms, tools {args.tool_ms:g} ms")
        scenarios = comparison_scenarios()
        records = await compare(
            scenarios,
            workload,
            runs=args.runs,
            warmup=not quick,
            offline_reason=missing,
            progress=_log,
            over_http=args.over_http,
        )
        results["comparison"] = summarize(records, workload)
        results["runs"] = args.runs
        results["warmup"] = not quick
        closes: list[float] = []
        big: list[float] = []
        for record in records:
            for sample in record.ours:
                gaps += dependency_gaps_ms(record.scenario, sample.steps or [])
                found = json_close_gaps_ms(
                    record.scenario, sample.steps or [], sample.closed_at or {}
                )
                # Plans of 64 and 1,024 steps are bound by the engine's CPU per step, not by
                # the moment a step closes: reported apart.
                (big if len(record.scenario.steps) > 8 else closes).extend(found)
            if record.scenario.name == "chain_4":
                results["comparison"]["stream_timeline"] = stream_timeline(record, workload)
        results["comparison"]["json_close_gap_ms"] = {
            "n": len(closes),
            "max_ms": max(closes, default=math.nan),
            "p50_ms": statistics.median(closes) if closes else math.nan,
            "large_plans_p50_ms": statistics.median(big) if big else math.nan,
            "large_plans_max_ms": max(big, default=math.nan),
        }
    if "overhead" in parts:
        _log(f"overhead: fast reply ({', '.join(FAST_REPLY_VARIANTS)}, interleaved)")
        over: dict[str, Any] = {"fast_reply": await fast_reply_overhead(40 if quick else 200)}
        _log("overhead: 1,024-step plan")
        over["plan_1024"] = await plan_1024_overhead(1 if quick else 3)
        _log("overhead: eager start")
        over["eager_start"] = await eager_start(2 if quick else 5, gaps)
        results["overhead"] = over
    if "router" in parts:
        _log("router: python -m benchmarks.router")
        # --no-write: its own JSON and docs/routing.md belong to `make bench-router`
        results["router"] = run_external("router", args=("--no-write",))
    if "tools" in parts:
        _log("tool selection: python -m benchmarks.tool_selection")
        results["tool_selection"] = run_external("tool_selection")
    if "server" in parts:
        _log("server: 32 clients over loopback")
        try:
            results["server"] = await server_benchmark(
                clients=32,
                duration_s=3.0 if quick else 10.0,
                threads=100 if quick else 500,
                progress=_log,
            )
        except (RuntimeError, ImportError, OSError) as exc:
            results["server"] = {"status": "not measured yet", "why": str(exc)}
    if "startup" in parts:
        _log("startup: fresh interpreters, offline")
        from benchmarks.startup import measure_startup

        results["startup"] = measure_startup(3 if quick else 7)


def _write(results: dict[str, Any]) -> list[Check]:
    if "overhead" in results:
        results.setdefault("notes", {})["overhead"] = _overhead_notes(results["overhead"])
    checks = evaluate(results)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=1, default=str) + "\n", encoding="utf-8")
    figures = draw_all(results, IMG)
    DOC.write_text(render(results, checks, figures), encoding="utf-8")
    _log(f"wrote {RESULTS.relative_to(ROOT)}, {DOC.relative_to(ROOT)} and {len(figures)} figures")
    return checks


def _render_saved() -> int:
    if not RESULTS.exists():
        print(f"No saved results at {RESULTS}: run `python -m benchmarks` first.", file=sys.stderr)
        return 2
    results = json.loads(RESULTS.read_text())
    for check in _write(results):
        print(check.line())
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the suite, print the verdicts, write the page, the figures and the JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="one round, small samples")
    parser.add_argument("--runs", type=int, default=None, help="comparison rounds (default 5)")
    parser.add_argument("--only", action="append", choices=PARTS, help="run only this part")
    parser.add_argument("--llm-ms", type=float, default=500.0, help="simulated LLM latency")
    parser.add_argument("--tool-ms", type=float, default=200.0, help="simulated tool latency")
    parser.add_argument(
        "--first-chunk-ms",
        type=float,
        default=100.0,
        help="first chunk of a streamed LLM reply (the rest spread until --llm-ms); 0: no stream",
    )
    parser.add_argument(
        "--over-http",
        action="store_true",
        help="also run the comparison through the OpenAI client against a loopback server",
    )
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a goal fails")
    parser.add_argument(
        "--render", action="store_true", help="only redraw the page from the saved results"
    )
    args = parser.parse_args(argv)
    if args.render:
        return _render_saved()
    if args.runs is None:
        args.runs = 1 if args.quick else 5
    logging.basicConfig(level=logging.ERROR)
    results: dict[str, Any] = {}
    if args.only and RESULTS.exists():
        results = json.loads(RESULTS.read_text())  # keep the parts not run now
    started = time.perf_counter()
    asyncio.run(_run(args, results))
    results.update(
        command="python -m benchmarks " + " ".join(argv if argv is not None else sys.argv[1:]),
        date=dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        machine=_machine(),
        workload={
            "llm_ms": args.llm_ms,
            "tool_ms": args.tool_ms,
            "first_chunk_ms": args.first_chunk_ms,
        },
        seconds=round(time.perf_counter() - started, 1),
        load_average=os.getloadavg()[0],
        cores=os.cpu_count(),
    )
    results["command"] = results["command"].strip()
    checks = evaluate(results)
    print()
    for check in checks:
        print(check.line())
    _log(f"done in {results['seconds']} s")
    if not args.no_write:
        _write(results)
    return 1 if args.strict and any(c.passed is False for c in checks) else 0


if __name__ == "__main__":
    sys.exit(main())

"""The goals of the suite, judged on a results dict: PASS/FAIL lines, never assertions."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from benchmarks.stats import geomean

__all__ = ["Check", "evaluate"]

SPEEDUP_GEOMEAN = 2.5
SPEEDUP_CHAIN_4 = 3.7
"""Offline path (no LLM)."""
STREAMED_GEOMEAN = 2.2
STREAMED_CHAIN_4 = 3.2
STREAMED_DIAMOND = 3.0
"""LLM planner with a streamed plan (issue 18): geometric mean over the scenarios below."""
STREAMED_GEOMEAN_OVER = (
    "single",
    "parallel_2",
    "parallel_4",
    "parallel_8",
    "chain_2",
    "chain_3",
    "chain_4",
    "diamond",
    "replan",
)
PLAIN_DATA_SHARE = 0.9
"""With tools that return plain data, within 10 % of the speedup with display text."""
JSON_CLOSE_START_MS = 10.0
TOKEN_SHARE_CHAIN_4 = 1 / 3
"""Our tokens (sent + received) over ReAct's on the depth-4 chain."""
FAST_REPLY_P95_MS = 5.0
PER_STEP_MS = 1.0
DEPENDANT_START_MS = 10.0
SERVER_P99_MS = 150.0
"""Fast replies at 32 clients (issue 18 item 6)."""
SERVER_CPU_RATIO_BEFORE = 9.8
"""Server CPU per fast reply over the bare FastAPI endpoint's before issue 18 item 6: 16.23 ms
against 1.65 ms, main 8d08a7a beside the bare endpoint in one run (2026-11-23 17:57 UTC; an
earlier run under heavier load gave 17.5x). The goal is a third of the CPU per request."""


@dataclass(frozen=True)
class Check:
    """One goal: what it asks, what was measured, and whether it holds (None: not measured)."""

    name: str
    goal: str
    measured: str
    passed: bool | None
    section: str

    def line(self) -> str:
        """``PASS  name: measured (goal)``."""
        verdict = {True: "PASS", False: "FAIL", None: "N/A "}[self.passed]
        return f"{verdict}  {self.name}: {self.measured} (goal {self.goal})"


def _f(value: float, digits: int = 2) -> str:
    return "n/a" if value is None or math.isnan(value) else f"{value:.{digits}f}"


def _over_geomean_rows(rows: dict[str, dict[str, Any]], key: str) -> list[float]:
    """`key` of each scenario the speed goal's geometric mean is over, where measured."""
    return [rows[n][key] for n in STREAMED_GEOMEAN_OVER if key in rows.get(n, {})]


def _comparison(comp: dict[str, Any]) -> list[Check]:
    checks = []
    rows = {r["scenario"]: r for r in comp["rows"]}
    picked = _over_geomean_rows(rows, "speedup")
    geo = geomean(picked) if picked else math.nan
    ceiling = _over_geomean_rows(rows, "ceiling")
    geo_ceiling = geomean(ceiling) if ceiling else 0
    checks.append(
        Check(
            "speedup, geometric mean, LLM planner (single, parallel, chains, diamond, replan)",
            f">= {STREAMED_GEOMEAN}x",
            f"{_f(geo)}x (ceiling {_f(geo_ceiling)}x)",
            geo >= STREAMED_GEOMEAN,
            "speed",
        )
    )
    shipped = _over_geomean_rows(rows, "shipped_speedup")
    if shipped and len(shipped) == len(picked):
        geo_shipped = geomean(shipped)
        checks.append(
            Check(
                "speedup, geometric mean, LLM path as shipped (hybrid router, SQLite)",
                f">= {STREAMED_GEOMEAN}x",
                f"{_f(geo_shipped)}x",
                geo_shipped >= STREAMED_GEOMEAN,
                "speed",
            )
        )
    plain = _over_geomean_rows(rows, "plain_speedup")
    if plain and len(plain) == len(picked):
        geo_plain = geomean(plain)
        checks.append(
            Check(
                "speedup with plain-data tools, geometric mean, over the one with display text",
                f">= {PLAIN_DATA_SHARE:g}",
                f"{_f(geo_plain / geo)} ({_f(geo_plain)}x against {_f(geo)}x)",
                geo_plain >= PLAIN_DATA_SHARE * geo,
                "speed",
            )
        )
        extra = [
            r["scenario"]
            for r in comp["rows"]
            if "plain_llm_calls" in r and r["plain_llm_calls"] != r["ours_llm_calls"]
        ]
        checks.append(
            Check(
                "LLM calls with plain-data tools, as with display text (no second call)",
                "same",
                "the same in every scenario" if not extra else f"more in {', '.join(extra)}",
                not extra,
                "calls",
            )
        )
    for name, goal in (("chain_4", STREAMED_CHAIN_4), ("diamond", STREAMED_DIAMOND)):
        value = rows.get(name, {}).get("speedup", math.nan)
        label = "depth-4 chain" if name == "chain_4" else name
        checks.append(
            Check(
                f"speedup, {label}, LLM planner",
                f">= {goal}x",
                f"{_f(value)}x (ceiling {_f(rows.get(name, {}).get('ceiling', math.nan))}x)",
                value >= goal,
                "speed",
            )
        )
    chain = rows.get("chain_4", {})
    if "token_ratio" in chain:
        share = chain["token_ratio"]
        checks.append(
            Check(
                "tokens sent + received, depth-4 chain, ours over ReAct's",
                "<= 0.33",
                f"{_f(share)} ({chain['ours_tokens_in'] + chain['ours_tokens_out']:,.0f} "
                f"against {chain['baseline_tokens_in'] + chain['baseline_tokens_out']:,.0f})",
                share <= TOKEN_SHARE_CHAIN_4,
                "tokens",
            )
        )
    closes = comp.get("json_close_gap_ms")
    if closes and closes.get("n"):
        checks.append(
            Check(
                "step start after its JSON object closes in the plan stream (max)",
                f"<= {JSON_CLOSE_START_MS:g} ms",
                f"{_f(closes['max_ms'], 2)} ms over {closes['n']} steps "
                f"(p50 {_f(closes['p50_ms'], 2)} ms)",
                closes["max_ms"] <= JSON_CLOSE_START_MS,
                "speed",
            )
        )
    if comp["offline_scenarios"]:
        off = comp["geomean_offline_speedup"]
        checks.append(
            Check(
                "speedup, geometric mean, offline path (its scenarios)",
                f">= {SPEEDUP_GEOMEAN}x",
                f"{_f(off)}x over {len(comp['offline_scenarios'])} scenarios",
                off >= SPEEDUP_GEOMEAN,
                "speed",
            )
        )
        if "offline_speedup" in rows.get("chain_4", {}):
            value = rows["chain_4"]["offline_speedup"]
            checks.append(
                Check(
                    "speedup, depth-4 chain, offline path",
                    f">= {SPEEDUP_CHAIN_4}x",
                    f"{_f(value)}x",
                    value >= SPEEDUP_CHAIN_4,
                    "speed",
                )
            )
    multi = [r for r in comp["rows"] if r["steps"] > 1 and r["ours_ok"]]
    worst = max((r["ours_llm_calls"] for r in multi), default=0)
    checks.append(
        Check(
            "LLM calls, successful multi-tool request",
            "<= 2",
            f"max {worst} over {len(multi)} scenarios",
            worst <= 2 if multi else None,
            "calls",
        )
    )
    templated = [r for r in multi if r["scenario"] != "replan"]
    bad = [r["scenario"] for r in templated if r["ours_llm_calls"] != 1]
    checks.append(
        Check(
            "LLM calls when the answer is a template",
            "== 1",
            "1 in every scenario" if not bad else f"not 1 in {', '.join(bad)}",
            not bad if templated else None,
            "calls",
        )
    )
    single = rows.get("single", {})
    if "offline_llm_calls" in single:
        calls = single["offline_llm_calls"]
        checks.append(
            Check(
                "LLM calls, single-intent built-in role, offline",
                "== 0",
                str(calls),
                calls == 0 and bool(single.get("offline_ok")),
                "calls",
            )
        )
    else:
        checks.append(
            Check(
                "LLM calls, single-intent built-in role, offline",
                "== 0",
                single.get("offline_skipped", "not measured"),
                None,
                "calls",
            )
        )
    broken = [
        r["scenario"]
        for r in comp["rows"]
        if not (
            r["ours_ok"]
            and r["baseline_ok"]
            and r.get("plain_ok", True)
            and r.get("shipped_ok", True)
        )
    ]
    checks.append(
        Check(
            "every run answered correctly (both systems)",
            "all",
            "all" if not broken else f"wrong in {', '.join(broken)}",
            not broken,
            "speed",
        )
    )
    return checks


def _overhead(over: dict[str, Any]) -> list[Check]:
    checks = []
    fast = {v["variant"]: v for v in over.get("fast_reply", [])}
    if "sqlite" in fast:
        p95 = fast["sqlite"]["p95_ms"]
        checks.append(
            Check(
                "fast-reply overhead p95, SQLite checkpointer",
                f"<= {FAST_REPLY_P95_MS:g} ms",
                f"{_f(p95, 1)} ms",
                p95 <= FAST_REPLY_P95_MS,
                "overhead",
            )
        )
    plan = over.get("plan_1024", {}).get("sqlite")
    if plan:
        checks.append(
            Check(
                "engine overhead per step, 1,024-step plan, SQLite",
                f"<= {PER_STEP_MS:g} ms",
                f"{_f(plan['per_step_ms'], 3)} ms",
                plan["per_step_ms"] <= PER_STEP_MS,
                "overhead",
            )
        )
    eager = over.get("eager_start", {}).get("all_dependent_steps")
    if eager:
        checks.append(
            Check(
                "dependent step start after its last dependency (max)",
                f"<= {DEPENDANT_START_MS:g} ms",
                f"{_f(eager['max_ms'], 2)} ms over {eager['n']} dependent steps",
                eager["max_ms"] <= DEPENDANT_START_MS,
                "overhead",
            )
        )
    return checks


def _external(name: str, data: dict[str, Any]) -> list[Check]:
    if data.get("status") != "measured":
        return [Check(f"{name} benchmark", "its own goals", data.get("status", "?"), None, name)]
    results = data["results"]
    goals = results.get("goals") or results.get("passed") or {}
    checks = []
    targets = results.get("targets", {})
    for key, value in goals.items():
        measured = results.get(key)
        shown = f"{measured:.4g}" if isinstance(measured, int | float) else "see below"
        target = targets.get(key, "in the name")
        checks.append(Check(f"{name}: {key}", target, shown, bool(value), name))
    return checks


def _server(server: dict[str, Any]) -> list[Check]:
    load = server.get("load")
    if not load:
        return []
    checks = [
        Check(
            f"server p99, fast replies, {load['clients']} clients",
            f"<= {SERVER_P99_MS:g} ms",
            f"{_f(load['p99_ms'], 0)} ms",
            load["p99_ms"] <= SERVER_P99_MS,
            "server",
        )
    ]
    ratio = server.get("cpu_ratio_to_bare")
    if ratio is not None:
        goal = SERVER_CPU_RATIO_BEFORE / 3
        checks.append(
            Check(
                "server CPU per fast reply, over a bare FastAPI endpoint's",
                f"<= {goal:.1f}x (a third of {SERVER_CPU_RATIO_BEFORE:g}x before)",
                f"{_f(ratio, 1)}x ({_f(load['cpu_ms_per_request'])} ms)",
                ratio <= goal,
                "server",
            )
        )
    return checks


def evaluate(results: dict[str, Any]) -> list[Check]:
    """Every goal check the results allow."""
    checks: list[Check] = []
    if "comparison" in results:
        checks += _comparison(results["comparison"])
    if "overhead" in results:
        checks += _overhead(results["overhead"])
    if "server" in results:
        checks += _server(results["server"])
    for name in ("router", "tool_selection"):
        if name in results:
            checks += _external(name, results[name])
    return checks

"""Tool selection benchmark on BFCL data (Berkeley Function-Calling Leaderboard, Apache-2.0).

The four category files it reads are kept in ``benchmarks/data/bfcl`` with their licence, taken
from the ``bfcl-eval`` wheel (``pip download --no-deps bfcl-eval``), so the dev install needs no
part of that package's torch chain.

Run: ``python -m benchmarks.tool_selection`` (or ``make bench-tools``). Categories used:
``multiple``, ``parallel_multiple``, ``irrelevance`` and, for the 1,000-tool registry, the function
specs of ``multiple``, ``parallel``, ``parallel_multiple`` and ``irrelevance`` (890 distinct),
topped up to 1,000 with renamed copies (never the ``live_*`` categories). Writes
``benchmarks/results/tool_selection.json`` and ``docs/benchmarks_tools.md``;
exits 1 when a goal fails.
"""

from __future__ import annotations

import json
import platform
import re
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from agent_system.registry._loaders.functions import spec_from_function_schema
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolSpec

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "tool_selection.json"
DOC = ROOT / "docs" / "benchmarks_tools.md"

GOAL_MULTIPLE_TOP1 = 0.97
GOAL_PARALLEL_MULTIPLE_RECALL = 0.95
GOAL_SEARCH_MS = 10.0
LARGE_REGISTRY = 1000
REPEATS = 3


DATA = ROOT / "benchmarks" / "data" / "bfcl"


def data_dir() -> Path:
    """The BFCL files kept in the repository (see ``benchmarks/data/bfcl/README.md``)."""
    return DATA


def _read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def load_category(name: str) -> list[dict[str, Any]]:
    """Entries of one BFCL category with their gold function names (when there is an answer)."""
    base = data_dir()
    pattern = re.compile(rf"BFCL_v\d+_{re.escape(name)}\.json")
    (path,) = [p for p in sorted(base.iterdir()) if pattern.fullmatch(p.name)]
    entries = list(_read_jsonl(path))
    answers = base / "possible_answer" / path.name
    if answers.exists():
        gold = {row["id"]: row["ground_truth"] for row in _read_jsonl(answers)}
        for entry in entries:
            entry["gold"] = sorted({fn for call in gold[entry["id"]] for fn in call})
    return entries


def question(entry: dict[str, Any]) -> str:
    """The user's words of the (single-turn) request."""
    turns = entry["question"]
    return " ".join(m["content"] for turn in turns for m in turn if m.get("role") == "user")


def registry_for(functions: list[dict[str, Any]]) -> ToolRegistry:
    """A registry holding the given BFCL functions (unbound: only searched, never called)."""
    registry = ToolRegistry()
    for fn in functions:
        if fn["name"] not in registry:
            registry.add(spec_from_function_schema(fn, source="bfcl"))
    return registry


def eval_multiple(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Top-1 accuracy: the gold function ranks first among the request's candidates."""
    hits, misses = 0, []
    for entry in entries:
        found = registry_for(entry["function"]).search(question(entry), k=1)
        if found and found[0][0].name == entry["gold"][0]:
            hits += 1
        else:
            misses.append(entry["id"])
    return {"n": len(entries), "top1": hits / len(entries), "misses": misses}


def eval_parallel_multiple(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Share of requests whose top k (k = distinct gold functions) holds every gold function."""
    hits, misses = 0, []
    for entry in entries:
        k = len(entry["gold"])
        found = {s.name for s, _ in registry_for(entry["function"]).search(question(entry), k=k)}
        if set(entry["gold"]) <= found:
            hits += 1
        else:
            misses.append(entry["id"])
    return {"n": len(entries), "recall_at_k": hits / len(entries), "misses": misses}


def eval_irrelevance(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Share of requests (no candidate fits) for which the selector yields no tool."""
    empty = sum(1 for e in entries if not registry_for(e["function"]).search(question(e), k=5))
    return {"n": len(entries), "no_tool_share": empty / len(entries)}


def large_registry(categories: list[list[dict[str, Any]]]) -> list[ToolSpec]:
    """1,000 tools: every distinct BFCL function spec of the given categories, topped up with
    renamed copies (``<name>_v2``, ...) so the index holds as many entries as the goal names."""
    functions: dict[str, dict[str, Any]] = {}
    for entries in categories:
        for entry in entries:
            for fn in entry["function"]:
                functions.setdefault(fn["name"], fn)
    specs = [spec_from_function_schema(fn, source="bfcl") for fn in functions.values()]
    copy = 2
    while len(specs) < LARGE_REGISTRY:
        for fn in list(functions.values())[: LARGE_REGISTRY - len(specs)]:
            renamed = {**fn, "name": f"{fn['name']}_v{copy}"}
            specs.append(spec_from_function_schema(renamed, source="bfcl"))
        copy += 1
    return specs[:LARGE_REGISTRY]


def eval_large(tools: list[ToolSpec], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Latency per search and gold recall when each `multiple` request sees every tool."""
    registry = ToolRegistry(tools)
    started = time.perf_counter()
    registry.search("warm up the index", k=8)
    build_ms = (time.perf_counter() - started) * 1000
    timings, top1, top5 = [], 0, 0
    for entry in entries:
        text = question(entry)
        runs = []
        for _ in range(REPEATS):  # the fastest of a few runs: the search's cost, not the load
            started = time.perf_counter()
            found = registry.search(text, k=5)
            runs.append((time.perf_counter() - started) * 1000)
        timings.append(min(runs))
        names = [s.name for s, _ in found]
        top1 += bool(names) and names[0] == entry["gold"][0]
        top5 += entry["gold"][0] in names
    timings.sort()
    return {
        "tools": len(registry),
        "build_ms": round(build_ms, 1),
        "search_ms_mean": round(statistics.fmean(timings), 3),
        "search_ms_p95": round(timings[int(0.95 * (len(timings) - 1))], 3),
        "search_ms_max": round(timings[-1], 3),
        "multiple_top1": top1 / len(entries),
        "multiple_top5": top5 / len(entries),
    }


def run() -> dict[str, Any]:
    """Every measurement, with PASS/FAIL per goal."""
    multiple = load_category("multiple")
    parallel_multiple = load_category("parallel_multiple")
    irrelevance = load_category("irrelevance")
    parallel = load_category("parallel")
    tools = large_registry([multiple, parallel_multiple, parallel, irrelevance])
    results: dict[str, Any] = {
        "multiple": eval_multiple(multiple),
        "parallel_multiple": eval_parallel_multiple(parallel_multiple),
        "irrelevance": eval_irrelevance(irrelevance),
        "large_registry": eval_large(tools, multiple),
    }
    results["goals"] = {
        "multiple_top1>=0.97": results["multiple"]["top1"] >= GOAL_MULTIPLE_TOP1,
        "parallel_multiple_recall>=0.95": results["parallel_multiple"]["recall_at_k"]
        >= GOAL_PARALLEL_MULTIPLE_RECALL,
        "search_p95<=10ms@1000": results["large_registry"]["search_ms_p95"] <= GOAL_SEARCH_MS,
    }
    results["machine"] = f"{platform.python_version()} on {platform.machine()}"
    return results


def markdown(results: dict[str, Any]) -> str:
    """The docs section."""
    m, pm = results["multiple"], results["parallel_multiple"]
    irr, big = results["irrelevance"], results["large_registry"]
    ok = results["goals"]

    def mark(key: str) -> str:
        return "PASS" if ok[key] else "FAIL"

    return "\n".join(
        [
            "## Tool selection (BFCL)",
            "",
            "`python -m benchmarks.tool_selection` (`make bench-tools`): the lexical selector",
            "(`agent_system.registry._selection.ToolIndex`) on the BFCL data kept in",
            "`benchmarks/data/bfcl` (from the `bfcl-eval` wheel); `live_*` are not used.",
            "",
            "| measure | value | goal | result |",
            "| --- | --- | --- | --- |",
            f"| `multiple`: gold tool ranked first ({m['n']} requests) | {m['top1']:.3f} "
            f"| >= {GOAL_MULTIPLE_TOP1} | {mark('multiple_top1>=0.97')} |",
            f"| `parallel_multiple`: top k holds every gold tool ({pm['n']} requests) "
            f"| {pm['recall_at_k']:.3f} | >= {GOAL_PARALLEL_MULTIPLE_RECALL} "
            f"| {mark('parallel_multiple_recall>=0.95')} |",
            f"| search time, {big['tools']} tools: mean / p95 / max (ms) "
            f"| {big['search_ms_mean']} / {big['search_ms_p95']} / {big['search_ms_max']} "
            f"| p95 <= {GOAL_SEARCH_MS} | {mark('search_p95<=10ms@1000')} |",
            f"| `irrelevance`: requests for which no tool is offered ({irr['n']}) "
            f"| {irr['no_tool_share']:.3f} | reported | - |",
            f"| `multiple` against all {big['tools']} tools: top-1 / top-5 "
            f"| {big['multiple_top1']:.3f} / {big['multiple_top5']:.3f} | reported | - |",
            f"| index build, {big['tools']} tools (ms) | {big['build_ms']} | reported | - |",
            "",
            f"Measured with Python {results['machine']}; each search time is the fastest of "
            f"{REPEATS} runs of the same query (the machine is shared).",
            "",
        ]
    )


def main() -> int:
    """Run, print, write the JSON and the docs section; 0 when every goal passes."""
    results = run()
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    DOC.write_text(markdown(results), encoding="utf-8")
    for goal, passed in results["goals"].items():
        print(f"{'PASS' if passed else 'FAIL'}  {goal}")
    print(
        f"multiple top1={results['multiple']['top1']:.3f}  "
        f"parallel_multiple recall@k={results['parallel_multiple']['recall_at_k']:.3f}  "
        f"irrelevance no-tool={results['irrelevance']['no_tool_share']:.3f}  "
        f"search p95={results['large_registry']['search_ms_p95']} ms "
        f"({results['large_registry']['tools']} tools)"
    )
    print(f"wrote {RESULTS.relative_to(ROOT)} and {DOC.relative_to(ROOT)}")
    return 0 if all(results["goals"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())

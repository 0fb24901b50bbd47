"""``python -m evals`` (``make eval``): every data set through the public API, offline.

Writes ``docs/understanding.md`` and ``evals/results/understanding.json``. Exits 0 even when a
goal fails (the report marks it FAIL); ``--strict`` exits 1 then.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import subprocess
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from evals import coverage, home, splits
from evals.clinc import evaluate_clinc
from evals.compounds import COMPOUND_SEED, COMPOUNDS, compose, evaluate_compounds
from evals.ha import evaluate_ha
from evals.harness import Harness
from evals.overlap import handwritten_overlap, router_fit_note
from evals.report import (
    clinc_section,
    compound_section,
    goal_rows,
    ha_section,
    markdown,
    rate_dict,
    voice_section,
)
from evals.selection import bfcl_parallel_multiple, compound_selection
from evals.voice import SetResult, evaluate_voice

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "understanding.md"
RESULTS = ROOT / "evals" / "results" / "understanding.json"
SETS = ("slurp", "hwu64", "clinc150", "ha-intents-en", "compounds", "selection")


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout
        return out.stdout.strip() + (" (with uncommitted changes)" if dirty.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def _limit(rows: Sequence[splits.Row], limit: int | None) -> Sequence[splits.Row]:
    return rows if not limit else rows[:: max(1, len(rows) // limit)][:limit]


async def run(only: set[str], limit: int | None) -> dict[str, Any]:
    """Every measurement of the selected sets."""
    actions = splits.intent_actions()
    results: dict[str, SetResult] = {}
    compounds: list[SetResult] = []
    selection: dict[str, Any] = {}
    timings: dict[str, float] = {}
    async with Harness(home.voice_home_toml()) as harness:
        roles = harness.roles()
        for name, func in (("slurp", splits.slurp), ("hwu64", splits.hwu64)):
            if name in only:
                started = time.perf_counter()
                rows = _limit(func().untouched, limit)
                results[name] = await evaluate_voice(harness, name, rows, actions)
                timings[name] = time.perf_counter() - started
        if "clinc150" in only:
            started = time.perf_counter()
            rows = _limit(splits.clinc150().untouched, limit)
            results["clinc150"] = await evaluate_clinc(harness, rows, splits.clinc_role_map())
            timings["clinc150"] = time.perf_counter() - started
        cases = {}
        if only & {"compounds", "selection"}:
            fit = [*splits.slurp().fit, *splits.hwu64().fit]
            held = [*splits.slurp().untouched, *splits.hwu64().untouched]
            count = min(COMPOUNDS, limit or COMPOUNDS)
            cases["compound-dev"] = compose(
                fit, actions, seed=COMPOUND_SEED, count=count, roles=roles
            )
            cases["compound-untouched"] = compose(
                held, actions, seed=COMPOUND_SEED, count=count, roles=roles
            )
        if "compounds" in only:
            started = time.perf_counter()
            for name, group in cases.items():
                compounds.append(await evaluate_compounds(harness, name, group))
            timings["compounds"] = time.perf_counter() - started
        if "selection" in only:
            k = harness.system.settings.tools_per_plan if harness.system else 8
            selection["bfcl"] = bfcl_parallel_multiple(k)
            selection["compounds"] = {
                name: await compound_selection(harness, group, k) for name, group in cases.items()
            }
    if "ha-intents-en" in only:
        started = time.perf_counter()
        tables, _ = home._ha_tables()
        async with Harness(home.ha_home_toml()) as harness:
            rows = _limit(splits.ha_dev_rows(), limit)
            results["ha-intents-en"] = await evaluate_ha(
                harness, rows, tables["devices"], home.supported_kinds()
            )
        timings["ha-intents-en"] = time.perf_counter() - started
    return {"results": results, "compounds": compounds, "selection": selection, "timings": timings}


def _split_notes() -> dict[str, str]:
    dup = splits.near_duplicate_report()

    def note(name: str, rule: str) -> str:
        fit, untouched = dict(splits.iter_all())[name]
        dropped = dup.exact[name] + dup.overlap[name]
        return (
            f"Split: {rule} Untouched: {len(untouched)} requests; fit: {len(fit)} (after "
            f"dropping {dropped} near-duplicates of untouched rows: {dup.exact[name]} "
            f"identical once normalised, {dup.overlap[name]} with word overlap >= "
            f"{splits.JACCARD})."
        )

    return {
        "slurp": note(
            "slurp",
            f"`voice-assistant/slurp_devel.jsonl`, {splits.VOICE_SHARE:.0%} "
            f"of each intent by SHA-256 of seed `{splits.VOICE_SEED}` + normalised "
            f"text; {splits.slurp_malformed()} rows with malformed intent labels left "
            "out.",
        ),
        "hwu64": note(
            "hwu64",
            f"`voice-assistant/hwu64_train.jsonl`, {splits.VOICE_SHARE:.0%} "
            f"of each intent by SHA-256 of seed `{splits.VOICE_SEED}` + normalised "
            "text.",
        ),
        "clinc150": note(
            "clinc150",
            f"`clinc150/clinc150_train_val.json`, "
            f"{splits.CLINC_SHARE:.0%} of each intent of `train` and `oos_train` "
            f"by SHA-256 of seed `{splits.CLINC_SEED}` + normalised text (`val` "
            "was used for error analysis: it is fit data).",
        ),
    }


def _split_table() -> list[str]:
    dup = splits.near_duplicate_report()
    rules = {
        "slurp": (
            "voice-assistant/slurp_devel.jsonl",
            f"{splits.VOICE_SHARE:.0%} per intent",
            splits.VOICE_SEED,
        ),
        "hwu64": (
            "voice-assistant/hwu64_train.jsonl",
            f"{splits.VOICE_SHARE:.0%} per intent",
            splits.VOICE_SEED,
        ),
        "clinc150": (
            "clinc150/clinc150_train_val.json",
            f"{splits.CLINC_SHARE:.0%} per intent of train + oos_train; val is fit",
            splits.CLINC_SEED,
        ),
        "ha-intents-en": (
            "ha-intents-en/tests/en/**/*.yaml",
            "development: all reported; fit = all minus near-duplicates",
            "-",
        ),
    }
    lines = [
        "| set | file | untouched rule | seed | untouched | fit | dropped from fit |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, (fit, untouched) in splits.iter_all():
        path, rule, seed = rules[name]
        dropped = dup.exact[name] + dup.overlap[name]
        lines.append(
            f"| {name} | `{path}` | {rule} | `{seed}` | {len(untouched)} | {len(fit)} | {dropped} |"
        )
    lines += [
        "",
        f"Compound cases: seed `{COMPOUND_SEED}`, {COMPOUNDS} per side "
        "(`compound-dev` from fit rows, `compound-untouched` from untouched rows).",
        "",
    ]
    return lines


def write(
    data: dict[str, Any], doc: Path, results_path: Path, limit: int | None, elapsed: float
) -> list[dict[str, Any]]:
    results: dict[str, SetResult] = data["results"]
    latencies = [v for r in results.values() for v in r.latencies]
    cpu = [v for r in results.values() for v in r.cpu_latencies]
    goals = goal_rows(results, latencies, cpu)
    notes = _split_notes()
    header = [
        "# Understanding: how well the offline engine serves real requests",
        "",
        "<!-- generated by `make eval` (python -m evals); do not edit by hand -->",
        "",
        f"Commit {_commit()}, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, Python "
        f"{platform.python_version()} on {platform.machine()}, {elapsed:.0f} s. Every request "
        "goes through the public API (`AgentSystem.aroute`, `aplan`, `arun`, `aresume`) with "
        "no LLM and no network, in a temporary `AGENT_SYSTEM_HOME` whose user has set a home "
        "`location` (so a weather request naming no place is about home). Shares come with "
        "Wilson 95% "
        "confidence intervals: these splits are small.",
        "",
    ]
    if limit:
        header += [f"**Partial run (`--limit {limit}`): not the numbers of record.**", ""]
    body: list[str] = ["", "## Held-out results (splits nothing is fitted on)", ""]
    titles = {"slurp": "SLURP devel, untouched split", "hwu64": "HWU64 train, untouched split"}
    for name in ("slurp", "hwu64"):
        if name in results:
            body += voice_section(titles[name], results[name], notes[name])
    if "clinc150" in results:
        body += clinc_section(results["clinc150"], notes["clinc150"])
    body += ["## Development data", ""]
    if "ha-intents-en" in results:
        body += ha_section(results["ha-intents-en"], home.skipped_kinds())
    if data["compounds"] or data["selection"]:
        body += compound_section(data["compounds"], data["selection"])
    body += [
        "## Splits and data",
        "",
        "Made by `evals/splits.py` (read its docstring for the "
        "rules; `from evals.splits import slurp; fit, untouched = slurp()`). Nothing is "
        "fitted, tuned or inspected on an untouched split.",
        "",
        *_split_table(),
    ]
    overlap = handwritten_overlap()
    body += [
        f"Hand-written training text (`Role.examples`, `agent_system/routing/data/*.json`) "
        f"that repeats an untouched request: {overlap['exact']} identical once normalised, "
        f"{overlap['overlap']} with word overlap >= {splits.JACCARD} (of {overlap['texts']} "
        f"texts). {router_fit_note()}",
        "",
    ]
    body += ["SHA-256 of every data file read:", "", "| file | sha256 |", "|---|---|"]
    base = splits.datasets_dir().resolve()
    for path, digest in splits.file_hashes().items():
        shown = Path(path).relative_to(base) if Path(path).is_relative_to(base) else Path(path)
        body.append(f"| `{shown}` | `{digest}` |")
    doc.parent.mkdir(parents=True, exist_ok=True)
    doc.write_text(markdown(header, goals, body), encoding="utf-8")
    payload = {
        "commit": _commit(),
        "limit": limit,
        "elapsed_s": elapsed,
        "timings_s": data["timings"],
        "goals": goals,
        "sets": {n: rate_dict(r.tally) for n, r in results.items()},
        "compounds": {r.name: rate_dict(r.tally) for r in data["compounds"]},
        "selection": {
            "bfcl": {k: r.as_dict() for k, r in data["selection"].get("bfcl", {}).items()},
            "compounds": {
                name: {
                    "rates": {k: r.as_dict() for k, r in entry["rates"].items()},
                    "offered": entry["offered"],
                }
                for name, entry in data["selection"].get("compounds", {}).items()
            },
        },
        "hashes": splits.file_hashes(),
    }
    results_path.parent.mkdir(parents=True, exist_ok=True)
    results_path.write_text(json.dumps(payload, indent=1, default=str) + "\n", encoding="utf-8")
    if "ha-intents-en" in results and not limit and doc == DOC:
        coverage.update_doc(results_path)  # the coverage table of docs/roles.md
    return goals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals", description=__doc__)
    parser.add_argument("--only", default=",".join(SETS), help=f"comma list of {SETS}")
    parser.add_argument("--limit", type=int, default=None, help="at most N requests per set")
    parser.add_argument("--out", type=Path, default=DOC)
    parser.add_argument("--json", type=Path, default=RESULTS)
    parser.add_argument("--strict", action="store_true", help="exit 1 when a goal fails")
    args = parser.parse_args(argv)
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    if unknown := only - set(SETS):
        parser.error(f"unknown set(s) {sorted(unknown)}; choose from {', '.join(SETS)}")
    started = time.perf_counter()
    data = asyncio.run(run(only, args.limit))
    goals = write(data, args.out, args.json, args.limit, time.perf_counter() - started)
    for goal in goals:
        print(
            f"{'PASS' if goal['pass'] else 'FAIL'}  {goal['data']}: {goal['measure']} = "
            f"{goal['value']} (goal {goal['goal']})"
        )
    print(f"wrote {args.out} and {args.json} in {time.perf_counter() - started:.0f} s")
    return 1 if args.strict and not all(g["pass"] for g in goals) else 0


if __name__ == "__main__":
    sys.exit(main())

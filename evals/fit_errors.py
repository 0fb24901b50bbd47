"""Error analysis on the FIT side only: ``python -m evals.fit_errors slurp [--limit N]``.

Prints the missed sentences of a fit split (SLURP, HWU64) with what was planned, so that
understanding can be improved without ever reading the untouched split's sentences. For
``clinc150`` it routes the fit rows (``aroute``) and prints in-role misses and out-of-scope
requests sent to a tool role, with the router's reason.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from evals import home, splits
from evals.harness import Harness
from evals.voice import (
    LABEL_CONFLICTS,
    clinc_in_role,
    clinc_outcome,
    clinc_to_tool,
    evaluate_voice,
)


async def _clinc(limit: int | None) -> int:
    rows = splits.clinc150().fit
    if limit:
        rows = rows[:: max(1, len(rows) // limit)][:limit]
    role_map = splits.clinc_role_map()
    in_role = [0, 0]
    oos = [0, 0]
    async with Harness(home.voice_home_toml()) as harness:
        for row in rows:
            if row.intent in LABEL_CONFLICTS:
                continue
            out, planned = await clinc_outcome(harness, row.text)
            got = f"{out.role} {sorted(planned)}" if planned else out.role
            role = role_map.get(row.intent)
            if role is None:
                oos[1] += 1
                if clinc_to_tool(out, planned):
                    oos[0] += 1
                    print(f"OOS  {row.intent:<22} {row.text!r} -> {got} {out.confidence:.2f}")
                continue
            in_role[1] += 1
            if clinc_in_role(out, planned, role):
                in_role[0] += 1
            else:
                print(f"MISS {row.intent:<22} {row.text!r} -> {got} {out.confidence:.2f}")
    print(
        f"\nclinc150 fit: in-role {in_role[0] / max(1, in_role[1]):.3f} ({in_role[1]} rows); "
        f"out of scope to a tool role {oos[0] / max(1, oos[1]):.4f} ({oos[0]}/{oos[1]})"
    )
    return 0


async def _run(name: str, limit: int | None) -> int:
    if name == "clinc150":
        return await _clinc(limit)
    rows = {"slurp": splits.slurp, "hwu64": splits.hwu64}[name]().fit
    if limit:
        rows = rows[:: max(1, len(rows) // limit)][:limit]
    async with Harness(home.voice_home_toml()) as harness:
        result = await evaluate_voice(
            harness, f"{name}-fit", rows, splits.intent_actions(), keep_sentences=True
        )
    for miss in sorted(result.tally.misses, key=lambda m: (m["intent"], m["text"])):
        print(
            f"{miss['intent']:<22} {miss['text']!r} -> {miss['got']} "
            f"{json.dumps(miss['arguments'], default=str)}"
        )
    tool = result.tally.rate("all", "tool")
    print(f"\n{name} fit: right tool {tool.cell()}; {len(result.tally.misses)} misses listed")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.fit_errors", description=__doc__)
    parser.add_argument("set", choices=("slurp", "hwu64", "clinc150"))
    parser.add_argument("--limit", type=int, default=None, help="at most N fit requests")
    args = parser.parse_args(argv)
    return asyncio.run(_run(args.set, args.limit))


if __name__ == "__main__":
    sys.exit(main())

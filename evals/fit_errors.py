"""Error analysis on the FIT side only: ``python -m evals.fit_errors slurp [--limit N]``.

Prints the missed sentences of a fit split (SLURP, HWU64) with what was planned, so that
understanding can be improved without ever reading the untouched split's sentences.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from evals import home, splits
from evals.harness import Harness
from evals.voice import evaluate_voice


async def _run(name: str, limit: int | None) -> int:
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
    parser.add_argument("set", choices=("slurp", "hwu64"))
    parser.add_argument("--limit", type=int, default=None, help="at most N fit requests")
    args = parser.parse_args(argv)
    return asyncio.run(_run(args.set, args.limit))


if __name__ == "__main__":
    sys.exit(main())

"""The router's decision CPU of two checkouts, side by side.

    python -m benchmarks.route_ab OLD NEW --requests 4000

Each checkout (a directory holding ``agent_system``, ``roles``, ``evals`` and ``benchmarks``,
e.g. made with ``git archive <commit> | tar -x -C /tmp/old``) gets a worker process with the
evaluations' offline `AgentSystem` (`evals.harness.Harness`, the voice evaluations' home: every
role's first stage, the shipped router); both route the same requests, ``--chunk`` at a time in
turns, so load from other work hits both alike. The requests are the FIT rows of CLINC150, HWU64
and SLURP (never the untouched ones; ``--requests`` of them, spread evenly, in a fixed order).
Printed per checkout: the thread CPU time of each ``aroute`` call, p50, p90, p99 and the mean,
the figure ``python -m evals`` reports as the router decision p99.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

__all__ = ["main"]

_WORKER = """
import asyncio, json, sys, time
from evals import home, splits
from evals.harness import Harness

COUNT = int(sys.argv[1])
texts = sorted({r.text for s in (splits.clinc150, splits.hwu64, splits.slurp) for r in s().fit})
step = max(1, len(texts) // COUNT)
texts = texts[::step][:COUNT]

async def main():
    async with Harness(home.voice_home_toml()) as harness:
        system = harness.system
        for text in texts[:200]:
            await system.aroute(text)
        print(len(texts), flush=True)
        loop = asyncio.get_running_loop()
        while line := (await loop.run_in_executor(None, sys.stdin.readline)).strip():
            start, end = map(int, line.split())
            spent = []
            for text in texts[start:end]:
                began = time.thread_time()
                await system.aroute(text)
                spent.append(time.thread_time() - began)
            print(json.dumps(spent), flush=True)

asyncio.run(main())
"""


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    """Run both checkouts' workers in turns and print the comparison."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.route_ab", description=__doc__)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--chunk", type=int, default=200)
    args = parser.parse_args(argv)
    from evals.splits import datasets_dir

    workers: dict[str, subprocess.Popen[str]] = {}
    for name, tree in (("old", args.old), ("new", args.new)):
        env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
        env["AGENT_SYSTEM_DATASETS"] = str(datasets_dir())  # this checkout's, for both
        workers[name] = subprocess.Popen(
            [sys.executable, "-c", _WORKER, str(args.requests)],
            cwd=tree,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
    spent: dict[str, list[float]] = {name: [] for name in workers}
    try:
        counts = set()
        for proc in workers.values():
            assert proc.stdout is not None
            counts.add(int(proc.stdout.readline()))
        if len(counts) != 1:
            raise SystemExit(f"the checkouts route different requests: {counts}")
        total = counts.pop()
        names = list(workers)
        for n, start in enumerate(range(0, total, args.chunk)):
            for name in names if n % 2 == 0 else names[::-1]:
                proc = workers[name]
                assert proc.stdin is not None and proc.stdout is not None
                proc.stdin.write(f"{start} {min(total, start + args.chunk)}\n")
                proc.stdin.flush()
                spent[name].extend(s * 1000 for s in json.loads(proc.stdout.readline()))
    finally:
        for proc in workers.values():
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout=60)
    for name, tree in (("old", args.old), ("new", args.new)):
        values = spent[name]
        print(
            f"{name} {tree}: {len(values)} decisions, CPU ms p50 {_pct(values, 50):.3f}, "
            f"p90 {_pct(values, 90):.3f}, p99 {_pct(values, 99):.3f}, "
            f"mean {sum(values) / len(values):.3f}"
        )
    ratio = sum(spent["new"]) / sum(spent["old"])
    print(f"new CPU / old CPU (all decisions): {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The LLM path as shipped, two checkouts side by side: ``python -m benchmarks.shipped_ab OLD NEW``.

Each checkout (a directory holding ``agent_system`` and ``benchmarks``, e.g. made with
``git archive <commit> | tar -x -C /tmp/old``) gets a worker process holding, per scenario of
the speed comparison (``--only``, default single, parallel_4, chain_3, chain_4), ours with the
LLM planner and ours as shipped (`benchmarks.ours.OursLLM`, ``shipped=True``: the hybrid router,
the hybrid planner, SQLite, the simulated tools beside the built-in ones), on the comparison's
simulated LLM (500 ms a call, the first chunk at 100 ms) and tools (200 ms). The workers take
turns, one run of each system and scenario per turn, for ``--rounds`` rounds, so load from
other work hits both alike. Printed per checkout and scenario, medians over the rounds: wall ms
of ours and as shipped, as shipped over ours (what the product's defaults cost), and when the
planning call went out after the request (as shipped: the route call goes out beside it).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

__all__ = ["main"]

DEFAULT = "single,parallel_4,chain_3,chain_4"

_WORKER = """
import asyncio, json, sys, time, uuid
from agent_system.llm import _fake
from agent_system.planning._prompts import PLANNER_SYSTEM
from benchmarks.ours import OursLLM
from benchmarks.workload import Latency, comparison_scenarios

PLANNED = []
_next = _fake.ScriptedChatModel._next

def noted(self, messages, kwargs, *, streamed):
    if messages and str(messages[0].content).startswith(PLANNER_SYSTEM):
        PLANNED.append(time.perf_counter())
    return _next(self, messages, kwargs, streamed=streamed)

_fake.ScriptedChatModel._next = noted

async def main():
    names = sys.argv[1].split(",")
    systems = {}
    for scenario in comparison_scenarios():
        if scenario.name in names:
            for kind in ("ours", "shipped"):
                system = OursLLM(scenario, Latency(), shipped=kind == "shipped")
                await system.aopen()
                systems[(scenario.name, kind)] = system
    for system in systems.values():  # warm: every code path imported and run once
        assert (await system.run()).ok
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    while (await loop.run_in_executor(None, sys.stdin.readline)).strip():
        out = {}
        for (name, kind), system in systems.items():
            PLANNED.clear()
            started = time.perf_counter()
            sample = await system.run()
            planned = (PLANNED[0] - started) * 1000 if PLANNED else None
            out[f"{name}/{kind}"] = [sample.wall_s * 1000, planned, sample.ok, sample.llm_calls]
        print(json.dumps(out), flush=True)
    for system in systems.values():
        await system.aclose()

asyncio.run(main())
"""


def _median(rounds: list[dict[str, list[object]]], scenario: str, kind: str, index: int) -> float:
    values = [r[f"{scenario}/{kind}"][index] for r in rounds]
    return statistics.median(float(v) for v in values if isinstance(v, int | float))


def main(argv: list[str] | None = None) -> int:
    """Run both checkouts' workers in turns and print the comparison."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.shipped_ab", description=__doc__)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--only", default=DEFAULT, help="comma-separated scenario names")
    args = parser.parse_args(argv)
    workers: dict[str, subprocess.Popen[str]] = {}
    for name, tree in (("old", args.old), ("new", args.new)):
        env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
        workers[name] = subprocess.Popen(
            [sys.executable, "-c", _WORKER, args.only],
            cwd=tree,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
    samples: dict[str, list[dict[str, list[object]]]] = {name: [] for name in workers}
    try:
        for proc in workers.values():
            assert proc.stdout is not None
            if proc.stdout.readline().strip() != "ready":
                raise SystemExit("a worker failed to start")
        names = list(workers)
        for n in range(args.rounds):
            for name in names if n % 2 == 0 else names[::-1]:
                proc = workers[name]
                assert proc.stdin is not None and proc.stdout is not None
                proc.stdin.write("go\n")
                proc.stdin.flush()
                samples[name].append(json.loads(proc.stdout.readline()))
    finally:
        for proc in workers.values():
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout=120)
    print("checkout scenario: ours ms / as shipped ms (shipped - ours), planning call at ms")
    for name, tree in (("old", args.old), ("new", args.new)):
        rounds = samples[name]
        for scenario in args.only.split(","):
            med = functools.partial(_median, rounds, scenario)
            ok = all(r[f"{scenario}/{k}"][2] for r in rounds for k in ("ours", "shipped"))
            calls = max(_median([r], scenario, "shipped", 3) for r in rounds)
            ours, shipped = med("ours", 0), med("shipped", 0)
            print(
                f"{name} {tree} {scenario}: {ours:.1f} / {shipped:.1f} ({shipped - ours:+.1f}); "
                f"planning call at {med('ours', 1):.1f} / {med('shipped', 1):.1f} ms; "
                f"as shipped LLM calls {calls:.0f}; {'all answered' if ok else 'NOT all answered'}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

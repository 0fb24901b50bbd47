"""Fast-reply CPU of two checkouts, side by side: ``python -m benchmarks.fast_ab OLD NEW``.

Each checkout (a directory holding ``agent_system`` and ``benchmarks``, e.g. made with
``git archive <commit> | tar -x -C /tmp/old``) gets a worker process running the overhead
benchmark's SQLite fast reply (`benchmarks.overhead`); the workers take turns, a few requests
each (``--batch``), for ``--rounds`` rounds, so load from other work hits both alike. Printed:
CPU time per request (`time.process_time`, the steady figure on a shared machine) and wall p50 /
p95 per checkout, and NEW's CPU over OLD's. ``--threads N``: N threads reused in turn, each with
a full history (as the server benchmark's clients have), instead of a new thread per request.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

__all__ = ["main"]

_WORKER = """
import asyncio, json, sys, time, uuid
from benchmarks.ours import close_and_clean
from benchmarks.overhead import FAST_REPLY_TEXT, _fast_reply_system

THREADS = int(sys.argv[1])
names = [str(uuid.uuid4()) for _ in range(THREADS)]
count = 0

def thread():
    global count
    count += 1
    return names[count % THREADS] if THREADS else str(uuid.uuid4())

async def main():
    system = await _fast_reply_system("sqlite")
    for _ in range(10 + THREADS * 12):
        result = await system.arun(FAST_REPLY_TEXT, thread_id=thread())
    assert result.status == "success", result.reply
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    while n := int((await loop.run_in_executor(None, sys.stdin.readline)) or 0):
        cpu, walls = time.process_time(), []
        for _ in range(n):
            started = time.perf_counter()
            await system.arun(FAST_REPLY_TEXT, thread_id=thread())
            walls.append(time.perf_counter() - started)
        print(json.dumps({"cpu": (time.process_time() - cpu) / n, "walls": walls}), flush=True)
    await close_and_clean(system)

asyncio.run(main())
"""


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    """Run both checkouts' workers in turns and print the comparison."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.fast_ab", description=__doc__)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--batch", type=int, default=5)
    parser.add_argument(
        "--threads",
        type=int,
        default=0,
        help="reuse this many threads in turn (each with a full history); 0: a new one each time",
    )
    args = parser.parse_args(argv)
    workers: dict[str, subprocess.Popen[str]] = {}
    for name, tree in (("old", args.old), ("new", args.new)):
        env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
        workers[name] = subprocess.Popen(
            [sys.executable, "-c", _WORKER, str(args.threads)],
            cwd=tree,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
    cpu: dict[str, list[float]] = {name: [] for name in workers}
    walls: dict[str, list[float]] = {name: [] for name in workers}
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
                proc.stdin.write(f"{args.batch}\n")
                proc.stdin.flush()
                sample = json.loads(proc.stdout.readline())
                cpu[name].append(sample["cpu"] * 1000)
                walls[name].extend(w * 1000 for w in sample["walls"])
    finally:
        for proc in workers.values():
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout=60)
    for name, tree in (("old", args.old), ("new", args.new)):
        print(
            f"{name} {tree}: CPU per fast reply {statistics.median(cpu[name]):.2f} ms (median of "
            f"{len(cpu[name])} batches), wall p50 {_pct(walls[name], 50):.1f} ms, "
            f"p95 {_pct(walls[name], 95):.1f} ms"
        )
    ratio = statistics.median(cpu["new"]) / statistics.median(cpu["old"])
    print(f"new CPU / old CPU: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Start-up of the `agent-system` command, beside the floors it cannot go below.

Each case runs in a fresh interpreter (`sys.executable`), offline (no API key), in a throwaway
home, with bytecode cached as an installed package has it (``PYTHONPYCACHEPREFIX`` in that home;
``PYTHONDONTWRITEBYTECODE`` in the caller's environment would otherwise make every run compile
the project's sources again, some 0.3 s of CPU); the first `ask` creates the database and the
bytecode and is not counted. Wall time moves with the load of a shared machine; the CPU time
of the child process (user + system) is the steadier figure, and on an idle machine the two are
close. Floors, measured in the same run:

- ``interpreter``: ``python -c pass`` (site packages included);
- ``completion floor``: shell completion of a two-command typer app (typer loads pydantic);
- ``ask floor``: importing only the third-party modules a one-step ``ask`` needs (typer, rich,
  LangGraph with its SQLite checkpointer and store, httpx) and doing nothing.

``python -m benchmarks.startup [--runs N]`` prints a table; the suite keeps it in the results.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

__all__ = ["GOALS_MS", "measure_startup", "section", "table"]

ROOT = Path(__file__).resolve().parents[1]
GOALS_MS = {"version": 200.0, "completion": 200.0, "ask": 500.0}
"""Goals of issue 18 on an idle machine (wall time)."""

_CLI = (
    "import sys; from agent_system.cli import main; "
    "sys.argv = ['agent-system', *sys.argv[1:]]; main()"
)
_TYPER_FLOOR = """
import typer
app = typer.Typer()
@app.command()
def ask(text: str) -> None: ...
@app.command()
def threads() -> None: ...
app(prog_name="agent-system")
"""
_ASK_FLOOR = (
    "import typer, rich.console, httpx, langgraph.graph, langgraph.checkpoint.sqlite.aio, "
    "langgraph.store.sqlite.aio"
)
_COMPLETE = {
    "_AGENT_SYSTEM_COMPLETE": "complete_bash",
    "COMP_WORDS": "agent-system th",
    "COMP_CWORD": "1",
}


def _cases() -> dict[str, tuple[list[str], dict[str, str]]]:
    py = sys.executable
    return {
        "interpreter": ([py, "-c", "pass"], {}),
        "version": ([py, "-c", _CLI, "--version"], {}),
        "completion floor": ([py, "-c", _TYPER_FLOOR], _COMPLETE),
        "completion": ([py, "-c", _CLI], _COMPLETE),
        "ask floor": ([py, "-c", _ASK_FLOOR], {}),
        "ask": ([py, "-c", _CLI, "ask", "set a timer for 10 minutes"], {}),
    }


def _run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    wall = (time.perf_counter() - started) * 1000.0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{argv[-1]!r} exited {done.returncode}: {done.stderr.strip()[-300:]}")
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000.0
    return wall, cpu


def measure_startup(runs: int = 5) -> dict[str, Any]:
    """Median wall and CPU milliseconds per case, the cases interleaved round by round."""
    with tempfile.TemporaryDirectory(prefix="agent-system-startup-") as home:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("OPENAI_", "AGENT_SYSTEM_", "PYTHONDONTWRITEBYTECODE"))
        }
        env.update(
            AGENT_SYSTEM_HOME=home,
            PYTHONPATH=str(ROOT),
            PYTHONPYCACHEPREFIX=str(Path(home) / "bytecode"),
            NO_COLOR="1",
        )
        cases = _cases()
        samples: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        _run_once(cases["ask"][0], env)  # creates the database and the bytecode: not counted
        for _ in range(runs):
            for name, (argv, extra) in cases.items():
                samples[name].append(_run_once(argv, {**env, **extra}))
    rows = {
        name: {
            "wall_ms": statistics.median(w for w, _ in values),
            "cpu_ms": statistics.median(c for _, c in values),
            "runs": len(values),
        }
        for name, values in samples.items()
    }
    for name, floor in (("completion", "completion floor"), ("ask", "ask floor")):
        rows[name]["cpu_over_floor_ms"] = rows[name]["cpu_ms"] - rows[floor]["cpu_ms"]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return {"rows": rows, "goals_ms": GOALS_MS, "load_1min": load, "cores": os.cpu_count()}


def table(result: dict[str, Any]) -> str:
    """The result as a markdown table."""
    lines = [
        "| case | wall ms (median) | CPU ms (median) | CPU over its floor ms | goal (idle, wall) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, row in result["rows"].items():
        over = row.get("cpu_over_floor_ms")
        goal = result["goals_ms"].get(name)
        over_text = "-" if over is None else f"{over:,.0f}"
        goal_text = "-" if goal is None else f"< {goal:g}"
        lines.append(
            f"| {name} | {row['wall_ms']:,.0f} | {row['cpu_ms']:,.0f} | {over_text} | {goal_text} |"
        )
    return "\n".join(lines)


def section(result: dict[str, Any]) -> list[str]:
    """The start-up section of docs/benchmarks.md."""
    return [
        "## 7. Start-up",
        "",
        "`python -m benchmarks.startup`: each case in a fresh interpreter, offline, bytecode "
        "cached (as installed), the cases interleaved round by round, medians. CPU time is the "
        "steady figure on this shared "
        f"machine (load average {result['load_1min']:.1f} on {result['cores']} cores during the "
        "run; wall time there is several times the CPU time). The floors are what the same "
        "interpreter pays for the third-party modules alone (see the module docstring).",
        "",
        table(result),
        "",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.startup", description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    result = measure_startup(args.runs)
    print(table(result))
    print(f"load average (1 min) {result['load_1min']:.2f} on {result['cores']} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

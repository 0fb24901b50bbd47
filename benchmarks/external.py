"""The router and tool-selection benchmarks (other modules), run as their own commands.

Each runs in a child process (``python -m benchmarks.router`` / ``benchmarks.tool_selection``)
so its imports and timings stay its own; its JSON result file is then read back.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["RESULTS_DIR", "run_external"]

ROOT = Path(__file__).resolve().parent.parent
RESULTS_DIR = ROOT / "benchmarks" / "results"


def run_external(
    module: str, *, timeout_s: float = 300.0, args: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Run ``python -m benchmarks.<module>`` and return its results JSON (or why there is none)."""
    source = ROOT / "benchmarks" / f"{module}.py"
    command = f"python -m benchmarks.{module}"
    if not source.exists():
        return {
            "status": "not measured yet",
            "why": f"{source.name} is not written yet",
            "command": command,
        }
    started = time.perf_counter()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", f"benchmarks.{module}", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout_s,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return {"status": "timed out", "why": f"over {timeout_s:.0f} s", "command": command}
    elapsed = time.perf_counter() - started
    result_file = RESULTS_DIR / f"{module}.json"
    out: dict[str, Any] = {
        "command": command,
        "exit_code": proc.returncode,
        "seconds": round(elapsed, 1),
        "stdout_tail": proc.stdout.strip().splitlines()[-12:],
    }
    if proc.returncode not in (0, 1):  # 1 = ran, a goal failed
        out["status"] = "failed"
        out["stderr_tail"] = proc.stderr.strip().splitlines()[-8:]
        return out
    if result_file.exists() and result_file.stat().st_mtime >= time.time() - elapsed - 5:
        out["status"] = "measured"
        out["results"] = json.loads(result_file.read_text())
    elif parsed := parse_verdicts(proc.stdout):
        out["status"] = "measured"
        out["results"] = parsed
    else:
        out["status"] = "ran, but gave no results"
    return out


_VERDICT = re.compile(r"^(PASS|FAIL)\s+(\S+?)(?:\s*=\s*([-+0-9.eE]+))?(?:\s+\((.+)\))?\s*$")


def parse_verdicts(stdout: str) -> dict[str, Any]:
    """``PASS  key = 0.93 (>= 0.9)`` lines as ``{key: 0.93, "passed": {..}, "targets": {..}}``."""
    results: dict[str, Any] = {"passed": {}, "targets": {}}
    for line in stdout.splitlines():
        match = _VERDICT.match(line.strip())
        if match is None:
            continue
        verdict, key, value, target = match.groups()
        results["passed"][key] = verdict == "PASS"
        if value is not None:
            results[key] = float(value)
        if target is not None:
            results["targets"][key] = target
    return results if results["passed"] else {}

"""A plan killed mid-run (SIGKILL) resumes from its checkpoint; finished steps never run again."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _worker(mode: str, home: Path, counter: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.graph.crash_worker", mode, str(home), str(counter)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _lines(counter: Path) -> list[str]:
    return counter.read_text().splitlines() if counter.exists() else []


def _journaled(home: Path) -> set[str]:
    """Step ids in the step journal of the SQLite store (read straight from the file)."""
    with sqlite3.connect(home / "agent-system.db") as conn:
        rows = conn.execute("SELECT key FROM store WHERE prefix LIKE 'journal.crash.%'")
        return {key for (key,) in rows}


def test_a_killed_run_resumes_and_finished_steps_ran_exactly_once(tmp_path: Path) -> None:
    home, counter = tmp_path / "home", tmp_path / "counter.txt"
    proc = _worker("start", home, counter)
    deadline = time.monotonic() + 60
    while "start slow" not in _lines(counter) or "done b" not in _lines(counter):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, _lines(counter)
        time.sleep(0.05)
    while "b" not in _journaled(home):  # the kill must come after 'b' is on record
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)

    resumed = _worker("resume", home, counter)
    out, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err
    assert out.startswith("success"), out
    done = Counter(line.split()[1] for line in _lines(counter) if line.startswith("done"))
    assert done == {"a": 1, "b": 1, "slow": 1, "d": 1}

"""`agent-system daemon` rings timers on time with no chat open, on stdout and the desktop."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent_system.cli._app import app

runner = CliRunner()
ROOT = Path(__file__).parents[2]


def _fake_notify_send(tmp_path: Path) -> tuple[Path, Path]:
    """A `notify-send` on PATH that records its arguments (the desktop, as the daemon sees it)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "notified.txt"
    script = bin_dir / "notify-send"
    script.write_text(f'#!/bin/sh\nprintf "%s|" "$@" >> {log}\necho >> {log}\n')
    script.chmod(0o755)
    return bin_dir, log


@pytest.mark.slow
def test_the_daemon_rings_a_due_timer_on_stdout_and_the_desktop(tmp_path: Path) -> None:
    bin_dir, log = _fake_notify_send(tmp_path)
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
    }
    daemon = subprocess.Popen(
        [sys.executable, "-m", "agent_system", "daemon", "--interval", "0.2"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert daemon.stderr is not None
        started = daemon.stderr.readline()  # the loop runs: a timer set now rings on time
        assert "ringing timers (desktop notifications)" in started
        set_timer = runner.invoke(app, ["ask", "--json", "set a timer for 3 seconds"])
        assert set_timer.exit_code == 0, set_timer.output
        assert json.loads(set_timer.stdout)["status"] == "success"
        deadline = time.monotonic() + 60
        while not log.exists() and time.monotonic() < deadline and daemon.poll() is None:
            time.sleep(0.2)
        assert log.exists(), "no desktop notification"
        assert log.read_text().split("|")[:4] == [
            "--app-name=agent-system",
            "--urgency=critical",
            "agent-system",
            "Your 3-second timer is done.",
        ]
    finally:
        daemon.send_signal(signal.SIGTERM)
        out, err = daemon.communicate(timeout=30)
    assert daemon.returncode == 0, err
    assert out.strip().endswith("⏰ Your 3-second timer is done.")
    # Rung once: a later command does not ring it again, late.
    later = runner.invoke(app, ["ask", "set a timer for 1 hour"])
    assert "is done" not in later.stderr


def test_daemon_once_rings_what_is_due_and_leaves_other_users_timers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import UTC, datetime, timedelta

    from agent_system._persistence import open_runtime
    from agent_system.config import Settings
    from agent_system.repository import open_repository
    from roles.timer.store import TimerStore

    runtime = open_runtime(Settings())
    store = TimerStore(open_repository(runtime), runtime.clock)
    past = datetime.now(UTC) - timedelta(minutes=1)
    mine = asyncio.run(store.add(user="", kind="timer", due=past, duration=timedelta(minutes=10)))
    theirs = asyncio.run(store.add(user="alice", kind="timer", due=past, label="bread"))
    runtime.db.close()
    monkeypatch.setenv("PATH", str(tmp_path))  # no desktop notifier
    result = runner.invoke(app, ["daemon", "--once"])
    assert result.exit_code == 0, result.output
    assert "Your 10-minute timer is done (it was due at" in result.stdout
    assert "bread" not in result.stdout
    runtime = open_runtime(Settings())
    store = TimerStore(open_repository(runtime), runtime.clock)
    assert asyncio.run(store.get(mine.id)).state == "fired"  # type: ignore[union-attr]
    assert asyncio.run(store.get(theirs.id)).state == "running"  # type: ignore[union-attr]
    runtime.db.close()

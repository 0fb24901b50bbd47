"""The chat REPL in a real pseudo-terminal: requests, approvals, /commands, timers, Ctrl-C.

Each test starts `agent-system chat` under pexpect (a pty, so prompt_toolkit and rich's live
display run as for a person at a terminal). The slow plan for Ctrl-C is a weather lookup whose
geocoding server is a local socket that accepts and never answers (loopback only).
"""

from __future__ import annotations

import os
import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from agent_system.cli._app import app

# A real terminal per test (a CLI process in a pty): .ci/run's terminal step runs them.
pytestmark = [pytest.mark.slow, pytest.mark.heavy]

TIMEOUT = 60  # per expected output; only a failing or very busy run waits that long


def _environment(tmp_path: Path, **env: str) -> dict[str, str]:
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("AGENT_SYSTEM_") and key not in ("OPENAI_API_KEY", "OPENAI_BASE_URL")
    }
    environment.update(
        {
            "AGENT_SYSTEM_HOME": str(tmp_path / "home"),
            "AGENT_SYSTEM_TIMEZONE": "UTC",
            "AGENT_SYSTEM_LOAD_ENTRY_POINTS": "false",
            "NO_COLOR": "1",
            "TERM": "xterm",
            "PROMPT_TOOLKIT_NO_CPR": "1",
            **env,
        }
    )
    return environment


def _start(tmp_path: Path, *args: str, **env: str) -> pexpect.spawn:
    return pexpect.spawn(
        sys.executable,
        ["-m", "agent_system", *args],
        env=_environment(tmp_path, **env),
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 140),
    )


def _spawn(tmp_path: Path, **env: str) -> pexpect.spawn:
    child = _start(tmp_path, "chat", **env)
    child.expect("type a request")
    child.expect("chat>")
    return child


def _quit(child: pexpect.spawn) -> None:
    child.sendline("/quit")
    child.expect("Bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A local HTTP 'server' that holds the first connection open and resets later ones."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            if not held:
                held.append(conn)  # never answered: the step hangs
            else:
                conn.close()  # answered with a reset: the step fails at once

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    server.close()


def test_a_request_shows_its_plan_and_answer_and_an_approval_runs_the_step(
    tmp_path: Path,
) -> None:
    child = _spawn(tmp_path)
    child.sendline("set a timer for 10 minutes")
    child.expect("timer.set")
    child.expect(r"Timer set for 10 minutes")
    child.expect("chat>")
    child.sendline("unlock the front door")
    child.expect(r"Approve: unlock the front door \(device: Front door lock\)\?")
    child.expect("Type yes or no")
    child.expect("approve>")
    child.sendline("/approve")
    child.expect("unlocked")
    child.expect("chat>")
    child.sendline("/plan check the weather in Paris and set a timer for 5 minutes")
    child.expect("Plan \\(not run\\): 2 steps")
    child.expect("weather.current")
    child.expect("chat>")
    child.sendline("/tools")
    child.expect("smart_home.unlock +yes")
    child.expect("chat>")
    child.sendline("/bogus")
    child.expect("Unknown command /bogus")
    _quit(child)
    history = (tmp_path / "home" / "chat_history").read_text()
    assert "+unlock the front door" in history


def test_a_due_timer_rings_while_the_repl_is_open(tmp_path: Path) -> None:
    child = _spawn(tmp_path)
    child.sendline("set a timer for 2 seconds")
    child.expect("Timer set for 2 seconds")
    child.expect("\a")
    child.expect("Your 2-second timer is done")
    _quit(child)


def test_ctrl_c_cancels_a_slow_plan_which_resume_continues_and_a_second_ctrl_c_quits(
    tmp_path: Path, silent_server: str
) -> None:
    child = _spawn(
        tmp_path,
        AGENT_SYSTEM_GEOCODING_URL=silent_server,
        AGENT_SYSTEM_WEATHER_URL=silent_server,
        AGENT_SYSTEM_HTTP_TIMEOUT_S="60",
    )
    child.sendline("what's the weather in Paris")
    child.expect("weather.current")
    child.expect(r"\d\.\ds")  # the running step's clock ticks
    child.sendintr()
    child.expect("Cancelled. The run's state is saved: /resume continues it")
    child.expect("chat>")
    child.sendline("/resume")
    child.expect("weather.current")
    child.expect("couldn.t reach the weather service")
    child.expect("chat>")
    child.sendintr()
    child.expect("Ctrl-C again")
    child.sendintr()
    child.expect("Bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    env = {"AGENT_SYSTEM_HOME": str(tmp_path / "home")}
    listed = CliRunner().invoke(app, ["threads", "list"], env=env)
    assert "what's the weather in Paris" in listed.stdout


def test_ask_on_a_terminal_asks_before_a_step_that_needs_approval(tmp_path: Path) -> None:
    child = _start(tmp_path, "ask", "unlock the front door")
    child.expect(r"Approve: unlock the front door \(device: Front door lock\)\?")
    child.sendline("y")
    child.expect("Front door lock is unlocked.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

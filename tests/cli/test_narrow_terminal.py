"""At 80 columns ids and tool names stay whole; `--last` / `-c` continues the latest thread."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from agent_system.cli._app import app

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _last_frame(output: str) -> list[str]:
    """The lines a person sees at the end: the live display's last frame and what follows."""
    text = ANSI.sub("", output.replace("\r\n", "\n"))
    return text.split("route  ")[-1].splitlines()


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "OPENAI_BASE_URL")}
    env.update(NO_COLOR="1", TERM="xterm")  # AGENT_SYSTEM_HOME etc. come from conftest
    return env


@pytest.mark.slow
@pytest.mark.heavy  # a CLI process in a pty: .ci/run's terminal step
def test_the_live_plan_table_fits_80_columns_with_whole_tool_names() -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "agent_system", "ask", "turn on the kitchen lights then set a timer for 10 minutes"],
        env=_environment(),
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 80),
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    lines = _last_frame(child.before)
    assert all(len(line) <= 80 for line in lines), lines
    (turn_on,) = [line for line in lines if line.startswith("✓  s1 ")]
    assert "smart_home.turn_on" in turn_on
    assert '{"device": "lights", "area": "Kitch' in turn_on  # arguments on the step's own line
    (timer,) = [line for line in lines if line.startswith("✓  s2 ")]
    assert "timer.set" in timer and '{"duration": "10 minutes"' in timer
    # each step takes its line plus its result's: arguments never wrap onto extra lines
    table = lines[lines.index(turn_on) : lines.index(timer) + 3]
    assert "Kitchen light is on" in table[1]
    assert "Timer set for 10 minutes" in table[3]


@pytest.mark.slow
@pytest.mark.heavy  # a CLI process in a pty: .ci/run's terminal step
def test_threads_list_keeps_ids_whole_at_80_columns_and_lines_whole_on_a_pipe(
    tmp_path: Path,
) -> None:
    request = "set a timer for 10 minutes and tell me when the tea is ready please"
    first = runner.invoke(app, ["ask", "--json", request])
    assert first.exit_code == 0 or first.stdout, first.output
    thread_id = json.loads(first.stdout)["thread_id"]
    child = pexpect.spawn(
        sys.executable,
        ["-m", "agent_system", "threads", "list"],
        env=_environment(),
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 80),
    )
    child.expect(pexpect.EOF)
    lines = ANSI.sub("", child.before).replace("\r\n", "\n").splitlines()
    (row,) = [line for line in lines if line.startswith(thread_id)]
    assert len(row) <= 80  # the id is whole; the title wraps onto the next line
    at = lines.index(row)
    assert " ".join(" ".join(lines[at : at + 4]).split()).endswith(request)
    piped = runner.invoke(app, ["threads", "list"])
    ((listed_id, moment, title),) = [line.split("  ") for line in piped.stdout.splitlines()]
    assert (listed_id, title) == (thread_id, request)
    assert row.split()[1] == moment.split()[1][:5]  # today: the table shows the time


def test_last_and_c_continue_the_latest_thread() -> None:
    first = runner.invoke(app, ["ask", "--json", "set a timer for 10 minutes"])
    thread_id = json.loads(first.stdout)["thread_id"]
    again = runner.invoke(app, ["ask", "--json", "--last", "set a timer for 5 minutes"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["thread_id"] == thread_id
    once_more = runner.invoke(app, ["ask", "--json", "-c", "set a timer for 2 minutes"])
    assert json.loads(once_more.stdout)["thread_id"] == thread_id
    shown = runner.invoke(app, ["threads", "show", "--json", thread_id])
    turns = [turn["text"] for turn in json.loads(shown.stdout)["history"]]
    assert turns == [
        "set a timer for 10 minutes",
        "set a timer for 5 minutes",
        "set a timer for 2 minutes",
    ]
    listed = runner.invoke(app, ["threads", "list", "--json"])
    assert len(json.loads(listed.stdout)) == 1


def test_last_with_no_conversation_yet_starts_one() -> None:
    result = runner.invoke(app, ["ask", "--json", "-c", "set a timer for 1 minute"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["thread_id"]


def test_chat_last_continues_the_latest_thread() -> None:
    first = runner.invoke(app, ["ask", "--json", "set a timer for 10 minutes"])
    thread_id = json.loads(first.stdout)["thread_id"]
    chat = runner.invoke(app, ["chat", "--last"], input="set a timer for 3 minutes\n")
    assert chat.exit_code == 0, chat.output
    shown = runner.invoke(app, ["threads", "show", "--json", thread_id])
    turns = [turn["text"] for turn in json.loads(shown.stdout)["history"]]
    assert turns[-1] == "set a timer for 3 minutes"

"""`agent-system log`: past runs with their steps and timings, searchable, `--json`."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from agent_system.cli._app import app

runner = CliRunner()


def _ask(text: str) -> str:
    result = runner.invoke(app, ["ask", "--json", text])
    assert result.stdout, result.output
    thread: str = json.loads(result.stdout)["thread_id"]
    return thread


def test_log_lists_runs_newest_first_with_steps_and_timings() -> None:
    first = _ask("set a timer for 10 minutes")
    second = _ask("turn on the kitchen lights then set a timer for 5 minutes")
    shown = runner.invoke(app, ["log"])
    assert shown.exit_code == 0, shown.output
    text = shown.stdout
    assert text.index(second) < text.index(first)
    assert "> turn on the kitchen lights then set a timer for 5 minutes" in text
    assert '✓ s1 smart_home.turn_on {"device": "lights", "area": "Kitchen"}' in text
    assert "Timer set for 10 minutes" in text

    records = json.loads(runner.invoke(app, ["log", "--json"]).stdout)
    assert [r["thread_id"] for r in records] == [second, first]
    newest = records[0]
    assert newest["status"] == "success"
    assert [s["tool"] for s in newest["steps"]] == ["smart_home.turn_on", "timer.set"]
    assert all(s["duration_ms"] >= 0 and s["status"] == "succeeded" for s in newest["steps"])
    assert newest["duration_ms"] > 0
    assert newest["route"]["target"] == "meta_planning"


def test_log_searches_limits_and_filters_by_thread() -> None:
    timer = _ask("set a timer for 10 minutes")
    _ask("turn on the kitchen lights")
    found = json.loads(runner.invoke(app, ["log", "--json", "kitchen"]).stdout)
    assert [r["request"] for r in found] == ["turn on the kitchen lights"]
    by_tool = json.loads(runner.invoke(app, ["log", "--json", "timer.set"]).stdout)
    assert [r["thread_id"] for r in by_tool] == [timer]
    assert len(json.loads(runner.invoke(app, ["log", "--json", "-n", "1"]).stdout)) == 1
    only = json.loads(runner.invoke(app, ["log", "--json", "--thread", timer]).stdout)
    assert [r["thread_id"] for r in only] == [timer]
    none = runner.invoke(app, ["log", "no-such-words-anywhere"])
    assert none.exit_code == 0
    assert none.stdout.strip() == "No runs matching 'no-such-words-anywhere' yet."


def test_chat_runs_are_logged_too() -> None:
    chat = runner.invoke(app, ["chat"], input="set a timer for 3 minutes\n")
    assert chat.exit_code == 0, chat.output
    records = json.loads(runner.invoke(app, ["log", "--json"]).stdout)
    assert [r["request"] for r in records] == ["set a timer for 3 minutes"]

"""The commands, run through typer's CliRunner against the offline engine."""

from __future__ import annotations

import asyncio
import json
import sys
import types
from typing import Any

import pytest
from typer.testing import CliRunner

from agent_system.cli._app import app
from agent_system.events import RunResult
from agent_system.planning.models import ExecutionPlan
from agent_system.routing.models import RouteDecision

runner = CliRunner()


def test_version_prints_the_package_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.startswith("agent-system ")


def test_ask_sets_a_timer_offline_and_exits_0() -> None:
    result = runner.invoke(app, ["ask", "set a timer for 10 minutes"])
    assert result.exit_code == 0, result.output
    assert "10 minutes" in result.stdout
    assert "route: fast reply → timer" in result.stderr
    assert "timer.set" in result.stderr


def test_ask_json_prints_the_whole_run_result() -> None:
    result = runner.invoke(app, ["ask", "--json", "set a timer for 10 minutes"])
    assert result.exit_code == 0, result.output
    run = RunResult.model_validate_json(result.stdout)
    assert run.status == "success"
    assert run.route is not None and run.route.role == "timer"
    assert run.plan is not None and [s.tool for s in run.plan.steps] == ["timer.set"]
    assert "10 minutes" in run.reply


def test_ask_continues_a_thread_given_with_thread() -> None:
    first = runner.invoke(app, ["ask", "--json", "set a timer for 10 minutes"])
    thread_id = json.loads(first.stdout)["thread_id"]
    second = runner.invoke(app, ["ask", "--json", "--thread", thread_id, "list my timers"])
    assert second.exit_code == 0, second.output
    assert json.loads(second.stdout)["thread_id"] == thread_id
    shown = runner.invoke(app, ["threads", "show", "--json", thread_id])
    texts = [turn["text"] for turn in json.loads(shown.stdout)["history"]]
    assert texts == ["set a timer for 10 minutes", "list my timers"]


def test_ask_declines_approval_without_a_terminal_and_exits_1() -> None:
    result = runner.invoke(app, ["ask", "unlock the front door"])
    assert result.exit_code == 1, result.output
    assert "Declined" in result.stderr
    assert "smart_home.unlock" in result.stderr
    assert "Re-run with --yes" in result.stderr


def test_ask_yes_approves_the_step_and_exits_0() -> None:
    result = runner.invoke(app, ["ask", "--yes", "--json", "unlock the front door"])
    assert result.exit_code == 0, result.output
    run = RunResult.model_validate_json(result.stdout)
    assert run.status == "success"
    assert run.result is not None
    assert [s.status for s in run.result.steps] == ["succeeded"]


def test_ask_verbose_reports_tokens_cost_and_timings() -> None:
    result = runner.invoke(app, ["ask", "--verbose", "set a timer for 10 minutes"])
    assert result.exit_code == 0, result.output
    assert "LLM calls" in result.stderr
    assert "status success" in result.stderr


def test_an_empty_request_is_a_failure_with_exit_1() -> None:
    result = runner.invoke(app, ["ask", "   "])
    assert result.exit_code == 1
    assert "Please type a request." in result.stdout


def test_plan_shows_the_steps_without_running_them() -> None:
    request = "check the weather in Paris and set a timer for 10 minutes"
    result = runner.invoke(app, ["plan", "--json", request])
    assert result.exit_code == 0, result.output
    plan = ExecutionPlan.model_validate_json(result.stdout)
    assert sorted(s.tool for s in plan.steps) == ["timer.set", "weather.current"]
    text = runner.invoke(app, ["plan", request])
    assert "2 steps" in text.stdout
    assert "timer.set" in text.stdout
    timers = runner.invoke(app, ["timers", "--json"])
    assert json.loads(timers.stdout) == []  # nothing was executed


def test_route_prints_the_decision_with_its_confidence() -> None:
    result = runner.invoke(app, ["route", "--json", "set a timer for 10 minutes"])
    assert result.exit_code == 0, result.output
    decision = RouteDecision.model_validate_json(result.stdout)
    assert decision.target == "fast_reply"
    assert decision.role == "timer"
    text = runner.invoke(app, ["route", "set a timer for 10 minutes"])
    assert text.stdout.startswith("fast reply → timer (confidence ")


def test_threads_list_show_and_delete() -> None:
    assert "No conversations yet" in runner.invoke(app, ["threads", "list"]).stdout
    run = json.loads(runner.invoke(app, ["ask", "--json", "set a timer for 5 minutes"]).stdout)
    listed = json.loads(runner.invoke(app, ["threads", "list", "--json"]).stdout)
    assert [t["thread_id"] for t in listed] == [run["thread_id"]]
    assert listed[0]["title"] == "set a timer for 5 minutes"
    shown = runner.invoke(app, ["threads", "show", run["thread_id"]])
    assert "> set a timer for 5 minutes" in shown.stdout
    deleted = runner.invoke(app, ["threads", "delete", run["thread_id"]])
    assert deleted.exit_code == 0
    missing = runner.invoke(app, ["threads", "show", run["thread_id"]])
    assert missing.exit_code == 1
    assert f"No thread {run['thread_id']!r}" in missing.stderr
    assert "Traceback" not in missing.output


def test_serve_delegates_to_the_server_with_settings_and_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[dict[str, Any]] = []
    fake = types.ModuleType("agent_system.server._app")

    def serve(settings: Any, host: str, port: int, *, open_: bool, workers: int) -> None:
        calls.append({"host": host, "port": port, "open_": open_, "workers": workers})

    fake.serve = serve  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "agent_system.server._app", fake)
    result = runner.invoke(app, ["serve", "--port", "9001", "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert calls == [{"host": "127.0.0.1", "port": 9001, "open_": False, "workers": 2}]


def test_an_unexpected_error_is_one_line_unless_verbose(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("agent_system.api.AgentSystem.aroute", broken)
    quiet = runner.invoke(app, ["route", "hello"])
    assert quiet.exit_code == 1
    assert quiet.stderr.strip() == (
        "Unexpected error: RuntimeError: disk on fire (run with --verbose for the traceback)"
    )
    loud = runner.invoke(app, ["--verbose", "route", "hello"])
    assert loud.exit_code == 1
    assert "Traceback" in loud.stderr


def test_sub_apps_written_elsewhere_are_mounted_when_they_import(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import typer

    from agent_system.cli import _app as app_module

    sub = typer.Typer()

    @sub.command("hello")
    def hello() -> None:
        typer.echo("hello from the plugin app")

    @sub.command("other")
    def other() -> None:  # two commands, so typer keeps `hello` as a sub-command
        pass

    fake = types.ModuleType("fake_cli_sub")
    fake.app = sub  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_cli_sub", fake)
    app_module._mount_optional("fake_cli_sub", ("fake_app", "app"), "fake")
    app_module._mount_optional("no_such_module_here", ("app",), "missing")
    try:
        result = runner.invoke(app, ["fake", "hello"])
        assert result.stdout == "hello from the plugin app\n"
        assert runner.invoke(app, ["missing"]).exit_code == 2
    finally:
        app.registered_groups[:] = [g for g in app.registered_groups if g.name != "fake"]


def test_ask_rings_timers_that_came_due_while_nothing_ran() -> None:
    from datetime import timedelta

    from agent_system._storage import Database
    from agent_system.config import Settings
    from agent_system.repository import SQLiteRepository
    from agent_system.runtime import SystemClock
    from roles.timer.store import TimerStore

    settings = Settings()
    db = Database(settings.sqlite_path)
    clock = SystemClock()
    add = TimerStore(SQLiteRepository(db), clock).add(
        user="",
        kind="timer",
        label="tea",
        due=clock.now() - timedelta(minutes=3),
        duration=timedelta(minutes=1),
    )
    asyncio.run(add)
    db.close()
    result = runner.invoke(app, ["ask", "--json", "hello"])
    assert result.exit_code == 0, result.output
    assert "'tea'" in result.stderr and "nothing was running" in result.stderr
    assert "\a" not in result.stdout
    json.loads(result.stdout)  # the bell and the message stayed off stdout


def test_ask_area_makes_the_light_the_one_in_that_room() -> None:
    result = runner.invoke(app, ["ask", "--json", "--area", "bedroom", "turn on the light"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["plan"]["steps"][0]["arguments"] == {"device": "lights", "area": "Bedroom"}

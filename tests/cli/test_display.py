"""The run display folds events into a view and draws it live or as plain lines."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from agent_system import events as ev
from agent_system.cli._display import RunDisplay, RunView, describe_route, usage_line
from agent_system.errors import ErrorCode, ErrorInfo
from agent_system.planning.models import (
    ExecutionPlan,
    ExecutionStep,
    PlanResult,
    RunStatus,
    StepResult,
    StepStatus,
    Usage,
)
from agent_system.routing.models import RouteDecision, RouteTarget


def _plan(version: int = 1) -> ExecutionPlan:
    return ExecutionPlan(
        request="check the weather in Paris and set a timer for 10 minutes",
        version=version,
        planner="embedded",
        steps=[
            ExecutionStep(id="weather", tool="weather.current", arguments={"place": "Paris"}),
            ExecutionStep(
                id="timer",
                tool="timer.set",
                arguments={"duration": "10 minutes"},
                depends_on=["weather"],
            ),
        ],
    )


def _events() -> list[ev.Event]:
    plan = _plan()
    timer = StepResult(
        step_id="timer",
        tool="timer.set",
        status=StepStatus.SUCCEEDED,
        display="Timer set for 10 minutes.",
        duration_ms=3.0,
    )
    weather = StepResult(
        step_id="weather",
        tool="weather.current",
        status=StepStatus.FAILED,
        duration_ms=12.0,
        error=ErrorInfo(code=ErrorCode.TOOL_ERROR, message="The weather service is unreachable."),
    )
    result = ev.RunResult(
        thread_id="t1",
        request=plan.request,
        plan=plan,
        result=PlanResult(
            plan_id=plan.id, status=RunStatus.PARTIAL, steps=[weather, timer], duration_ms=20
        ),
        reply="Timer set for 10 minutes. The weather failed.",
        status="partial",
        usage=Usage(llm_calls=1, input_tokens=120, output_tokens=30, cost_usd=0.0012),
        duration_ms=25.0,
    )
    return [
        ev.RouteDecided(
            decision=RouteDecision(target=RouteTarget.META_PLANNING, confidence=0.41, guess=True)
        ),
        ev.PlanCreated(plan=plan),
        ev.StepStarted(step_id="weather", tool="weather.current"),
        ev.StepFailed(result=weather),
        ev.Replanned(plan=_plan(2), reason="weather failed"),
        ev.StepStarted(step_id="timer", tool="timer.set"),
        ev.StepFinished(result=timer),
        ev.ReplyDelta(text="Timer set for 10 minutes. "),
        ev.ReplyDelta(text="The weather failed."),
        ev.RunFinished(result=result),
    ]


def test_the_view_keeps_step_outcomes_across_a_replan() -> None:
    view = RunView()
    for event in _events():
        view.apply(event)
    assert view.steps["weather"].status == "failed"
    assert view.steps["weather"].detail == "The weather service is unreachable."
    assert view.steps["timer"].status == "succeeded"
    assert view.steps["timer"].duration_ms == 3.0
    assert view.notes == ["replanned (v2): weather failed"]
    assert view.reply == "Timer set for 10 minutes. The weather failed."


def test_a_route_is_described_with_its_confidence_and_guess() -> None:
    fast = RouteDecision(target=RouteTarget.FAST_REPLY, role="timer", confidence=0.99)
    assert describe_route(fast) == "fast reply → timer (confidence 0.99, embedded)"
    unsure = RouteDecision(target=RouteTarget.META_PLANNING, confidence=0.5, guess=True)
    assert describe_route(unsure) == "meta-planning (confidence 0.50, a guess, embedded)"


def test_plain_mode_prints_progress_on_stderr_and_the_reply_on_stdout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    console = Console(file=io.StringIO(), force_terminal=False)
    with RunDisplay(console) as display:
        for event in _events():
            display.handle(event)
    out, err = capsys.readouterr()
    assert out == "Timer set for 10 minutes. The weather failed.\n"
    lines = err.splitlines()
    assert lines[0] == "route: meta-planning (confidence 0.41, a guess, embedded)"
    assert "plan: 2 steps (embedded)" in lines
    assert '  timer timer.set {"duration": "10 minutes"} after weather' in lines
    assert "[weather] failed in 12 ms: The weather service is unreachable." in lines
    assert "replanned (v2): weather failed" in lines
    assert "[timer] succeeded in 3 ms: Timer set for 10 minutes." in lines


def test_verbose_mode_reports_tokens_cost_and_timings(capsys: pytest.CaptureFixture[str]) -> None:
    console = Console(file=io.StringIO(), force_terminal=False)
    with RunDisplay(console, verbose=True) as display:
        for event in _events():
            display.handle(event)
    err = capsys.readouterr().err
    final = _events()[-1]
    assert isinstance(final, ev.RunFinished)
    assert usage_line(final.result) in err
    assert "1 LLM calls, 120 in + 30 out tokens, $0.0012" in err


def test_live_mode_draws_the_plan_table_and_the_streamed_reply() -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=120, color_system=None)
    with RunDisplay(console) as display:
        for event in _events():
            display.handle(event)
    text = buffer.getvalue()
    assert "route  meta-planning (confidence 0.41" in text
    assert "weather.current" in text
    assert "✗" in text
    assert "✓" in text
    assert "Timer set for 10 minutes. The weather failed." in text


def test_a_running_step_shows_a_spinner_and_its_elapsed_time() -> None:
    console = Console(file=io.StringIO(), force_terminal=True, width=120, color_system=None)
    display = RunDisplay(console, live=True)
    display.view.apply(ev.PlanCreated(plan=_plan()))
    display.view.apply(ev.StepStarted(step_id="weather", tool="weather.current"))
    console.print(display.render())
    frame = console.file.getvalue()  # type: ignore[attr-defined]
    assert "0.0s" in frame
    assert "weather" in frame


def test_the_consoles_honour_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    from agent_system.cli._common import make_console

    monkeypatch.setenv("NO_COLOR", "1")
    assert make_console().no_color
    monkeypatch.delenv("NO_COLOR")
    assert not make_console().no_color

"""Tools that return plain data and no display text (issue 18.4): small outputs are rendered
without a second LLM call; big or nested ones still get the (streamed) synthesis."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.errors import ErrorCode, ErrorInfo
from agent_system.graph._synthesize import extractive_reply, render_output
from agent_system.llm._fake import ScriptedChatModel
from agent_system.planning.models import ExecutionPlan, ExecutionStep, StepResult, StepStatus
from agent_system.registry.spec import spec_from_function

from .conftest import Calls
from .test_llm_path import draft, system_with

STEP = ExecutionStep(id="a", tool="test.convert", arguments={})
LABELLED = ExecutionStep(
    id="a", tool="test.convert", arguments={}, description="Convert 100 C to F"
)


@pytest.mark.parametrize(
    ("output", "plain", "labelled"),
    [
        ("It is sunny.", "It is sunny.", "It is sunny."),
        (212, "212.", "Convert 100 C to F: 212."),
        (True, "Yes.", "Convert 100 C to F: yes."),
        (None, "Done.", "Convert 100 C to F: done."),
        (
            {"value": 212, "to_unit": "F"},
            "Value 212, to unit F.",
            "Convert 100 C to F: value 212, to unit F.",
        ),
        (["milk", "eggs"], "Milk, eggs.", "Convert 100 C to F: milk, eggs."),
    ],
)
def test_small_plain_outputs_read_as_one_line(output: object, plain: str, labelled: str) -> None:
    assert render_output(STEP, output) == plain
    assert render_output(LABELLED, output) == labelled


@pytest.mark.parametrize(
    "output",
    [
        {"nested": {"a": 1}},
        {f"k{i}": i for i in range(7)},
        list(range(9)),
        "line\n" * 5,
        "x" * 301,
        [],
        {},
    ],
)
def test_big_or_nested_outputs_are_left_to_the_synthesizer(output: object) -> None:
    assert render_output(STEP, output) is None


def convert(celsius: float) -> dict[str, object]:
    """Convert Celsius to Fahrenheit.

    Args:
        celsius: Degrees Celsius.
    """
    return {"value": celsius * 9 / 5 + 32, "unit": "F"}


def forecast(city: str) -> dict[str, object]:
    """A week of weather.

    Args:
        city: The city.
    """
    return {"city": city, "days": [{"day": d, "high": 20 + d} for d in range(7)]}


@pytest.mark.anyio
async def test_a_plain_data_tool_needs_no_second_llm_call(tmp_path: Path) -> None:
    model = ScriptedChatModel(
        [draft({"id": "a", "tool": "test.convert", "arguments": {"celsius": 100}})]
    )
    system = system_with(model, tmp_path, Calls())
    system._registry.add(spec_from_function(convert, name="test.convert"))  # type: ignore[union-attr]
    async with system:
        result = await system.arun("100 C in F?", thread_id="t")
    assert result.status == "success", result.errors
    # The step said only its call: its tool's first sentence labels the values.
    assert result.reply == "Convert Celsius to Fahrenheit: value 212, unit F."
    assert result.usage.llm_calls == 1
    model.assert_complete()


@pytest.mark.anyio
async def test_a_nested_output_is_still_written_by_the_llm(tmp_path: Path) -> None:
    model = ScriptedChatModel(
        [
            draft({"id": "a", "tool": "test.forecast", "arguments": {"city": "Paris"}}),
            "Warm all week in Paris, 20 to 26 degrees.",
        ]
    )
    system = system_with(model, tmp_path, Calls())
    system._registry.add(spec_from_function(forecast, name="test.forecast"))  # type: ignore[union-attr]
    async with system:
        result = await system.arun("weather this week in Paris", thread_id="t")
    assert result.reply == "Warm all week in Paris, 20 to 26 degrees."
    assert result.usage.llm_calls == 2
    model.assert_complete()


def _failed(step: ExecutionStep, message: str) -> StepResult:
    error = ErrorInfo(code=ErrorCode.TOOL_ERROR, message=message, details={"detail": "HTTP 502"})
    return StepResult(step_id=step.id, tool=step.tool, status=StepStatus.FAILED, error=error)


def test_a_lone_failed_step_replies_with_its_plain_sentence_alone() -> None:
    step = ExecutionStep(id="s1", tool="weather.current", arguments={}, description="the weather")
    plan = ExecutionPlan(steps=[step])
    said = "I couldn't reach the weather service (are you offline?)."

    assert extractive_reply(plan, {"s1": _failed(step, said)}) == said


def test_a_failure_beside_other_steps_is_still_listed_with_what_it_was() -> None:
    weather = ExecutionStep(id="s1", tool="weather.current", arguments={}, description="weather")
    timer = ExecutionStep(id="s2", tool="timer.set", arguments={})
    plan = ExecutionPlan(steps=[weather, timer])
    done = StepResult(step_id="s2", tool="timer.set", status=StepStatus.SUCCEEDED, display="Set.")

    reply = extractive_reply(plan, {"s1": _failed(weather, "No answer."), "s2": done})

    assert reply == "Set.\n\nFailed:\n- weather: No answer."
    lone_but_unplanned = ExecutionPlan(steps=[weather], unsupported=["'x': a question"])
    assert "Failed:\n- weather: No answer." in extractive_reply(
        lone_but_unplanned, {"s1": _failed(weather, "No answer.")}
    )

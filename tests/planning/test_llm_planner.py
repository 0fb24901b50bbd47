"""The LLM planner, replanner and synthesizer, driven by a scripted chat model."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
import respx

from agent_system.errors import BudgetExceededError, ErrorInfo, LLMError, LLMOutputError
from agent_system.llm._budget import Budget
from agent_system.llm._fake import ScriptedChatModel
from agent_system.llm._models import resolve_model
from agent_system.llm._structured import strict_json_schema
from agent_system.llm._usage import UsageTracker
from agent_system.planning._base import Planner, Replanner
from agent_system.planning._llm_planner import LLMPlanner, LLMReplanner, PlanDraft, llm_synthesize
from agent_system.planning._prompts import tools_block
from agent_system.planning._schema import plan_schema
from agent_system.planning.models import (
    Comparison,
    ExecutionPlan,
    ExecutionStep,
    FailurePolicy,
    PlanResult,
    ReplanRequest,
    RunStatus,
    StepResult,
    StepStatus,
)
from agent_system.registry.spec import ToolSpec, spec_from_function
from agent_system.routing.models import Turn
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


def _weather(place: str) -> dict[str, Any]:
    """Current weather for a place.

    Args:
        place: City name, e.g. "Paris".
    """
    return {"temp_c": 20.0}


def _notify(title: str, body: str = "") -> str:
    """Send a notification to the user.

    Args:
        title: Short title.
        body: Longer text.
    """
    return title


def _timer(duration: str, label: str = "") -> str:
    """Start a countdown timer.

    Args:
        duration: How long, e.g. "10 minutes".
        label: What the timer is for.
    """
    return duration


def _delete_event(event_id: str) -> None:
    """Delete a calendar event.

    Args:
        event_id: The event to delete.
    """


WEATHER = spec_from_function(_weather, name="weather.current")
NOTIFY = spec_from_function(_notify, name="notification.send")
TIMER = spec_from_function(_timer, name="timer.set")
DELETE = spec_from_function(_delete_event, name="calendar.delete")
TOOLS: list[ToolSpec] = [WEATHER, NOTIFY, TIMER]


def step(id: str, tool: str, arguments: dict[str, Any] | str, **extra: Any) -> dict[str, Any]:
    encoded = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {
        "id": id,
        "tool": tool,
        "arguments": encoded,
        "depends_on": extra.pop("depends_on", []),
        "when": extra.pop("when", None),
        "on_failure": extra.pop("on_failure", "halt"),
        "description": extra.pop("description", ""),
    }


def draft(*steps: dict[str, Any], unsupported: list[str] | None = None) -> dict[str, Any]:
    return {"reasoning": "because", "steps": list(steps), "unsupported": unsupported or []}


WEATHER_THEN_NOTIFY = draft(
    step("weather", "weather.current", {"place": "Paris"}),
    step(
        "remind",
        "notification.send",
        {"title": {"$ref": "weather", "path": "/temp_c"}},
        when=json.dumps({"op": "gt", "left": {"$ref": "weather", "path": "/temp_c"}, "right": 25}),
        on_failure="skip",
    ),
)


async def test_one_structured_call_turns_the_draft_into_a_typed_plan() -> None:
    model = ScriptedChatModel([WEATHER_THEN_NOTIFY])
    tracker = UsageTracker()
    planner = LLMPlanner(model, usage=tracker)
    plan = await planner.plan("weather in Paris, remind me if hot", TOOLS)
    assert isinstance(planner, Planner)
    assert [s.id for s in plan.steps] == ["weather", "remind"]
    remind = plan.step("remind")
    assert remind.arguments == {"title": {"$ref": "weather", "path": "/temp_c"}}
    assert remind.depends_on == ["weather"]  # added from the reference
    assert isinstance(remind.when, Comparison) and remind.when.op == "gt"
    assert remind.on_failure == FailurePolicy.SKIP
    assert (plan.planner, plan.request, plan.reasoning) == ("llm", plan.request, "because")
    assert tracker.usage.llm_calls == 1
    model.assert_complete()


async def test_the_prompt_shows_only_the_selected_tools_and_explains_references() -> None:
    model = ScriptedChatModel([draft(step("t", "timer.set", {"duration": "10 minutes"}))])
    await LLMPlanner(model).plan("set a timer for 10 minutes", [TIMER, WEATHER])
    call = model.calls[0]
    system, human = (str(m.content) for m in call.messages)
    # Each tool once, in one line: its signature, what it does, what its parameters are.
    assert (
        "- timer.set(duration: string, label?: string): Start a countdown timer. duration: How "
        'long, e.g. "10 minutes". label: What the timer is for.'
    ) in human.splitlines()
    assert "- weather.current(place: string): Current weather for a place." in human
    assert "calendar.delete" not in human and "notification.send" not in human.split("Request")[0]
    assert '{"$ref":"a","path":"/json/pointer"}' in system
    assert human.endswith("Request: set a timer for 10 minutes")
    # The schema types the arguments and describes nothing the prompt already says.
    schema = json.dumps(call.structured["schema"] if call.structured else {})
    assert "Start a countdown timer" not in schema and "How long" not in schema
    assert '"title"' not in schema
    assert call.structured is not None and call.structured["method"] == "json_schema"


def test_a_parameter_description_that_only_repeats_its_name_is_left_out() -> None:
    def lookup(key: str, the_limit: int = 3) -> str:
        """Look a key up.

        Args:
            key: The key.
            the_limit: The limit.
        """
        return key

    spec = spec_from_function(lookup, name="kv.lookup")
    assert tools_block([spec]) == "- kv.lookup(key: string, the_limit?: integer): Look a key up."
    assert tools_block([]) == "(no tools are available)"


def test_nested_parameters_keep_their_descriptions_and_untyped_tools_their_schema() -> None:
    from agent_system.registry.spec import ToolSpec

    def nothing(**_: Any) -> None:
        return None

    nested = ToolSpec(
        name="cal.add",
        description="Add an event.",
        parameters={
            "type": "object",
            "properties": {
                "event": {
                    "type": "object",
                    "description": "The event.",
                    "properties": {
                        "title": {"type": "string", "description": "What it is called."},
                        "size": {"type": "integer", "minimum": 1, "maximum": 9},
                    },
                    "required": ["title", "size"],
                }
            },
            "required": ["event"],
        },
        func=nothing,
    )
    line = tools_block([nested])
    assert line.startswith("- cal.add(event: {title: string, size: integer}): Add an event.")
    assert "event.title: What it is called." in line and "event.size: (1..9)" in line
    free = ToolSpec(
        name="db.put",
        description="Store a record.",
        parameters={
            "type": "object",
            "title": "Put",
            "properties": {"record": {"type": "object", "title": "Record"}},
            "required": ["record"],
        },
        func=nothing,
    )
    assert tools_block([free]) == (
        '- db.put: Store a record. Parameters: {"type":"object","properties":{"record":'
        '{"type":"object"}},"required":["record"]}'
    )


async def test_history_reaches_the_prompt() -> None:
    model = ScriptedChatModel([draft(step("t", "timer.set", {"duration": "5 minutes"}))])
    history = [Turn(text="set a timer for 5 minutes", role="timer")]
    await LLMPlanner(model).plan("do that again", [TIMER], history)
    assert "set a timer for 5 minutes" in model.calls[0].prompt_text


async def test_an_unknown_tool_is_fed_back_once_and_the_corrected_plan_used() -> None:
    model = ScriptedChatModel(
        [
            draft(step("w", "weather.now", {"place": "Oslo"})),
            draft(step("w", "weather.current", {"place": "Oslo"})),
        ]
    )
    plan = await LLMPlanner(model).plan("weather in Oslo", TOOLS)
    assert plan.steps[0].tool == "weather.current"
    feedback = str(model.calls[1].messages[-1].content)
    assert "weather.now" in feedback and "weather.current" in feedback
    model.assert_complete()


async def test_arguments_that_are_not_a_json_object_are_fed_back() -> None:
    model = ScriptedChatModel(
        [
            draft(step("t", "timer.set", '{"duration": 10 minutes}')),
            draft(step("t", "timer.set", {"duration": "10 minutes"})),
        ]
    )
    plan = await LLMPlanner(model).plan("timer 10 minutes", TOOLS)
    assert plan.steps[0].arguments == {"duration": "10 minutes"}
    assert "arguments must be a JSON object" in str(model.calls[1].messages[-1].content)


async def test_a_reference_to_a_missing_step_is_fed_back() -> None:
    model = ScriptedChatModel(
        [
            draft(step("n", "notification.send", {"title": {"$ref": "ghost", "path": ""}})),
            draft(step("n", "notification.send", {"title": "hello"})),
        ]
    )
    plan = await LLMPlanner(model).plan("notify me", TOOLS)
    assert plan.steps[0].arguments == {"title": "hello"}
    assert "ghost" in str(model.calls[1].messages[-1].content)


async def test_two_bad_drafts_raise_an_llm_error_for_the_engine_to_degrade() -> None:
    bad = draft(step("t", "timer.set", "[1, 2]"))
    model = ScriptedChatModel([bad, bad])
    with pytest.raises(LLMOutputError):
        await LLMPlanner(model).plan("timer", TOOLS)
    model.assert_complete()


async def test_a_transport_failure_is_an_llm_error() -> None:
    model = ScriptedChatModel([ConnectionError("reset by peer")])
    with pytest.raises(LLMError, match="reset by peer"):
        await LLMPlanner(model).plan("timer", TOOLS)


async def test_parts_no_tool_covers_are_kept_as_unsupported() -> None:
    model = ScriptedChatModel([draft(unsupported=["book a flight"])])
    plan = await LLMPlanner(model).plan("book a flight", TOOLS)
    assert plan.steps == [] and plan.unsupported == ["book a flight"]


async def test_a_json_mode_reply_with_object_arguments_is_accepted() -> None:
    reply = {"steps": [{"id": "t", "tool": "timer.set", "arguments": {"duration": "1 hour"}}]}
    model = ScriptedChatModel([reply])
    plan = await LLMPlanner(model, mode="json_mode").plan("timer for an hour", TOOLS)
    assert plan.steps[0].arguments == {"duration": "1 hour"}
    assert plan.steps[0].on_failure == FailurePolicy.HALT


async def test_a_spent_budget_stops_the_planner_before_calling_the_model() -> None:
    model = ScriptedChatModel([WEATHER_THEN_NOTIFY])
    with pytest.raises(BudgetExceededError):
        await LLMPlanner(model, budget=Budget(tokens=50)).plan("weather", TOOLS)
    assert model.calls == []


def test_the_draft_schema_is_strict_everywhere() -> None:
    def objects(node: Any) -> list[dict[str, Any]]:
        found = []
        if isinstance(node, dict):
            if node.get("type") == "object":
                found.append(node)
            for value in node.values():
                found += objects(value)
        elif isinstance(node, list):
            for value in node:
                found += objects(value)
        return found

    schema = strict_json_schema(PlanDraft)
    for obj in objects(schema):
        assert obj["additionalProperties"] is False
        assert sorted(obj["required"]) == sorted(obj["properties"])


# --- replanner ---------------------------------------------------------------------------


def _failed_plan() -> ReplanRequest:
    plan = ExecutionPlan(
        request="weather in Paris then notify me",
        steps=[
            ExecutionStep(id="timer", tool="timer.set", arguments={"duration": "5 minutes"}),
            ExecutionStep(id="weather", tool="weather.current", arguments={"place": "Pariss"}),
            ExecutionStep(
                id="notify",
                tool="notification.send",
                arguments={"title": {"$ref": "weather", "path": "/temp_c"}},
                depends_on=["weather"],
            ),
        ],
        planner="llm",
    )
    done = StepResult(
        step_id="timer", tool="timer.set", status=StepStatus.SUCCEEDED, output={"id": "t-1"}
    )
    failed = StepResult(
        step_id="weather",
        tool="weather.current",
        status=StepStatus.FAILED,
        error=ErrorInfo(code="tool_error", message="Unknown place 'Pariss'"),
    )
    return ReplanRequest(plan=plan, completed={"timer": done}, failed=[failed], reason="bad place")


async def test_the_replanner_keeps_completed_steps_and_appends_the_revision() -> None:
    request = _failed_plan()
    model = ScriptedChatModel(
        [
            draft(
                step("weather2", "weather.current", {"place": "Paris"}),
                step("notify2", "notification.send", {"title": {"$ref": "weather2", "path": ""}}),
            )
        ]
    )
    replanner = LLMReplanner(model)
    revised = await replanner.replan(request, TOOLS)
    assert isinstance(replanner, Replanner)
    assert revised is not None
    assert revised.id == request.plan.id and revised.version == 2
    assert [s.id for s in revised.steps] == ["timer", "weather2", "notify2"]
    assert revised.step("timer") == request.plan.step("timer")
    assert revised.step("notify2").depends_on == ["weather2"]
    prompt = model.calls[0].prompt_text
    assert "Unknown place 'Pariss'" in prompt and '"id":"t-1"' in prompt and "bad place" in prompt


async def test_the_replanner_rejects_reusing_a_completed_step_id_once() -> None:
    model = ScriptedChatModel(
        [
            draft(step("timer", "weather.current", {"place": "Paris"})),
            draft(step("weather2", "weather.current", {"place": "Paris"})),
        ]
    )
    revised = await LLMReplanner(model).replan(_failed_plan(), TOOLS)
    assert revised is not None and [s.id for s in revised.steps] == ["timer", "weather2"]
    assert "completed steps" in str(model.calls[1].messages[-1].content)


async def test_the_replanner_gives_up_with_none_on_an_empty_revision() -> None:
    model = ScriptedChatModel([draft()])
    assert await LLMReplanner(model).replan(_failed_plan(), TOOLS) is None


# --- synthesizer -------------------------------------------------------------------------


async def test_the_answer_streams_token_by_token_and_the_prompt_names_the_failure() -> None:
    request = _failed_plan()
    result = PlanResult(
        plan_id=request.plan.id,
        status=RunStatus.PARTIAL,
        steps=[request.completed["timer"], *request.failed],
    )
    answer = "Your timer is set, but I could not get the weather: unknown place."
    model = ScriptedChatModel([answer])
    pieces: list[str] = []
    text = await llm_synthesize(model, "timer and weather", result, stream=pieces.append)
    assert text == answer
    assert "".join(pieces) == answer and len(pieces) > 5
    prompt = model.calls[0].prompt_text
    assert "weather.current" in prompt and "failed" in prompt and "Unknown place" in prompt
    assert "say so plainly" in prompt
    assert "Overall status: partial" in prompt


async def test_the_synthesizer_is_told_which_planned_steps_never_ran() -> None:
    request = _failed_plan()
    result = PlanResult(
        plan_id=request.plan.id,
        status=RunStatus.PARTIAL,
        steps=[request.completed["timer"], *request.failed],
    )
    model = ScriptedChatModel(["ok"])
    await llm_synthesize(model, "x", result, plan=request.plan)
    assert "notify: notification.send -> not run" in model.calls[0].prompt_text


async def test_synthesis_failure_is_an_llm_error() -> None:
    model = ScriptedChatModel([RuntimeError("boom")])
    result = PlanResult(plan_id=_failed_plan().plan.id, status=RunStatus.FAILURE)
    with pytest.raises(LLMError):
        await llm_synthesize(model, "x", result)


async def test_the_planner_works_over_the_openai_wire_with_a_strict_schema() -> None:
    settings = make_settings(openai_api_key="sk-test", llm_max_retries=0)
    body = {
        "id": "c",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4o-mini",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": json.dumps(WEATHER_THEN_NOTIFY)},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 900, "completion_tokens": 120, "total_tokens": 1020},
    }
    async with httpx.AsyncClient() as http:
        model = resolve_model("openai:gpt-4o-mini", settings, http_client=http)
        assert model is not None
        with respx.mock(base_url="https://api.openai.com/v1") as wire:
            route = wire.post("/chat/completions").mock(return_value=httpx.Response(200, json=body))
            tracker = UsageTracker.from_settings(settings)
            plan = await LLMPlanner(model, usage=tracker).plan("weather then remind", TOOLS)
    assert [s.tool for s in plan.steps] == ["weather.current", "notification.send"]
    sent = json.loads(route.calls.last.request.content)["response_format"]
    assert sent["type"] == "json_schema" and sent["json_schema"]["strict"] is True
    # One step variant per tool, each with that tool's own argument schema.
    assert sent["json_schema"]["schema"] == plan_schema(TOOLS)
    assert tracker.usage.cost_usd == pytest.approx((900 * 0.15 + 120 * 0.60) / 1e6)


async def test_the_plan_streams_over_the_openai_wire_step_by_step() -> None:
    from tests.llm.conftest import sse

    settings = make_settings(openai_api_key="sk-test", llm_max_retries=0)
    text = json.dumps(WEATHER_THEN_NOTIFY)
    pieces = [text[i : i + 7] for i in range(0, len(text), 7)]
    async with httpx.AsyncClient() as http:
        model = resolve_model("openai:gpt-4o-mini", settings, http_client=http)
        assert model is not None
        with respx.mock(base_url="https://api.openai.com/v1") as wire:
            route = wire.post("/chat/completions").mock(
                return_value=httpx.Response(
                    200, content=sse(pieces), headers={"content-type": "text/event-stream"}
                )
            )
            got: list[Any] = []
            plan = await LLMPlanner(model).stream_plan(
                "weather then remind", TOOLS, None, got.append
            )
    assert [s.tool for s in got] == ["weather.current", "notification.send"]
    assert [s.tool for s in plan.steps] == ["weather.current", "notification.send"]
    sent = json.loads(route.calls.last.request.content)
    assert sent["stream"] is True
    assert sent["response_format"]["type"] == "json_schema"
    assert sent["response_format"]["json_schema"]["strict"] is True

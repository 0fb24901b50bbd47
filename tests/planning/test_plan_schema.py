"""The plan schema: each selected tool's own typed arguments, compact (issue 18 items 1 and 2)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from agent_system.llm._fake import ScriptedChatModel
from agent_system.planning._draft import to_step
from agent_system.planning._llm_planner import LLMPlanner, PlanDraft, PlannedStep
from agent_system.planning._schema import plan_schema, typed_arguments
from agent_system.planning.models import FailurePolicy
from agent_system.registry.spec import ToolOutput, spec_from_function

pytestmark = pytest.mark.anyio


async def set_timer(duration: str, label: str = "", minutes: int | None = None) -> ToolOutput:
    """Set a timer.

    Args:
        duration: How long.
        label: What for.
        minutes: The same in minutes.
    """
    return ToolOutput(data={"duration": duration})


async def store(record: dict[str, Any]) -> ToolOutput:
    """Store anything.

    Args:
        record: Free-form data.
    """
    return ToolOutput(data=record)


async def wrap(tool: str, arguments: str) -> ToolOutput:
    """A tool whose parameters are named like the call's own keys.

    Args:
        tool: A name.
        arguments: Some text.
    """
    return ToolOutput(data={"tool": tool})


TIMER = spec_from_function(set_timer, name="timer.set")
STORE = spec_from_function(store, name="db.store")
WRAP = spec_from_function(wrap, name="meta.wrap")


def _variants(schema: dict[str, Any]) -> list[dict[str, Any]]:
    variants: list[dict[str, Any]] = schema["properties"]["steps"]["items"]["anyOf"]
    return variants


def test_each_tool_gets_its_own_step_variant_with_typed_arguments() -> None:
    schema = plan_schema([TIMER, STORE, WRAP])
    timer, wrapped, encoded = _variants(schema)
    assert timer["properties"]["tool"] == {"type": "string", "enum": ["timer.set"]}
    # strict: every key listed; the step is its id and its call, nothing it does not need
    assert timer["required"] == ["id", "tool", "duration", "label", "minutes"]
    assert timer["additionalProperties"] is False
    defs = schema["$defs"]
    # A required string: a string or a reference, defined once and shared.
    assert timer["properties"]["duration"] == {"$ref": "#/$defs/string"}
    assert defs["string"] == {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/ref"}]}
    # Optional ones also take null (= left out); `int | None` is the same as optional.
    assert timer["properties"]["label"] == {"$ref": "#/$defs/string_or_null"}
    assert timer["properties"]["minutes"] == {"$ref": "#/$defs/integer_or_null"}
    assert defs["integer_or_null"]["anyOf"][0] == {"type": ["integer", "null"]}
    assert defs["ref"]["required"] == ["$ref", "path"]
    # Parameters named like a step's own keys: the nested form.
    assert wrapped["required"] == ["id", "tool", "arguments"]
    assert wrapped["properties"]["arguments"]["required"] == ["tool", "arguments"]
    # A free-form object cannot be strict: that tool has no typed variant, only the
    # JSON-encoded step, which is also where a condition, a failure policy or a template goes.
    assert encoded == {
        "type": "object",
        "properties": {"json": {"type": "string"}},
        "required": ["json"],
        "additionalProperties": False,
    }
    assert typed_arguments(STORE.parameters) is None
    # Nothing but what constrains the reply: no titles, descriptions, defaults, and no step
    # field a plain step leaves at its default.
    text = json.dumps(schema)
    for word in ('"title"', '"description"', '"default"', "How long", "Set a timer"):
        assert word not in text
    for field in ("depends_on", "when", "on_failure", "call"):
        assert f'"{field}"' not in text
    assert "reasoning" not in schema["properties"]
    assert plan_schema([TIMER], reasoning=True)["required"][0] == "reasoning"
    Draft202012Validator.check_schema(schema)


def test_replies_in_every_step_form_validate_against_the_schema_and_read_back() -> None:
    schema = plan_schema([TIMER, STORE, WRAP])
    ref = {"$ref": "a", "path": "/d"}
    when = {"op": "gt", "left": ref, "right": 3}
    steps = [
        {"id": "s", "tool": "timer.set", "duration": ref, "label": None, "minutes": 5},
        {"id": "s", "tool": "meta.wrap", "arguments": {"tool": "x", "arguments": "y"}},
        {"json": json.dumps({"id": "s", "tool": "db.store", "record": {"a": [1]}})},
        {
            "json": json.dumps(
                {"id": "s", "tool": "timer.set", "duration": "5m", "when": when}
                | {"on_failure": "skip", "depends_on": ["b"], "description": "a short one"}
            )
        },
    ]
    expected = [
        ("timer.set", {"duration": ref, "minutes": 5}),
        ("meta.wrap", {"tool": "x", "arguments": "y"}),
        ("db.store", {"record": {"a": [1]}}),
        ("timer.set", {"duration": "5m"}),
    ]
    for step, (tool, arguments) in zip(steps, expected, strict=True):
        Draft202012Validator(schema).validate({"steps": [step], "unsupported": []})
        read = PlannedStep.model_validate(step)
        assert (read.tool, read.decoded_arguments()) == (tool, arguments)
    full = to_step(PlannedStep.model_validate(steps[3]))
    assert (full.on_failure, full.description) == (FailurePolicy.SKIP, "a short one")
    assert full.depends_on == ["b", "a"] and full.when is not None  # the condition's too
    # A step that names no tool, or JSON that is not, is a problem the planner reports.
    with pytest.raises(ValueError, match="Field required"):
        PlannedStep.model_validate({"id": "s", "duration": "5m"})
    with pytest.raises(ValueError, match=r"json is not JSON"):
        PlannedStep.model_validate({"json": "{oops"})
    with pytest.raises(ValueError, match="json must encode the step as a JSON object"):
        PlannedStep.model_validate({"json": "[1]"})
    # Earlier forms still read: a call object, and tool + arguments beside the id.
    call = {"id": "s", "call": {"tool": "timer.set", "duration": "5m"}, "on_failure": "retry"}
    assert PlannedStep.model_validate(call).decoded_arguments() == {"duration": "5m"}
    with pytest.raises(ValueError, match="call must be an object naming"):
        PlannedStep.model_validate({"id": "s", "call": {"duration": "5m"}})
    old = PlanDraft.model_validate(
        {"steps": [{"id": "s", "tool": "timer.set", "arguments": '{"duration": "5m"}'}]}
    )
    assert old.steps[0].decoded_arguments() == {"duration": "5m"}


async def test_the_planner_asks_for_the_compact_schema_and_reads_typed_arguments() -> None:
    reply = json.dumps(
        {
            "steps": [{"id": "t", "tool": "timer.set", "duration": "5 minutes", "label": None}],
            "unsupported": [],
        }
    )
    model = ScriptedChatModel([reply])
    got: list[Any] = []
    plan = await LLMPlanner(model).stream_plan("set a timer", [TIMER], None, got.append)
    assert plan.steps[0].arguments == {"duration": "5 minutes"}  # null = left out
    assert [s.id for s in got] == ["t"]  # handed over as its object closed
    sent = model.calls[0].kwargs["response_format"]
    assert sent["type"] == "json_schema" and sent["json_schema"]["strict"] is True
    assert sent["json_schema"]["schema"] == plan_schema([TIMER])


async def test_json_mode_puts_the_same_compact_schema_in_the_prompt() -> None:
    """Servers without strict schemas: response_format json_object, the schema in the prompt,
    the reply validated the same way (a tool not offered gets the corrective retry)."""
    bad = {"steps": [{"id": "x", "tool": "no.such", "a": 1}], "unsupported": []}
    good = {"steps": [{"id": "t", "tool": "timer.set", "duration": "5 minutes"}], "unsupported": []}
    model = ScriptedChatModel([json.dumps(bad), json.dumps(good)])
    plan = await LLMPlanner(model, mode="json_mode").plan("set a timer", [TIMER])
    assert [(s.tool, s.arguments) for s in plan.steps] == [("timer.set", {"duration": "5 minutes"})]
    first, retry = model.calls
    assert first.structured is not None and first.structured["method"] == "json_mode"
    system = str(first.messages[0].content)
    assert json.dumps(plan_schema([TIMER]), separators=(",", ":")) in system
    assert "no.such" in str(retry.messages[-1].content)  # the problem was fed back


@pytest.mark.parametrize("streamed", [False, True])
async def test_a_step_written_as_its_call_alone_is_named_by_its_tool(streamed: bool) -> None:
    """A plain step carries no description; the user is told what it does in words (an
    approval, a skipped step), not the tool's name. One the model describes keeps its words."""
    said = {"id": "b", "tool": "timer.set", "duration": "2m", "description": "the tea timer"}
    reply = json.dumps(
        {
            "steps": [
                {"id": "a", "tool": "timer.set", "duration": "5m", "label": None, "minutes": None},
                {"json": json.dumps(said)},
            ],
            "unsupported": [],
        }
    )
    planner = LLMPlanner(ScriptedChatModel([reply]))
    if streamed:
        got: list[Any] = []
        plan = await planner.stream_plan("two timers", [TIMER], None, got.append)
        assert [s.description for s in got] == ["Set a timer", "the tea timer"]
    else:
        plan = await planner.plan("two timers", [TIMER])
    assert [s.description for s in plan.steps] == ["Set a timer", "the tea timer"]

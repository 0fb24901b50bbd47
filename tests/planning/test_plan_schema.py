"""The plan schema gives each selected tool its own argument schema (issue 18 item 2)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from agent_system.llm._fake import ScriptedChatModel
from agent_system.llm._structured import strict_json_schema
from agent_system.planning._llm_planner import LLMPlanner, PlanDraft
from agent_system.planning._schema import plan_schema, typed_arguments
from agent_system.registry.spec import ToolOutput, spec_from_function

pytestmark = pytest.mark.anyio


async def set_timer(duration: str, label: str = "") -> ToolOutput:
    """Set a timer.

    Args:
        duration: How long.
        label: What for.
    """
    return ToolOutput(data={"duration": duration})


async def store(record: dict[str, Any]) -> ToolOutput:
    """Store anything.

    Args:
        record: Free-form data.
    """
    return ToolOutput(data=record)


TIMER = spec_from_function(set_timer, name="timer.set")
STORE = spec_from_function(store, name="db.store")


def test_each_tool_gets_its_own_step_variant_with_typed_arguments() -> None:
    schema = plan_schema([TIMER, STORE], strict_json_schema(PlanDraft))
    variants = schema["$defs"]["PlannedStep"]["anyOf"]
    assert [v["properties"]["tool"]["enum"] for v in variants] == [["timer.set"], ["db.store"]]
    timer_args = variants[0]["properties"]["arguments"]["anyOf"][0]
    assert timer_args["required"] == ["duration", "label"]  # strict: every property listed
    assert timer_args["additionalProperties"] is False
    duration = timer_args["properties"]["duration"]["anyOf"]
    assert duration[0]["type"] == "string" and duration[1]["required"] == ["$ref", "path"]
    assert {"type": "null"} in timer_args["properties"]["label"]["anyOf"]  # optional
    assert {"type": "null"} not in duration  # required
    # A free-form object cannot be strict: that tool keeps the JSON-encoded string.
    assert variants[1]["properties"]["arguments"]["type"] == "string"
    assert typed_arguments(STORE.parameters) is None
    json.dumps(schema)  # plain JSON


async def test_the_planner_asks_for_the_union_and_reads_typed_arguments() -> None:
    reply = json.dumps(
        {
            "reasoning": "",
            "steps": [
                {
                    "id": "t",
                    "tool": "timer.set",
                    "arguments": {"duration": "5 minutes", "label": None},
                    "depends_on": [],
                    "when": None,
                    "on_failure": "halt",
                    "description": "",
                }
            ],
            "unsupported": [],
        }
    )
    model = ScriptedChatModel([reply])
    got: list[Any] = []
    plan = await LLMPlanner(model).stream_plan("set a timer", [TIMER], None, got.append)
    assert plan.steps[0].arguments == {"duration": "5 minutes"}  # null = left out
    sent = model.calls[0].kwargs["response_format"]
    assert sent["type"] == "json_schema" and sent["json_schema"]["strict"] is True
    variants = sent["json_schema"]["schema"]["$defs"]["PlannedStep"]["anyOf"]
    assert variants[0]["properties"]["tool"]["enum"] == ["timer.set"]

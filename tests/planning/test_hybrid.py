"""The hybrid planner: the embedded plan when it covers the request, one LLM call otherwise."""

from __future__ import annotations

import pytest

from agent_system.llm._fake import ScriptedChatModel
from agent_system.planning._embedded import EmbeddedPlanner
from agent_system.planning._hybrid import HybridPlanner
from agent_system.planning._llm_planner import LLMPlanner, PlanDraft
from agent_system.registry._registry import ToolRegistry
from agent_system.roles import load_roles
from agent_system.routing._embedded import load_default_router
from agent_system.testing import make_runtime

pytestmark = pytest.mark.anyio


def hybrid(model: ScriptedChatModel) -> HybridPlanner:
    runtime = make_runtime()
    embedded = EmbeddedPlanner(
        load_default_router(runtime.settings), load_roles(), runtime, min_confidence=0.95
    )
    return HybridPlanner(embedded, LLMPlanner(model))


async def test_a_request_over_the_built_in_roles_costs_no_llm_call() -> None:
    model = ScriptedChatModel([])
    plan = await hybrid(model).plan("check the weather in Paris and set a timer for 10 minutes", [])
    assert [s.tool for s in plan.steps] == ["weather.current", "timer.set"]
    assert plan.planner == "embedded"
    assert model.calls == []


async def test_what_the_embedded_planner_cannot_cover_goes_to_the_llm() -> None:
    registry = ToolRegistry.builtin()
    model = ScriptedChatModel(
        [
            PlanDraft.model_validate(
                {
                    "steps": [
                        {"id": "a", "tool": "timer.set", "arguments": {"duration": "3 minutes"}}
                    ]
                }
            )
        ]
    )
    tools = [registry["timer.set"]]
    plan = await hybrid(model).plan(
        "book me a flight to London and set a timer for 3 minutes", tools
    )
    assert plan.planner == "llm"
    assert len(model.calls) == 1
    model.assert_complete()

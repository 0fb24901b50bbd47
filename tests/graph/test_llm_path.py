"""The graph with a (scripted) LLM: one planning call, template replies, synthesis, fallbacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from agent_system.api import AgentSystem
from agent_system.errors import LLMError
from agent_system.llm._fake import ScriptedChatModel
from agent_system.planning._llm_planner import PlanDraft
from agent_system.testing import make_runtime, make_settings

from .conftest import Calls, EchoRole, FakeRouter, make_tools

pytestmark = pytest.mark.anyio


def system_with(model: ScriptedChatModel, tmp_path: Path, calls: Calls) -> AgentSystem:
    runtime = make_runtime(make_settings(tmp_path / "home"), chat_model=model)
    runtime.models = {"weak": model, "default": model, "strong": model}
    runtime.store = InMemoryStore()
    return AgentSystem(
        runtime.settings,
        registry=make_tools(calls),
        router=FakeRouter(),
        checkpointer=InMemorySaver(),
        store=runtime.store,
        runtime=runtime,
        roles={"echo": EchoRole()},
    )


def draft(*steps: dict[str, object]) -> PlanDraft:
    return PlanDraft.model_validate({"reasoning": "scripted", "steps": list(steps)})


async def test_a_multi_tool_request_costs_one_llm_call_when_the_reply_is_a_template(
    tmp_path: Path,
) -> None:
    model = ScriptedChatModel(
        [
            draft(
                {"id": "a", "tool": "test.add", "arguments": {"a": 2, "b": 3}},
                {
                    "id": "b",
                    "tool": "test.add",
                    "arguments": {"a": {"$ref": "a", "path": "/sum"}, "b": 1},
                },
            )
        ]
    )
    calls = Calls()
    async with system_with(model, tmp_path, calls) as system:
        result = await system.arun("add things", thread_id="t")
    assert result.status == "success", result.errors
    assert result.reply.splitlines() == ["2 + 3 = 5", "5 + 1 = 6"]
    assert result.usage.llm_calls == 1
    assert result.usage.tool_calls == 2
    model.assert_complete()


async def test_a_failure_is_explained_by_one_more_llm_call(tmp_path: Path) -> None:
    model = ScriptedChatModel(
        [
            draft(
                {"id": "a", "tool": "test.echo", "arguments": {"text": "hi"}},
                {"id": "b", "tool": "test.fail", "on_failure": "skip"},
            ),
            "The echo worked, but the second step failed on purpose.",
        ]
    )
    calls = Calls()
    async with system_with(model, tmp_path, calls) as system:
        deltas = []
        async for event in system.astream("say hi then fail", thread_id="t"):
            if event.type == "reply_delta":
                deltas.append(event.text)
            if event.type == "run_finished":
                result = event.result
    assert result.status == "partial"
    assert result.reply == "The echo worked, but the second step failed on purpose."
    assert "".join(deltas).strip() == result.reply
    assert result.usage.llm_calls == 2
    model.assert_complete()


async def test_an_llm_planner_failure_degrades_to_the_embedded_planner(tmp_path: Path) -> None:
    model = ScriptedChatModel([LLMError("server exploded"), LLMError("server exploded")])
    calls = Calls()
    async with system_with(model, tmp_path, calls) as system:
        system.engine.nodes.plan.fallback = _EmptyPlanner()  # type: ignore[assignment]
        result = await system.arun("something", thread_id="t")
    assert any(e.code == "llm_error" and e.severity == "warning" for e in result.errors)
    assert result.plan is not None and result.plan.planner == "empty"


async def test_an_unreachable_llm_is_said_plainly_and_its_fix_stays_in_the_errors(
    tmp_path: Path,
) -> None:
    fix = "Cannot reach the LLM server at http://x/v1. Check OPENAI_BASE_URL."
    model = ScriptedChatModel([LLMError(fix), LLMError(fix)])
    async with system_with(model, tmp_path, Calls()) as system:
        system.engine.nodes.plan.fallback = _EmptyPlanner()  # type: ignore[assignment]
        result = await system.arun("book me a flight to rome", thread_id="t")
    assert "couldn't get through to the language model" in result.reply
    assert "OPENAI" not in result.reply and "http" not in result.reply
    assert any(fix in e.message for e in result.errors)


class _EmptyPlanner:
    name = "empty"

    async def plan(self, request: str, tools: object, history: object = None) -> object:
        from agent_system.planning.models import ExecutionPlan

        return ExecutionPlan(request=request, planner="empty", unsupported=[request])


async def test_llm_calls_made_inside_a_tool_count_for_its_step_and_the_run(
    tmp_path: Path,
) -> None:
    from langchain_core.messages import HumanMessage

    from agent_system.llm._chat import complete, message_text
    from agent_system.llm._fake import ScriptedTurn
    from agent_system.registry.spec import ToolContext, ToolOutput, spec_from_function

    async def ask_model(ctx: ToolContext, question: str) -> ToolOutput:
        """Ask the model.

        Args:
            question: The question.
        """
        model = ctx.runtime.model()
        assert model is not None
        reply = await complete(model, [HumanMessage(question)])
        return ToolOutput(data={"answer": message_text(reply)}, display=message_text(reply))

    model = ScriptedChatModel(
        [
            draft({"id": "q", "tool": "test.ask", "arguments": {"question": "why?"}}),
            ScriptedTurn("because", input_tokens=11, output_tokens=3),
        ]
    )
    calls = Calls()
    system = system_with(model, tmp_path, calls)
    system._registry.add(spec_from_function(ask_model, name="test.ask"))  # type: ignore[union-attr]
    async with system:
        result = await system.arun("please find out why", thread_id="t")
    assert result.status == "success", result.errors
    assert result.reply == "because"
    assert result.result is not None
    step_usage = result.result.steps[0].usage
    assert (step_usage.llm_calls, step_usage.input_tokens, step_usage.output_tokens) == (1, 11, 3)
    assert result.usage.llm_calls == 2
    model.assert_complete()


async def test_the_planner_sees_only_the_tools_a_request_calls_for_in_a_small_registry(
    tmp_path: Path,
) -> None:
    """Five tools registered (fewer than `tools_per_plan`): a request that names what it needs
    offers the planner those tools alone (their lines and typed variants cost its call
    tokens); one that shares no word with any tool still shows the planner all five."""
    model = ScriptedChatModel(
        [
            draft({"id": "a", "tool": "test.add", "arguments": {"a": 2, "b": 3}}),
            draft({"id": "e", "tool": "test.echo", "arguments": {"text": "hi"}}),
        ]
    )
    calls = Calls()
    async with system_with(model, tmp_path, calls) as system:
        added = await system.arun("please add the numbers 2 and 3 together", thread_id="t1")
        vague = await system.arun("do the usual thing for me", thread_id="t2")
    assert (added.status, added.reply) == ("success", "2 + 3 = 5")
    assert vague.status == "success"

    def offered(call_index: int) -> tuple[set[str], str]:
        call = model.calls[call_index]
        prompt = str(call.messages[-1].content)
        listed = {line[2:].split("(")[0] for line in prompt.splitlines() if line.startswith("- ")}
        schema = json.dumps(call.structured["schema"] if call.structured else {})
        return listed, schema

    listed, schema = offered(0)
    assert listed == {"test.add"}
    assert "test.add" in schema and "test.echo" not in schema and "test.unlock" not in schema
    listed, schema = offered(1)
    assert listed == {"test.echo", "test.add", "test.fail", "test.slow", "test.unlock"}
    assert all(name in schema for name in listed)
    model.assert_complete()

"""The baseline: a ReAct agent (`langchain.agents.create_agent`) on the same LLM and tools.

Its scripted model plays the agent at its best: each turn calls, in parallel, every step whose
inputs it already has (reading them from the tool messages), a failed call is followed by the
fallback call in the next turn, and when nothing is left it writes the final answer. So the
agent needs one LLM turn per level of the DAG, one per failure, and one for the answer.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    HumanMessage,
    ToolMessage,
)
from langchain_core.tools import StructuredTool, ToolException
from langgraph.checkpoint.memory import InMemorySaver
from pydantic import SecretStr

from agent_system.errors import AgentSystemError
from agent_system.llm._fake import ScriptedCall, ScriptedChatModel
from benchmarks._openai_sim import OpenAISim
from benchmarks.workload import Latency, Scenario, SimStep, simulate_call

__all__ = [
    "Baseline",
    "RunSample",
    "call_tokens",
    "open_baseline",
    "planning_call_parts",
    "react_policy",
]


@dataclass
class RunSample:
    """One request: wall time, LLM calls, and whether it ended as expected."""

    wall_s: float
    llm_calls: int
    ok: bool
    detail: str = ""
    steps: list[Any] | None = None
    closed_at: dict[str, Any] | None = None
    """Ours, streamed plan: when each step's JSON object closed in the planner's stream."""
    started_at: Any = None
    """When the request was sent (UTC datetime), for timelines."""
    planned_at: Any = None
    """Ours, streamed plan: when the planning call started (UTC datetime)."""
    first_token_s: float | None = None
    """When the first token of the reply reached the caller, from the request."""
    tokens_in: int = 0
    """Tokens sent to the LLM over the request: every message, tool schema and output schema."""
    tokens_out: int = 0
    """Tokens the LLM sent back: text, tool calls and structured output."""
    token_parts: dict[str, int] | None = None
    """Ours: where the planning call's tokens went (`planning_call_parts`); ReAct: its tool
    list's tokens per turn (``tools_per_turn``)."""


def call_tokens(calls: Sequence[ScriptedCall], chars_per_token: int = 4) -> tuple[int, int]:
    """(sent, received) tokens of these calls, about `chars_per_token` characters a token.

    What an OpenAI-compatible server bills: every message's text, plus the JSON of the offered
    tools and of the ``response_format`` (the output schema) on every call, compact (no
    spaces); a message's role and framing are not counted on either side. The scripted
    model's own usage counts messages only.
    """

    def count(text: str) -> int:
        return -(-len(text) // chars_per_token) if text else 0

    sent = received = 0
    for call in calls:
        sent += sum(count(str(m.content)) for m in call.messages)
        for m in call.messages:
            if isinstance(m, AIMessage) and m.tool_calls:
                sent += count(json.dumps([{"n": c["name"], "a": c["args"]} for c in m.tool_calls]))
        if call.tools:
            sent += count(json.dumps(call.tools, separators=(",", ":")))
        if call.structured:
            sent += count(json.dumps(_response_format(call.structured), separators=(",", ":")))
        reply = call.reply
        if reply is not None:
            received += count(str(reply.content))
            if reply.tool_calls:
                calls_json = [{"n": c["name"], "a": c["args"]} for c in reply.tool_calls]
                received += count(json.dumps(calls_json, separators=(",", ":")))
    return sent, received


def planning_call_parts(call: ScriptedCall, chars_per_token: int = 4) -> dict[str, int]:
    """Where one planning call's tokens go, counted as `call_tokens` counts them:
    instructions (the system message), the tools listed in the prompt, the rest of the prompt
    (the request, any history), the schema's typed per-tool step variants, the rest of the
    schema (the plan's own fields, the JSON-encoded step, references), and the reply."""

    def count(text: str) -> int:
        return -(-len(text) // chars_per_token) if text else 0

    messages = [str(m.content) for m in call.messages]
    system = messages[0] if len(messages) > 1 else ""
    prompt = "\n\n".join(messages[1:] if system else messages)
    tools = ""
    if "Tools:\n" in prompt:
        tools = prompt.split("Tools:\n", 1)[1].split("\n\n", 1)[0]
    sent = _response_format(call.structured) if call.structured else {}
    schema = sent.get("json_schema", {}).get("schema", {}) if sent else {}
    try:
        variants = schema["properties"]["steps"]["items"]["anyOf"]
    except (KeyError, TypeError):
        variants = []
    typed = [v for v in variants if "tool" in v.get("properties", {})]
    per_tool = count(json.dumps(typed, separators=(",", ":"))) if typed else 0
    whole = count(json.dumps(sent, separators=(",", ":"))) if sent else 0
    return {
        "instructions": count(system),
        "tools_in_prompt": count(tools),
        "request": count(prompt) - count(tools),
        "tool_schemas": per_tool,
        "plan_schema": whole - per_tool,
        "reply": count(str(call.reply.content)) if call.reply is not None else 0,
    }


def _response_format(structured: dict[str, Any]) -> dict[str, Any]:
    """The ``response_format`` a structured-output call sends (the JSON schema named, or
    ``json_object`` with the schema already in the prompt)."""
    if structured.get("method") != "json_schema":
        return {"type": "json_object"}
    schema = structured.get("schema")
    if isinstance(schema, type):  # a pydantic class: what langchain sends for it
        from langchain_core.utils.function_calling import convert_to_json_schema

        schema = convert_to_json_schema(schema)
    return {"type": "json_schema", "json_schema": schema}


def _lc_name(tool: str) -> str:
    """OpenAI function names allow no dots: ``sim.lookup`` -> ``sim_lookup``."""
    return tool.replace(".", "_")


def langchain_tools(scenario: Scenario, workload: Latency) -> list[StructuredTool]:
    """The simulated tools as LangChain tools with the scenario's latency."""
    latency = workload.tool_s if scenario.tool_latency_s is None else scenario.tool_latency_s

    def build(tool: str, description: str, func: Callable[..., Any]) -> StructuredTool:
        return StructuredTool.from_function(
            coroutine=func, name=_lc_name(tool), description=description, handle_tool_error=True
        )

    async def call(tool: str, arguments: dict[str, Any], seconds: float) -> str:
        try:
            return json.dumps(await simulate_call(tool, arguments, seconds))
        except AgentSystemError as exc:
            raise ToolException(exc.message) from exc

    async def lookup(key: str) -> str:
        return await call("sim.lookup", {"key": key}, latency)

    async def flaky(key: str) -> str:
        return await call("sim.flaky", {"key": key}, latency)

    async def transform(value: str) -> str:
        return await call("sim.transform", {"value": value}, latency)

    async def merge(left: str, right: str) -> str:
        return await call("sim.merge", {"left": left, "right": right}, latency)

    async def wait(key: str, seconds: float) -> str:
        return await call("sim.lookup", {"key": key}, seconds)

    return [
        build("sim.lookup", "Look a key up in the (simulated) remote service.", lookup),
        build("sim.flaky", "Look a key up in the primary source.", flaky),
        build("sim.transform", "Transform a value from an earlier step.", transform),
        build("sim.merge", "Merge two values from earlier steps.", merge),
        build("sim.wait", "Wait a given time, then return the key.", wait),
    ]


def react_policy(scenario: Scenario) -> Callable[[list[BaseMessage]], AIMessage | str]:
    """The best a ReAct agent can do: all ready calls in one turn, then the answer."""
    steps = {s.id: s for s in scenario.steps}

    def arguments(step: SimStep, values: dict[str, str]) -> dict[str, Any]:
        if step.tool == "sim.transform":
            return {"value": values[step.deps[0]]}
        if step.tool == "sim.merge":
            return {"left": values[step.deps[0]], "right": values[step.deps[1]]}
        return scenario.arguments(step)

    def turn(messages: list[BaseMessage]) -> AIMessage | str:
        answers = {m.tool_call_id: m for m in messages if isinstance(m, ToolMessage)}
        values: dict[str, str] = {}
        calls: list[dict[str, Any]] = []
        for sid, step in steps.items():
            primary = answers.get(f"call_{sid}")
            fallback = answers.get(f"call_{sid}_alt")
            for answer in (primary, fallback):
                if answer is not None and answer.status != "error":
                    values[sid] = json.loads(str(answer.content))["value"]
            if sid in values:
                continue
            if primary is not None and fallback is None:
                key = f"{step.key}-backup"
                calls.append(_call(f"call_{sid}_alt", "sim.lookup", {"key": key}))
            elif primary is None and all(d in values for d in step.deps):
                calls.append(_call(f"call_{sid}", step.tool, arguments(step, values)))
        if calls:
            return AIMessage(content="", tool_calls=calls)
        return "Done: " + ", ".join(f"{k}={v}" for k, v in values.items())[:2000]

    return turn


def _call(call_id: str, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"id": call_id, "name": _lc_name(tool), "args": args, "type": "tool_call"}


class Baseline:
    """A compiled ReAct agent for one scenario; `run` answers its request once."""

    def __init__(
        self, scenario: Scenario, workload: Latency, server: OpenAISim | None = None
    ) -> None:
        """`server`: the agent's model is `ChatOpenAI` at this loopback OpenAI-compatible
        server (over HTTP, through the official client), which answers from the script."""
        from langchain.agents import create_agent

        self.scenario = scenario
        self.model = ScriptedChatModel(
            default=react_policy(scenario),
            latency_s=workload.llm_s,
            first_chunk_s=workload.first_chunk_s,
            model_name="react",
        )
        client: Any = self.model
        if server is not None:
            from langchain_openai import ChatOpenAI

            name = f"react/{scenario.name}/{len(server.models)}"
            server.add(name, self.model)
            client = ChatOpenAI(
                model=name,
                base_url=server.base_url,
                api_key=SecretStr("sim"),
                stream_usage=True,
                use_responses_api=False,
            )
        self.agent: Any = create_agent(
            client, langchain_tools(scenario, workload), checkpointer=InMemorySaver()
        )

    async def run(self) -> RunSample:
        """Streamed, as a chat UI would: the answer's first token is timed as it arrives."""
        before = len(self.model.calls)
        config = {"configurable": {"thread_id": str(uuid.uuid4())}, "recursion_limit": 10_000}
        started = time.perf_counter()
        first: float | None = None
        final: Any = None
        request = {"messages": [HumanMessage(self.scenario.text)]}
        async for mode, chunk in self.agent.astream(
            request, config, stream_mode=["messages", "updates"]
        ):
            if mode == "messages":
                message = chunk[0]
                if first is None and isinstance(message, AIMessageChunk) and message.content:
                    first = time.perf_counter() - started
            else:
                for update in chunk.values():
                    for message in (update or {}).get("messages", []):
                        final = message
        wall = time.perf_counter() - started
        ok = isinstance(final, AIMessage) and str(final.content).startswith("Done:")
        calls = self.model.calls[before:]
        sent, received = call_tokens(calls)
        tools_per_turn = call_tokens([ScriptedCall(messages=[], tools=calls[0].tools)])[0]
        return RunSample(
            wall,
            len(calls),
            ok,
            str(getattr(final, "content", ""))[:80],
            first_token_s=first,
            tokens_in=sent,
            tokens_out=received,
            token_parts={"tools_per_turn": tools_per_turn},
        )


def open_baseline(scenario: Scenario, workload: Latency) -> Baseline:
    """Build the baseline agent for `scenario`."""
    return Baseline(scenario, workload)

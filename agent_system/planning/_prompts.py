"""Prompts of the LLM planner, replanner and synthesizer.

The planner sees only the selected tools' `ToolSpec.llm_schema()`, never the whole registry, so
its prompt costs the same with 10 tools registered or 1,000.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from agent_system.planning.models import ExecutionPlan, PlanResult, ReplanRequest, StepResult
from agent_system.registry.spec import ToolSpec
from agent_system.routing.models import Turn

__all__ = [
    "PLANNER_SYSTEM",
    "REPLANNER_SYSTEM",
    "SYNTHESIZER_SYSTEM",
    "planner_messages",
    "replanner_messages",
    "synthesizer_messages",
    "tools_block",
]

HISTORY_TURNS = 6
OUTPUT_CHARS = 600

_FORMAT = """\
Each step has:
- "id": a short unique name made of letters, digits, "_", "-" or "." (for example "weather").
- "tool": the exact name of one of the tools listed below. Never invent a tool.
- "arguments": the tool's arguments as a JSON object matching its parameters, e.g.
  {"city": "Paris"}; null for an optional parameter you leave out, {} for none. To build a
  string with a $template, give the whole object ENCODED AS A STRING instead.
- "depends_on": ids of the steps that must finish first. Independent steps run in parallel, so
  only list real dependencies.
- "when": null, or a condition ENCODED AS A STRING; the step runs only if it is true.
- "on_failure": "halt" (stop the plan), "skip" (skip this step and the ones needing it),
  "retry" (try again, then halt) or "replan" (revise the rest of the plan).
- "description": a few words on what the step does.

To use an earlier step's output as an argument, put a reference object where the value goes:
  {"$ref": "<step id>", "path": "<JSON pointer into that step's output>"}
The path is an RFC 6901 JSON pointer such as "/temp_c" or "/items/0/title"; "" is the whole
output. To build a string from several outputs use a template:
  {"$template": "It is ${t} degrees in ${c}", "values": {"t": {"$ref": "weather",
   "path": "/temp_c"}, "c": "Paris"}}
Never write placeholders such as "${1}" or "<result of step 1>" inside plain strings.
A step that references another step must list it in "depends_on".

Conditions: {"op": "eq"|"ne"|"lt"|"le"|"gt"|"ge"|"contains"|"in", "left": <value or
reference>, "right": <value or reference>}, {"op": "and"|"or", "args": [<conditions>]},
{"op": "not", "arg": <condition>}, {"op": "exists", "ref": <reference>}.

Put parts of the request that no listed tool can do in "unsupported" (short phrases) instead of
forcing a tool to do them. Use "reasoning" for one or two sentences on the plan."""

_EXAMPLE = """\
Example (illustrative tool names) for "check the weather in Paris and, if it is above 25
degrees, remind me to take water":
{"reasoning": "Get the weather, then notify only if it is hot.",
 "steps": [
  {"id": "weather", "tool": "weather.current", "arguments": "{\\"place\\": \\"Paris\\"}",
   "depends_on": [], "when": null, "on_failure": "halt", "description": "Paris weather"},
  {"id": "remind", "tool": "notification.send",
   "arguments": "{\\"title\\": {\\"$template\\": \\"It is ${t} degrees: take water\\",
   \\"values\\": {\\"t\\": {\\"$ref\\": \\"weather\\", \\"path\\": \\"/temp_c\\"}}}}",
   "depends_on": ["weather"],
   "when": "{\\"op\\": \\"gt\\", \\"left\\": {\\"$ref\\": \\"weather\\", \\"path\\":
   \\"/temp_c\\"}, \\"right\\": 25}",
   "on_failure": "skip", "description": "remind if hot"}],
 "unsupported": []}"""

PLANNER_SYSTEM = f"""\
You are the planner of an assistant. Turn the user's request into a plan of tool calls that
together do everything the request asks, with as few steps as needed.

{_FORMAT}

{_EXAMPLE}"""

REPLANNER_SYSTEM = f"""\
You are the replanner of an assistant. A plan was running and some steps failed. Write the
steps that should run NOW to finish the user's request another way. Completed steps are kept
automatically: do not repeat them and do not reuse their ids; use their outputs through
references. Do not propose a failed step again with the same tool and the same arguments. If
nothing can work around the failure, return an empty "steps" list and explain in "reasoning".

{_FORMAT}"""

SYNTHESIZER_SYSTEM = """\
You write the assistant's final answer to the user's request from the results of the steps that
ran. Use only these results; never invent values. If a step failed, was skipped or could not be
done, say so plainly in one short sentence each, with the reason, and give whatever the other
steps achieved. Answer in the user's language, briefly, without mentioning step ids, tools or
JSON."""


def tools_block(tools: Sequence[ToolSpec]) -> str:
    """The selected tools as OpenAI function schemas, one JSON object per line."""
    if not tools:
        return "(no tools are available)"
    return "\n".join(json.dumps(t.llm_schema(), ensure_ascii=False) for t in tools)


def planner_messages(
    request: str, tools: Sequence[ToolSpec], history: Sequence[Turn] | None = None
) -> list[BaseMessage]:
    """System prompt (format, references, example) and the request with tools and history."""
    parts = [f"Tools:\n{tools_block(tools)}"]
    if history:
        parts.append("Earlier in this conversation:\n" + _history(history))
    parts.append(f"Request: {request}")
    return [SystemMessage(content=PLANNER_SYSTEM), HumanMessage(content="\n\n".join(parts))]


def replanner_messages(request: ReplanRequest, tools: Sequence[ToolSpec]) -> list[BaseMessage]:
    """The plan so far, what finished (with outputs), what failed and why, and the tools."""
    plan = request.plan
    steps = "\n".join(
        json.dumps(
            {
                "id": s.id,
                "tool": s.tool,
                "arguments": s.arguments,
                "depends_on": s.depends_on,
                "on_failure": s.on_failure.value,
            },
            ensure_ascii=False,
            default=str,
        )
        for s in plan.steps
    )
    completed = "\n".join(_result_line(r) for r in request.completed.values()) or "(none)"
    failed = "\n".join(_result_line(r) for r in request.failed) or "(none)"
    body = (
        f"Request: {plan.request}\n\n"
        f"Plan (version {plan.version}):\n{steps}\n\n"
        f"Completed steps (kept):\n{completed}\n\n"
        f"Failed steps:\n{failed}\n\n"
        f"Why a revision is needed: {request.reason or 'a step failed'}\n"
        f"Replan attempt: {request.attempt}\n\n"
        f"Tools:\n{tools_block(tools)}"
    )
    return [SystemMessage(content=REPLANNER_SYSTEM), HumanMessage(content=body)]


def synthesizer_messages(
    request: str, result: PlanResult, plan: ExecutionPlan | None = None
) -> list[BaseMessage]:
    """The request and every step's outcome, failures spelled out."""
    descriptions = {s.id: s.description for s in plan.steps} if plan else {}
    lines = [_result_line(r, descriptions.get(r.step_id, "")) for r in result.steps]
    ran = {r.step_id for r in result.steps}
    for step in plan.steps if plan else []:
        if step.id not in ran:
            about = f" ({step.description})" if step.description else ""
            lines.append(f"- {step.id}: {step.tool}{about} -> not run")
    errors = [f"- {e.message}" for e in result.errors if e.step_id is None]
    if plan is not None and plan.unsupported:
        errors.extend(f"- could not be done (no suitable tool): {u}" for u in plan.unsupported)
    body = f"Request: {request}\n\nResults:\n" + ("\n".join(lines) or "(no step ran)")
    if errors:
        body += "\n\nProblems:\n" + "\n".join(errors)
    body += f"\n\nOverall status: {result.status.value}"
    return [SystemMessage(content=SYNTHESIZER_SYSTEM), HumanMessage(content=body)]


def _result_line(result: StepResult, description: str = "") -> str:
    about = f" ({description})" if description else ""
    line = f"- {result.step_id}: {result.tool}{about} -> {result.status.value}"
    if result.error is not None:
        line += f"; error: {result.error.message}"
    if result.display:
        line += f"; said: {_clip(result.display)}"
    elif result.output is not None:
        line += f"; output: {_clip(_json(result.output))}"
    return line


def _history(history: Sequence[Turn]) -> str:
    lines = []
    for turn in list(history)[-HISTORY_TURNS:]:
        lines.append(f"- user: {_clip(turn.text, 300)}")
        reply = getattr(turn, "reply", "")
        if reply:
            lines.append(f"  assistant: {_clip(str(reply), 300)}")
    return "\n".join(lines)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str, separators=(",", ":"))


def _clip(text: str, limit: int = OUTPUT_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"

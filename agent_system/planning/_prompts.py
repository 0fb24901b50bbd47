"""Prompts of the LLM planner, replanner and synthesizer.

The planner sees only the selected tools' `ToolSpec.llm_schema()`, never the whole registry, so
its prompt costs the same with 10 tools registered or 1,000.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from agent_system.planning._schema import typed_arguments
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

_FORMAT = (  # one paragraph: no line break inside a JSON example
    'A step: {"id":"a","tool":"<name>",<arguments>} (null omits an optional one). An earlier '
    'step\'s output: {"$ref":"a","path":"/json/pointer"} ("": all). A step needing more is '
    '{"json":"<the step as JSON>"} adding any of: depends_on (other ids to wait for), when '
    '({"op":"eq|ne|lt|le|gt|ge|contains|in","left":v,"right":v}; and/or with "args"; not with '
    '"arg"; exists with "ref"), on_failure (halt, skip, retry, replan), description, text from '
    'outputs {"$template":"It is ${t}","values":{"t":<ref>}}. unsupported: what no tool can do. '
    "Never invent tools or placeholders."
)
"""The plan's format, said once for the planner and the replanner (the schema,
`planning._schema`, only constrains: a server that decodes with it does not show it)."""

PLANNER_SYSTEM = f"""\
Plan the tool calls that do all the request asks, in as few steps as needed. {_FORMAT}"""

REPLANNER_SYSTEM = f"""\
Some steps of a running plan failed. Write the steps to run NOW to finish the request another
way. Completed steps are kept: do not repeat them or reuse their ids; use their outputs through
references. Do not retry a failed step with the same tool and arguments. If nothing can work,
return no steps and say why in "reasoning". {_FORMAT}"""

SYNTHESIZER_SYSTEM = """\
You write the assistant's final answer to the user's request from the results of the steps that
ran. Use only these results; never invent values. If a step failed, was skipped or could not be
done, say so plainly in one short sentence each, with the reason, and give whatever the other
steps achieved. Answer in the user's language, briefly, without mentioning step ids, tools or
JSON."""


def tools_block(tools: Sequence[ToolSpec]) -> str:
    """The selected tools, one line each: ``- name(param: type, optional?: type): what it does.
    param: what it is.`` (the schema carries the exact types; this is where the model reads
    what each tool and parameter is for)."""
    if not tools:
        return "(no tools are available)"
    return "\n".join(_tool_line(t) for t in tools)


def _tool_line(spec: ToolSpec) -> str:
    parameters = spec.parameters
    if typed_arguments(parameters) is None:  # no typed variant: its JSON schema, as it is
        about = _one_line(spec.description)
        return f"- {spec.name}: {about} Parameters: {_compact(_untitled(parameters))}"
    properties = parameters.get("properties") or {}
    required = set(parameters.get("required", ()))
    signature = ", ".join(
        f"{name}{'' if name in required else '?'}: {_type_of(sub)}"
        for name, sub in properties.items()
    )
    about = " ".join([_one_line(spec.description), *_notes(properties)]).strip()
    return f"- {spec.name}({signature})" + (f": {about}" if about else "")


def _notes(properties: dict[str, Any], prefix: str = "") -> list[str]:
    """``name: description`` for each parameter (``a.b`` inside objects) whose description
    says more than its name, and its range when it has one."""
    notes: list[str] = []
    for name, sub in properties.items():
        if not isinstance(sub, dict):
            continue
        about = sub.get("description")
        text = _one_line(about) if isinstance(about, str) and not _restates(name, about) else ""
        low, high = sub.get("minimum"), sub.get("maximum")
        if low is not None or high is not None:
            span = f"{'' if low is None else low}..{'' if high is None else high}"
            text = f"{text} ({span})".strip()
        if text:
            notes.append(f"{prefix}{name}: {text}")
        inner = sub.get("items", sub) if sub.get("type") == "array" else sub
        if isinstance(inner, dict) and isinstance(inner.get("properties"), dict):
            notes += _notes(inner["properties"], f"{prefix}{name}.")
    return notes


def _untitled(node: Any) -> Any:
    if isinstance(node, list):
        return [_untitled(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {
        k: (
            {n: _untitled(v) for n, v in value.items()}
            if k in ("properties", "$defs")
            else _untitled(value)
        )
        for k, value in node.items()
        if k != "title"
    }


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def _type_of(schema: Any, depth: int = 0) -> str:
    """A short type: ``string``, ``"C"|"F"``, ``list[string]``, ``{a: number}``."""
    if not isinstance(schema, dict) or depth > 3:
        return "any"
    if "enum" in schema:
        return "|".join(json.dumps(v, ensure_ascii=False) for v in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list):
            return "|".join(_type_of(s, depth + 1) for s in schema[key])
    kind = schema.get("type")
    if isinstance(kind, list):
        return "|".join(str(k) for k in kind)
    if kind == "array":
        return f"list[{_type_of(schema.get('items', {}), depth + 1)}]"
    if kind == "object":
        inner = schema.get("properties")
        if not isinstance(inner, dict) or not inner:
            return "object"
        return "{" + ", ".join(f"{k}: {_type_of(v, depth + 1)}" for k, v in inner.items()) + "}"
    name = str(kind) if kind else "any"
    return f"{name} ({schema['format']})" if isinstance(schema.get("format"), str) else name


def _restates(name: str, description: str) -> bool:
    """True when a parameter's description only repeats its name ("key": "The key.")."""

    def words(text: str) -> list[str]:
        return [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _FILLER]

    return words(description) == words(name.replace("_", " "))


_FILLER = frozenset({"the", "a", "an"})


def _one_line(text: str) -> str:
    return " ".join(text.split())


def planner_messages(
    request: str, tools: Sequence[ToolSpec], history: Sequence[Turn] | None = None
) -> list[BaseMessage]:
    """System prompt (the reply's format, references, conditions) and the request with the
    tools and history."""
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

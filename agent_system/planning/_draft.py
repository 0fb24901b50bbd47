"""What the LLM planner writes: `PlanDraft` (the structured output) and its `PlannedStep`s.

A step names its tool with its arguments beside it (the schema's form, see
`agent_system.planning._schema`), nested under ``arguments`` (an object or a JSON string),
through a ``call`` object (an earlier schema's form), or JSON-encoded whole as
``{"json": ...}``; `to_step` turns a validated `PlannedStep` into an
`ExecutionStep` (references and the condition's steps become dependencies), `read_step` does the
same for one streamed step's JSON text and reports why it cannot be a step.
"""

from __future__ import annotations

import json
import zlib
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from agent_system.errors import AgentSystemError
from agent_system.planning._base import InvalidStep
from agent_system.planning._conditions import condition_refs
from agent_system.planning._refs import find_refs
from agent_system.planning._schema import STEP_KEYS
from agent_system.planning.models import Condition, ExecutionStep, FailurePolicy

__all__ = ["PlanDraft", "PlannedStep", "read_step", "to_step", "unfenced"]

_CONDITION: TypeAdapter[Any] = TypeAdapter(Condition)


class PlannedStep(BaseModel):
    """One step as the LLM writes it (strict-JSON-schema friendly)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="Short unique step id: letters, digits, '_', '-', '.'.")
    tool: str = Field(description="Exact name of one of the listed tools.")
    arguments: str = Field(
        default="{}",
        description='The arguments as one JSON object encoded in a string, e.g. "{\\"city\\": '
        '\\"Paris\\"}"; values may be {"$ref": step_id, "path": "/json/pointer"} references.',
    )
    depends_on: list[str] = Field(default_factory=list, description="Ids of steps to wait for.")
    when: str | None = Field(
        default=None, description="null, or a condition encoded as a JSON string."
    )
    on_failure: Literal["halt", "skip", "retry", "replan"] = "halt"
    description: str = ""

    @model_validator(mode="before")
    @classmethod
    def _read_step(cls, data: Any) -> Any:
        """The schema's forms as ``tool`` and ``arguments``: the step JSON-encoded whole
        (``{"json": "..."}``), its arguments beside ``tool`` (any key that is not a step's own),
        or a ``call`` object (``{"tool": name, **arguments}``, nested as ``{"tool": name,
        "arguments": {...}}``, or JSON-encoded as ``{"json": "..."}``)."""
        if not isinstance(data, dict):
            return data
        if data.keys() == {"json"} and isinstance(data["json"], str):
            data = _decoded(data["json"], "json")
            if not isinstance(data, dict):
                raise ValueError("json must encode the step as a JSON object")
        if "call" in data:
            return _from_call(data)
        if "arguments" in data or "tool" not in data:
            return data
        arguments = {k: v for k, v in data.items() if k not in STEP_KEYS}
        return {**{k: v for k, v in data.items() if k in STEP_KEYS}, "arguments": arguments}

    @field_validator("arguments", mode="before")
    @classmethod
    def _encode_arguments(cls, value: Any) -> Any:
        if isinstance(value, dict):  # typed arguments; null = an optional one left out
            return json.dumps({k: v for k, v in value.items() if v is not None})
        return value

    @field_validator("arguments")
    @classmethod
    def _arguments_are_an_object(cls, value: str) -> str:
        try:
            decoded = json.loads(value or "{}")
        except json.JSONDecodeError as exc:
            raise ValueError(
                f"arguments must be a JSON object encoded as a string ({exc})"
            ) from None
        if not isinstance(decoded, dict):
            raise ValueError(f"arguments must encode a JSON object, not {type(decoded).__name__}")
        return value or "{}"

    @field_validator("when", mode="before")
    @classmethod
    def _encode_when(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return json.dumps(value)
        if isinstance(value, str) and value.strip() in ("", "null", "None"):
            return None
        return value

    @field_validator("when")
    @classmethod
    def _when_is_a_condition(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                _CONDITION.validate_json(value)
            except ValidationError as exc:
                first = exc.errors(include_url=False)[0]
                raise ValueError(f"when is not a valid condition: {first['msg']}") from None
        return value

    def decoded_arguments(self) -> dict[str, Any]:
        """The arguments as a dict (validated to be a JSON object)."""
        decoded: dict[str, Any] = json.loads(self.arguments or "{}")
        return decoded

    def condition(self) -> Condition | None:
        """The parsed `when` condition."""
        if self.when is None:
            return None
        parsed: Condition = _CONDITION.validate_json(self.when)
        return parsed


class PlanDraft(BaseModel):
    """The planner's structured output."""

    model_config = ConfigDict(extra="forbid")

    reasoning: str = Field(default="", description="One or two sentences on the plan.")
    steps: list[PlannedStep] = Field(default_factory=list)
    unsupported: list[str] = Field(
        default_factory=list, description="Parts of the request no listed tool can do."
    )


def _decoded(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{where} is not JSON ({exc})") from None


def _from_call(data: dict[str, Any]) -> dict[str, Any]:
    data = dict(data)
    call = data.pop("call")
    if isinstance(call, dict) and call.keys() == {"json"} and isinstance(call["json"], str):
        call = _decoded(call["json"], "call.json")
    if not isinstance(call, dict) or not isinstance(call.get("tool"), str):
        raise ValueError('call must be an object naming its "tool"')
    if call.keys() == {"tool", "arguments"} and isinstance(call["arguments"], dict | str):
        arguments = call["arguments"]
    else:
        arguments = {k: v for k, v in call.items() if k != "tool"}
    return {**data, "tool": call["tool"], "arguments": arguments}


def read_step(raw: str) -> ExecutionStep | InvalidStep:
    """One streamed step's JSON text as a step, or why it cannot be one."""
    try:
        return to_step(PlannedStep.model_validate_json(raw))
    except (ValidationError, ValueError, AgentSystemError) as exc:
        try:
            loose = json.loads(raw)
        except json.JSONDecodeError:
            loose = {}
        loose = loose if isinstance(loose, dict) else {}
        problem = str(exc)
        if isinstance(exc, ValidationError):
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first["loc"]) or "(step)"
            problem = f"{where}: {first['msg']}"
        return InvalidStep(
            id=str(loose.get("id") or f"invalid-{zlib.crc32(raw.encode()) % 10_000}"),
            tool=str(loose.get("tool") or ""),
            problem=problem,
        )


def unfenced(text: str) -> str:
    text = text.strip()
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    return text


def to_step(step: PlannedStep) -> ExecutionStep:
    arguments = step.decoded_arguments()
    condition = step.condition()
    referenced = [r.step for r in find_refs(arguments)]
    if condition is not None:
        referenced += [r.step for r in condition_refs(condition)]
    depends_on = list(dict.fromkeys([*step.depends_on, *referenced]))
    return ExecutionStep(
        id=step.id,
        tool=step.tool,
        arguments=arguments,
        depends_on=depends_on,
        when=condition,
        on_failure=FailurePolicy(step.on_failure),
        description=step.description,
    )

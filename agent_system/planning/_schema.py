"""The plan's structured-output schema with each selected tool's own argument schema.

`plan_schema(tools)` is the strict JSON schema of `PlanDraft` in which a step is a union over
the selected tools: ``{"tool": "<name>", "arguments": {...that tool's parameters...}}``, each
parameter also accepting a reference (``{"$ref": step_id, "path": pointer}``) and, optional
ones, null (= left out). Constrained decoding then writes arguments that match their tool,
and a stream of them can be checked step by step. A tool whose parameters strict mode cannot
express (free-form objects) keeps the string form: its arguments as one JSON-encoded object,
which every step may also use when it needs a ``$template``. Without strict schemas (JSON
mode) the same schema goes into the prompt.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent_system.registry.spec import ToolSpec

__all__ = ["plan_schema", "typed_arguments"]

_REF: dict[str, Any] = {
    "type": "object",
    "description": "The output of an earlier step (listed in depends_on).",
    "properties": {
        "$ref": {"type": "string", "description": "The earlier step's id."},
        "path": {"type": "string", "description": 'JSON pointer into its output; "" for all.'},
    },
    "required": ["$ref", "path"],
    "additionalProperties": False,
}
_ENCODED: dict[str, Any] = {
    "type": "string",
    "description": "The arguments as one JSON object encoded in a string (for $template).",
}
_DROPPED = ("default", "title", "examples", "$schema")
_SCALARS = {"string", "integer", "number", "boolean", "null"}


def plan_schema(tools: Sequence[ToolSpec], base: dict[str, Any]) -> dict[str, Any]:
    """`base` (the strict `PlanDraft` schema) with its step made a union over `tools`."""
    schema = copy.deepcopy(base)
    step = schema["$defs"]["PlannedStep"]
    variants = []
    for spec in tools:
        variant = copy.deepcopy(step)
        variant["properties"]["tool"] = {"type": "string", "enum": [spec.name]}
        typed = typed_arguments(spec.parameters)
        if typed is not None:
            variant["properties"]["arguments"] = {
                "anyOf": [typed, _ENCODED],
                "description": "The tool's arguments; a value may be a reference.",
            }
        variant.pop("title", None)
        variants.append(variant)
    if variants:
        schema["$defs"]["PlannedStep"] = {"anyOf": variants}
    return schema


def typed_arguments(parameters: dict[str, Any]) -> dict[str, Any] | None:
    """A tool's parameters in strict form, each accepting a reference; None when strict
    mode cannot express them."""
    properties = parameters.get("properties")
    if parameters.get("type") != "object" or not isinstance(properties, dict):
        return None
    required = set(parameters.get("required", ()))
    typed: dict[str, Any] = {}
    for name, sub in properties.items():
        strict = _strict(sub)
        if strict is None:
            return None
        options = [strict, _REF]
        if name not in required:
            options.append({"type": "null"})
        typed[name] = {"anyOf": options}
    return {
        "type": "object",
        "properties": typed,
        "required": list(typed),
        "additionalProperties": False,
    }


def _strict(schema: Any) -> dict[str, Any] | None:
    if not isinstance(schema, dict) or any(k in schema for k in ("$ref", "$defs", "allOf")):
        return None
    out = {k: v for k, v in schema.items() if k not in _DROPPED}
    if "anyOf" in out:
        parts = [_strict(p) for p in out["anyOf"]]
        if any(p is None for p in parts):
            return None
        out["anyOf"] = parts
        return out
    kind = out.get("type")
    if kind == "object":
        properties = out.get("properties")
        if not isinstance(properties, dict) or not properties:
            return None  # free-form: strict mode needs every property named
        required = set(out.get("required", ()))
        fields: dict[str, Any] = {}
        for name, sub in properties.items():
            strict = _strict(sub)
            if strict is None:
                return None
            fields[name] = strict if name in required else {"anyOf": [strict, {"type": "null"}]}
        return {
            **out,
            "properties": fields,
            "required": list(fields),
            "additionalProperties": False,
        }
    if kind == "array":
        items = _strict(out.get("items", {}))
        return None if items is None else {**out, "items": items}
    if "enum" in out or "const" in out:
        return out
    if isinstance(kind, str) and kind in _SCALARS:
        return out
    if isinstance(kind, list) and set(kind) <= _SCALARS:
        return out
    return None

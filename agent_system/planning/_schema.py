"""The plan's structured-output schema: compact, strict, with each tool's own argument types.

`plan_schema(tools)` is the strict JSON schema the planner's reply must follow::

    {"steps": [{"id": "w", "tool": "weather.current", "place": "Paris"},
               {"json": "{\"id\":\"n\",\"tool\":\"notify.send\",...,\"when\":{...}}"}],
     "unsupported": []}

A step is its tool call with an id and nothing else a plain step does not need: it is a union
over the selected tools, each variant fixing ``tool`` to one name and listing that tool's
parameters beside it, typed, each also accepting a reference (``{"$ref": step_id, "path":
pointer}``) and, optional ones, null (= left out). Constrained decoding then writes arguments
that match their tool, and a stream of them can be checked step by step. One more variant,
``{"json": "<the step as a JSON string>"}``, carries a step that needs more than its call (a
``when`` condition, ``depends_on`` beyond its references, an ``on_failure`` other than halt, a
``description``), a call with a ``$template``, or a call of a tool whose parameters are free-form
objects, which strict mode cannot type. A tool with a parameter named like a step's own keys
(`STEP_KEYS`) gets the nested form ``{"id": ..., "tool": ..., "arguments": {...}}``.

The schema says what the reply may be, nothing more: no titles, no descriptions (the prompt
describes each tool once, `agent_system.planning._prompts.tools_block`), no defaults, and the
parameter types every tool shares (a string or a reference, say) are defined once under
``$defs``. Without strict schemas (JSON mode) the same schema goes into the prompt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent_system.registry.spec import ToolSpec

__all__ = ["STEP_KEYS", "plan_schema", "typed_arguments"]

STEP_KEYS = frozenset(
    {"id", "tool", "arguments", "call", "depends_on", "when", "on_failure", "description"}
)
"""A step's own keys: a tool with a parameter of one of these names gets the nested form
(``{"id", "tool", "arguments": {...}}``)."""

_REF_DEF: dict[str, Any] = {
    "type": "object",
    "properties": {"$ref": {"type": "string"}, "path": {"type": "string"}},
    "required": ["$ref", "path"],
    "additionalProperties": False,
}
_REF = {"$ref": "#/$defs/ref"}
_DROPPED = ("default", "title", "examples", "$schema", "description")
_SCALARS = {"string", "integer", "number", "boolean", "null"}
_SHARED = ("string", "integer", "number", "boolean")


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def plan_schema(tools: Sequence[ToolSpec], *, reasoning: bool = False) -> dict[str, Any]:
    """The strict plan schema over `tools` (see the module); `reasoning` adds a leading
    ``reasoning`` string (the replanner's: why nothing can work)."""
    defs: dict[str, Any] = {"ref": _REF_DEF}
    variants: list[dict[str, Any]] = []
    for spec in tools:
        typed = typed_arguments(spec.parameters, defs)
        if typed is None:
            continue
        head = {"id": {"type": "string"}, "tool": {"type": "string", "enum": [spec.name]}}
        if STEP_KEYS.intersection(typed["properties"]):
            variants.append(_object({**head, "arguments": typed}))
        else:
            variants.append(_object({**head, **typed["properties"]}))
    variants.append(_object({"json": {"type": "string"}}))  # the whole step, JSON-encoded
    properties: dict[str, Any] = {"reasoning": {"type": "string"}} if reasoning else {}
    properties["steps"] = {"type": "array", "items": {"anyOf": variants}}
    properties["unsupported"] = {"type": "array", "items": {"type": "string"}}
    return {**_object(properties), "$defs": defs}


def typed_arguments(
    parameters: dict[str, Any], defs: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """A tool's parameters as a strict object schema, each accepting a reference (shared
    types go to `defs`, which must then hold ``ref``); None when strict mode cannot express
    them."""
    defs = {"ref": _REF_DEF} if defs is None else defs
    properties = parameters.get("properties")
    if parameters.get("type") != "object" or not isinstance(properties, dict):
        return None
    required = set(parameters.get("required", ()))
    typed: dict[str, Any] = {}
    for name, sub in properties.items():
        strict = _strict(sub)
        if strict is None:
            return None
        typed[name] = _with_ref(strict, optional=name not in required, defs=defs)
    return _object(typed)


def _with_ref(strict: dict[str, Any], *, optional: bool, defs: dict[str, Any]) -> dict[str, Any]:
    """`strict`, or a reference (or null when `optional`); shared under `defs` when plain."""
    kind = strict.get("type")
    if strict.keys() == {"anyOf"}:  # `str | None` and the like: drop the null, keep the rest
        parts = [p for p in strict["anyOf"] if p != {"type": "null"}]
        optional = optional or len(parts) < len(strict["anyOf"])
        if len(parts) == 1:
            return _with_ref(parts[0], optional=optional, defs=defs)
    if strict.keys() == {"type"} and kind in _SHARED:
        name = f"{kind}_or_null" if optional else str(kind)
        if name not in defs:
            defs[name] = {"anyOf": [{"type": [kind, "null"] if optional else kind}, _REF]}
        return {"$ref": f"#/$defs/{name}"}
    options = [strict, _REF]
    if optional:
        options.append({"type": "null"})
    return {"anyOf": options}


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
        return {**out, **_object(fields)}
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

"""Check tool specs the way an LLM provider and our scheduler will read them.

`validate_spec` lists every problem of one tool; `validate_registry` adds cross-tool problems
(an unknown ``compensate`` tool) and the warnings of plugins that failed to load. Each message
names where the tool came from and what to change::

    roles.timer.tools: tool 'timer.set': parameter 'duration' has no description; add it under
    Args: in the docstring
"""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from agent_system._lazy import lazy_pattern
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolSpec

__all__ = ["JSON_TYPES", "NAME_PATTERN", "validate_registry", "validate_spec"]

NAME_PATTERN = lazy_pattern(r"^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$")
"""Letters, digits, ``_`` and ``-``, dot-separated parts (``timer.set``); at most 64 characters."""
MAX_NAME = 64
JSON_TYPES = frozenset({"string", "number", "integer", "boolean", "array", "object", "null"})
_TYPE_HINTS = {
    "dict": "object",
    "float": "number",
    "double": "number",
    "int": "integer",
    "str": "string",
    "bool": "boolean",
    "list": "array",
    "tuple": "array",
}


def validate_spec(spec: ToolSpec) -> list[str]:
    """Every problem of one tool, each naming the tool, its source and the fix; [] when fine."""
    where = f"{spec.source or '<unknown source>'}: tool {spec.name!r}"
    problems: list[str] = []
    if not spec.name or len(spec.name) > MAX_NAME or not NAME_PATTERN.match(spec.name):
        problems.append(
            f"{where}: bad name; use 1-{MAX_NAME} letters, digits, '_' or '-', parts joined "
            "by '.' (like 'weather.current')"
        )
    if not spec.description.strip():
        problems.append(
            f"{where}: has no description; the planner cannot know when to use it. Add a "
            "docstring summary (or description=...)"
        )
    problems.extend(f"{where}: {p}" for p in _schema_problems(spec.parameters))
    if spec.timeout_s is not None and spec.timeout_s <= 0:
        problems.append(f"{where}: timeout_s must be positive, not {spec.timeout_s}")
    if spec.cache_ttl_s is not None and spec.cache_ttl_s < 0:
        problems.append(f"{where}: cache_ttl_s must not be negative, not {spec.cache_ttl_s}")
    if spec.cost < 0:
        problems.append(f"{where}: cost must not be negative, not {spec.cost}")
    return problems


def _schema_problems(schema: Any) -> list[str]:
    if not isinstance(schema, dict):
        return [f"parameters must be a JSON Schema object, not {type(schema).__name__}"]
    problems: list[str] = []
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        path = "/".join(str(p) for p in exc.path) or "(root)"
        problems.append(
            f"parameters are not valid JSON Schema (Draft 2020-12) at {path}: {exc.message}"
        )
    if schema.get("type") != "object":
        problems.append(
            f'parameters must have "type": "object" at the top, not {schema.get("type")!r}'
        )
    problems.extend(_walk(schema, "", top=True))
    return problems


def _walk(node: dict[str, Any], path: str, *, top: bool = False) -> list[str]:
    problems: list[str] = []
    kind = node.get("type")
    for name in [kind] if isinstance(kind, str) else kind if isinstance(kind, list) else []:
        if isinstance(name, str) and name not in JSON_TYPES:
            hint = _TYPE_HINTS.get(name.lower())
            fix = f"use {hint!r}" if hint else f"use one of {', '.join(sorted(JSON_TYPES))}"
            problems.append(f"parameter {path or '(root)'!r} has unsupported type {name!r}; {fix}")
    props = node.get("properties")
    if isinstance(props, dict):
        for pname, pschema in props.items():
            ppath = f"{path}.{pname}" if path else str(pname)
            if not isinstance(pschema, dict):
                continue
            if top and not str(pschema.get("description", "")).strip() and "$ref" not in pschema:
                problems.append(
                    f"parameter {ppath!r} has no description; add it under Args: in the "
                    "docstring (or 'description' in the schema)"
                )
            problems.extend(_walk(pschema, ppath))
        required = node.get("required", [])
        if isinstance(required, list):
            for missing in sorted(set(map(str, required)) - set(props)):
                problems.append(
                    f"'required' names {missing!r}, which is not among the properties"
                    + (f" of {path!r}" if path else "")
                )
    items = node.get("items")
    if isinstance(items, dict):
        problems.extend(_walk(items, f"{path}[]" if path else "[]"))
    for key in ("anyOf", "oneOf", "allOf"):
        for option in node.get(key, []) if isinstance(node.get(key), list) else []:
            if isinstance(option, dict):
                problems.extend(_walk(option, path))
    for defs_key in ("$defs", "definitions"):
        defs = node.get(defs_key)
        if isinstance(defs, dict):
            for dname, dschema in defs.items():
                if isinstance(dschema, dict):
                    problems.extend(_walk(dschema, f"{defs_key}.{dname}"))
    return problems


def validate_registry(registry: ToolRegistry) -> list[str]:
    """Problems of every tool, unknown ``compensate`` tools, and plugin load warnings."""
    problems = list(registry.warnings)
    for spec in sorted(registry, key=lambda s: s.name):
        problems.extend(validate_spec(spec))
        if spec.compensate and spec.compensate not in registry:
            problems.append(
                f"{spec.source}: tool {spec.name!r}: compensate names {spec.compensate!r}, "
                "which is not registered; register that tool or fix the name"
            )
    return problems

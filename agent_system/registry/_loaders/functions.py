"""OpenAI / BFCL-style function specs as tools, bound to a Python callable or an HTTP endpoint.

Accepted shapes, one function each::

    {"name": "...", "description": "...", "parameters": {...}}
    {"type": "function", "function": {"name": ..., "description": ..., "parameters": ...}}

BFCL writes ``"type": "dict"`` for objects and uses Python-ish types (``float``, ``tuple``,
``any``) plus a non-standard ``"optional": true``; `normalize_schema` turns all of that into
valid JSON Schema (Draft 2020-12) without losing names, descriptions, enums or defaults.

A JSON spec file is a list of functions, or an object::

    {"endpoint": "http://localhost:9000/tools",      # POST {endpoint}/{name} for each tool
     "callables": {"name": "package.module:function"},
     "tools": [...]}

and a single function may carry ``"x-url"`` or ``"x-callable"`` for its own binding.
"""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import httpx

from agent_system.errors import PluginError, ToolExecutionError
from agent_system.idempotency import IDEMPOTENCY_HEADER
from agent_system.registry.spec import ToolContext, ToolSpec

__all__ = [
    "load_function_spec_file",
    "normalize_schema",
    "parse_function_specs",
    "spec_from_function_schema",
]

_TYPE_MAP = {
    "dict": "object",
    "object": "object",
    "float": "number",
    "double": "number",
    "number": "number",
    "int": "integer",
    "integer": "integer",
    "long": "integer",
    "str": "string",
    "string": "string",
    "char": "string",
    "bool": "boolean",
    "boolean": "boolean",
    "list": "array",
    "array": "array",
    "tuple": "array",
    "set": "array",
    "arraylist": "array",
    "hashmap": "object",
    "null": "null",
}
_DROP = frozenset({"optional"})
_CTX_PARAM = "_tool_context"


def normalize_schema(schema: Any) -> Any:
    """A JSON Schema equivalent of an OpenAI/BFCL parameter schema (recursively).

    ``dict`` becomes ``object``, ``float`` ``number``, ``tuple`` ``array``, ``any`` drops the
    ``type`` keyword (any value fits); ``"optional": true`` is dropped and the property left out of
    ``required``. Unknown type names raise `PluginError` naming the type and the fix.
    """
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _DROP:
            continue
        if key == "type":
            mapped = _map_type(value)
            if mapped is not None:
                out["type"] = mapped
        elif key == "properties" and isinstance(value, dict):
            out["properties"] = {name: normalize_schema(sub) for name, sub in value.items()}
        elif key in ("items", "additionalProperties", "not", "contains") and isinstance(
            value, dict
        ):
            out[key] = normalize_schema(value)
        elif key in ("anyOf", "oneOf", "allOf", "prefixItems") and isinstance(value, list):
            out[key] = [normalize_schema(sub) for sub in value]
        elif key in ("$defs", "definitions") and isinstance(value, dict):
            out[key] = {name: normalize_schema(sub) for name, sub in value.items()}
        else:
            out[key] = value
    if out.get("type") == "array" and isinstance(out.get("items"), list):  # draft-4 tuple form
        out["prefixItems"] = out.pop("items")
    if out.get("type") == "object":
        out.setdefault("properties", {})
    return out


def _map_type(value: Any) -> str | list[str] | None:
    if isinstance(value, list):
        names: list[str] = []
        for item in value:
            one = _map_type(item)
            if one is None:
                return None  # "any" in a union: anything fits
            names.extend([one] if isinstance(one, str) else one)
        return names
    if not isinstance(value, str):
        raise PluginError(f"parameter type {value!r} is not a type name")
    if value.strip().lower() in ("any", ""):
        return None
    mapped = _TYPE_MAP.get(value.lower())
    if mapped is None:
        raise PluginError(
            f"unsupported parameter type {value!r}; use one of string, number, integer, "
            "boolean, array, object, null (BFCL's dict, float, tuple and any are also accepted)"
        )
    return mapped


def _required(parameters: dict[str, Any]) -> dict[str, Any]:
    """Drop from ``required`` the properties a BFCL spec marks ``"optional": true``."""
    props = parameters.get("properties", {})
    optional = {n for n, s in props.items() if isinstance(s, dict) and s.get("optional") is True}
    if optional and isinstance(parameters.get("required"), list):
        parameters = {**parameters}
        parameters["required"] = [n for n in parameters["required"] if n not in optional]
    return parameters


def _unwrap(entry: Mapping[str, Any]) -> dict[str, Any]:
    if entry.get("type") == "function" and isinstance(entry.get("function"), dict):
        return dict(entry["function"])
    return dict(entry)


def spec_from_function_schema(
    entry: Mapping[str, Any],
    *,
    func: Callable[..., Any] | None = None,
    url: str | None = None,
    source: str = "function spec",
) -> ToolSpec:
    """One tool from a function spec, bound to `func` or to `url` (POST JSON, JSON back).

    With neither, the tool is listed and searchable but calling it fails with a message that
    says how to bind it.
    """
    fn = _unwrap(entry)
    name = fn.get("name")
    if not isinstance(name, str) or not name:
        raise PluginError("a function spec has no 'name'", plugin=source)
    raw = fn.get("parameters") or {"type": "object", "properties": {}}
    if not isinstance(raw, dict):
        raise PluginError(f"tool {name!r}: 'parameters' must be an object", plugin=source)
    try:
        parameters = normalize_schema(_required(raw))
    except PluginError as exc:
        raise PluginError(f"tool {name!r}: {exc.message}", plugin=source) from None
    parameters.setdefault("type", "object")
    parameters.setdefault("properties", {})
    call, injected = _binding(name, func, url)
    return ToolSpec(
        name=name,
        description=str(fn.get("description") or ""),
        parameters=parameters,
        func=call,
        args_model=None,
        source=source,
        injected=injected,
        tags=tuple(str(t) for t in fn.get("tags", ()) if isinstance(t, str)),
    )


def _binding(
    name: str, func: Callable[..., Any] | None, url: str | None
) -> tuple[Callable[..., Any], tuple[str, ...]]:
    if func is not None:
        return _bind_callable(func)
    if url is not None:
        return _http_caller(name, url), (_CTX_PARAM,)

    def unbound(**_: Any) -> Any:
        raise ToolExecutionError(
            f"Tool {name!r} has no implementation: bind it to a callable ('x-callable' or "
            "'callables' in the spec file) or to a URL ('x-url' or 'endpoint').",
            recoverable=False,
        )

    return unbound, ()


def _bind_callable(func: Callable[..., Any]) -> tuple[Callable[..., Any], tuple[str, ...]]:
    """Pass the `ToolContext` to a callable that has a parameter annotated with it."""
    try:
        params = inspect.signature(func).parameters.values()
    except (TypeError, ValueError):
        return func, ()
    injected = tuple(
        p.name
        for p in params
        if p.annotation is ToolContext
        or (isinstance(p.annotation, str) and p.annotation.split(".")[-1] == "ToolContext")
    )
    return func, injected


def _http_caller(name: str, url: str) -> Callable[..., Any]:
    async def call(**arguments: Any) -> Any:
        ctx: ToolContext = arguments.pop(_CTX_PARAM)
        try:
            key = ctx.idempotency_key
            headers = {IDEMPOTENCY_HEADER: key} if key else None
            response = await ctx.runtime.http.post(url, json=arguments, headers=headers)
        except httpx.HTTPError as exc:
            raise ToolExecutionError(
                f"Tool {name!r} could not reach {url}: {exc}", details={"url": url}
            ) from exc
        if response.status_code >= 400:
            raise ToolExecutionError(
                f"Tool {name!r}: {url} answered HTTP {response.status_code}: {response.text[:200]}",
                recoverable=response.status_code >= 500,
                details={"url": url, "status": response.status_code},
            )
        try:
            return response.json()
        except ValueError:
            raise ToolExecutionError(
                f"Tool {name!r}: {url} did not answer with JSON: {response.text[:200]!r}",
                details={"url": url},
            ) from None

    call.__name__ = f"http_{name}"
    return call


def _resolve_callable(target: str, source: str) -> Callable[..., Any]:
    module_name, _, attr = target.partition(":")
    if not attr:
        raise PluginError(
            f"callable {target!r} must be written 'package.module:function'", plugin=source
        )
    value: Any = importlib.import_module(module_name)
    for part in attr.split("."):
        value = getattr(value, part)
    if not callable(value):
        raise PluginError(f"{target!r} is not callable", plugin=source)
    return value  # type: ignore[no-any-return]


def parse_function_specs(
    data: Any,
    *,
    bindings: Mapping[str, Callable[..., Any]] | None = None,
    endpoint: str | None = None,
    urls: Mapping[str, str] | None = None,
    source: str = "function specs",
    require_binding: bool = False,
) -> list[ToolSpec]:
    """Tools from parsed JSON (a list of functions or ``{"tools": [...], ...}``).

    A tool is bound, in order, to ``bindings[name]``, its ``x-callable``, ``urls[name]``, its
    ``x-url``, or ``{endpoint}/{name}``. With `require_binding` an unbound tool is an error.
    """
    entries: Iterable[Any]
    callables: dict[str, Callable[..., Any]] = dict(bindings or {})
    url_map: dict[str, str] = dict(urls or {})
    if isinstance(data, dict) and "tools" in data:
        endpoint = data.get("endpoint", endpoint)
        for tool_name, target in dict(data.get("callables", {})).items():
            callables.setdefault(tool_name, _resolve_callable(str(target), source))
        entries = data["tools"]
    elif isinstance(data, dict):
        entries = [data]
    else:
        entries = data
    if not isinstance(entries, list):
        raise PluginError("expected a list of function specs", plugin=source)
    specs: list[ToolSpec] = []
    for entry in entries:
        if not isinstance(entry, dict):
            raise PluginError(
                f"a function spec must be an object, not {str(entry)[:60]!r}", plugin=source
            )
        fn = _unwrap(entry)
        name = str(fn.get("name", ""))
        func = callables.get(name)
        if func is None and isinstance(fn.get("x-callable"), str):
            func = _resolve_callable(fn["x-callable"], source)
        url = url_map.get(name) or fn.get("x-url")
        if url is None and endpoint:
            url = f"{str(endpoint).rstrip('/')}/{name}"
        if require_binding and func is None and url is None:
            raise PluginError(
                f"tool {name!r} is bound to nothing; add 'x-callable': 'module:function' or "
                "'x-url', or a file-level 'endpoint' or 'callables'",
                plugin=source,
            )
        clean = {k: v for k, v in fn.items() if not k.startswith("x-")}
        specs.append(spec_from_function_schema(clean, func=func, url=url, source=source))
    return specs


def load_function_spec_file(
    path: Path | str, *, bindings: Mapping[str, Callable[..., Any]] | None = None
) -> list[ToolSpec]:
    """Tools from a JSON file of function specs; each must be bound (see module docs).

    A JSON-lines file of BFCL entries (``{"function": [...]}`` per line) is accepted too.
    """
    path = Path(path)
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise PluginError(f"cannot read function specs: {exc.strerror}", plugin=source) from None
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        try:
            lines = [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError:
            raise PluginError(
                f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})", plugin=source
            ) from None
        data = [fn for line in lines for fn in line.get("function", [])]
    return parse_function_specs(data, bindings=bindings, source=source, require_binding=True)

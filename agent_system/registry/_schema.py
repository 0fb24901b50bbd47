"""Build a tool's argument model and JSON schema from a typed signature and a Google docstring."""

from __future__ import annotations

import inspect
import re
import typing
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model

from agent_system._lazy import lazy_pattern

__all__ = ["args_model_from_function", "clean_schema", "parse_google_docstring"]

_SECTION = lazy_pattern(
    r"^(Args|Arguments|Parameters|Returns|Return|Raises|Yields|Examples?|Note|Notes):\s*$"
)
_ARG_LINE = lazy_pattern(r"^(\*{0,2}\w+)\s*(\([^)]*\))?\s*:\s*(.*)$")


def parse_google_docstring(doc: str | None) -> tuple[str, dict[str, str], str]:
    """Split a Google-style docstring into (summary, {arg: description}, returns text)."""
    if not doc:
        return "", {}, ""
    lines = inspect.cleandoc(doc).splitlines()
    summary: list[str] = []
    args: dict[str, str] = {}
    returns: list[str] = []
    section: str | None = None
    current: str | None = None
    base_indent: int | None = None
    for raw in lines:
        header = _SECTION.match(raw.strip()) if not raw.startswith(" ") else None
        if header:
            section = header.group(1)
            current, base_indent = None, None
            continue
        if section is None:
            summary.append(raw.strip())
        elif section in ("Args", "Arguments", "Parameters"):
            if not raw.strip():
                continue
            indent = len(raw) - len(raw.lstrip())
            if base_indent is None:
                base_indent = indent
            match = _ARG_LINE.match(raw.strip())
            if match and indent <= base_indent:
                current = match.group(1).lstrip("*")
                args[current] = match.group(3).strip()
            elif current is not None:
                args[current] = (args[current] + " " + raw.strip()).strip()
        elif section in ("Returns", "Return"):
            returns.append(raw.strip())
    text = "\n".join(summary).strip()
    # Paragraphs become single lines; blank lines between paragraphs are kept.
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]
    return "\n\n".join(paragraphs), args, " ".join(r for r in returns if r).strip()


def args_model_from_function(
    func: Callable[..., Any],
    name: str,
    descriptions: dict[str, str],
    injected: Callable[[Any], bool],
    localns: dict[str, Any] | None = None,
) -> tuple[type[BaseModel], list[str]]:
    """A pydantic model of `func`'s parameters (minus injected ones) and the injected names.

    `localns` resolves names the function's module may import only for type checking (the
    `ToolContext` of a tool written with ``from __future__ import annotations``).
    """
    signature = inspect.signature(func)
    hints = typing.get_type_hints(func, localns=localns, include_extras=True)
    fields: dict[str, Any] = {}
    injected_names: list[str] = []
    for param in signature.parameters.values():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise TypeError(f"*args/**kwargs are not supported in tool {name!r}")
        annotation = hints.get(param.name, Any)
        if injected(annotation):
            injected_names.append(param.name)
            continue
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[param.name] = (
            annotation,
            Field(default=default, description=descriptions.get(param.name)),
        )
    model_name = "".join(part.capitalize() for part in re.split(r"[^0-9A-Za-z]+", name)) + "Args"
    model = create_model(model_name, __config__=ConfigDict(extra="forbid"), **fields)
    return model, injected_names


def clean_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """Drop pydantic's auto titles so the LLM sees names and descriptions only."""

    def walk(node: Any, parent_key: str | None = None) -> Any:
        if isinstance(node, dict):
            out: dict[str, Any] = {}
            for key, value in node.items():
                if key == "title" and parent_key != "properties" and isinstance(value, str):
                    continue
                out[key] = walk(value, key)
            return out
        if isinstance(node, list):
            return [walk(item) for item in node]
        return node

    cleaned: dict[str, Any] = walk(schema)
    cleaned.setdefault("type", "object")
    cleaned.setdefault("properties", {})
    return cleaned

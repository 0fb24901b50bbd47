"""References between steps: find them in an argument tree and resolve them against outputs.

Two node shapes carry references, anywhere in a step's arguments (inside dicts and lists, any
number per argument)::

    {"$ref": "weather", "path": "/temp_c"}                      a JSON pointer (RFC 6901)
    {"$template": "It is ${t} in ${c}", "values": {"t": {"$ref": "weather", "path": "/temp_c"},
                                                   "c": "Paris"}}

A `$template` is filled with `string.Template.safe_substitute`; each value is resolved first and
then turned into text (strings as they are, other JSON values as compact JSON). No `eval`, no
format specs. Outputs are plain JSON data keyed by step id.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import ValidationError

from agent_system.errors import AgentSystemError, ErrorCode
from agent_system.planning.models import Ref

__all__ = [
    "REF_KEY",
    "TEMPLATE_KEY",
    "ReferenceResolutionError",
    "find_refs",
    "find_templates",
    "is_ref_node",
    "is_template_node",
    "ref_paths",
    "resolve",
    "resolve_pointer",
    "template_problems",
]

REF_KEY = "$ref"
TEMPLATE_KEY = "$template"
_TEMPLATE_KEYS = frozenset({TEMPLATE_KEY, "values"})


class ReferenceResolutionError(AgentSystemError):
    """A reference could not be resolved.

    `code` is `DEPENDENCY_FAILED` when the referenced step has no output (it did not run or did
    not succeed) and `INVALID_ARGUMENTS` when the reference is malformed or its JSON pointer does
    not exist in the step's output.
    """

    def __init__(
        self,
        message: str,
        *,
        code: ErrorCode = ErrorCode.INVALID_ARGUMENTS,
        step: str | None = None,
        path: str | None = None,
    ) -> None:
        details: dict[str, Any] = {}
        if step is not None:
            details["ref_step"] = step
        if path is not None:
            details["path"] = path
        super().__init__(message, details=details)
        self.code = code
        self.step = step
        self.path = path


def is_ref_node(value: Any) -> bool:
    """True for a `Ref` or a dict holding a ``"$ref"`` key."""
    return isinstance(value, Ref) or (isinstance(value, dict) and REF_KEY in value)


def is_template_node(value: Any) -> bool:
    """True for a dict holding a ``"$template"`` key."""
    return isinstance(value, dict) and TEMPLATE_KEY in value


def _as_ref(node: Any) -> Ref:
    if isinstance(node, Ref):
        return node
    try:
        return Ref.model_validate(node)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'reference'}: {e['msg']}" for e in exc.errors()
        )
        raise ReferenceResolutionError(
            f"Malformed reference {node!r} ({problems}). Write it as "
            '{"$ref": "<step id>", "path": "/json/pointer"}.',
            step=node.get(REF_KEY) if isinstance(node.get(REF_KEY), str) else None,
        ) from None


def _template_parts(node: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    text = node[TEMPLATE_KEY]
    values = node.get("values", {})
    extra = set(node) - _TEMPLATE_KEYS
    if not isinstance(text, str) or not isinstance(values, dict) or extra:
        raise ReferenceResolutionError(
            f"Malformed template {node!r}. Write it as "
            '{"$template": "text with ${name}", "values": {"name": <value or reference>}}.'
        )
    return text, values


def _walk(value: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Yield (path, node) for every ref and template node, outermost first, in tree order."""
    if is_ref_node(value):
        yield path, value
    elif is_template_node(value):
        yield path, value
        _, values = _template_parts(value)
        for key, item in values.items():
            yield from _walk(item, (*path, "values", key))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, (*path, key))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _walk(item, (*path, index))


def find_refs(value: Any) -> list[Ref]:
    """Every reference in an argument tree (including inside `$template` values), in tree order.

    Raises `ReferenceResolutionError` for a malformed ``$ref`` or ``$template`` node.
    """
    return [_as_ref(node) for _, node in _walk(value, ()) if is_ref_node(node)]


def find_templates(value: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every `$template` node as ``(text, values)``, in tree order."""
    return [_template_parts(node) for _, node in _walk(value, ()) if is_template_node(node)]


def ref_paths(value: Any) -> list[tuple[str | int, ...]]:
    """Positions (key/index paths) of the outermost ref or template nodes in an argument tree.

    Their values are only known at run time; schema checks treat them as present but unknown.
    """
    found: list[tuple[str | int, ...]] = []
    for path, _ in _walk(value, ()):
        if not any(path[: len(p)] == p for p in found):
            found.append(path)
    return found


def template_problems(value: Any) -> list[str]:
    """Placeholders in `$template` strings that have no entry in ``values`` (or bad syntax)."""
    problems: list[str] = []
    for text, values in find_templates(value):
        template = string.Template(text)
        if not template.is_valid():
            problems.append(
                f"template {text!r} has an invalid placeholder; use ${{name}} and write $$ for '$'"
            )
            continue
        missing = [name for name in template.get_identifiers() if name not in values]
        if missing:
            problems.append(
                f"template {text!r} uses {', '.join(repr(m) for m in missing)} "
                "with no entry in its 'values'"
            )
    return problems


def resolve_pointer(document: Any, pointer: str, *, step: str = "?") -> Any:
    """The value at a JSON pointer (RFC 6901) in `document`; '' is the whole document."""
    if pointer == "":
        return document
    if not pointer.startswith("/"):
        raise ReferenceResolutionError(
            f"Path {pointer!r} into the output of step {step!r} must start with '/'.",
            step=step,
            path=pointer,
        )
    current = document
    walked = ""
    for raw in pointer[1:].split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(current, Mapping):
            if token not in current:
                keys = ", ".join(repr(k) for k in list(current)[:10]) or "none"
                raise _missing(step, pointer, walked, f"has no key {token!r} (keys: {keys})")
            current = current[token]
        elif isinstance(current, list):
            if not token.isdigit() or (len(token) > 1 and token.startswith("0")):
                raise _missing(step, pointer, walked, f"is a list; {token!r} is not an index")
            index = int(token)
            if index >= len(current):
                raise _missing(step, pointer, walked, f"is a list of {len(current)} items")
            current = current[index]
        else:
            kind = "null" if current is None else type(current).__name__
            raise _missing(step, pointer, walked, f"is a {kind}, not an object or list")
        walked += "/" + raw
    return current


def _missing(step: str, pointer: str, walked: str, why: str) -> ReferenceResolutionError:
    where = f"at {walked!r}" if walked else "the output"
    return ReferenceResolutionError(
        f"Path {pointer!r} does not exist in the output of step {step!r}: {where} {why}.",
        step=step,
        path=pointer,
    )


def _resolve_ref(ref: Ref, outputs: Mapping[str, Any]) -> Any:
    if ref.step not in outputs:
        raise ReferenceResolutionError(
            f"Step {ref.step!r} has no output to read{f' at {ref.path!r}' if ref.path else ''}: "
            "it did not run or did not succeed.",
            code=ErrorCode.DEPENDENCY_FAILED,
            step=ref.step,
            path=ref.path,
        )
    return resolve_pointer(outputs[ref.step], ref.path, step=ref.step)


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return ""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)


def resolve(value: Any, outputs: Mapping[str, Any]) -> Any:
    """A copy of `value` with every reference and template replaced by its value.

    Raises `ReferenceResolutionError` naming the step and pointer that could not be read.
    """
    if is_ref_node(value):
        return _resolve_ref(_as_ref(value), outputs)
    if is_template_node(value):
        text, values = _template_parts(value)
        filled = {key: _as_text(resolve(item, outputs)) for key, item in values.items()}
        return string.Template(text).safe_substitute(filled)
    if isinstance(value, dict):
        return {key: resolve(item, outputs) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [resolve(item, outputs) for item in value]
    return value

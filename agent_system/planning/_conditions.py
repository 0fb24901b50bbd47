"""Evaluate a step's `when` condition: declarative data, never code.

Comparisons (``eq ne lt le gt ge contains in``) take operands that are literals or `Ref`s into
earlier outputs; ``and``/``or``/``not`` combine them; ``exists`` asks whether a referenced value
is present and not null.

Semantics:

- ``eq``/``ne``/``contains``/``in`` compare strings case-insensitively (also inside lists and
  dict keys). Values of different kinds are simply not equal. Booleans are not numbers.
- ``lt``/``le``/``gt``/``ge`` order two numbers or two strings; anything else is a
  `ConditionError` (``"a" < 3`` has no answer).
- ``contains``: a string contains a substring, a list contains an element, an object contains a
  key. ``in`` is ``contains`` with the sides swapped.
- A reference that cannot be read is a `ConditionError` in a comparison and plain false in
  ``exists``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from agent_system.errors import AgentSystemError, ErrorCode
from agent_system.planning._refs import ReferenceResolutionError, find_refs, resolve
from agent_system.planning.models import (
    AllOf,
    AnyOf,
    Comparison,
    Condition,
    Exists,
    Not,
    Ref,
)

__all__ = ["ConditionError", "condition_problems", "condition_refs", "evaluate"]

_ORDER_OPS = {
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
}


class ConditionError(AgentSystemError):
    """A condition cannot be evaluated (type mismatch, unreadable reference)."""

    code = ErrorCode.CONDITION_ERROR


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "list"
    if isinstance(value, Mapping):
        return "object"
    return type(value).__name__


def _fold(value: Any) -> Any:
    """Normalise for case-insensitive equality (strings folded, containers recursively)."""
    if isinstance(value, str):
        return value.casefold()
    if isinstance(value, list | tuple):
        return [_fold(v) for v in value]
    if isinstance(value, Mapping):
        return {_fold(k): _fold(v) for k, v in value.items()}
    return value


def _equal(left: Any, right: Any) -> bool:
    if _kind(left) != _kind(right):
        return False
    return bool(_fold(left) == _fold(right))


def _contains(container: Any, item: Any, op: str) -> bool:
    kind = _kind(container)
    if kind == "string":
        if not isinstance(item, str):
            raise ConditionError(
                f"'{op}' cannot look for {item!r} ({_kind(item)}) in the string {container!r}; "
                "compare a string with a string."
            )
        return item.casefold() in container.casefold()
    if kind == "list":
        return any(_equal(element, item) for element in container)
    if kind == "object":
        return any(_equal(key, item) for key in container)
    raise ConditionError(
        f"'{op}' needs a string, list or object to search in, got {container!r} ({kind})."
    )


def _operand(value: Any, outputs: Mapping[str, Any]) -> Any:
    try:
        return resolve(
            value.model_dump(by_alias=True) if isinstance(value, Ref) else value, outputs
        )
    except ReferenceResolutionError as exc:
        raise ConditionError(f"Cannot evaluate the condition: {exc.message}") from None


def compare(op: str, left: Any, right: Any) -> bool:
    """Apply one comparison operator to two resolved values."""
    if op == "eq":
        return _equal(left, right)
    if op == "ne":
        return not _equal(left, right)
    if op == "contains":
        return _contains(left, right, op)
    if op == "in":
        return _contains(right, left, op)
    kinds = (_kind(left), _kind(right))
    if kinds not in (("number", "number"), ("string", "string")):
        raise ConditionError(
            f"Cannot compare {left!r} ({kinds[0]}) with {right!r} ({kinds[1]}) using '{op}'; "
            "ordering needs two numbers or two strings."
        )
    return bool(_ORDER_OPS[op](left, right))


def evaluate(condition: Condition, outputs: Mapping[str, Any]) -> bool:
    """True when `condition` holds for these step outputs; `ConditionError` if it cannot tell."""
    if isinstance(condition, Comparison):
        left = _operand(condition.left, outputs)
        right = _operand(condition.right, outputs)
        return compare(condition.op, left, right)
    if isinstance(condition, AllOf):
        return all(evaluate(c, outputs) for c in condition.args)
    if isinstance(condition, AnyOf):
        return any(evaluate(c, outputs) for c in condition.args)
    if isinstance(condition, Not):
        return not evaluate(condition.arg, outputs)
    if isinstance(condition, Exists):
        try:
            return _operand(condition.ref, outputs) is not None
        except ConditionError:
            return False
    raise ConditionError(f"Unknown condition {condition!r}.")


def _operand_refs(value: Any) -> list[Ref]:
    return [value] if isinstance(value, Ref) else find_refs(value)


def condition_refs(condition: Condition) -> list[Ref]:
    """Every reference a condition reads, in order."""
    if isinstance(condition, Comparison):
        return [*_operand_refs(condition.left), *_operand_refs(condition.right)]
    if isinstance(condition, AllOf | AnyOf):
        return [ref for c in condition.args for ref in condition_refs(c)]
    if isinstance(condition, Not):
        return condition_refs(condition.arg)
    if isinstance(condition, Exists):
        return [condition.ref]
    return []


def condition_problems(condition: Condition) -> list[str]:
    """Mistakes visible before running: literal operands that no output can make valid."""
    if isinstance(condition, AllOf | AnyOf):
        return [p for c in condition.args for p in condition_problems(c)]
    if isinstance(condition, Not):
        return condition_problems(condition.arg)
    if not isinstance(condition, Comparison):
        return []
    try:
        left_refs = _operand_refs(condition.left)
        right_refs = _operand_refs(condition.right)
    except ReferenceResolutionError as exc:
        return [exc.message]
    if not left_refs and not right_refs:
        try:
            compare(condition.op, condition.left, condition.right)
        except ConditionError as exc:
            return [exc.message]
        return []
    op = condition.op
    literal = condition.right if not right_refs else condition.left if not left_refs else None
    if literal is None:
        return []
    kind = _kind(literal)
    if op in _ORDER_OPS and kind not in ("number", "string"):
        return [f"'{op}' orders numbers or strings; the literal {literal!r} is a {kind}."]
    if op == "contains" and not left_refs and kind not in ("string", "list", "object"):
        return [f"'contains' searches a string, list or object; {literal!r} is a {kind}."]
    if op == "in" and not right_refs and kind not in ("string", "list", "object"):
        return [f"'in' searches a string, list or object; {literal!r} is a {kind}."]
    return []

"""The `when` of a clause with a condition ("... if it's sunny", "unless it's above 20 degrees").

The embedded planner reads a condition against the latest earlier step whose role declares a
`ConditionVocabulary`: a word of its vocabulary compares the step's result path to the role's
value, "above 20 degrees" compares a number path (see `agent_system.roles.ConditionVocabulary`).
"""

from __future__ import annotations

import re
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.planning.models import Comparison, ExecutionStep, Not, Ref
from agent_system.roles import ConditionVocabulary, RoleDeclaration
from agent_system.understanding import Clause

__all__ = ["clause_condition", "examples", "keyword"]

_TEMP = lazy_pattern(
    r"(?P<cmp>above|over|warmer than|more than|below|under|colder than|less than)\s+"
    r"(?P<n>-?\d+(?:\.\d+)?)\s*(?:degrees|°)?\s*(?P<unit>c|f|celsius|fahrenheit)?",
    re.IGNORECASE,
)


def clause_condition(
    clause: Clause,
    steps: list[ExecutionStep],
    step_roles: dict[str, RoleDeclaration],
) -> tuple[Any, str]:
    """The `when` testing the latest earlier step whose role declares conditions."""
    text = clause.condition or ""
    source = next((s for s in reversed(steps) if step_roles[s.id].conditions), None)
    if source is None:
        return None, ""
    vocabulary = step_roles[source.id].conditions
    assert vocabulary is not None
    lowered = text.lower()
    cond: Any = None
    temp = _TEMP.search(lowered)
    if temp and vocabulary.numbers:
        value = float(temp.group("n"))
        unit = (temp.group("unit") or vocabulary.default_unit)[0]
        path = vocabulary.numbers.get(unit) or next(iter(vocabulary.numbers.values()))
        op = "gt" if temp.group("cmp") in ("above", "over", "warmer than", "more than") else "lt"
        cond = Comparison(op=op, left=Ref(step=source.id, path=path), right=value)
    else:
        for word in re.findall(r"[a-z]+", lowered):
            if word in vocabulary.words:
                cond = Comparison(
                    op="eq",
                    left=Ref(step=source.id, path=vocabulary.path),
                    right=vocabulary.words[word],
                )
                break
    if cond is None:
        return None, ""
    if clause.negated:
        cond = Not(op="not", arg=cond)
    return cond, source.id


def keyword(clause: Clause) -> str:
    """The clause's condition word: "if", or "unless" for a negated one."""
    return "unless" if clause.negated else "if"


def examples(vocabulary: ConditionVocabulary) -> str:
    """What a role's vocabulary understands, for the reply ("sunny, above 20 degrees")."""
    values = list(dict.fromkeys(vocabulary.words.values()))
    return ", ".join(values) + (", above 20 degrees" if vocabulary.numbers else "")

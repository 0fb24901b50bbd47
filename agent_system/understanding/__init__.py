"""Understanding what people say: one normaliser, one clause splitter, one per-thread frame.

- `normalize`: the canonical form of a request (case, punctuation, contractions, number words,
  politeness, spoken forms);
- `split_clauses`: the actions of a request, with how they are joined ("and", "then", "if"),
  shared verbs spread over their lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system import _lazy

if TYPE_CHECKING:
    from agent_system.understanding._clauses import Clause, opens_request, split_clauses
    from agent_system.understanding._text import normalize, numbers_to_digits

__all__ = ["Clause", "normalize", "numbers_to_digits", "opens_request", "split_clauses"]

_WHERE = {
    "Clause": "agent_system.understanding._clauses",
    "normalize": "agent_system.understanding._text",
    "numbers_to_digits": "agent_system.understanding._text",
    "opens_request": "agent_system.understanding._clauses",
    "split_clauses": "agent_system.understanding._clauses",
}


def __getattr__(name: str) -> Any:
    return _lazy.load(__name__, _WHERE, name)

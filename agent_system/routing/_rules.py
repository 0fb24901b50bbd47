"""Rules around the classifier: compound requests and elliptical follow-ups.

Compound: the request is cut into clauses at connectors ("and", "then", "after that", ";",
", and", "if it's" ...). Each clause is classified on its own. Two clauses that each confidently
belong to a tool role make the request compound, and so do two role clauses joined by a sequence
or condition connector ("then", "after that", "if it's"). A clause too short to be a request on
its own ("living room", "eggs") counts for nothing, so "turn on the lights in the kitchen and
living room" and "remind me to buy milk and eggs" stay single requests.

Follow-up: after a turn routed to a role, a short elliptical request ("and in Boston?",
"what about tomorrow?") continues that role unless the classifier is sure of another one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from agent_system.routing._features import normalize, tokens
from agent_system.routing._model import OTHER
from agent_system.routing.models import Turn

__all__ = ["Clause", "find_compound", "follow_up_role", "split_clauses"]

_SEQUENCE = r"and then|then|after that|afterwards|and after that|once that's done|next"
_CONDITION = r"(?:if|when|unless|once) (?:it's|it is|it will be|it gets|there's|there is|it)"
_SPLIT = re.compile(
    rf"\s*(?:(?P<seq>;|,?\s*\b(?:{_SEQUENCE})\b)|(?P<cond>,?\s*\b(?={_CONDITION}\b))"
    r"|(?P<and>,?\s*\b(?:and also|and|also|plus)\b|,))\s*"
)
_ACTION_START = re.compile(
    r"^(?:turn|switch|set|lock|unlock|open|close|shut|start|stop|pause|resume|dim|brighten|"
    r"raise|lower|cancel|delete|remove|add|remind|schedule|move|reschedule|check|tell|make|"
    r"create|book|put|find|search|look|define|show|list|give|run|vacuum|send|wake|snooze|"
    r"please|what's|what|how's|how|is|are|will|do|does|can|could)\b"
)
_LEADING_CONDITION = re.compile(r"^(?:if|when|unless|once)\s+", re.IGNORECASE)
_FOLLOW_UP = re.compile(
    r"^(?:and|also|ok and|okay and|but|what about|how about|and what about|and how about|"
    r"what of|same for|same thing for|now for|now|then|another|one more)\b"
)
_BARE = re.compile(
    r"^(?:in|for|at|on|near|around|tomorrow|tonight|today|this|next|the day after|"
    r"over the weekend|later|same)\b"
)
_FOLLOW_UP_MAX_TOKENS = 7
_BARE_MAX_TOKENS = 4


@dataclass(frozen=True)
class Clause:
    """One piece of a request, how it was joined to the previous piece, and its best class."""

    text: str
    joined_by: str
    """"start", "and", "seq" (then, after that, ;) or "cond" (if it's, when it's)."""
    role: str
    confidence: float

    @property
    def size(self) -> int:
        """Number of word tokens."""
        return len(tokens(self.text))


def split_clauses(text: str) -> list[tuple[str, str]]:
    """(clause text, connector kind) pieces of `text`; the first piece is joined by "start"."""
    pieces: list[tuple[str, str]] = []
    kind, start = "start", 0
    normalized = normalize(text)
    for match in _SPLIT.finditer(normalized):
        piece = text[start : match.start()].strip(" ,.!?")
        if piece:
            pieces.append((piece, kind))
        kind = next(name for name in ("seq", "cond", "and") if match.group(name) is not None)
        start = match.end()
    tail = text[start:].strip(" ,.!?")
    if tail:
        pieces.append((tail, kind))
    return pieces


def find_compound(
    text: str,
    classify: Callable[[str], tuple[str, float]],
    plan_threshold: float,
    tool_roles: Collection[str] | None = None,
) -> list[Clause] | None:
    """The clauses of `text` when it holds two actions, else None.

    `tool_roles`: the roles that act through tools (default: the built-in ones).
    """
    if tool_roles is None:
        from agent_system.routing import _model

        tool_roles = _model.TOOL_ROLES
    pieces = split_clauses(text)
    if len(pieces) < 2:
        return None
    clauses = [
        Clause(piece, kind, *classify(_LEADING_CONDITION.sub("", piece) or piece))
        for piece, kind in pieces
    ]
    counted = [c for c in clauses if c.role != OTHER and c.confidence >= plan_threshold]
    tool_clauses = [c for c in counted if c.role in tool_roles and _stands_alone(c, counted)]
    if len(tool_clauses) >= 2:
        return clauses
    sequenced = [c for c in counted if c.size >= 2]
    if len(sequenced) >= 2 and any(c.joined_by in ("seq", "cond") for c in sequenced[1:]):
        return clauses
    return None


def _stands_alone(clause: Clause, counted: Sequence[Clause]) -> bool:
    """A clause counts as its own action.

    Beside a clause of another role: 2+ words. Beside clauses of the same role only: 3+ words
    and it opens like a request of its own ("lock the front door", not "two in the morning").
    """
    others = {c.role for c in counted if c is not clause}
    if others - {clause.role}:
        return clause.size >= 2
    if clause is counted[0]:
        return clause.size >= 2
    return clause.size >= 3 and _ACTION_START.match(normalize(clause.text)) is not None


def follow_up_role(
    text: str,
    history: Sequence[Turn],
    best: str,
    best_confidence: float,
    fast_threshold: float,
    plan_threshold: float,
) -> str | None:
    """The earlier turn's role when `text` is an elliptical follow-up to it, else None."""
    previous = next((t.role for t in reversed(history[-2:]) if t.role), None)
    if previous is None:
        return None
    words = tokens(text)
    if not words or len(words) > _FOLLOW_UP_MAX_TOKENS:
        return None
    joined = " ".join(words)
    marked = _FOLLOW_UP.match(joined) is not None or (
        len(words) <= _BARE_MAX_TOKENS and _BARE.match(joined) is not None
    )
    if not marked:
        return None
    if best != previous and best_confidence >= fast_threshold:
        return None  # a new request, clear on its own ("and set a timer for 5 minutes")
    if best == OTHER and len(words) > _BARE_MAX_TOKENS and best_confidence >= plan_threshold:
        return None  # a new out-of-role request ("and book me a flight to Boston")
    return previous

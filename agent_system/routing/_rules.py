"""Rules around the classifier: compound requests and elliptical follow-ups.

Compound: the request is cut into clauses by the shared splitter
(`agent_system.understanding.split_clauses`: commas, "and", "then", "also", conditions, shared
verbs spread over lists). Each clause is classified on its own. Two clauses that each confidently
belong to a tool role make the request compound, and so do two role clauses joined by a sequence
or condition connector ("then", "after that", "if it's"), and a tool clause beside a clause no
role serves (so the reply can say what was not done).

Follow-up: after a turn routed to a role, a short elliptical request ("and in Boston?",
"what about tomorrow?") continues that role unless the classifier is sure of another one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from agent_system._lazy import lazy_pattern
from agent_system.routing._features import normalize, tokens
from agent_system.routing._model import OTHER
from agent_system.routing.models import Turn
from agent_system.understanding import split_clauses
from agent_system.understanding._clauses import Clause as SplitClause
from agent_system.understanding._clauses import opens_request
from agent_system.understanding._frame_parts import SAME_AGAIN
from agent_system.understanding._labels import only_when
from agent_system.understanding._slots import strip_when

__all__ = ["Clause", "command_role", "find_compound", "follow_up_role", "swallows_another"]

_ACTION_START = lazy_pattern(
    r"^(?:turn|switch|set|lock|unlock|open|close|shut|start|stop|pause|resume|dim|brighten|"
    r"raise|lower|cancel|delete|remove|add|remind|schedule|move|reschedule|check|tell|make|"
    r"create|book|put|find|search|look|define|show|list|give|run|vacuum|send|wake|snooze|"
    r"please|what's|what|how's|how|is|are|will|do|does|can|could)\b"
)
_ELABORATION = lazy_pattern(
    r"^(?:(?:for|with|about|on|at|in|from|to|by|until|before|after)\b|"
    r"(?:it|that|this)\s+(?:is|was|will|would|should|needs?|has|must)\b|"
    r"(?:make|change)\s+(?:it|that|this)\b)"
)
"""How a piece that only adds to its neighbour opens: a preposition, "it should ...", "make it
..." (the neighbour's label, content or correction, not an action of its own)."""
_FOLLOW_UP = lazy_pattern(
    r"^(?:and|also|ok and|okay and|but|what about|how about|and what about|and how about|"
    r"what of|same for|same thing for|now for|now|then|another|one more|once more|again|"
    r"(?:add|book|schedule|put|make|do)\s+(?:another|one more)|"
    r"(?:make|change|set|put|turn|switch|move)\s+(?:it|that|them|this)\b|"
    r"(?:it|that|them)\s+(?:back\s+)?(?:on|off)\b|(?:back\s+)?(?:on|off)\s+again|"
    r"the\s+day\s+(?:after|before)|the\s+next\s+day|"
    rf"(?:{SAME_AGAIN}))\b"
)
_OPENING_FILLER = lazy_pattern(
    r"^(?:(?:ok|okay|alright|all right|right|now|so|well|oh|actually|sorry|oops|no|please"
    r"|(?:can|could|would|will) you(?: please)?)\s+)+(?=\S)"
)
"""Words that open a follow-up without changing it: "ok now turn that off", "actually make
that 6:30", "no, make it 15", "could you do the same for the bedroom"."""
_CORRECTED = lazy_pattern(
    r"^(?:(?:no|nope|sorry|actually|oops|wait|i mean|i meant)\s+)+(?:i meant?\s+)?"
    r"(?:make (?:it|that)\s+)?(?:to\s+|for\s+|at\s+)?\d"
)
"""A correction of the last value: "no, 15", "sorry, i meant 10 minutes", "actually 7:30"."""
_BARE = lazy_pattern(
    r"^(?:in|for|at|on|near|around|tomorrow|tonight|today|this|next|the day after|"
    r"over the weekend|later|same)\b"
)
# Words that point back at the previous turn: "turn it off again", "the day after".
_ANAPHORA = lazy_pattern(
    r"\b(?:it|that|them|again|instead|same|likewise|once more|another|one more)\b"
    r"|\bthe (?:day|night) (?:after|before)\b|\bthe next day\b"
)
_COMMANDS = (
    (
        lazy_pattern(
            r"^\s*(?:please\s+)?(?:(?:can|could)\s+you\s+)?(?:summari[sz]e|sum\s+up|tl;?\s*dr)\b"
            r"(?:\s+(?:this|the\s+following|that))?(?:\s+\w+){0,3}?\s*:",
            re.IGNORECASE,
        ),
        "summarize",
    ),
    (
        lazy_pattern(
            r"^\s*(?:please\s+)?(?:remember|memori[sz]e|note)\s+(?:that\s+)?(?:my|our|the)\b"
            r"(?!.*\b(?:at|in|on|by|tomorrow|tonight)\s+\d)",
            re.IGNORECASE,
        ),
        "memory",
    ),
    (
        lazy_pattern(
            r"^\s*(?:please\s+)?(?:(?:can|could)\s+you\s+)?(?:look\s+up|google"
            r"|search\s+(?:the\s+(?:web|internet)\s+|online\s+)?for)\s+\S",
            re.IGNORECASE,
        ),
        "search",
    ),
)
"""Requests whose opening words name the role outright ("summarize: <any text>"): the text
that follows must not sway the classifier, however many weather words it holds."""
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


def find_compound(
    text: str,
    classify: Callable[[str], tuple[str, float]],
    plan_threshold: float,
    tool_roles: Collection[str] | None = None,
    openers: frozenset[str] = frozenset(),
    judge: Callable[[str, str], bool] | None = None,
    *,
    pieces: Sequence[SplitClause] | None = None,
) -> list[Clause] | None:
    """The clauses of `text` when it holds two actions, else None.

    `tool_roles`: the roles that act through tools (default: the built-in ones); `openers`:
    extra words that open a request, `judge`: asked where the rules would glue (see
    `split_clauses`); `pieces`: the clauses already cut (then `openers` and `judge` are unused).
    """
    if pieces is None:
        pieces = split_clauses(text, openers, judge)
    if len(pieces) < 2:
        return None
    if tool_roles is None:
        from agent_system.routing import _model

        tool_roles = _model.TOOL_ROLES
    clauses = [
        Clause(
            piece.text,
            "cond" if piece.condition else "seq" if piece.joined_by == "then" else piece.joined_by,
            *classify(piece.text),
        )
        for piece in pieces
    ]
    counted = [c for c in clauses if c.role != OTHER and c.confidence >= plan_threshold]
    tool_clauses = [c for c in counted if c.role in tool_roles and _stands_alone(c, counted)]
    if len(tool_clauses) >= 2:
        return clauses
    sequenced = [c for c in counted if c.size >= 2]
    if len(sequenced) >= 2 and any(c.joined_by in ("seq", "cond") for c in sequenced[1:]):
        return clauses
    served = [c for c in counted if c.role in tool_roles]
    if served and all(c.size >= 2 for c in clauses):
        # Two actions, one of them for a tool role, whatever the others are ("turn on the lights
        # and book me a flight"): plan them, so the reply serves each one or says what was not
        # done instead of dropping it. A piece that is no request of its own ("the 21st, what
        # is on my calendar", "at noon, schedule a meeting") belongs to its neighbour.
        if all(c in served or _is_request(c) for c in clauses):
            return clauses
    return None


def swallows_another(
    role: str | None,
    pieces: Sequence[SplitClause],
    classify: Callable[[str], tuple[str, float]],
    fast_threshold: float,
    openers: frozenset[str] = frozenset(),
) -> bool:
    """Whether a first stage's whole reading for `role` would swallow a clause another role is
    sure of on its own ("open my list and switch off the plug socket and how would you describe
    the internet"): 3+ words opening like a request, at least `fast_threshold` confident."""
    if len(pieces) < 2:
        return False
    for piece in pieces:
        found, confidence = classify(piece.text)
        if (
            found not in (OTHER, role)
            and confidence >= fast_threshold
            and len(piece.text.split()) >= 3
            and opens_request(piece.text, openers)
        ):
            return True
    return False


def _is_request(clause: Clause) -> bool:
    """`clause` reads as a request of its own, not a time, a name or an elaboration beside one
    ("..., for the cake", "..., it should say call the bank", "..., make it monday")."""
    text = normalize(clause.text)
    if _ELABORATION.match(text) is not None:
        return False
    if _ACTION_START.match(text) is not None:
        return True
    return len(tokens(strip_when(text))) >= 2


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


_ASKED_ABOUT = lazy_pattern(r"^(?:and\s+)?(?:what|how)\s+about\s+(?P<rest>.+)$")


_AND_THEN = lazy_pattern(r"^(?:and|also|then|and then|but)\s+(?P<rest>.+)$")


_TOO = lazy_pattern(r"\s+(?:too|as\s+well|also)\s*$")


def _only_when(text: str) -> bool:
    """ "how about saturday", "what about next week", "and on friday", "and tomorrow": a day or
    a time and nothing else, asked about the way the turn before was (no chit-chat: "how about
    a movie" names something)."""
    found = _ASKED_ABOUT.match(text) or _AND_THEN.match(text)
    if found is None:
        return False
    return only_when(_TOO.sub("", found["rest"]))  # "and on the 27th too"


def command_role(text: str, classes: Sequence[str]) -> str | None:
    """The role a request names by its opening command, when the model has that class."""
    for pattern, role in _COMMANDS:
        if role in classes and pattern.match(text):
            return role
    return None


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
    said = " ".join(tokens(text))
    joined = _OPENING_FILLER.sub("", said)
    words = joined.split()
    if not words or len(words) > _FOLLOW_UP_MAX_TOKENS:
        return None
    corrected = len(words) <= _BARE_MAX_TOKENS and _CORRECTED.match(said) is not None
    marked = (
        corrected
        or _FOLLOW_UP.match(joined) is not None
        or (len(words) <= _BARE_MAX_TOKENS and _BARE.match(joined) is not None)
    )
    if not marked:
        return None
    only_when = _only_when(joined)
    pointing_back = corrected or only_when or _ANAPHORA.search(joined) is not None
    if best != previous and best_confidence >= fast_threshold and not only_when:
        # A new request, clear on its own ("and set a timer for 5 minutes"); but a marked
        # follow-up that points back ("what about the day after?") continues the previous role
        # even when, on its own, it reads as no role's or as chit-chat, and one that names only
        # a day or a time ("and on friday?") asks the previous question again for it, whatever
        # role such words suggest on their own.
        if best not in (OTHER, "conversation") or not pointing_back:
            return None
    if (
        best == OTHER
        and len(words) > _BARE_MAX_TOKENS
        and best_confidence >= plan_threshold
        and not pointing_back
    ):
        return None  # a new out-of-role request ("and book me a flight to Boston")
    return previous

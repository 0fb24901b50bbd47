"""The search role's second look at a request the router is unsure of.

The classifier's own ranking is the signal, not more phrases: when the router would send a
request to planning (or guess it is chit-chat) and yet its classifier ranks search above every
other role, at least `FLOOR` likely (the least a candidate role of the router's second opinion
is), and does not say that no role owns the request (the router asks only then), a request
with nothing of the user's in it is a question to search for: "obama's birthday", "what is
dna", "which animal lives the longest", "how come the ocean is salty". The classifier reads
words through word vectors, so this reaches questions no family of the first stage names.

And a search the classifier only guesses at, about something of the user's ("what does my
dream mean", "the meaning of my name"), is no web question: planned, as CLINC150 files such
requests out of scope. "My notes" and "my documents" are searched, as ever.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.routing._second import FLOOR
from agent_system.routing.models import RouteDecision, RouteTarget
from agent_system.understanding import normalize
from agent_system.understanding._gate import gate_text
from roles.search._facts import _PERSONAL

if TYPE_CHECKING:
    from collections.abc import Mapping

    from agent_system.routing.models import RouteRequest

__all__ = ["unsure_search"]

_ROLE = "search"
_OTHER = "other"
_NOT_SEARCHED = lazy_pattern(r"\btime\s*zones?\b|\bscores?\b|\bgames?\b|\bmatch(?:es)?\b")
"""Time zones are the clock's ("which time zones do european countries use"), a game's score is
the news ("what's the score of the lakers game"): no web question."""
_ASKING = lazy_pattern(
    r"^(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:tell\s+me|let\s+me\s+know|do\s+you\s+know"
    r"|i\s+(?:want|need|would\s+like|would\s+love)(?:\s+to\s+(?:know|hear|learn|read))?"
    r"|i'd\s+(?:like|love)(?:\s+to\s+(?:know|hear|learn|read))?)\s+"
)
"""Asking words, no thing of the user's ("i would like the history of rome")."""
_RELATIVE = lazy_pattern(
    r"(?<=[a-z]{3}\s)(?:that|who)\s+(?=(?:ever|once|first|still|has|have|had|was|were|is|are|"
    r"can|could|lived|lives|live|[a-z]+ed)\b)"
)
"""A relative "that" after a noun ("the biggest animal that ever lived") points at nothing of
the user's."""
_BARE = lazy_pattern(
    r"^(?:(?:find|look|search|google|check|tell|show|give|get)(?:\s+(?:out|up|for|me|it|that|this|"
    r"them|about))*\s*)+"
)
"""Search words alone ("find out", "look it up") ask about nothing."""
_MINE = lazy_pattern(r"\bmy\b")
_DOCS = lazy_pattern(r"\bmy\s+(?:documents?|docs|notes|files|folders?)\b")


def unsure_search(
    request: RouteRequest,
    decided: RouteDecision,
    probabilities: Mapping[str, float],
    *,
    lead: bool = True,
) -> RouteDecision | None:
    """Search for an impersonal request search leads (with `lead`); plan a search guess.

    A search guessed at about "my" things is planned with `lead` on or off.
    """
    said = normalize(request.text)
    if decided.role == _ROLE:
        if _MINE.search(said) and not _DOCS.search(said):
            return RouteDecision(
                target=RouteTarget.META_PLANNING,
                confidence=decided.confidence,
                reason="A guess at a search about the user's own things: planned instead.",
                scores=decided.scores,
            )
        return None
    if not lead or decided.role not in (None, "conversation"):
        return None  # off (`Settings.search_when_unsure`), or another tool role's guess stands
    roles = {name: p for name, p in probabilities.items() if name != _OTHER}
    if not roles or max(roles, key=roles.__getitem__) != _ROLE or roles[_ROLE] < FLOOR:
        return None  # "how long has the oven been on": search leads at 0.18, no one's question
    if not _BARE.sub("", said).strip():
        return None  # "can you find out for me": nothing asked about
    for text in (said, gate_text(request.text)):  # normalizing drops "for me"
        asked = _RELATIVE.sub("", _ASKING.sub("", text, count=1))
        if _PERSONAL.search(asked) or _NOT_SEARCHED.search(asked):
            return None
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role=_ROLE,
        confidence=roles[_ROLE],
        guess=True,
        reason=f"Unsure (p={roles[_ROLE]:.2f}), but search leads and no role of the user's does: "
        "searched for.",
        scores=decided.scores,
    )

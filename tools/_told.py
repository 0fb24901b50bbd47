"""A question something the user told us answers, though no role did.

"remember that my train leaves at 7:40" ... "when does my train leave" reached no role (or the
search, offline, or the calendar, which has no such event): the fact is said back, "Your train
leaves at 7:40.". A fact answers when it holds every content word of the question's subject,
compared by stems ("train leave" ~ "train leaves") or as words alike (`tools._alike`: "when
does sam arrive" ~ "sam's flight lands"); the words that frame a question ("what time", "where
did i put") are not its subject. Only the asking user's facts are read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from tools._alike import alike, said_plainly
from tools._facts import second_person
from tools._text import BM25, stem, terms
from tools.memory import _all_items, _sentence, namespace_for

if TYPE_CHECKING:
    from langgraph.store.base import BaseStore

__all__ = ["asks", "fact_told", "told"]

_FRAME = frozenset({"time", "day", "date", "put", "kept", "exactly", "get", "idea"})
"""Words that frame a question rather than name its subject: "what time is the party", "where did
i put the key", "when does the flight get in"."""
_ASKS = lazy_pattern(
    r"^(?:(?:so|ok|okay|hey|and|um)[,\s]+)?(?:(?:can|could)\s+you\s+)?(?:please\s+)?"
    r"(?:(?:tell|remind)\s+me\s+|do\s+you\s+(?:know|remember)\s+|(?:any|no)\s+idea\s+)?"
    r"(?:when|where|what|which|who|whose|how|is|are|was|were|does|do|did|will)(?:'s|'re)?\b",
    re.IGNORECASE,
)


def asks(text: str) -> bool:
    """Whether `text` is a question ("when does my train leave", "... ?"), not a request."""
    return text.strip().endswith("?") or _ASKS.match(text.strip()) is not None


def _subject(question: str) -> set[str]:
    return {word for word in terms(said_plainly(question)) if word not in _FRAME}


def _holds(subject: set[str], fact: str, question: str) -> bool:
    """Every word of `subject` is in `fact`, as it is or as a word alike ("arrive" ~ "lands").

    And no word is someone else's there: "my flight" is not "sam's flight".
    """
    said = set(terms(said_plainly(fact)))
    if not all(any(alike(word, other) for other in said) for word in subject):
        return False
    asked, told_of = _owners(question), _owners(fact)
    return all(told_of.get(word, owner) == owner for word, owner in asked.items())


_OWNED = lazy_pattern(
    r"\b(?!(?:what|where|when|who|how|it|that|there|here|he|she|let)'s)(my|our|[a-z]+'s)\s+([a-z]+)"
)


def _owners(text: str) -> dict[str, str]:
    """Whose each word is ("my flight": flight -> my, "sam's flight": flight -> sam)."""
    said = text.lower().replace("\u2019", "'")
    return {stem(m[2]): "my" if m[1] == "our" else stem(m[1]) for m in _OWNED.finditer(said)}


async def fact_told(store: BaseStore | None, user: str | None, question: str) -> str | None:
    """The user's remembered fact that answers `question`, as they said it, or None.

    None when no fact holds every content word of its subject, or nothing is remembered.
    """
    subject = _subject(question)
    if store is None or not subject:
        return None
    facts = [str(i.value.get("fact", "")) for i in await _all_items(store, namespace_for(user))]
    holding = [f for f in facts if _holds(subject, f, question)]
    if len(holding) > 1:  # the best-ranked of them
        ranked = zip(BM25(holding).scores(question), holding, strict=True)
        return max(ranked, key=lambda pair: pair[0])[1]
    return holding[0] if holding else None


async def told(store: BaseStore | None, user: str | None, question: str) -> str | None:
    """The fact that answers `question`, said back ("Your train leaves at 7:40."), or None."""
    fact = await fact_told(store, user, question)
    if fact is None:
        return None
    return _sentence(second_person(fact))

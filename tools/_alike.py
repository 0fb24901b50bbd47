"""Words that name the same thing in a question and in a remembered fact.

"remember that sam's flight lands at 6" ... "when does sam arrive": the question's "arrive" is
the fact's "lands". A small table of everyday synonyms (arriving, leaving, starting, ending, a
few things and people said two ways), compared by stems, so a question finds a fact said in
other words. Static word vectors were measured for this and left out: they put "arrive" and
"land" far apart (cosine -0.02) and "monday" and "tuesday", "husband" and "wife" close (0.92,
0.81), which would say the wrong fact back.
"""

from __future__ import annotations

from agent_system._lazy import lazy_pattern
from tools._text import stem

__all__ = ["alike", "said_plainly"]

_GROUPS = (
    "arrive arrival land landing due",
    "leave depart departure go",
    "start begin open",
    "end finish close",
    "plane flight airplane aeroplane",
    "car vehicle",
    "tv television telly",
    "bike bicycle",
    "phone cellphone mobile cell",
    "dad father daddy",
    "mom mother",
    "kid child children kids",
    "doctor physician doc gp",
    "couch sofa",
    "pill tablet meds medicine medication",
    "apartment flat",
    "birthday born bday",
    "code pin passcode combination password",
    "address live",
)
_GROUP_OF = {stem(word): n for n, group in enumerate(_GROUPS) for word in group.split()}

_PHRASES = (
    (
        lazy_pattern(
            r"\b(?:get|getting|gets|got|come|coming|comes|came|pull|pulling|pulls)\s+in\b"
            r"|\btouch(?:es|ing|ed)?\s+down\b"
        ),
        "arrive",
    ),
    (
        lazy_pattern(r"\b(?:take|takes|taking|took|set|sets|setting|head|heads|heading)\s+off\b"),
        "leave",
    ),
    (lazy_pattern(r"\bkick(?:s|ing|ed)?\s+off\b"), "start"),
)
"""Phrasal verbs said as the one word of their group: "when does sam get in" -> "arrive"."""


def said_plainly(text: str) -> str:
    """`text` with its phrasal verbs as one word ("touch down" -> "arrive")."""
    said = text.lower()
    for pattern, word in _PHRASES:
        said = pattern.sub(word, said)
    return said


def alike(term: str, other: str) -> bool:
    """Whether two stemmed terms name the same thing: equal, or in one group of the table."""
    if term == other:
        return True
    group = _GROUP_OF.get(term)
    return group is not None and group == _GROUP_OF.get(other)

"""How a remembered fact reads back to the user, and what it is about.

A fact is kept as the user said it ("My wifi password is tulip77", "I parked on level 3"); read
back, it is said to them: "Your wifi password is tulip77", "You parked on level 3".
`subject_of` names what a fact of the shape "my <thing> is <value>" is about, so that a new
value for the same thing replaces the old one instead of sitting beside it.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from tools._text import stem

__all__ = ["second_person", "subject_of"]

_SWAPS = {
    "i'm": "you're",
    "i am": "you are",
    "i was": "you were",
    "i've": "you've",
    "i'd": "you'd",
    "i'll": "you'll",
    "i": "you",
    "me": "you",
    "my": "your",
    "mine": "yours",
    "myself": "yourself",
    "we're": "you're",
    "our": "your",
    "ours": "yours",
}
_PERSON = lazy_pattern(
    r"\b(?:i'm|i am|i was|i've|i'd|i'll|i|me|my|mine|myself|we're|our|ours)\b", re.IGNORECASE
)
_SUBJECT = lazy_pattern(
    r"^(?P<subject>(?:my|our|the)\s+[\w' -]+?)\s+(?:is|are|=)\s+(?P<value>\S.*)$", re.IGNORECASE
)


def second_person(fact: str) -> str:
    """A fact said to the user: "My sister's birthday ..." -> "Your sister's birthday ..."."""
    said = _PERSON.sub(lambda m: _SWAPS[m.group(0).lower()], fact)
    return said[:1].upper() + said[1:]


def subject_of(fact: str) -> str | None:
    """What "my <thing> is <value>" is about ("my wifi password"); None for other shapes."""
    found = _SUBJECT.match(fact.strip().rstrip(".!"))
    if found is None:
        return None
    return " ".join(stem(word) for word in found["subject"].lower().split())

"""How a word is spelled, asked the everyday way, answered offline letter by letter.

"how do you spell rhythm", "spell onomatopoeia for me", "how is conscience spelled", "what's the
spelling of definitely", "can you spell the word necessary", "how to spell giraffe", "olly spell
bureaucracy". The word asked about is one to three words (what the user said is what is
spelled); "spell check my essay" or "the spelling bee" are not spelling questions. The
conversation role answers them (no web needed), so they never reach a tool role.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize

__all__ = ["spelled", "word_to_spell"]

_ASK = (
    r"(?:(?:hey|ok|okay|so|please|olly|alexa|siri)\s+)*(?:(?:can|could|would|will)\s+you\s+)?"
    r"(?:(?:tell|show|give)\s+me\s+|i\s+(?:want|need|would\s+like)\s+to\s+know\s+"
    r"|do\s+you\s+know\s+|let\s+me\s+know\s+)?"
)
_NOT_WORD = r"(?!(?:it|this|that|check|checker|bee|out|my|your|me|them)\b)"
_WORD = (
    rf"(?:the\s+word\s+|the\s+name\s+)?{_NOT_WORD}"
    r"(?P<word>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})"
)
_HOW = r"(?:correctly\s+|properly\s+|exactly\s+)?"
_SHAPES = (
    rf"how\s+(?:do|would|should|can|could)\s+(?:you|i|we|one|people)\s+(?:go\s+about\s+)?"
    rf"{_HOW}(?:spell|spelling)\s+(?:out\s+)?{_WORD}",
    rf"how\s+(?:is|are)\s+{_WORD}\s+{_HOW}spelled(?:\s+out)?",
    rf"how\s+{_WORD}\s+is\s+{_HOW}spelled",
    rf"{_WORD}\s+is\s+spelled\s+how(?:\s+exactly)?",
    r"(?:what\s+is\s+)?(?:the\s+|a\s+)?(?:correct\s+|right\s+|proper\s+)?(?:spelling|way\s+(?:to|of)"
    rf"\s+(?:spell|spelling))\s+(?:of\s+|for\s+)?{_WORD}",
    rf"spell\s+(?:out\s+)?{_WORD}",
    # "i don't know how to spell squirrel", "remind me how to spell because", "help me spell X"
    rf"(?:.+\s)?how\s+to\s+{_HOW}spell\s+(?:out\s+)?{_WORD}",
    rf"(?:.+\s)?help(?:\s+me)?\s+(?:with\s+)?spell(?:ing)?\s+{_WORD}",
)
_SPELLING = tuple(lazy_pattern(rf"^{_ASK}(?:{shape})$") for shape in _SHAPES)
_TAIL = lazy_pattern(r"\s+(?:for\s+me|please|out)$")


def word_to_spell(text: str) -> str | None:
    """The word a spelling question asks about ("how do you spell rhythm" -> "rhythm")."""
    said = _TAIL.sub("", re.sub(r"[?!.,\"]", " ", normalize(text)).strip())
    for shape in _SPELLING:
        if found := shape.match(said):
            return found["word"]
    return None


def spelled(word: str) -> str:
    """The reply: the word and its letters ("Rhythm is spelled R-H-Y-T-H-M.")."""
    letters = " ".join("-".join(c.upper() for c in part if c.isalpha()) for part in word.split())
    return f"{word[:1].upper()}{word[1:]} is spelled {letters}."

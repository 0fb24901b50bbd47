"""A factual question announced or hedged, and everyday shapes of one, said plainly.

Each family is its leading words x a question the other families read, not sentences of the
data:

- a question announced: "quick question who invented the radio", "i have a question, how far
  is the moon", "i have got a question for you: who painted the mona lisa", "answer this: who
  was napoleon", "olly, answer me how many oceans there are", "what is the answer to who
  discovered electricity" (the question that follows is read as itself);
- a guess asked for: "any idea who wrote pride and prejudice", "do you happen to know the
  capital of egypt", "would you know how deep the ocean is" (normalized to "know how deep ...";
  read as "do you know ...");
- a fact fetched: "find the capital of sweden", "get me the population of peru", "look for the
  height of big ben", "how much is the population of tokyo" (read as "what is the ...");
- a thing's name asked by its holder: "what is the president's name", "what was the first
  dog in space's name" (not the user's own people: "what is my wife's name").

The request has been normalized (lowercase, contractions expanded, "please" and "could you"
dropped); the caller still refuses questions with a personal word ("my", "you", "this song")
and reads what is left with the other families, so a lead-in before a request of another role
("quick question, set a timer") claims nothing.
"""

from __future__ import annotations

import re

__all__ = ["announced", "plain_question"]

_ASKED = r"(?:who|whom|whose|what|when|where|which|why|how|is|are|was|were|did|does|do|can)\b"
"""The first word of the question that follows an announcement."""
_ANNOUNCED = re.compile(
    r"^(?:(?:(?:a|one|another|quick|random|simple|small|little|trivia|silly)\s+)*question"
    r"(?:\s+for\s+you)?|i\s+(?:have|have\s+got|got)\s+(?:a|one|another)\s+(?:(?:quick|random|"
    r"simple|small|little|trivia)\s+)*question(?:\s+for\s+you)?|here\s+is\s+(?:a|one)\s+"
    r"(?:quick\s+)?question(?:\s+for\s+you)?|answer\s+(?:me\s+)?(?:this|the\s+following)"
    r"(?:\s+question)?(?:\s+for\s+me)?|answer(?:\s+me)?(?=\s+" + _ASKED + r")"
    r"|(?:what\s+is|tell\s+me|give\s+me|i\s+(?:want|need))\s+the\s+answer\s+to"
    r"(?:\s+(?:the|this)\s+question)?)\s*[,:;.!?-]?\s+(?=" + _ASKED + r")",
    re.I,
)
_GUESS = re.compile(
    r"^(?:(?:do|did)\s+you\s+(?:happen\s+to|by\s+any\s+chance)\s+know|(?:would\s+you\s+)?"
    r"(?:happen\s+to\s+)?know|(?:do\s+you\s+have\s+|have\s+you\s+got\s+)?any\s+idea)\s+"
    r"(?=(?:the|who|what|when|where|which|why|how)\b)"
)
_ATTRIBUTE = (
    r"(?:capital(?:\s+city)?|population|height|age|size|area|length|depth|width|weight|"
    r"distance|birthday|currency|language|official\s+language|president|prime\s+minister|king|"
    r"queen|ceo|founder|author|inventor|origin|gdp|elevation|diameter|lifespan|speed|"
    r"boiling\s+point|melting\s+point|freezing\s+point|life\s+expectancy|national\s+\w+)"
)
_FETCHED = re.compile(
    r"^(?:(?:can|could|would|will)\s+you\s+)?(?:find|get|look\s+for|look\s+up|fetch|check|"
    r"how\s+much\s+is)(?:\s+me)?\s+(?=the\s+" + _ATTRIBUTE + r"\s+(?:of|in)\s)"
)
_NOT_OURS = (
    r"(?!(?:my|your|our|his|her|their|the\s+(?:baby|dog|cat|kid|kids|boss|doctor|dentist|"
    r"teacher|neighbou?r|guy|girl|man|woman|person|wifi|network|restaurant|hotel|song|movie|"
    r"book|show|app|game)\b))"
)
_NAME_HELD = re.compile(
    rf"^what\s+(?:is|was)\s+{_NOT_OURS}(?P<holder>(?:the\s+)?[a-z]+(?:\s+[a-z]+){{0,5}})'s\s+"
    r"(?:full\s+|real\s+|first\s+|last\s+)?name$"
)


def announced(text: str) -> str:
    """`text` (as typed or normalized) without the words that announce its question.

    "quick question: who invented the radio?" -> "who invented the radio?".
    """
    return _ANNOUNCED.sub("", text.strip(), count=1)


def plain_question(said: str) -> str:
    """``said`` (normalized) said plainly, as the plain question.

    No words that announce or hedge its question; a fact fetched or a name asked by its holder
    as the question itself.

    "find the capital of sweden" -> "what is the capital of sweden".
    """
    said = _GUESS.sub("do you know ", _ANNOUNCED.sub("", said, count=1), count=1)
    said = _FETCHED.sub("what is ", said, count=1)
    if found := _NAME_HELD.match(said):
        return f"who is {found['holder']}"
    return said

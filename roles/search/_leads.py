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
  dog in space's name" (not the user's own people: "what is my wife's name");
- a role, a count or a set's names said short: "president of france", "ceo of apple", "the
  first president of the usa", "tell me the name of the current pope" (read as "who is the
  ..."), "number of countries in the world" (read as "how many countries are there in the
  world"), "what are the names of the great lakes" (read as "name the great lakes").

The request has been normalized (lowercase, contractions expanded, "please" and "could you"
dropped); the caller still refuses questions with a personal word ("my", "you", "this song")
and reads what is left with the other families, so a lead-in before a request of another role
("quick question, set a timer") claims nothing.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = ["announced", "plain_question", "unhedged"]

_ASKED = r"(?:who|whom|whose|what|when|where|which|why|how|is|are|was|were|did|does|do|can)\b"
"""The first word of the question that follows an announcement."""
_ANNOUNCED = lazy_pattern(
    r"^(?:(?:(?:a|one|another|quick|random|simple|small|little|trivia|silly)\s+)*question"
    r"(?:\s+for\s+you)?|i\s+(?:have|have\s+got|got)\s+(?:a|one|another)\s+(?:(?:quick|random|"
    r"simple|small|little|trivia)\s+)*question(?:\s+for\s+you)?|here\s+is\s+(?:a|one)\s+"
    r"(?:quick\s+)?question(?:\s+for\s+you)?|answer\s+(?:me\s+)?(?:this|the\s+following)"
    r"(?:\s+question)?(?:\s+for\s+me)?|answer(?:\s+me)?(?=\s+" + _ASKED + r")"
    r"|(?:what\s+is|tell\s+me|give\s+me|i\s+(?:want|need))\s+the\s+answer\s+to"
    r"(?:\s+(?:the|this)\s+question)?)\s*[,:;.!?-]?\s+(?=" + _ASKED + r")",
    re.I,
)
_GUESS = lazy_pattern(
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
_FETCHED = lazy_pattern(
    r"^(?:(?:can|could|would|will)\s+you\s+)?(?:find|get|look\s+for|look\s+up|fetch|check|"
    r"how\s+much\s+is)(?:\s+me)?\s+(?=the\s+" + _ATTRIBUTE + r"\s+(?:of|in)\s)"
)
_ROLE = (
    r"(?:president|vice\s+president|prime\s+minister|chancellor|ceo|chief\s+executive|founder|"
    r"co\s*founder|owner|king|queen|emperor|pope|leader|mayor|governor|inventor|author|creator|"
    r"head\s+coach|coach|captain|secretary\s+general|director|dictator|ruler|monarch)"
)
_ROLE_SAID_SHORT = lazy_pattern(
    r"^(?:the\s+)?(?P<role>(?:(?:current|present|first|last|new|\d+(?:st|nd|rd|th))\s+)?"
    + _ROLE
    + r")\s+of\s+(?P<of>(?:the\s+)?(?!(?:my|your|our|this|that|it|me|us|you)\b)[a-z][a-z.'-]*"
    r"(?:\s+[a-z][a-z.'-]*){0,3})$"
)
"""A role of a named thing said alone: "president of france", "ceo of apple"."""
_ROLE_NAMED = lazy_pattern(
    r"^(?:what\s+is|tell\s+me|give\s+me|i\s+(?:want|need))\s+the\s+name\s+of\s+the\s+"
    r"(?P<role>(?:current|present|new|first|last|\d+(?:st|nd|rd|th))\s+" + _ROLE + r")$"
)
"""The name of who holds a role now: "tell me the name of the current president"."""
_COUNTED = lazy_pattern(
    r"^(?:what\s+is\s+|tell\s+me\s+|give\s+me\s+)?(?:the\s+)?(?:total\s+)?number\s+of\s+"
    r"(?P<things>[a-z]+(?:\s+[a-z]+)?)\s+(?P<where>in|on)\s+"
)
"""A count said as "the number of": "number of countries in the world"."""
_NAMES = lazy_pattern(r"^(?:what\s+are|tell\s+me|give\s+me)\s+the\s+names\s+of\s+the\s+")
"""The members of a set by their names: "what are the names of the great lakes"."""
_NOT_OURS = (
    r"(?!(?:my|your|our|his|her|their|the\s+(?:baby|dog|cat|kid|kids|boss|doctor|dentist|"
    r"teacher|neighbou?r|guy|girl|man|woman|person|wifi|network|restaurant|hotel|song|movie|"
    r"book|show|app|game)\b))"
)
_NAME_HELD = lazy_pattern(
    rf"^what\s+(?:is|was)\s+{_NOT_OURS}(?P<holder>the\s+[a-z]+(?:\s+[a-z]+){{0,5}})'s\s+"
    r"(?:full\s+|real\s+|first\s+|last\s+)?name$"
)


def announced(text: str) -> str:
    """`text` (as typed or normalized) without the words that announce its question.

    "quick question: who invented the radio?" -> "who invented the radio?".
    """
    return _ANNOUNCED.sub("", text.strip(), count=1)


def _said_in_full(said: str) -> str:
    """A role, a count or a set's names said short, as the question in full."""
    if found := _ROLE_SAID_SHORT.match(said) or _ROLE_NAMED.match(said):
        of = f" of {found['of']}" if "of" in found.groupdict() else ""
        return f"who is the {found['role']}{of}"
    if found := _COUNTED.match(said):
        rest = said[found.end() :]
        return f"how many {found['things']} are there {found['where']} {rest}"
    return _NAMES.sub("name the ", said, count=1)


_LOOSE = (
    (lazy_pattern(r"^wen\b"), "when"),
    (lazy_pattern(r"^(?:wat|wht|wut)\b"), "what"),
    (
        lazy_pattern(r"^(?:hw|hoe)\s+(?=many|much|old|tall|far|big|long|do|does|did|is|are|was)"),
        "how ",
    ),
    (lazy_pattern(r"^(?:wher|were)\s+(?=is|was|are|did|does|do)\b"), "where "),
)
"""A question word typed or heard loosely: "wen was shakespeare born", "wat is a comet"."""
_HEDGED = lazy_pattern(
    r"^(?P<wh>what|who|where|when|how)\s+(?:(?P<verb>is|are|was|were|do|does|did)\s+)?"
    r"(?:exactly|actually|really|precisely|even)\s+(?(verb)|(?P<after>is|are|was|were|do|does|did)\s+)",
    re.I,
)
"""A word that only stresses the question: "what exactly is a neutron star"."""
_ONE_WHO = lazy_pattern(
    r"^(?:what\s+is|what\s+was|tell\s+me|give\s+me|do\s+you\s+know|i\s+(?:want|need)\s+to\s+know)"
    r"\s+the\s+name\s+of\s+the\s+(?:guy|man|woman|lady|person|people|men|women|scientist|"
    r"inventor|explorer|artist|painter|writer|author|composer|singer|actor|actress|band|group|"
    r"company|team|king|queen|president|emperor)\s+(?:who|that)\s+(?=[a-z]+ed\b|[a-z]+\s)"
)
"""The name of one who did something, asked as who did it: "what is the name of the guy who
invented the internet" -> "who invented the internet"."""


def unhedged(said: str) -> str:
    """``said`` without a word that only stresses its question.

    "what exactly is a quasar" -> "what is a quasar".
    """
    if hedged := _HEDGED.match(said):
        return f"{hedged['wh']} {hedged['verb'] or hedged['after']} {said[hedged.end() :]}"
    return said


def plain_question(said: str) -> str:
    """``said`` (normalized) said plainly, as the plain question.

    No words that announce or hedge its question; a fact fetched or a name asked by its holder
    as the question itself.

    "find the capital of sweden" -> "what is the capital of sweden".
    """
    for loose, word in _LOOSE:
        said = loose.sub(word, said, count=1)
    said = _ONE_WHO.sub("who ", unhedged(said), count=1)
    said = _GUESS.sub("do you know ", _ANNOUNCED.sub("", said, count=1), count=1)
    said = _said_in_full(_FETCHED.sub("what is ", said, count=1))
    if found := _NAME_HELD.match(said):
        return f"who is {found['holder']}"
    return said

"""Small talk about the user's mood and the assistant's own tastes, answered offline.

How the user feels, said whole: "i'm sad", "i feel so tired today", "i'm stressed out", "i'm
feeling a bit lonely", "i'm sick", "i'm so happy"; the assistant's tastes: "do you like music",
"what's your favourite colour", "do you dream", "do you ever sleep"; how the user is doing, said
back to "how are you" or on its own ("i'm good thanks", "i'm fine, and you?", "not bad",
"can't complain", "pretty good", "could be better"); "tell me a story", "sing me a song"; a
joke's opening ("a priest walks into a bar"); and a joke asked for in a few more words
("got any good puns", "know any jokes", "joke time"). Only the whole message counts: "i'm tired of
the rain, turn on the lights" and "do you like it if i dim the lights" are not small talk.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize

__all__ = ["FEELINGS", "MOODS", "feeling_kind"]

_LEAD = r"^(?:(?:oh|well|so|ugh|honestly|hey|hi|olly|alexa|man|gosh|sigh)[\s,!]+)*"
_I_FEEL = (
    r"(?:i\s+am|i\s+feel|i\s+am\s+feeling|feeling|i\s+have\s+been(?:\s+feeling)?|i\s+get)\s+"
    r"(?:(?:so|really|very|a\s+bit|a\s+little|kind\s+of|kinda|pretty|quite|super|totally"
    r"|extremely|just|always|too)\s+)*"
)
_WHEN = (
    r"(?:\s+(?:today|now|right\s+now|tonight|this\s+(?:morning|evening|week)|lately|recently"
    r"|at\s+the\s+moment|again|all\s+day|these\s+days))*"
    r"(?:[\s,]+(?:thanks|thank\s+you|olly|alexa))?[\s!.]*$"
)
_MOODS = {
    "sad": r"sad|down|unhappy|depressed|blue|miserable|upset|low|gloomy|heartbroken|lonely"
    r"|alone|homesick",
    "tired": r"tired|exhausted|sleepy|worn\s+out|knackered|drained|shattered|wiped\s+out",
    "stressed": r"stressed(?:\s+out)?|anxious|worried|nervous|overwhelmed|under\s+pressure"
    r"|frazzled|on\s+edge",
    "sick": r"sick|ill|unwell|not\s+well|poorly|under\s+the\s+weather",
    "happy": r"happy|great|fantastic|amazing|excited|cheerful|wonderful|awesome|on\s+top\s+of"
    r"\s+the\s+world|over\s+the\s+moon",
    "angry": r"angry|mad|annoyed|frustrated|furious|irritated|fed\s+up",
}
MOODS = frozenset({*_MOODS, "well", "well_back", "low"})
"""The kinds that say how the user is: answered before a "thanks" in them ("i'm good thanks")."""
_FEELING = {
    kind: lazy_pattern(rf"{_LEAD}{_I_FEEL}(?:{words}){_WHEN}") for kind, words in _MOODS.items()
}
_DOING = (
    r"(?:(?:i\s+am|im|i\s+feel|i\s+am\s+feeling|feeling|i\s+am\s+doing|doing|i\s+have\s+been"
    r"|been|things\s+are|everything\s+is|all\s+is|it\s+is|life\s+is)\s+)"
)
_QUITE = r"(?:(?:really|very|pretty|quite|so|super|just|all|mostly|fairly|rather)\s+)*"
_BACK = (
    r"(?:[\s,]+(?:thanks|thank\s+you|thanks\s+for\s+asking|thank\s+you\s+for\s+asking"
    r"|cheers))?(?P<back>[\s,]+(?:(?:and|how\s+about|what\s+about|and\s+how\s+about)\s+)?"
    r"(?:you|yourself|u)|[\s,]+(?:and\s+)?how\s+(?:are|about)\s+(?:you|u)"
    r"|[\s,]+(?:and\s+)?how\s+is\s+it\s+going\s+with\s+you)?[\s?!.]*$"
)
_WELL_WORDS = (
    r"good|fine|well|ok|okay|alright|all\s+right|grand|great|fantastic|excellent|wonderful"
)
_WELL = lazy_pattern(
    rf"{_LEAD}(?:{_DOING}{_QUITE}(?:{_WELL_WORDS}|not\s+(?:too\s+|so\s+|that\s+)?bad)"
    rf"|{_QUITE}(?:{_WELL_WORDS})(?=[\s,]+(?:thanks|thank\s+you|and\s+you|how\s+about\s+you"
    r"|you\b|what\s+about\s+you))"
    r"|not\s+(?:too\s+|so\s+|that\s+)?bad(?:\s+at\s+all)?|pretty\s+good|all\s+good"
    r"|(?:i\s+)?can\s*not\s+complain|no\s+complaints|never\s+better|could\s+not\s+be\s+better"
    r"|same\s+old(?:\s+same\s+old)?|keeping\s+busy|surviving|hanging\s+in\s+there)"
    rf"{_BACK}"
)
"""Doing well, said back to "how are you" (or unasked): "i'm good thanks", "not bad, you?"."""
_LOW = lazy_pattern(
    rf"{_LEAD}(?:{_DOING}?(?:not\s+(?:so|too|that|very)\s+(?:good|great|well|hot)|not\s+great"
    r"|not\s+good|not\s+the\s+best|so\s+so|meh|rough|terrible|awful|horrible|bad)"
    r"|(?:i\s+)?(?:have\s+)?been\s+better|could\s+be\s+better|could\s+be\s+worse)"
    rf"{_BACK}"
)
"""Not doing so well: "not so good", "could be better", "meh", "i've been better"."""
_TASTES = lazy_pattern(
    rf"{_LEAD}(?:do\s+you\s+(?:like|love|enjoy|hate)\s+(?!it\b|that\b|this\b|when\b|if\b|me\b)"
    r"[a-z][a-z' ]{1,30}"
    r"|what(?:\s+is|'s)\s+your\s+(?:all[- ]time\s+)?(?:favou?rite|fave)\s+[a-z][a-z ]{1,25}"
    r"|(?:what|which)\s+(?:kind\s+of\s+|type\s+of\s+|sort\s+of\s+)?[a-z]+\s+do\s+you\s+"
    r"(?:like|love|enjoy|prefer)(?:\s+(?:best|most))?"
    r"|do\s+you\s+have\s+(?:a\s+)?(?:favou?rite|fave)\s+[a-z][a-z ]{1,25})[?!.\s]*$"
)
_BODY = lazy_pattern(
    rf"{_LEAD}(?:do|can|will)\s+you\s+(?:ever\s+)?(?:dream|sleep|eat|drink|get\s+tired|get\s+bored"
    r"|have\s+(?:feelings|emotions|dreams)|feel\s+(?:anything|emotions|pain|lonely))"
    r"(?:\s+at\s+all)?[?!.\s]*$"
)
_STORY = lazy_pattern(
    rf"{_LEAD}(?:(?:please\s+)?(?:can|could|would|will)\s+you\s+)?(?:please\s+)?"
    r"(?:tell\s+(?:me|us)\s+(?:a|another)\s+(?:short\s+|little\s+|bedtime\s+|good\s+)?story"
    r"|story\s+time|i\s+want\s+a\s+(?:bedtime\s+)?story)(?:\s+please)?[?!.\s]*$"
)
_SONG = lazy_pattern(
    rf"{_LEAD}(?:(?:please\s+)?(?:can|could|would|will)\s+you\s+)?(?:please\s+)?"
    r"(?:sing(?:\s+(?:me|us))?(?:\s+(?:a|another)\s+(?:little\s+|short\s+)?song|\s+something)?"
    r"|do\s+you\s+sing)(?:\s+(?:for\s+me|please))*[?!.\s]*$"
)
_OPENING = lazy_pattern(
    r"^(?:(?:a|an|two|three)\s+(?:[a-z]+\s+){1,4}(?:walks?|walk)\s+into\s+a\s+bar"
    r"|knock[\s,]+knock)[\s!.,]*$"
)
_JOKE = lazy_pattern(
    rf"{_LEAD}(?:(?:(?:do\s+you\s+)?(?:know|have|got)|any)\s+(?:any\s+)?(?:good\s+|funny\s+)?"
    r"(?:jokes|puns|one[\s-]liners)(?:\s+(?:for\s+me|to\s+tell(?:\s+me)?))?"
    r"|joke\s+time|(?:a\s+)?pun\s+please|tell\s+me\s+a\s+pun)[?!.\s]*$"
)

FEELINGS = {
    "sad": "I'm sorry you're feeling down; I'm here if you'd like a joke or a hand with anything.",
    "tired": "Sounds like you could use a rest; I can set a timer for a short break if you like.",
    "stressed": "That sounds like a lot; a few slow breaths can help, and I can keep a list or "
    "a reminder for you so there's less to hold in your head.",
    "sick": "Sorry you're not feeling well; rest up, and I can set a reminder for any medicine.",
    "happy": "Glad to hear it! What can I do for you?",
    "well": "Glad to hear it! What can I do for you?",
    "well_back": "Glad to hear it! I'm doing well too, thanks. What can I do for you?",
    "low": "Sorry to hear that. Is there anything I can do to help?",
    "angry": "Sorry things are getting to you; is there something I can help sort out?",
    "tastes": "I don't have tastes of my own, but I'd love to hear yours.",
    "body": "I don't sleep, eat or dream; I'm here whenever you need me.",
    "story": "Once upon a time a tiny robot set a timer for everyone in town; when it rang, they "
    "all looked up, saw the first snow, and went outside together. The end.",
    "song": "I can't carry a tune, I'm afraid, but I can tell you a joke instead.",
}
"""The reply to each kind (a joke and its opening are answered with a joke)."""


def feeling_kind(text: str) -> str | None:
    """The kind of small talk `text` is, said whole, or None.

    A mood ("sad", "tired"...), how the user is doing ("well", "well_back" when they ask back,
    "low"), "tastes", "body", "story", "song", "opening" (a joke's first
    line) or "joke".
    """
    said = normalize(text).strip()
    if (doing := _doing(text, said)) is not None:
        return doing
    for kind, pattern in _FEELING.items():
        if pattern.match(said):
            return kind
    for kind, pattern in (("tastes", _TASTES), ("body", _BODY), ("story", _STORY),
                          ("song", _SONG), ("opening", _OPENING), ("joke", _JOKE)):  # fmt: skip
        if pattern.match(said):
            return kind
    return None


_SAID_BACK = {
    "i'm": "i am", "im": "i am", "i've": "i have", "ive": "i have", "it's": "it is",
    "can't": "can not", "cant": "can not", "couldn't": "could not", "couldnt": "could not",
}  # fmt: skip


def _doing(text: str, said: str) -> str | None:
    """How the user says they are, said whole: "well", "well_back", "low", else None.

    Read as normalized and as typed: normalizing drops a "thanks" ("good thanks" is "good",
    an acknowledgement).
    """
    typed = re.sub(r"[^\w\s',?!.]", " ", text.lower()).split()
    raw = " ".join(_SAID_BACK.get(w, w) for w in typed)
    for reading in (said, raw):
        if (well := _WELL.match(reading)) is not None:
            return "well_back" if well["back"] else "well"
        if _LOW.match(reading) is not None:
            return "low"
    return None

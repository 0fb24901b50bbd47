"""Two places compared: "is it warmer in rome than in oslo", "which is windier, x or y".

"is berlin colder than paris tomorrow", "is it wetter in london or in dublin today". Two days
of one place: "will it be warmer tomorrow than today", "will tomorrow be colder than today", "is
it colder than yesterday", "will it get warmer in paris on friday" (`days_compared`, the
`weather.compare_days` tool).

The role finds the comparison and its two places (`comparison_in`); the `weather.compare` tool
reads both and says which ("Rome is warmer: 16°C against 4°C in Oslo."). Temperatures compare
the day's high (or the hour's, or now); wet and dry the chance of precipitation; wind and
humidity their values.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from agent_system._lazy import lazy_pattern

__all__ = [
    "COMPARISONS",
    "Comparison",
    "DayComparison",
    "comparison_in",
    "days_compared",
    "said",
    "things_compared",
]

COMPARISONS: dict[str, tuple[str, int]] = {
    "warmer": ("temp", 1),
    "hotter": ("temp", 1),
    "colder": ("temp", -1),
    "cooler": ("temp", -1),
    "chillier": ("temp", -1),
    "wetter": ("rain", 1),
    "rainier": ("rain", 1),
    "drier": ("rain", -1),
    "dryer": ("rain", -1),
    "windier": ("wind", 1),
    "calmer": ("wind", -1),
    "more humid": ("humidity", 1),
    "less humid": ("humidity", -1),
}
"""Each comparison word: the quantity compared and which way is "more"."""
_WORD = "|".join(sorted(COMPARISONS, key=len, reverse=True)).replace(" ", r"\s+")
_PLACE = r"(?:the\s+)?[a-z][a-z .,'-]*?"
_LEAD = (
    r"^(?:(?:hey|ok|okay|so|and|please|tell\s+me|do\s+you\s+know)\s+)*"
    r"(?:(?:is|will|was|isn'?t|would|does|do)\s+)?"
)
_FORMS = (
    # "is it warmer in rome than in oslo", "will it be colder in paris tomorrow than in berlin"
    lazy_pattern(
        _LEAD + r"(?:it\s+)?(?:(?:going\s+to|gonna|likely\s+to)\s+)?(?:be\s+|get\s+)?"
        rf"(?P<word>{_WORD})\s+(?:in|at)\s+(?P<a>{_PLACE})\s+than\s+(?:it\s+is\s+)?(?:in|at\s+)?"
        rf"\s*(?P<b>{_PLACE})(?:\s+(?:is|will\s+be))?\s*[?.!]*$"
    ),
    # "is rome warmer than oslo", "will berlin be colder than paris tomorrow"
    lazy_pattern(
        _LEAD + rf"(?P<a>{_PLACE})\s+(?:(?:going\s+to|gonna)\s+)?(?:be\s+|get\s+)?"
        rf"(?P<word>{_WORD})\s+than\s+(?:in\s+)?(?P<b>{_PLACE})\s*[?.!]*$"
    ),
    # "which is windier, chicago or boston", "where is it warmer, in rome or in oslo"
    lazy_pattern(
        r"^(?:which|where|what)\s+(?:city\s+|place\s+|one\s+)?(?:is|will\s+be|'s)\s+(?:it\s+)?"
        rf"(?:going\s+to\s+be\s+)?(?P<word>{_WORD})\s*,?\s*(?:in\s+)?(?P<a>{_PLACE})\s+or\s+"
        rf"(?:in\s+)?(?P<b>{_PLACE})\s*[?.!]*$"
    ),
    # "is it warmer in rome or in oslo", "is it windier in chicago or boston today"
    lazy_pattern(
        _LEAD + r"it\s+(?:(?:going\s+to|gonna)\s+)?(?:be\s+)?"
        rf"(?P<word>{_WORD})\s+in\s+(?P<a>{_PLACE})\s+or\s+(?:in\s+)?(?P<b>{_PLACE})\s*[?.!]*$"
    ),
)


class Comparison(NamedTuple):
    """A comparison asked: the word ("warmer") and the two places as said."""

    word: str
    first: str
    second: str


def comparison_in(text: str, clean: Callable[[str], str | None]) -> Comparison | None:
    """The comparison a request asks for, or None.

    Its places are cleaned by `clean` (the role's reading of a place: time words cut off). Two
    things compared bare ("is coffee hotter than tea", "which is colder, ice or snow") are no
    weather: a bare comparison needs a place known by name on one side ("is lyon warmer than
    paris") or a word of the weather ("is lyon warmer than nice today").
    """
    said = " ".join(text.lower().split())
    for number, form in enumerate(_FORMS):
        found = form.match(said)
        if found is None:
            continue
        first, second = clean(found["a"]), clean(found["b"])
        if not (first and second and first.lower() != second.lower()):
            continue
        if number in _BARE and not (_places(first, second) or _WEATHER_SAID.search(said)):
            return None
        return Comparison(" ".join(found["word"].split()), first, second)
    return None


def things_compared(text: str, clean: Callable[[str], str | None]) -> bool:
    """Two things compared bare, not places ("is coffee hotter than tea").

    "which is colder, ice or snow" is search's, or nobody's: never the weather's.
    """
    said = " ".join(text.lower().split())
    for number in _BARE:
        found = _FORMS[number].match(said)
        if found is not None and comparison_in(text, clean) is None:
            return True
    return False


_BARE = (1, 2)
"""The forms that compare two things said bare ("is rome warmer than oslo"), with no "in"."""
_WEATHER_SAID = lazy_pattern(
    r"\b(?:weather|outside|today|tonight|tomorrow|now|this\s+(?:week|weekend|morning|afternoon"
    r"|evening)|(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|at\s+the\s+moment|these\s+days|in\s+(?:january|february|march|april|may|june|july"
    r"|august|september|october|november|december|(?:the\s+)?(?:summer|winter|spring|autumn|fall)))\b"
)
"""A word of the weather or of a day: the two things compared bare are places."""


def _places(*names: str) -> bool:
    """One of `names` is a place known by name (a city, a state, a country)."""
    from roles.conversation._zones import known  # the names of the time zone data

    bare = [name.split(",")[0].strip().lower() for name in names]
    return any(len(name) > 3 and known(name) for name in bare)  # not "pst", "utc"


def said(name: str, other: str) -> str:
    """A place's name in a comparison: "Rome" for "Rome, Italy", unless both share it."""
    short, other_short = name.split(",")[0], other.split(",")[0]
    return name if short == other_short else short


class DayComparison(NamedTuple):
    """Two days of one place compared.

    The word, the day asked about and the other day, and the place when one is named.
    """

    word: str
    day: str
    other: str
    place: str | None


_DAY = (
    r"(?:today|tonight|now|tomorrow|yesterday|(?:the\s+)?day\s+after\s+tomorrow"
    r"|(?:on\s+)?(?:this\s+|next\s+|coming\s+)?(?:monday|tuesday|wednesday|thursday|friday"
    r"|saturday|sunday))"
)
_WHERE = r"(?:\s+(?:here|outside|out|around\s+here|in\s+(?P<{p}>(?!the\s+day\b)[a-z][a-z .'-]*?)))?"
_IT_BE = r"it\s+(?:(?:going\s+to|gonna|likely\s+to)\s+)?(?:be\s+|get\s+)?"
_DAY_FORMS = (
    # "will it be warmer tomorrow than today", "is it going to be colder in oslo on friday than
    # on thursday", "is it colder than yesterday" (today), "will it get warmer tomorrow" (today)
    lazy_pattern(
        _LEAD + _IT_BE + rf"(?P<word>{_WORD}){_WHERE.format(p='p1')}"
        rf"(?:\s+(?P<a>{_DAY}))?{_WHERE.format(p='p2')}(?:\s+than\s+(?:it\s+(?:is|was)\s+)?"
        rf"(?P<b>{_DAY})(?:\s+(?:is|was))?)?{_WHERE.format(p='p3')}\s*[?.!]*$"
    ),
    # "will tomorrow be warmer than today", "is friday going to be colder than today in rome"
    lazy_pattern(
        _LEAD + rf"(?P<a>{_DAY})\s+(?:(?:going\s+to|gonna)\s+)?(?:be\s+|get\s+)?"
        rf"(?P<word>{_WORD}){_WHERE.format(p='p1')}\s+than\s+(?P<b>{_DAY})"
        rf"{_WHERE.format(p='p2')}\s*[?.!]*$"
    ),
)


def days_compared(text: str) -> DayComparison | None:
    """Two days of one place compared, or None.

    A day is said on one side at least: "will it be warmer" alone asks about now.
    """
    said = " ".join(text.lower().replace("?", " ").split())
    for form in _DAY_FORMS:
        found = form.match(said)
        if found is None or not (found["a"] or found["b"]):
            continue
        day = _day(found["a"] or "today")
        other = _day(found["b"] or "today")
        if day == other:
            continue  # "will it be colder today" is no comparison of two days
        places = [v for k, v in found.groupdict().items() if k.startswith("p") and v]
        word = " ".join(found["word"].split())
        return DayComparison(word, day, other, places[0].strip() if places else None)
    return None


def _day(said: str) -> str:
    said = re.sub(r"^(?:on\s+|the\s+)", "", said.strip())
    return "today" if said in ("now", "tonight") else said

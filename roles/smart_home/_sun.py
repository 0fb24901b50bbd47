"""Commands for sunrise and sunset: "turn on the lights at sunset", "open the blinds at dawn".

Home Assistant users schedule these with the sun (its `sun` trigger); here the role plans
`smart_home.at_sun`, which finds when the sun rises or sets at the user's home (worked out
offline for a home given as coordinates, `_solar`; the weather service's daily sunrise and sunset
for a place name) and sets a timer that runs the command then. The time is
never dropped: a request that names the sun and cannot be read asks instead of acting now.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import parse_duration
from agent_system.understanding.locale import home_statement

if TYPE_CHECKING:
    from collections.abc import Sequence

    from agent_system.routing.models import Turn

__all__ = ["EVENTS", "SUN_WORDS", "WHERE_HOME", "SunTime", "home_answer", "sun_said"]

WHERE_HOME = "Where do you live, so I know when the sun rises and sets there?"
"""The question when no home location is known; the answer completes the request."""

EVENTS = {
    "sunset": "sunset",
    "sundown": "sunset",
    "dusk": "sunset",
    "nightfall": "sunset",
    "sunrise": "sunrise",
    "sunup": "sunrise",
    "dawn": "sunrise",
    "daybreak": "sunrise",
}
"""The words for the two moments, and which of them each means (dusk and dawn are taken as
sunset and sunrise: no twilight times are kept)."""

_MOMENT = (
    r"(?P<word>sun\s?set|sun\s?down|dusk|nightfall|sun\s?rise|sun\s?up|dawn|daybreak)"
    r"|(?P<phrase>(?:the\s+)?sun\s+(?:sets|goes\s+down|is\s+down|comes\s+up|rises|is\s+up)"
    r"|it\s+(?:gets|is|goes|turns)\s+(?:dark|light)|(?:the\s+)?(?:first|last)\s+light)"
)
_PHRASES = {
    "sets": "sunset",
    "goes down": "sunset",
    "is down": "sunset",
    "dark": "sunset",
    "last light": "sunset",
    "comes up": "sunrise",
    "rises": "sunrise",
    "is up": "sunrise",
    "light": "sunrise",
}
_OFFSET = (
    r"(?P<offset>(?:an?|\d+(?:\.\d+)?|half\s+an?|a\s+half)\s*[\w ]{0,20}?)\s+(?P<side>before|after)"
)
_WHEN = lazy_pattern(
    rf"(?:\b{_OFFSET}\s+|\b(?:at|by|around|come|on|from|when|once|as\s+soon\s+as)\s+"
    rf"(?:(?:the|it\s+is|it's)\s+)?)(?:{_MOMENT})\b",
    re.I,
)
_DAY = lazy_pattern(
    r"\b(?:(?P<day>today|tonight|this\s+evening|this\s+morning|tomorrow"
    r"(?:\s+(?:morning|evening|night))?))\b",
    re.I,
)
_EVERY = lazy_pattern(
    r"\b(?:every|each)\s+(?:day|night|evening|morning)\b|\b(?:daily|nightly)\b", re.I
)
SUN_WORDS = lazy_pattern(rf"\b(?:{_MOMENT})\b", re.I)
"""A moment of the sun anywhere in a request (the role then never acts at once)."""
_ASKS = lazy_pattern(
    r"^(?:is|are|was|were|what|whats|what's|which|how|did|does|do|has|will|can i|could i"
    r"|when\s+(?:is|are|does|do|will|was)\b)\b",
    re.I,
)


@dataclass(frozen=True)
class SunTime:
    """A command said for a moment of the sun."""

    command: str
    event: str
    """"sunrise" or "sunset"."""
    said: str
    """The word as said ("dusk"), for the reply."""
    offset: timedelta = timedelta(0)
    """Before (negative) or after the moment: "30 minutes before sunset"."""
    tomorrow: bool = False
    every_day: bool = False


def sun_said(text: str) -> SunTime | None:
    """The command and the moment in "turn on the lights at sunset", or None.

    "at dusk close the blinds", "switch on the porch light when it gets dark", "30 minutes
    before sunset turn on the lights", "open the blinds at sunrise tomorrow". A question ("is
    the porch light on at sunset", "when is sunset") is none.
    """
    said = text.strip().rstrip("?!. ")
    if _ASKS.match(said):
        return None
    found = _WHEN.search(said)
    if found is None:
        return None
    word = re.sub(r"\s+", "", found["word"].lower()) if found["word"] else ""
    if word:
        event = EVENTS[word]
    else:
        phrase = " ".join(found["phrase"].lower().split())
        event = next(e for key, e in _PHRASES.items() if phrase.endswith(key))
        word = "sunset" if event == "sunset" else "sunrise"
    offset = timedelta(0)
    if found["offset"]:
        length = parse_duration(found["offset"])
        if length is None or not timedelta(0) < length <= timedelta(hours=6):
            return None
        offset = -length if found["side"].lower() == "before" else length
    rest = f"{said[: found.start()]} {said[found.end() :]}"
    day = _DAY.search(rest)
    tomorrow = bool(day and day["day"].lower().startswith("tomorrow"))
    every = _EVERY.search(rest)
    for span in (day, every):
        if span is not None:
            rest = rest.replace(span.group(0), " ")
    command = " ".join(rest.split()).strip(" ,")
    command = re.sub(r"^(?:and|then)\s+|\s+(?:and|then)$", "", command, flags=re.I)
    if len(command.split()) < 2:
        return None
    return SunTime(command, event, word, offset, tomorrow, every is not None)


_NOT_A_PLACE = lazy_pattern(
    r"^(?:no|nope|yes|yeah|ok|okay|cancel|stop|never\s*mind|forget\s+it|nothing|what|which|how|"
    r"why|when|who|is|are|do|does|can|could|will|would|turn|switch|set|make|i\s+(?!live))\b",
    re.I,
)


def home_answer(text: str, history: Sequence[Turn]) -> tuple[str, str] | None:
    """(the earlier request, the home) when `text` answers `WHERE_HOME`.

    "Paris", "in Lyon", "i live in Rome, Italy", "we're in 48.85,2.35".
    """
    if not history or history[-1].role != "smart_home" or history[-1].reply != WHERE_HOME:
        return None
    said = text.strip().rstrip("?!. ")
    if not said or _NOT_A_PLACE.match(said) or len(said.split()) > 6:
        return None
    if (home := home_statement(said)) is None:
        place = re.sub(r"^(?:(?:we(?:'re| are)|i(?:'m| am))\s+)?(?:in|at)\s+", "", said, flags=re.I)
        home = home_statement(f"I live in {place}")
    if home is None:
        return None
    return history[-1].text, home

"""Yes or no to a question about one kind of weather.

"will it rain tomorrow", "is it going to snow this week", "is it sunny in Lisbon", "will it be
cold on saturday". The role finds the kind asked about (`expected_in`, only in a yes/no
question); the weather tools answer it first (`verdict` for a day or several, `verdict_now`
for now), then give the forecast as usual. A span ("this week", "the weekend") says which days
have it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from roles.weather.backend import Conditions, Forecast

__all__ = ["KINDS", "expected_in", "verdict", "verdict_now"]

_WORDS: dict[str, str] = {
    **dict.fromkeys(
        "rain raining rainy rains showers shower drizzle drizzling pour pouring wet".split(), "rain"
    ),
    **dict.fromkeys("snow snowing snowy snows blizzard sleet".split(), "snow"),
    **dict.fromkeys("sunny sunshine sun clear".split(), "sun"),
    **dict.fromkeys("storm stormy storms thunder thunderstorm thunderstorms".split(), "storm"),
    **dict.fromkeys("cloudy overcast grey gray".split(), "cloud"),
    **dict.fromkeys("fog foggy misty".split(), "fog"),
    **dict.fromkeys("hot boiling scorching".split(), "hot"),
    **dict.fromkeys("warm mild".split(), "warm"),
    **dict.fromkeys("cold chilly freezing frosty".split(), "cold"),
}
KINDS = frozenset(_WORDS.values())
"""The kinds of weather a yes/no question can ask about."""
_ASKS = re.compile(
    r"^(?:(?:hey|ok|okay|so|and|but|please)\s+)*(?:(?:do\s+you\s+think|(?:can|could)\s+you\s+tell\s+"
    r"me(?:\s+if|\s+whether)?)\s+)?(?:is|will|does|did|are|isn'?t|won'?t|any\s+chance|what\s+are\s+"
    r"the\s+chances|(?:what\s+is|what's)\s+the\s+chance|chance)\b"
)
"""A yes/no question ("will it ...", "is it going to ...", "any chance of ...")."""
_KIND = re.compile(
    r"\b(?:(?:it|there|we|the\s+weather|today|tomorrow|tonight)\b[^?]*?\b)?(?:be\s+|get\s+|of\s+"
    r"|an?\s+|some\s+|any\s+)?(?P<word>" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r")\b"
)
_NOT_ASKED = re.compile(r"\b(?:sun\s*(?:rise|set|up|down)|sun\s+(?:rise|set|come|go)\w*)\b")


def expected_in(text: str) -> str | None:
    """The kind of weather a yes/no question asks about ("rain"), or None."""
    said = " ".join(text.lower().split())
    if not _ASKS.match(said) or _NOT_ASKED.search(said):
        return None
    found = _KIND.search(said)
    return _WORDS[found["word"]] if found else None


def _reading(forecast: Forecast) -> tuple[str, str, float | None, float, float]:
    """(condition, description, chance of precipitation, high, low) of a day or its hour."""
    hourly = forecast.hourly
    if hourly is None:
        return (
            forecast.condition,
            forecast.description.lower(),
            forecast.precipitation_probability,
            forecast.temp_c,
            forecast.temp_min_c,
        )
    chance = hourly.precipitation_probability
    if chance is None:
        chance = forecast.precipitation_probability
    return hourly.condition, hourly.description.lower(), chance, hourly.temp_c, hourly.temp_c


def _has(kind: str, reading: tuple[str, str, float | None, float, float]) -> tuple[bool, bool]:
    """(yes, maybe) for `kind` in a reading."""
    condition, description, chance, high, low = reading
    if kind == "rain":
        yes = condition in ("rain", "storm") or (chance is not None and chance >= 60)
        return yes, not yes and chance is not None and chance >= 30
    if kind == "snow":
        return condition == "snow", False
    if kind == "storm":
        return condition == "storm", False
    if kind == "sun":
        return condition == "sunny", condition == "cloudy" and "partly" in description
    if kind == "cloud":
        return condition == "cloudy", False
    if kind == "fog":
        return condition == "fog", False
    if kind == "hot":
        return high >= 25, 20 <= high < 25
    if kind == "warm":
        return high >= 18, 15 <= high < 18
    return high < 10 or low <= 2, 10 <= high < 15  # cold


_NOUN = {
    "rain": "rain",
    "snow": "snow",
    "storm": "storms",
    "sun": "sunshine",
    "cloud": "clouds",
    "fog": "fog",
    "hot": "hot weather",
    "warm": "warm weather",
    "cold": "cold weather",
}
_ADJECTIVE = {
    "rain": "rainy",
    "snow": "snowy",
    "storm": "stormy",
    "sun": "sunny",
    "cloud": "cloudy",
    "fog": "foggy",
    "hot": "hot",
    "warm": "warm",
    "cold": "cold",
}


def verdict(kind: str, forecasts: list[Forecast], days: list[str]) -> str:
    """Yes, maybe or no for `kind` over `forecasts` (one day or several, named `days`).

    "Yes, rain is likely tomorrow." / "Yes: snow on Sunday." / "No rain expected from today to
    Sunday." / "Maybe: 40% chance of rain tomorrow."
    """
    readings = [(_has(kind, _reading(f)), f, d) for f, d in zip(forecasts, days, strict=True)]
    hits = [(f, d) for (yes, _), f, d in readings if yes]
    maybes = [(f, d) for (yes, maybe), f, d in readings if maybe and not yes]
    noun = _NOUN[kind]
    if len(forecasts) == 1:
        forecast, day = forecasts[0], _lower(days[0])
        if hits:
            if kind == "rain":
                return f"Yes, rain is likely {day}."
            return f"Yes, it looks {_ADJECTIVE[kind]} {day}."
        if maybes:
            chance = _reading(forecast)[2]
            if kind == "rain" and chance is not None:
                return f"Maybe: {chance:.0f}% chance of rain {day}."
            if kind == "hot":
                return f"Warm rather than hot {day}."
            if kind == "warm":
                return f"Mild rather than warm {day}."
            if kind == "cold":
                return f"Cool rather than cold {day}."
            return f"Partly: {_reading(forecast)[1]} {day}."
        return (
            f"No {noun} expected {day}."
            if kind in ("rain", "snow", "storm", "fog")
            else (f"No, it doesn't look {_ADJECTIVE[kind]} {day}.")
        )
    first = days[0].lower() if days[0] in ("Today", "Tomorrow") else days[0]
    span = f"from {first} to {days[-1]}"
    if hits:
        named = _and([_lower(d) for _, d in hits])
        if kind in ("hot", "warm", "cold"):
            return f"Yes: {_ADJECTIVE[kind]} {named}."
        return f"Yes: {noun} {named}."
    if maybes:
        return f"Maybe: a chance of {noun} {_and([_lower(d) for _, d in maybes])}."
    return f"No {noun} expected {span}."


def verdict_now(kind: str, now: Conditions) -> str:
    """Yes or no for `kind` right now: "Yes, it's raining." / "No, it's overcast."."""
    reading = (now.condition, now.description.lower(), None, now.temp_c, now.temp_c)
    if _has(kind, reading)[0]:
        return {"rain": "Yes, it's raining.", "snow": "Yes, it's snowing."}.get(
            kind, f"Yes, it's {_ADJECTIVE[kind]}."
        )
    return f"No, it's {now.description}."


def _lower(day: str) -> str:
    return day.lower() if day in ("Today", "Tomorrow") else f"on {day}"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

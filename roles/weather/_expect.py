"""Yes or no to a question about one kind of weather.

"will it rain tomorrow", "is it going to snow this week", "is it sunny in Lisbon", "will it be
cold on saturday". The role finds the kind asked about (`expected_in`, only in a yes/no
question); the weather tools answer it first (`verdict` for a day or several, `verdict_now`
for now), then give the forecast as usual. A span ("this week", "the weekend") says which days
have it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from agent_system._lazy import lazy_pattern
from agent_system.understanding._format import said_together

if TYPE_CHECKING:
    from roles.weather.backend import Conditions, Forecast

__all__ = ["KINDS", "expected_in", "verdict", "verdict_now"]

_WORDS: dict[str, str] = {
    **dict.fromkeys(
        "rain raining rainy rains showers shower drizzle drizzling pour pouring wet".split(), "rain"
    ),
    **dict.fromkeys("snow snowing snowy snows blizzard sleet".split(), "snow"),
    **dict.fromkeys("sunny sunshine sun clear".split(), "sun"),
    **dict.fromkeys(
        (
            "storm stormy storms thunder thunderstorm thunderstorms tornado tornadoes tornados "
            "hurricane hurricanes typhoon typhoons"
        ).split(),
        "storm",
    ),
    **dict.fromkeys("cloudy overcast grey gray".split(), "cloud"),
    **dict.fromkeys("fog foggy misty".split(), "fog"),
    **dict.fromkeys("hot boiling scorching sweltering roasting".split(), "hot"),
    **dict.fromkeys("warm warmer".split(), "warm"),
    **dict.fromkeys("mild temperate balmy pleasant".split(), "mild"),
    **dict.fromkeys("cold chilly cool nippy colder".split(), "cold"),
    **dict.fromkeys("freezing frosty frost icy".split(), "freezing"),
    **dict.fromkeys("hail hailing hailstorm hailstones".split(), "hail"),
    **dict.fromkeys("windy wind breezy gusty blustery".split(), "windy"),
    **dict.fromkeys("humid muggy sticky".split(), "humid"),
}
KINDS = frozenset(_WORDS.values())
"""The kinds of weather a yes/no question can ask about."""
_ASKS = lazy_pattern(
    r"^(?:(?:hey|ok|okay|so|and|but|please)\s+)*(?:(?:do\s+you\s+think|(?:can|could)\s+you\s+tell\s+"
    r"me(?:\s+if|\s+whether)?)\s+)?(?:is|will|does|did|are|isn'?t|won'?t|any\s+chance|what\s+are\s+"
    r"the\s+chances|(?:what\s+is|what's)\s+the\s+chance|chance)\b"
)
"""A yes/no question ("will it ...", "is it going to ...", "any chance of ...")."""
_KIND = lazy_pattern(
    r"\b(?:(?:it|there|we|the\s+weather|today|tomorrow|tonight)\b[^?]*?\b)?(?:be\s+|get\s+|of\s+"
    r"|an?\s+|some\s+|any\s+)?(?P<word>" + "|".join(sorted(_WORDS, key=len, reverse=True)) + r")\b"
)
_NOT_ASKED = lazy_pattern(r"\b(?:sun\s*(?:rise|set|up|down)|sun\s+(?:rise|set|come|go)\w*)\b")


def expected_in(text: str) -> str | None:
    """The kind of weather a yes/no question asks about ("rain"), or None."""
    said = " ".join(text.lower().split())
    if not _ASKS.match(said) or _NOT_ASKED.search(said):
        return None
    found = _KIND.search(said)
    return _WORDS[found["word"]] if found else None


class _Reading(NamedTuple):
    """The weather of a day, an hour or now, as a yes/no question reads it."""

    condition: str
    description: str
    chance: float | None
    high: float
    low: float
    wind: float | None = None
    humidity: float | None = None
    imperial: bool = False

    def temps(self) -> str:
        """The temperature said: "12°C", or "4°C to 12°C" for a day."""
        if self.high == self.low:
            return self._degrees(self.high)
        return f"{self._degrees(self.low)} to {self._degrees(self.high)}"

    def _degrees(self, celsius: float) -> str:
        return f"{celsius * 9 / 5 + 32:.0f}°F" if self.imperial else f"{celsius:.0f}°C"

    def wind_text(self) -> str:
        assert self.wind is not None
        return f"{self.wind / 1.609344:.0f} mph" if self.imperial else f"{self.wind:.0f} km/h"


def _reading(forecast: Forecast, imperial: bool = False) -> _Reading:
    """The reading of a day, or of its hour when one was asked."""
    hourly = forecast.hourly
    if hourly is None:
        return _Reading(
            forecast.condition,
            forecast.description.lower(),
            forecast.precipitation_probability,
            forecast.temp_c,
            forecast.temp_min_c,
            forecast.wind_kmh,
            forecast.humidity,
            imperial,
        )
    chance = hourly.precipitation_probability
    if chance is None:
        chance = forecast.precipitation_probability
    return _Reading(
        hourly.condition,
        hourly.description.lower(),
        chance,
        hourly.temp_c,
        hourly.temp_c,
        hourly.wind_kmh,
        hourly.humidity,
        imperial,
    )


_TEMPERATURES = frozenset({"hot", "warm", "mild", "cold", "freezing"})
"""Kinds answered from the temperature: the verdict says it."""


def _has(kind: str, reading: _Reading) -> tuple[bool, bool]:
    """(yes, maybe) for `kind` in a reading."""
    condition, description, chance, high, low = reading[:5]
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
    if kind == "mild":
        return 12 <= high <= 22 and low > 0, 8 <= high < 12 or 22 < high <= 25
    if kind == "freezing":
        return low <= 0, 0 < low <= 3
    if kind == "hail":
        return "hail" in description, False
    if kind == "windy":
        wind = reading.wind
        return wind is not None and wind >= 30, wind is not None and 20 <= wind < 30
    if kind == "humid":
        humidity = reading.humidity
        return humidity is not None and humidity >= 75, humidity is not None and 60 <= humidity < 75
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
    "mild": "mild weather",
    "cold": "cold weather",
    "freezing": "frost",
    "hail": "hail",
    "windy": "strong wind",
    "humid": "humid weather",
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
    "mild": "mild",
    "cold": "cold",
    "freezing": "freezing",
    "hail": "hailing",
    "windy": "windy",
    "humid": "humid",
}


def _measured(kind: str, reading: _Reading) -> str:
    """What a yes or no rests on, for the kinds read from a number: ": 4°C to 12°C"."""
    if kind in _TEMPERATURES:
        return f": {reading.temps()}"
    if kind == "windy" and reading.wind is not None:
        return f": wind {reading.wind_text()}"
    if kind == "humid" and reading.humidity is not None:
        return f": {reading.humidity:.0f}% humidity"
    return ""


def days_meant(kind: str, forecasts: list[Forecast], imperial: bool = False) -> list[int]:
    """The indexes of the days of `forecasts` where `kind` is likely or possible."""
    return [i for i, f in enumerate(forecasts) if any(_has(kind, _reading(f, imperial)))]


def verdict(kind: str, forecasts: list[Forecast], days: list[str], imperial: bool = False) -> str:
    """Yes, maybe or no for `kind` over `forecasts` (one day or several, named `days`).

    "Yes, rain is likely tomorrow." / "Yes: snow on Sunday." / "No rain expected from today to
    Sunday." / "Maybe: 40% chance of rain tomorrow." / "No, it doesn't look hot today: 3°C to
    12°C."
    """
    readings = [
        (_has(kind, _reading(f, imperial)), f, d) for f, d in zip(forecasts, days, strict=True)
    ]
    hits = [(f, d) for (yes, _), f, d in readings if yes]
    maybes = [(f, d) for (yes, maybe), f, d in readings if maybe and not yes]
    noun = _NOUN[kind]
    if len(forecasts) == 1:
        forecast, day = forecasts[0], _lower(days[0])
        reading = _reading(forecast, imperial)
        said = _measured(kind, reading)
        if hits:
            if kind == "rain":
                return f"Yes, rain is likely {day}."
            if kind == "hail":
                return f"Yes, hail is likely {day}."
            return f"Yes, it looks {_ADJECTIVE[kind]} {day}{said}."
        if maybes:
            if kind == "rain" and reading.chance is not None:
                return f"Maybe: {reading.chance:.0f}% chance of rain {day}."
            if kind == "mild":
                return f"{'Warm' if reading.high > 22 else 'Cool'} rather than mild {day}{said}."
            if kind in _RATHER:
                return f"{_RATHER[kind]} {day}{said}."
            return f"Partly: {reading.description} {day}."
        return (
            f"No {noun} expected {day}."
            if kind in ("rain", "snow", "storm", "fog", "hail")
            else (f"No, it doesn't look {_ADJECTIVE[kind]} {day}{said}.")
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


_RATHER = {
    "hot": "Warm rather than hot",
    "warm": "Mild rather than warm",
    "cold": "Cool rather than cold",
    "freezing": "Close to freezing",
    "windy": "A breeze rather than windy",
    "humid": "Somewhat humid",
}
"""A maybe of a kind read from a number, said as what it is instead."""


def verdict_now(kind: str, now: Conditions, imperial: bool = False) -> str:
    """Yes or no for `kind` right now.

    "Yes, it's raining." / "No, it's overcast." / "No, it's 11°C." (a kind read from the
    temperature) / "Yes, wind 35 km/h.".
    """
    reading = _Reading(
        now.condition,
        now.description.lower(),
        None,
        now.temp_c,
        now.temp_c,
        now.wind_kmh,
        now.humidity,
        imperial,
    )
    yes = _has(kind, reading)[0]
    if kind in _TEMPERATURES:
        return f"{'Yes' if yes else 'No'}, it's {reading.temps()}."
    if kind in ("windy", "humid") and (said := _measured(kind, reading)):
        return f"{'Yes' if yes else 'No'}{said.replace(':', ',', 1)}."
    if yes:
        return {"rain": "Yes, it's raining.", "snow": "Yes, it's snowing."}.get(
            kind, f"Yes, it's {_ADJECTIVE[kind]}."
        )
    return f"No, it's {now.description}."


def _lower(day: str) -> str:
    return day.lower() if day in ("Today", "Tomorrow") else f"on {day}"


def _and(parts: list[str]) -> str:
    return said_together(parts)

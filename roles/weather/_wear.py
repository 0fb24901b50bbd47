"""What to wear or take for the weather: "do i need an umbrella", "is it shorts weather".

The role finds the thing asked about (`wear_in`), the forecast tool answers yes or no from the
forecast before the forecast itself (`advice`): rain gear when rain, a storm or a good chance of
precipitation is forecast; warm clothes when the day stays cool; sun protection when it is
sunny or hot; summer clothes when it is warm and dry. The first stage claims such questions
with `WEAR` (nothing of another role in them).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern

if TYPE_CHECKING:
    from roles.weather.backend import Forecast

__all__ = ["GEAR", "OUTFIT", "WEAR", "advice", "advice_days", "wear_in"]

_KINDS: dict[str, tuple[str, ...]] = {
    "rain": (
        "umbrella",
        "brolly",
        "raincoat",
        "rain coat",
        "rain jacket",
        "poncho",
        "wellies",
        "wellingtons",
        "rain boots",
        "rainboots",
        "galoshes",
    ),
    "cold": (
        "coat",
        "jacket",
        "gloves",
        "scarf",
        "mittens",
        "beanie",
        "jumper",
        "sweater",
        "hoodie",
        "fleece",
        "layers",
        "thermals",
        "pants",
        "trousers",
        "long sleeves",
        "boots",
        "parka",
        "warm clothes",
        "hat",
    ),
    "sun": ("sunscreen", "sunblock", "sun block", "suncream", "sun cream", "sunglasses", "sun hat"),
    "warm": ("shorts", "t-shirt", "t shirt", "tshirt", "sandals", "flip flops", "short sleeves"),
}
_KIND_OF = {word: kind for kind, words in _KINDS.items() for word in words}
GEAR = "|".join(
    re.escape(w).replace(r"\ ", r"\s?") for w in sorted(_KIND_OF, key=len, reverse=True)
)
"""Every thing to wear or take the role knows, as a regex alternation."""
_OWN = r"(?:an?\s+|my\s+|some\s+|any\s+|the\s+|a\s+pair\s+of\s+|extra\s+|warm\s+)?"
WEAR = lazy_pattern(
    r"\b(?:do|will|should|would|shall|can|must)\s+(?:i|we)\s+(?:(?:need|have|want|ought)\s+to\s+)?"
    r"(?:need|want|take|bring|wear|pack|grab|carry|put\s+on)\s+" + _OWN + rf"(?:{GEAR})\b"
    rf"|\b(?:i|we)\s+(?:am\s+|will\s+|'ll\s+|'m\s+)?(?:going\s+to\s+)?need\s+{_OWN}(?:{GEAR})\s+"
    r"(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|weekend)|on\s+\w+day)\b"
    rf"|\bis\s+(?:it|today|tomorrow|tonight|this)\s+(?:an?\s+)?(?:{GEAR})\s+(?:day|weather)\b"
    rf"|\bwithout\s+{_OWN}(?:{GEAR})\b"
    r"|\bwhat\s+(?:should|do|shall|would|must)\s+(?:i|we)\s+(?:wear|put\s+on|dress\s+in)\b"
    r"|^(?:(?:and|so|ok|okay)\s+)*(?:what|how)\s+(?:to|should\s+(?:i|we))\s+(?:wear|dress)\b",
    re.IGNORECASE,
)
"""A question what to wear or take: "do i need to take an umbrella with me", "should we pack
shorts", "i'm going to need my hat today", "is today a sunscreen day", "can i go out without a
coat"."""
_FIND = lazy_pattern(rf"\b(?P<thing>{GEAR})\b", re.IGNORECASE)


_OUTFIT = lazy_pattern(
    r"\bwhat\s+(?:should|do|shall|would|must)\s+(?:i|we)\s+(?:wear|put\s+on|dress\s+in)\b"
    r"|\b(?:what|how)\s+(?:to|should\s+(?:i|we))\s+(?:wear|dress)\b",
    re.IGNORECASE,
)
OUTFIT = "what to wear"
"""The thing asked about when no thing is named: "what should i wear"."""


def wear_in(text: str) -> str | None:
    """The thing to wear or take a weather request asks about ("umbrella"), or None."""
    found = _FIND.search(text)
    if found is None:
        return OUTFIT if _OUTFIT.search(text) else None
    return " ".join(found["thing"].lower().split())


def _outfit(forecast: Forecast) -> str:
    """What to wear for `forecast`, in a sentence."""
    if _yes("cold", forecast):
        clothes = "a warm coat"
    elif _yes("warm", forecast):
        clothes = "light clothes"
    else:
        clothes = "a light jacket or a jumper"
    extra = [what for kind, what in (("rain", "an umbrella"), ("sun", "sunscreen"))
             if _yes(kind, forecast)]  # fmt: skip
    take = f", and take {' and '.join(extra)}" if extra else ""
    return f"I'd wear {clothes}{take}."


_NO_ARTICLE = frozenset(
    "gloves mittens layers thermals pants trousers long sleeves boots warm clothes shorts "
    "sandals flip flops short sleeves sunscreen sunblock sun block suncream sun cream sunglasses "
    "wellies wellingtons rain boots rainboots galoshes".split(" ")
)


def _thing(word: str) -> str:
    if word in _NO_ARTICLE or word.endswith("s"):
        return word
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _yes(kind: str, forecast: Forecast) -> bool:
    hourly = forecast.hourly
    condition = hourly.condition if hourly is not None else forecast.condition
    high = hourly.temp_c if hourly is not None else forecast.temp_c
    chance = forecast.precipitation_probability
    if hourly is not None and hourly.precipitation_probability is not None:
        chance = hourly.precipitation_probability
    wet = condition in ("rain", "storm", "snow") or (chance is not None and chance >= 40)
    if kind == "rain":
        return wet
    if kind == "cold":
        return high < 15 or condition == "snow"
    if kind == "sun":
        return condition == "sunny" or high >= 25
    return high >= 22 and not wet  # warm: shorts, sandals


def advice(word: str, forecast: Forecast) -> str | None:
    """Yes or no for `word` ("umbrella") on the day (or hour) of `forecast`.

    None when the word is not one the role knows.
    """
    said = " ".join(word.lower().split())
    if said == OUTFIT:
        return _outfit(forecast)
    kind = _KIND_OF.get(said)
    if kind is None:
        return None
    if kind == "cold" and said == "hat" and forecast.condition == "sunny" and forecast.temp_c >= 22:
        kind = "sun"  # a sun hat on a hot sunny day
    thing = _thing(said)
    if kind == "warm":
        warm = _yes(kind, forecast)
        return f"Yes, it's {said} weather." if warm else f"No, it's not {said} weather."
    if _yes(kind, forecast):
        return f"Yes, you'll want {thing}." if kind == "cold" else f"Yes, take {thing}."
    return f"No, you shouldn't need {thing}."


def advice_days(word: str, forecasts: list[Forecast], days: list[str]) -> str | None:
    """Yes or no for `word` over several days (a weekend, a week), naming the days it is yes.

    "Yes, take an umbrella on Saturday and on Sunday." / "No, you shouldn't need an umbrella
    from Saturday to Sunday." None when the word is not one the role knows.
    """
    said = " ".join(word.lower().split())
    kind = _KIND_OF.get(said)
    if kind is None or not forecasts:
        return None
    yes = [_named(d) for f, d in zip(forecasts, days, strict=True) if _yes(kind, f)]
    thing = _thing(said)
    if not yes:
        first = days[0].lower() if days[0] in ("Today", "Tomorrow") else days[0]
        if kind == "warm":
            return f"No, it's not {said} weather from {first} to {days[-1]}."
        return f"No, you shouldn't need {thing} from {first} to {days[-1]}."
    on = yes[0] if len(yes) == 1 else ", ".join(yes[:-1]) + " and " + yes[-1]
    if len(yes) == len(days) > 2:  # a whole week: "every day from Monday to Sunday"
        on = f"every day from {_named(days[0]).removeprefix('on ')} to {days[-1]}"
    if kind == "warm":
        return f"Yes, it's {said} weather {on}."
    return f"Yes, you'll want {thing} {on}." if kind == "cold" else f"Yes, take {thing} {on}."


def _named(day: str) -> str:
    return day.lower() if day in ("Today", "Tomorrow") else f"on {day}"

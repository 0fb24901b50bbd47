"""Light colors: the names the tools accept, and the color a shade or tint names."""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = [
    "COLORS",
    "KELVIN",
    "QUALITIES",
    "color_of",
    "kelvin_of",
    "kelvin_range",
    "kelvin_said",
    "of_quality",
    "undescribed",
]

COLORS = frozenset(
    "red orange yellow green blue purple pink white cyan magenta violet teal turquoise "
    "lime gold amber indigo lavender".split()
) | {"warm white", "cool white", "daylight"}
"""The colors a light can be set to (Home Assistant's color names people use most)."""
_SHADE = lazy_pattern(
    r"^(?:light|dark|deep|pale|bright|soft|pastel|hot|baby|sky|navy|royal|lemon|forest|"
    r"blood|rose)\s+(?=\w)|(?<=\w)(?:ish|y)$"
)
"""A shade or tint of a color: "sky blue", "pale pink", "pinkish", "orangey" (the color itself)."""


QUALITIES: dict[str, tuple[str, ...]] = {
    "dark": ("blue", "purple", "indigo", "red", "violet"),
    "vibrant": ("red", "orange", "yellow", "green", "magenta", "cyan"),
    "pastel": ("pink", "lavender", "turquoise", "amber"),
    "random": ("red", "orange", "yellow", "green", "blue", "purple", "pink", "cyan", "magenta"),
}
"""A quality of colour people ask for ("dark colours", "something random") and the colours
that have it."""
_SAID_AS = {"black light": "violet", "blacklight": "violet", "uv": "violet", "uv light": "violet"}
"""Lights named for what they look like ("black light": ultraviolet, a deep violet)."""


def of_quality(quality: str, current: str, pick: int) -> str:
    """A colour of `quality` other than `current`.

    The next one for "dark" and its kind (a light that has one already moves on), any of them
    for "random" (`pick`, a random number).
    """
    colours = QUALITIES[quality]
    others = [c for c in colours if c != current] or list(colours)
    if quality == "random":
        return others[pick % len(others)]
    if current in colours:
        return colours[(colours.index(current) + 1) % len(colours)]
    return colours[0]


KELVIN = lazy_pattern(
    r"\b(?P<k>[1-9]\d{3,4}|[1-9]\d? ?thousand(?: (?:five|5) hundred)?) ?"
    r"(?:k|kelvins?|degrees? kelvin)\b",
    re.I,
)
"""A colour temperature said in kelvin: "3000 kelvin", "2700k", "3 thousand kelvin"."""
_KELVIN_VALUE = lazy_pattern(r"^(?P<k>\d{4,5}) ?k$", re.I)
_LOW_K, _HIGH_K = 1500, 9000


def kelvin_of(color: str) -> int | None:
    """The kelvin of a colour-temperature value ("3000K", "3000 kelvin"), else None."""
    said = color.strip().lower().replace("kelvins", "k").replace("kelvin", "k")
    found = _KELVIN_VALUE.match(said)
    return int(found["k"]) if found else None


def kelvin_said(text: str) -> str | None:
    """The colour temperature said in `text` as "3000K" ("3000 kelvin", "2700k"), else None."""
    found = KELVIN.search(text)
    if found is None:
        return None
    said = found["k"].lower()
    if "thousand" in said:
        thousands, _, rest = said.partition("thousand")
        value = int(thousands.strip()) * 1000 + (500 if rest.strip() else 0)
    else:
        value = int(said)
    return f"{value}K"


def kelvin_range() -> tuple[int, int]:
    """The colour temperatures a light can be asked for, in kelvin."""
    return _LOW_K, _HIGH_K


_SURFACE = (
    r"black|white|red|blue|green|grey|gray|silver|gold|pink|purple|yellow|orange|brown|beige|"
    r"cream"
)
_NOT_LIGHT = (
    r"fans?|tv|television|radio|stereo|speakers?|plugs?|sockets?|outlets?|heaters?|kettles?|"
    r"(?:coffee |espresso )?(?:machine|maker)s?|doors?|blinds?|curtains?|shades?|shutters?|"
    r"vacuum(?: cleaner)?|roomba|robot|fridge|freezer|(?:de)?humidifier|purifier|switch(?:es)?|"
    r"thermostat|air conditioner|ac unit|router|printer|console|xbox|playstation|washer|dryer"
)
_DESCRIBED = lazy_pattern(rf"\b(?:{_SURFACE}) (?=(?:[a-z']+ )?(?:{_NOT_LIGHT})\b)", re.I)


def undescribed(text: str, names: list[str]) -> str:
    """`text` without a colour that describes a device with no light ("the white fan": the fan).

    Kept when a device's own name says it ("Black speaker" in `names`, lower case).
    """

    def drop(found: re.Match[str]) -> str:
        rest = text[found.end() :].lower()
        said = f"{found.group(0).lower()}{rest}"
        if any(said.startswith(name) for name in names):
            return found.group(0)
        return ""

    return _DESCRIBED.sub(drop, text)


def color_of(said: str) -> str:
    """The color `said` names: as said, or the color of a shade or tint ("pinkish" -> pink)."""
    wanted = " ".join(said.lower().split())
    if wanted in COLORS:
        return wanted
    if wanted in _SAID_AS:
        return _SAID_AS[wanted]
    base = _SHADE.sub("", wanted)
    base = {"blu": "blue", "purpl": "purple", "redd": "red"}.get(base, base)
    return base if base in COLORS else wanted

"""Light colors: the names the tools accept, and the color a shade or tint names."""

from __future__ import annotations

import re

__all__ = ["COLORS", "QUALITIES", "color_of", "of_quality"]

COLORS = frozenset(
    "red orange yellow green blue purple pink white cyan magenta violet teal turquoise "
    "lime gold amber indigo lavender".split()
) | {"warm white", "cool white", "daylight"}
"""The colors a light can be set to (Home Assistant's color names people use most)."""
_SHADE = re.compile(
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

"""Light colors: the names the tools accept, and the color a shade or tint names."""

from __future__ import annotations

import re

__all__ = ["COLORS", "color_of"]

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


def color_of(said: str) -> str:
    """The color `said` names: as said, or the color of a shade or tint ("pinkish" -> pink)."""
    wanted = " ".join(said.lower().split())
    if wanted in COLORS:
        return wanted
    base = _SHADE.sub("", wanted)
    base = {"blu": "blue", "purpl": "purple", "redd": "red"}.get(base, base)
    return base if base in COLORS else wanted

"""A light follow-up: "make it brighter", "dim it a bit", "make it blue" after a light command;
"turn it up" / "louder" after a TV or speaker command.

Right after "turn on the bedroom light", "make it brighter" means that light, not every lit one:
`light_step` reads the change (a brightness step or a colour) for the frame
(`agent_system.understanding._frame`), which applies it to the light the last call used, or to
the light the follow-up names ("the kitchen one blue").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from agent_system._lazy import lazy_pattern

__all__ = ["light_step", "lightish", "says_loudness", "volume_step"]

_LIGHT_TOOLS = ("smart_home.turn_on", "smart_home.turn_off", "smart_home.set_brightness",
                "smart_home.set_color")  # fmt: skip
_LIGHTISH = lazy_pattern(r"\b(?:lights?|lamps?|bulbs?|lighting|chandeliers?|sconces?|led)\b", re.I)
"""A device named as a light: "kitchen light", "bedside lamp", "led strip" (the one test the
follow-up frames share)."""


def lightish(device: str) -> bool:
    """`device` (as said) is a light: "kitchen light", "bedside lamp"."""
    return _LIGHTISH.search(device) is not None


_BRIGHTER = lazy_pattern(r"\b(?:brighter|brighten|lighter|more light|turn (?:it|them) up)\b")
_DIMMER = lazy_pattern(r"\b(?:dimmer|dim|darker|darken|less light|turn (?:it|them) down)\b")
_A_BIT = lazy_pattern(r"\b(?:a (?:little )?bit|a little|slightly|a touch|a tad)\b")
_HUES = lazy_pattern(
    r"\b(?P<c>warm white|cool white|red|orange|yellow|green|blue|purple|pink|white|cyan|magenta|"
    r"violet|teal|turquoise|lime|gold|amber|indigo|lavender|daylight|warmer|cooler|colder)\b"
)
_TEMPERATURE = {"warmer": "warm white", "cooler": "cool white", "colder": "cool white"}
"""Warmer or cooler light is its colour temperature ("make it warmer" after a light)."""
_CHANGE_WORDS = lazy_pattern(
    r"\b(?:make|change|set|turn|switch|brighter|brighten|lighter|dimmer|dim|darker|darken|more|"
    r"less|light|to|up|down|please|colou?r)\b"
)
SMALL_STEP, STEP = 10, 20
"""Brightness steps in percent: "a bit brighter" and "brighter"."""


def light_step(
    tool: str, arguments: Mapping[str, Any], norm: str, rest: str
) -> tuple[str, list[tuple[str, dict[str, Any]]]] | None:
    """(what is left of `rest` to name another light, the calls without their target) when the
    follow-up `norm` changes the light of the last call (`tool` with `arguments`), else None."""
    device = str(arguments.get("device", ""))
    switched = tool in ("smart_home.turn_on", "smart_home.turn_off")
    if tool not in _LIGHT_TOOLS or (switched and not lightish(device)):
        return None  # "turn it up" after turning on the TV is no light's
    hue = _HUES.search(rest)
    up, down = _BRIGHTER.search(norm), _DIMMER.search(norm)
    if hue is None and up is None and down is None:
        return None
    said = _CHANGE_WORDS.sub(" ", _HUES.sub(" ", _A_BIT.sub(" ", rest)))
    if hue is not None:
        color = _TEMPERATURE.get(hue["c"], hue["c"])
        return said, [("smart_home.set_color", {"color": color})]
    if (level := _LEVEL.search(rest)) is not None:  # "dim it to 20%", "brighten it by 10 percent"
        said = re.sub(r"\b(?:by|to|at)\b|(?<![\w.])\d{1,3}\s*(?:%|percent\b)?", " ", said)
        if level["by"]:
            n = int(level["n"])
            return said, [("smart_home.set_brightness", {"change": n if up else -n})]
        return said, [("smart_home.set_brightness", {"brightness": min(int(level["n"]), 100)})]
    step = SMALL_STEP if _A_BIT.search(norm) else STEP
    return said, [("smart_home.set_brightness", {"change": step if up else -step})]


_LEVEL = lazy_pattern(
    r"\b(?:(?P<to>to|at)|(?P<by>by))\s+(?P<n>\d{1,3})\s*(?:%|percent\b)?(?![\w.])"
)
"""A brightness said with the change: "to 20%", "by 10 percent"."""

_PLAYERISH = lazy_pattern(r"\b(?:tv|television|speakers?|radio|music|player|stereo|media)\b", re.I)
_LOUDER = lazy_pattern(r"\b(?:turn|crank|pump) (?:it|that|this|them) up\b|\blouder\b")
_SOFTER = lazy_pattern(r"\bturn (?:it|that|this|them) down\b|\b(?:quieter|softer)\b")
VOLUME_STEP = 10


def volume_step(tool: str, arguments: Mapping[str, Any], norm: str) -> dict[str, Any] | None:
    """The ``smart_home.set_volume`` arguments (without the target) for "turn it up" / "louder"
    right after a call to a TV or speaker, else None."""
    device = str(arguments.get("device", ""))
    player = tool in ("smart_home.set_volume", "smart_home.media") or (
        tool == "smart_home.turn_on" and _PLAYERISH.search(device) is not None
    )
    up, down = _LOUDER.search(norm), _SOFTER.search(norm)
    if not player or (up is None and down is None):
        return None
    return {"change": VOLUME_STEP if up else -VOLUME_STEP}


def says_loudness(norm: str) -> bool:
    """Whether `norm` asks for a louder or softer sound ("louder", "turn it down")."""
    return bool(_LOUDER.search(norm) or _SOFTER.search(norm))

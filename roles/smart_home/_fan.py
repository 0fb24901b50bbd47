"""A fan's speed said the everyday way.

"make the ceiling fan faster", "fan speed to 60", "turn the fan up", "slow the fan down a bit":
`set_fan_speed`, a level or a step of 20 points (10 for "a bit").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from agent_system.understanding import normalize
from roles.smart_home._targets import KIND_NOUNS, area_said, named
from roles.smart_home._verbs import QUESTION
from roles.smart_home.backend import Device

__all__ = ["fan_speed"]

_FAN = lazy_pattern(r"\bfans?\b")
_OTHER = lazy_pattern(rf"\b(?:{KIND_NOUNS['light']}|{KIND_NOUNS['media_player']}|volume)\b")
_LEVEL = lazy_pattern(r"\b(?:to|at)\s+(?P<n>\d{1,3})\s*(?:%|percent)?(?:\s|$)")
_TOP = lazy_pattern(r"\b(?:max(?:imum)?|full(?: speed| power| blast)?|highest|top speed)\b")
_HALF = lazy_pattern(r"\b(?:half|half speed|medium)\b")
_UP = lazy_pattern(
    r"\b(?:faster|speed (?:\w+ )?up|up|higher|increase|raise|boost|crank|more)\b|\bspeed it up\b"
)
_DOWN = lazy_pattern(r"\b(?:slower|slow (?:\w+ )*down|down|lower|decrease|reduce|less)\b")
_SPEED = lazy_pattern(r"\b(?:speed|faster|slower|fast|slow)\b")
_A_BIT = lazy_pattern(r"\b(?:a (?:bit|little|touch|tad)|slightly|a notch)\b")


def fan_speed(text: str, known: Sequence[Device]) -> RoleCall | None:
    """`set_fan_speed` for a fan's speed said without a template's words, else None.

    Only when the home has a fan, the request names a fan (a fan's name or "the fan") and
    nothing that is not one ("the fan light", "the fan and the tv"), and says a level or a
    direction ("turn on the fan" stays a switch).
    """
    fans = [d for d in known if d.kind == "fan"]
    said = normalize(text)
    if not fans or QUESTION.match(said) or _OTHER.search(said):
        return None
    name = named(said, fans, frozenset({"fan"}))
    if name is None and not _FAN.search(said):
        return None
    arguments: dict[str, Any] = {"device": name or "fan"}
    if (area := area_said(said, known)) is not None and area not in (name or ""):
        arguments["area"] = area
    level = _LEVEL.search(said)
    if level is not None and (_SPEED.search(said) or re.search(r"%|percent", said)):
        return RoleCall(
            "smart_home.set_fan_speed", {**arguments, "percentage": min(100, int(level["n"]))}
        )
    if _TOP.search(said):
        return RoleCall("smart_home.set_fan_speed", {**arguments, "percentage": 100})
    if _HALF.search(said) and _SPEED.search(said):
        return RoleCall("smart_home.set_fan_speed", {**arguments, "percentage": 50})
    step = 10 if _A_BIT.search(said) else 20
    if _DOWN.search(said):
        return RoleCall("smart_home.set_fan_speed", {**arguments, "change": -step})
    if _UP.search(said):
        return RoleCall("smart_home.set_fan_speed", {**arguments, "change": step})
    return None

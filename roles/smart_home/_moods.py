"""Mood lighting: "set the lights for a romantic dinner", "reading light please", "night mode".

A mood names no colour or level, but people agree on what it looks like. When the home has a
scene called by the mood's word ("Romantic", "Movie night"), that scene is activated (as Home
Assistant's scenes are); otherwise the lights change to the mood's colour and brightness:

=========================================  ==============  ==========
mood words                                 colour          brightness
=========================================  ==============  ==========
romantic, candlelight, date night          red             30
relax, cosy, chill, calm, ambience, mood   warm white      50
reading, study, focus, work                cool white      100
night, sleep, bedtime                      warm white      10
movie, film, cinema                        warm white      20
party, disco                               purple          100
=========================================  ==============  ==========
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from roles.smart_home.backend import Device

__all__ = ["MOOD_WORDS", "mood"]

_MOODS: tuple[tuple[str, str, str, int], ...] = (
    ("romantic", r"romantic|romance|candle ?light|date night|intimate", "red", 30),
    (
        "relax",
        r"relax|relaxing|relaxed|cosy|cozy|chill|calm|calming|soothing|ambiance|ambience|"
        r"ambient|atmosphere|mood",
        "warm white",
        50,
    ),
    ("reading", r"reading|study|studying|focus|concentrate|concentration", "cool white", 100),
    ("night", r"night|sleep|sleeping|bedtime|bed time|nighttime", "warm white", 10),
    ("movie", r"movie|film|cinema", "warm white", 20),
    ("party", r"party|disco|celebration", "purple", 100),
)
MOOD_WORDS = lazy_pattern(
    r"\b(?:" + "|".join(words for _, words, _, _ in _MOODS) + r")(?: (?:lights?|lighting))?\b"
)
"""A mood said with its lighting ("the mood lighting", "party lights"): no device's name."""
_LIGHTING = lazy_pattern(
    r"\b(?:lights?|lighting|lamps?|bulbs?|setting|scene|mode|mood|ambiance|ambience|"
    r"atmosphere|ambient|colou?rs|vibes?)\b"
)
_ROOM_MOOD = lazy_pattern(
    r"^(?:make|get) (?:it|this room|the room|my room|the place|this place|the house) "
    r"(?:more |a (?:little |bit )?|nice and |really |extra )?(?:cosy|cozy|romantic|relaxing)\b"
)
"""A mood for the room that names no lamp: "make it cosy in here", "make the room romantic"."""
_NOT_A_MOOD = lazy_pattern(
    r"\b(?:on|off|timer|alarm|remind|music|song|play|weather|tv|volume|news|story)\b|"
    r"\b(?:at|by|until) (?:night|bedtime)\b|\b(?:tonight|last night|tomorrow)\b"
)

LightCall = Callable[[str, str, dict[str, object]], RoleCall | Clarification]
"""Plans a light tool (name, request text, extra arguments) for the lights the text is about."""


def _scene(words: str, devices: Sequence[Device]) -> str | None:
    """The home's scene whose name opens with one of a mood's words ("Movie night")."""
    for device in devices:
        if device.kind == "scene" and re.match(rf"(?:{words})\b", device.name.lower()):
            return device.name
    return None


def mood(
    text: str, devices: Sequence[Device], light_call: LightCall
) -> RoleCall | RolePlan | Clarification | None:
    """The scene or light changes for a mood said with lighting words, else None."""
    if not (_LIGHTING.search(text) or _ROOM_MOOD.match(text)) or _NOT_A_MOOD.search(text):
        return None
    for _, words, colour, level in _MOODS:
        said = re.search(rf"\b(?:{words})\b", text)
        if said is None:
            continue
        scene = _scene(words, devices)
        if scene is not None:
            return RoleCall("smart_home.activate", {"scene": scene})
        rest = f"{text[: said.start()]} {text[said.end() :]}"  # "romantic light" is no name
        first = light_call("smart_home.set_color", " ".join(rest.split()), {"color": colour})
        if not isinstance(first, RoleCall):
            return first  # "in here" from no room, or which light: the question
        level_args = {k: v for k, v in first.arguments.items() if k != "color"}
        return RolePlan(
            (first, RoleCall("smart_home.set_brightness", {**level_args, "brightness": level}))
        )
    return None

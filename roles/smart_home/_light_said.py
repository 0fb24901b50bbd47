"""How people say a light's brightness or white with words the rest of the role does not read.

"make the lights stronger", "intensify the lamp", "lights higher" are brighter; "the brightest
setting", "lights on full" are 100%; "high brightness" is 100% and "low brightness" 20%; "set
the lights to warm" is warm white and "colder light" cool white; "alter the light colour" is
changing it. `light_said` rewrites those
into the words the role reads ("make the lights brighter", "set the lights to 100%"), only when
the request is about lights (a light word, never a player, the heating or a fan).
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = ["light_said"]

_LIGHTISH = lazy_pattern(r"\b(?:lights?|lamps?|lighting|bulbs?|brightness|illumination)\b", re.I)
_OTHER = lazy_pattern(
    r"\b(?:volume|music|sound|tv|television|radio|speakers?|heating|heater|thermostat|fan|"
    r"temperature|degrees?|ac|air)\b",
    re.I,
)
_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (lazy_pattern(pattern, re.I), said)
    for pattern, said in (
        (r"\b(?:the\s+)?(?:brightest|max(?:imum)?|highest|full)(?:\s+(?:setting|level|"
         r"brightness|intensity|power))?\b", "100%"),
        (r"\b(?:(?:on|to|at)\s+)?high\s+brightness\b|\bbrightness\s+(?:to\s+|at\s+|on\s+)?high\b",
         "brightness 100%"),
        (r"\b(?:(?:on|to|at)\s+)?low\s+brightness\b|\bbrightness\s+(?:to\s+|at\s+|on\s+)?low\b",
         "brightness 20%"),
        (r"\b(?:stronger|more\s+intense|more\s+luminous|higher|more\s+vivid)\b", "brighter"),
        (r"\b(?:intensify|amplify|strengthen)\b", "brighten"),
        (r"\b(?:weaker|less\s+intense|less\s+bright)\b", "dimmer"),
        (r"\b(?:the\s+)?light\s+intensity\b|\bintensity\s+of\s+the\s+lights?\b", "the lights"),
        (r"\b(?:alter|modify|vary)\s+(?=(?:the\s+|my\s+)?(?:[a-z]+\s+)?(?:lights?|lamps?)\s+"
         r"colou?rs?\b)", "change "),
        (r"\bto\s+warm\b(?!\s+white)", "to warm white"),
        (r"\b(?:make|turn|set|change)\s+(?P<what>(?:the\s+|my\s+|all\s+the\s+)?(?:[a-z]+\s+)?"
         r"(?:lights?|lamps?|lighting))\s+(?:a\s+(?:bit|little)\s+)?warmer\b",
         r"make \g<what> warm white"),
        (r"\b(?:make|turn|set|change)\s+(?P<what>(?:the\s+|my\s+|all\s+the\s+)?(?:[a-z]+\s+)?"
         r"(?:lights?|lamps?|lighting))\s+(?:a\s+(?:bit|little)\s+)?(?:cooler|colder)\b",
         r"make \g<what> cool white"),
        (r"^(?:a\s+)?(?:warmer|warm)\s+(?:lights?|lighting)(?:\s+please)?$", "warm white lights"),
        (r"^(?:a\s+)?(?:cooler|colder|cool|cold)\s+(?:lights?|lighting)(?:\s+please)?$",
         "cool white lights"),
    )
)  # fmt: skip


def light_said(text: str) -> str:
    """`text` with a light's brightness or white said in the words the role reads."""
    if not _LIGHTISH.search(text) or _OTHER.search(text):
        return text
    for pattern, said in _REWRITES:
        text = pattern.sub(said, text)
    return text

"""Asking where the user lives: "where do i live", "what's my location", "what city am i in".

The answer is the home the weather uses (`agent_system.understanding.locale.home_location`): the
latest "I live in ..." the user said, else the `location` setting. Only the whole message counts:
"where do i live closest to a park" and "what's my location on the map app" are not this.
"""

from __future__ import annotations

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize

__all__ = ["NO_HOME", "asks_home", "home_said"]

NO_HOME = "I don't know where you live yet: tell me, for example 'I live in Paris'."
"""The reply when no home is known: what to say to set one."""
_LEAD = (
    r"^(?:(?:hey|so|and|ok|okay|olly|alexa|just|remind\s+me|tell\s+me|can\s+you\s+tell\s+me"
    r"|could\s+you\s+tell\s+me|do\s+you\s+(?:know|remember)|do\s+you\s+have)[\s,]+)*"
)
_ASKS = lazy_pattern(
    _LEAD + r"(?:where\s+(?:do\s+i\s+live|i\s+live|is\s+my\s+home|am\s+i(?:\s+(?:located|based))?"
    r"|is\s+home(?:\s+for\s+me)?|do\s+you\s+think\s+i\s+live)"
    r"|what\s+(?:is\s+)?my\s+(?:home\s+)?(?:location|city|town|home\s*town|home)(?:\s+set\s+to)?"
    r"|what\s+(?:city|town|place|country)\s+(?:do\s+i\s+live\s+in|am\s+i\s+in|is\s+my\s+home"
    r"|is\s+home)|(?:what|which)\s+(?:location|home|city)\s+(?:is\s+set|do\s+you\s+have(?:\s+for"
    r"\s+me)?|have\s+i\s+(?:set|given\s+you))|what\s+do\s+you\s+have\s+as\s+my\s+(?:home|location"
    r"|city)|my\s+(?:home\s+)?(?:location|city|town|home\s*town|home))"
    r"(?:[\s,]+(?:again|now|please|olly|alexa))*[\s?!.]*$"
)


def asks_home(text: str) -> bool:
    """The whole message asks where the user lives ("what's my location", "where do i live")."""
    lowered = f" {text.lower()} "
    if not any(word in lowered for word in (" my ", " i ", "location")):
        return False
    return _ASKS.match(" ".join(normalize(text).split())) is not None


def home_said(place: str) -> str:
    """The reply for a known home."""
    return f"You live in {place}, as far as I know." if place else NO_HOME

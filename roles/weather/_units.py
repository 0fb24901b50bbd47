"""A unit said with the request: "weather in oslo in fahrenheit", "tomorrow in celsius".

The words are taken out before the place is read (the place was "Oslo In Fahrenheit"), and
the calls get ``units`` ("imperial" or "metric"), which that reply honours over the setting.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = ["units_said"]

_SAID = lazy_pattern(
    r",?\s*\b(?:in|using|with)\s+(?:degrees\s+)?"
    r"(?P<unit>fahrenheit|farenheit|farenheight|celsius|celcius|centigrade|metric|imperial)"
    r"(?:\s+(?:units|degrees|please))?\b|\bin\s+degrees\s+(?P<letter>[fc])\b",
    re.IGNORECASE,
)
_IMPERIAL = frozenset({"fahrenheit", "farenheit", "farenheight", "imperial", "f"})


def units_said(text: str) -> tuple[str, str | None]:
    """(`text` without the unit words, "imperial" / "metric" / None)."""
    found = _SAID.search(text)
    if found is None:
        return text, None
    unit = (found["unit"] or found["letter"]).lower()
    rest = (text[: found.start()] + " " + text[found.end() :]).strip()
    return re.sub(r"\s{2,}", " ", rest), "imperial" if unit in _IMPERIAL else "metric"

"""Places said the way people say them at home: floors and rooms the home may not know.

"turn the lights on downstairs", "dim the lights on the ground floor", "my son's room lights
off", "the media room lights", "in the kids' room", "the spare room lamp". The words are kept as
said: the tools read a floor or room of the home by its name or alias ("downstairs": the ground
floor), and a room the home does not have makes them say so instead of changing every light.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from agent_system._lazy import lazy_pattern
from roles.smart_home.backend import Device

__all__ = ["numbered", "place_said"]

_FLOOR = lazy_pattern(
    r"(?:\b(?:on|of|at|in|for|from)\s+)?(?:\b(?:the|my|our)\s+)?"
    r"\b(?P<floor>downstairs|upstairs|(?:ground|first|second|third|top|upper|lower|main|bottom)"
    r"\s+(?:floor|level)|basement)\b",
    re.I,
)
"""A floor said with or without "on the": "downstairs", "on the ground floor", "upstairs"."""
_OWN = r"[a-z]+(?:'s|s'|')"
_ROOM = lazy_pattern(
    r"(?:\b(?:in|of|for|at|from|to)\s+)?(?:\b(?:the|my|our)\s+)?"
    rf"\b(?P<room>(?:(?:{_OWN}\s+|(?:guest|spare|games?|media|tv|play|dining|family|sitting|"
    r"living|utility|laundry|mud|computer|music|boiler|drawing|box|store|storage|sun|front|back|"
    r"bath|bed|baby|kids|children|nursery|study|hobby|fitness|exercise|home|wet|powder|common|"
    r"changing|dressing|waiting|rec|recreation|gym|craft|sewing|reading|tea|breakfast|party|"
    r"cinema|theater|theatre|game|dog|cat|junk)\s+)room|(?:bed|bath|play|mud|sun|store|rest|wash|"
    r"utility)room)(?:\s+(?:two|three|four|[1-9]))?)\b",
    re.I,
)
"""A room said with the word "room": "the media room", "my son's room", "the kids' room",
"guest room two", "the playroom", "bedroom two" (never "my room" / "this room": the speaker's own
room)."""


def place_said(
    text: str, known: frozenset[str] = frozenset(), name: str = ""
) -> tuple[dict[str, str], str]:
    """({"floor": ...} or {"area": ...}, `text` without the place), or ({}, `text`).

    A room named in `known` (the home's areas, lower case) is left for the caller, which knows
    its devices, and so is a room said in `name`, the device the request names ("the guest room
    lamp" of a home with a "Guest room lamp").
    """
    found = _ROOM.search(text)
    if (
        found is not None
        and found["room"].lower() not in known
        and found["room"].lower() not in name.lower()
    ):
        rest = f"{text[: found.start()]} {text[found.end() :]}"
        return {"area": found["room"].lower()}, " ".join(rest.split())
    found = _FLOOR.search(text)
    if found is not None:
        rest = f"{text[: found.start()]} {text[found.end() :]}"
        return {"floor": " ".join(found["floor"].lower().split())}, " ".join(rest.split())
    return {}, text


_NUMBER_WORDS = dict(
    zip("one two three four five six seven eight nine ten".split(), range(1, 11), strict=True)
)
_SAID_NUMBER = lazy_pattern(r"\b(?P<word>[a-z]+) (?P<n>" + "|".join(_NUMBER_WORDS) + r")\b", re.I)


def numbered(text: str, devices: Iterable[Device]) -> str:
    """A number word after a word of a device or room name as the name writes it.

    "desk lamp one off" -> "desk lamp 1 off" when a "Desk lamp 1" is among `names`; "the
    kitchen one" stays as it is (no "kitchen 1"). Rooms are compared with number words already.
    """
    written = " ".join(n.lower() for d in devices for n in (d.name, *d.aliases))

    def digit(found: re.Match[str]) -> str:
        as_written = f"{found['word']} {_NUMBER_WORDS[found['n'].lower()]}"
        return as_written if re.search(rf"\b{as_written}\b", written, re.I) else found[0]

    return _SAID_NUMBER.sub(digit, text)

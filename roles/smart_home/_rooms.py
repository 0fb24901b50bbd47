"""Rooms as people say them: "the lounge", "the loo", "master bedroom", "kitchen area".

A place said that no device of the home is in, and that the home's layout does not know, is read
by the everyday names of rooms: "the lounge" and "the front room" are the living room, "the loo"
the bathroom, "the master bedroom" the bedroom, when the home has exactly one room of that
family. A place that is still no room of the home is named back with the home's rooms, so that
"lights off in the kids room" says which rooms there are instead of suggesting a device.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from agent_system.understanding._format import said_together

__all__ = ["room_for", "unknown_room"]

_FAMILIES: tuple[tuple[str, ...], ...] = (
    (
        "living room",
        "lounge",
        "lounge room",
        "front room",
        "sitting room",
        "family room",
        "living area",
        "living space",
        "tv room",
        "den",
        "living",
    ),
    ("bedroom", "bed room", "master bedroom", "main bedroom", "master", "sleeping room"),
    (
        "bathroom",
        "bath room",
        "loo",
        "toilet",
        "washroom",
        "restroom",
        "rest room",
        "lavatory",
        "wc",
        "powder room",
        "shower room",
        "bath",
    ),
    ("kitchen", "kitchen area", "kitchenette", "cooking area"),
    ("hallway", "hall", "corridor", "entrance", "entryway", "entrance hall", "foyer", "landing"),
    ("office", "home office", "study", "workroom", "work room"),
    ("dining room", "dining area", "dinning room"),
    ("garden", "yard", "backyard", "back yard", "back garden"),
    ("laundry room", "laundry", "utility room", "utility"),
    ("basement", "cellar"),
    ("attic", "loft"),
)


def _key(text: str) -> str:
    """A room as compared: "bed room" is "bedroom", "The Lounge" "lounge"."""
    text = re.sub(r"^(?:the|my|our)\s+", "", text.strip().lower())
    return "".join(re.findall(r"[a-z0-9]+", text))


_FAMILY_OF: dict[str, frozenset[str]] = {
    _key(name): frozenset(_key(n) for n in family) for family in _FAMILIES for name in family
}


def room_for(said: str, rooms: Iterable[str]) -> str | None:
    """The one room of `rooms` that `said` names by an everyday name of its family, or None."""
    family = _FAMILY_OF.get(_key(said))
    if family is None:
        return None
    matches = {room for room in rooms if _key(room) in family}
    return next(iter(matches)) if len(matches) == 1 else None


def unknown_room(said: str, rooms: Iterable[str]) -> str:
    """One line naming a place that is no room of the home, and the home's rooms."""
    known = sorted({r.strip().capitalize() for r in rooms if r.strip()})
    where = re.sub(r"^(?:the|my|our)\s+", "", said.strip(), flags=re.I)
    listed = said_together(known)
    return (
        f"I don't know a room called {where!r}; nothing was changed. "
        f"The rooms I know are: {listed}."
    )

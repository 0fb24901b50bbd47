"""A home's layout: floors hold areas, areas hold devices; each may have aliases.

The simulated home reads it from the TOML file (``[[floors]]``, ``[[areas]]``); Home Assistant
reads it from its template endpoint. Tools use it to turn what people say ("upstairs", "the
lounge") into the canonical floor and area names the devices carry.
"""

from __future__ import annotations

import re
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, Field

__all__ = ["Area", "Floor", "Layout", "LayoutSource", "canonical"]


class Floor(BaseModel):
    """A floor ("Ground floor", aliases "downstairs")."""

    id: str
    name: str
    aliases: list[str] = Field(default_factory=list)
    level: int | None = None


class Area(BaseModel):
    """An area (a room or a part of the garden) on an optional floor."""

    id: str
    name: str
    floor: str | None = Field(default=None, description="Floor id.")
    aliases: list[str] = Field(default_factory=list)


class Layout(BaseModel):
    """Floors and areas of a home."""

    floors: list[Floor] = Field(default_factory=list)
    areas: list[Area] = Field(default_factory=list)

    def floor_of(self, area: str | None) -> str | None:
        """The floor name of the area called (or with id) `area`."""
        found = self.area(area) if area else None
        if found is None or found.floor is None:
            return None
        floor = next((f for f in self.floors if f.id == found.floor), None)
        return floor.name if floor else None

    def area(self, name: str) -> Area | None:
        """The area with this id, name or alias."""
        key = _key(name)
        return next(
            (a for a in self.areas if key in {_key(a.id), _key(a.name), *map(_key, a.aliases)}),
            None,
        )

    def floor(self, name: str) -> Floor | None:
        """The floor with this id, name or alias."""
        key = _key(name)
        return next(
            (f for f in self.floors if key in {_key(f.id), _key(f.name), *map(_key, f.aliases)}),
            None,
        )


@runtime_checkable
class LayoutSource(Protocol):
    """A backend that knows its floors and areas (optional for `HomeBackend`s)."""

    async def layout(self) -> Layout:
        """The home's floors and areas."""
        ...


_NUMBERS = dict(
    zip(
        "one two three four five six seven eight nine ten".split(),
        map(str, range(1, 11)),
        strict=True,
    )
)


def _key(text: str) -> str:
    """A place name as compared: "bed room two" is "Bedroom 2", "living-room" "Living room"."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("_", " "))
    return "".join(_NUMBERS.get(w, w) for w in words)


def canonical(layout: Layout, place: str | None) -> tuple[str | None, str | None]:
    """(area, floor) for what someone called a place: an area name/alias or a floor name/alias.

    Several places joined by "and" or commas keep their order; unknown words pass through as an
    area, so name matching can still use them.
    """
    if not place:
        return None, None
    areas: list[str] = []
    floors: list[str] = []
    for one in re.split(r"\s*(?:,|\band\b|&)\s*", place):
        one = re.sub(r"^(?:the|my|our)\s+", "", one.strip(), flags=re.I)
        if not one:
            continue
        if (area := layout.area(one)) is not None:
            areas.append(area.name)
        elif (floor := layout.floor(one)) is not None:
            floors.append(floor.name)
        else:
            areas.append(one)
    return (" and ".join(areas) or None), (" and ".join(floors) or None)

"""Smart-home devices, the `HomeBackend` protocol, and fuzzy device-name resolution.

A backend lists devices and performs one action on one device; the tools resolve what the user
said ("the lights in the kitchen") to devices first, so an unknown device changes nothing. How
states are said (`describe`, `human_state`, `in_state`) is in `roles.smart_home._states`,
re-exported here.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Literal, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from agent_system.errors import ErrorCode, ToolExecutionError
from roles.smart_home._states import BINARY_STATES, convert, describe, human_state, in_state

__all__ = [
    "BINARY_STATES",
    "SUPPORTED",
    "Action",
    "Device",
    "DeviceKind",
    "HomeBackend",
    "check_supported",
    "convert",
    "describe",
    "device_words",
    "human_state",
    "in_state",
    "is_radio",
    "match_devices",
    "resolve",
    "resolve_one",
]

DeviceKind = Literal[
    "light",
    "switch",
    "climate",
    "lock",
    "cover",
    "vacuum",
    "fan",
    "sensor",
    "binary_sensor",
    "valve",
    "lawn_mower",
    "media_player",
    "scene",
    "script",
    "person",
]
Action = Literal[
    "turn_on",
    "turn_off",
    "set_brightness",
    "set_color",
    "set_temperature",
    "set_hvac_mode",
    "set_fan_mode",
    "set_speed",
    "oscillate",
    "lock",
    "unlock",
    "open",
    "close",
    "stop",
    "set_position",
    "start",
    "dock",
    "clean_area",
    "media_play",
    "media_pause",
    "media_next",
    "media_previous",
    "volume_set",
    "mute",
    "unmute",
    "play_media",
    "activate",
]

# Words a user may say for each kind of device (matched against what they typed).
_KIND_WORDS: dict[str, tuple[str, ...]] = {
    "light": ("light", "lamp", "bulb", "lighting"),
    "switch": ("switch", "plug", "outlet", "socket"),
    "climate": ("thermostat", "heating", "heater", "temperature", "ac", "climate"),
    "lock": ("lock", "door", "deadbolt"),
    "cover": ("cover", "blind", "shade", "curtain", "shutter", "awning", "window"),
    "garage": ("cover", "door", "garage", "gate"),
    "vacuum": ("vacuum", "robot", "roomba", "hoover", "cleaner", "vac", "robovac", "irobot"),
    "fan": ("fan",),
    "sensor": ("sensor",),
    "binary_sensor": ("sensor", "detector"),
    "valve": ("valve", "tap", "sprinkler", "irrigation", "water", "faucet"),
    "lawn_mower": ("mower", "lawnmower", "lawn"),
    "media_player": ("tv", "television", "speaker", "player", "music", "media", "stereo"),
    "scene": ("scene",),
    "script": ("script",),
    "person": ("person", "people", "anyone", "everyone", "someone", "anybody", "everybody"),
}
_ANY_KIND_WORD = frozenset(word for words in _KIND_WORDS.values() for word in words) | {"radio"}
# Words for device classes ("are any windows open", "is there motion in the garage").
_CLASS_WORDS: dict[str, tuple[str, ...]] = {
    "window": ("window",),
    "door": ("door",),
    "garage_door": ("garage", "door"),
    "gate": ("gate",),
    "opening": ("opening", "door", "window"),
    "motion": ("motion", "movement"),
    "occupancy": ("occupancy", "presence"),
    "moisture": ("moisture", "leak", "water", "flood"),
    "smoke": ("smoke",),
    "carbon_monoxide": ("carbon", "monoxide", "co"),
    "gas": ("gas",),
    "battery": ("battery",),
    "temperature": ("temperature", "temp"),
    "humidity": ("humidity", "humid"),
    "curtain": ("curtain", "drape"),
    "blind": ("blind",),
    "shade": ("shade",),
    "shutter": ("shutter",),
    "awning": ("awning",),
    "tv": ("tv", "television"),
    "speaker": ("speaker",),
    "radio": ("radio",),
    "water": ("water",),
    "update": ("update",),
    "vibration": ("vibration", "vibrating"),
    "power": ("power", "powered"),
    "plug": ("plug", "plugged"),
    "running": ("running",),
    "problem": ("problem",),
    "sound": ("sound",),
    "tamper": ("tamper", "tampering"),
    "presence": ("presence",),
    "connectivity": ("connectivity", "connected"),
}
_MEDIA = frozenset({"media_player"})
SUPPORTED: dict[str, frozenset[str]] = {
    "turn_on": frozenset({"light", "switch", "fan", "climate", "media_player"}),
    "turn_off": frozenset({"light", "switch", "fan", "climate", "media_player"}),
    "set_brightness": frozenset({"light"}),
    "set_color": frozenset({"light"}),
    "set_temperature": frozenset({"climate"}),
    "set_hvac_mode": frozenset({"climate"}),
    "set_fan_mode": frozenset({"climate"}),
    "set_speed": frozenset({"fan"}),
    "oscillate": frozenset({"fan"}),
    "lock": frozenset({"lock"}),
    "unlock": frozenset({"lock"}),
    "open": frozenset({"cover", "valve"}),
    "close": frozenset({"cover", "valve"}),
    "stop": frozenset({"cover", "valve"}),
    "set_position": frozenset({"cover", "valve"}),
    "start": frozenset({"vacuum", "lawn_mower"}),
    "dock": frozenset({"vacuum", "lawn_mower"}),
    "clean_area": frozenset({"vacuum"}),
    "media_play": _MEDIA,
    "media_pause": _MEDIA,
    "media_next": _MEDIA,
    "media_previous": _MEDIA,
    "volume_set": _MEDIA,
    "mute": _MEDIA,
    "unmute": _MEDIA,
    "play_media": _MEDIA,
    "activate": frozenset({"scene", "script"}),
}
"""Which kinds of device each action applies to (checked before any backend is called)."""

_FILLER = frozenset(
    "the a an my our in on of at for all both every everything please and to turn switch set make "
    "one too also well now then".split()
)


class Device(BaseModel):
    """One device and its current state."""

    id: str = Field(description="Backend id: 'kitchen_light' or 'light.kitchen'.")
    name: str
    kind: DeviceKind
    area: str | None = None
    floor: str | None = Field(default=None, description="The floor of its area (filled in).")
    device_class: str | None = Field(
        default=None, description="Home Assistant device class: window, door, garage, gate..."
    )
    state: str = "off"
    attributes: dict[str, Any] = Field(default_factory=dict)
    aliases: list[str] = Field(default_factory=list)

    @property
    def is_garage(self) -> bool:
        """A garage door or gate (opening it needs approval)."""
        if self.kind != "cover":
            return False
        if self.device_class in ("garage", "garage_door", "gate"):
            return True
        return bool(re.search(r"garage|gate", f"{self.id} {self.name}".lower()))

    @property
    def guarded(self) -> bool:
        """A lock, valve, garage door or gate: never changed by "all" without a named area."""
        return self.kind in ("lock", "valve") or self.is_garage


@runtime_checkable
class HomeBackend(Protocol):
    """Where devices live. Install a fake with ``runtime.provide("smart_home.backend", x)``."""

    async def devices(self) -> list[Device]:
        """Every device with its current state."""
        ...

    async def act(self, device: Device, action: Action, value: Any = None) -> Device:
        """Perform `action` (with `value` for brightness, color, temperature); the new state."""
        ...


def class_word(device_class: str | None) -> str | None:
    """A word that names devices of `device_class` ("update", "battery"), or None."""
    words = _CLASS_WORDS.get(device_class or "")
    return words[0] if words else None


def _words(text: str) -> list[str]:
    words = re.findall(r"[a-z0-9]+", text.lower().replace("_", " "))
    out = []
    for word in words:
        if len(word) > 4 and word.endswith("ies"):
            word = word[:-3] + "y"
        elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        if word not in _FILLER:
            out.append(word)
    return out


def device_words(query: str) -> list[str]:
    """The words of `query` that can name a device or room ("both", "the", "now" cannot)."""
    return _words(query)


_SAME_WORD = {"machine": ("maker",), "maker": ("machine",)}
"""Words people use for one another in a device's name: "coffee maker" is the coffee machine."""


def _vocabulary(device: Device) -> set[str]:
    words = set(_words(device.name)) | set(_words(device.area or ""))
    for alias in device.aliases:
        words |= set(_words(alias))
    words |= {other for word in list(words) for other in _SAME_WORD.get(word, ())}
    words |= set(_KIND_WORDS.get("garage" if device.is_garage else device.kind, ()))
    words |= set(_CLASS_WORDS.get(device.device_class or "", ()))
    if device.kind == "media_player" and device.attributes.get("media") == "radio":
        words.add("radio")  # a speaker playing a station is the radio; a TV never is by kind
    return words


def is_radio(device: Device) -> bool:
    """A player that is a radio by its name, aliases or class, or that is playing a station."""
    return device.kind == "media_player" and "radio" in _vocabulary(device)


def _word_matches(word: str, vocabulary: set[str]) -> bool:
    if word in vocabulary:
        return True
    if word in _ANY_KIND_WORD:
        return False  # "light" is no typo of "right" (a "Right speaker" is no light)
    return bool(difflib.get_close_matches(word, vocabulary, n=1, cutoff=0.8))


def _in_place(device: Device, place: str) -> bool:
    """`device` is in the area or on the floor called `place`."""
    words = _words(place)
    if not words:
        return False
    area = set(_words(device.area or ""))
    if area and all(_word_matches(w, area) for w in words):
        return True
    floor = set(_words(device.floor or ""))
    return bool(floor) and all(_word_matches(w, floor) for w in words)


def _own_place(device: Device, area: str, narrowed: list[Device]) -> bool:
    """Whether `device` stays among those in `area` when a room is called exactly so.

    "the bedroom" in a home with a Bedroom and a Guest bedroom is the Bedroom: a room named
    exactly as said wins over rooms whose names only hold those words.
    """
    for one in _places(area):
        said = _words(one)
        exact = [d for d in narrowed if _words(d.area or "") == said]
        if _in_place(device, one) and (not exact or device in exact):
            return True
    return False


def _places(text: str) -> list[str]:
    return [a for a in re.split(r"\s*(?:,|\band\b|&)\s*", text) if a.strip()]


def match_devices(
    devices: list[Device], query: str, area: str | None = None, floor: str | None = None
) -> list[Device]:
    """Devices whose name, area, aliases or kind cover every word of `query` (typos forgiven).

    `area` and `floor` narrow the search ("kitchen and living room" names two areas; an area
    may also be given as a floor: "upstairs"). An exact name or alias match wins outright.
    """
    pool = devices
    if floor:
        pool = [d for d in pool if any(_in_place(d, one) for one in _places(floor))]
    if area:
        # "kitchen and living room" names two areas: a device in either one matches.
        narrowed = [d for d in pool if any(_in_place(d, one) for one in _places(area))]
        narrowed = [d for d in narrowed if _own_place(d, area, narrowed)]
        if not narrowed:  # backends without areas (Home Assistant): the room is in the name
            query = f"{area} {query}"
        else:
            pool = narrowed
    normalized = " ".join(_words(query))
    exact = [
        d for d in pool if normalized in {" ".join(_words(n)) for n in (d.name, d.id, *d.aliases)}
    ]
    if exact:
        return exact
    words = _words(query)
    if not words:
        return list(pool)
    return [d for d in pool if all(_word_matches(w, _vocabulary(d)) for w in words)]


def _suggest(devices: list[Device], query: str) -> str:
    names = [d.name for d in devices]
    close = difflib.get_close_matches(query, names, n=3, cutoff=0.6)
    if not close:
        words = set(_words(query))
        close = [d.name for d in devices if words & _vocabulary(d)][:3]
    if close:
        return "Close matches: " + ", ".join(close) + "."
    return "Known devices: " + ", ".join(names) + "."


def resolve(
    devices: list[Device],
    query: str,
    area: str | None = None,
    *,
    many: bool = False,
    floor: str | None = None,
) -> list[Device]:
    """The device(s) `query` names; `ToolExecutionError` when none or (unless `many`) several.

    Args:
        devices: Every device of the home.
        query: What the user called it ("kitchen light", "the lights in the kitchen").
        area: Optional room to narrow the search.
        many: Accept several matches (for "turn off the lights").
    """
    where = f" in the {area}" if area else ""
    where += f" on the {floor}" if floor else ""
    found = match_devices(devices, query, area, floor)
    if not found and "radio" in _words(query):  # "radio on" with a TV and no radio: none
        raise ToolExecutionError(
            f"There's no radio{where or ' in your home'}; nothing was changed.",
            details={"device": query, "area": area},
            code=ErrorCode.NEEDS_INPUT,
        )
    if not found:
        raise ToolExecutionError(
            f"I couldn't find a device called {query!r}{where}; nothing was changed. "
            + _suggest(devices, query),
            details={"device": query, "area": area},
            code=ErrorCode.NEEDS_INPUT,
        )
    if len(found) > 1 and not many:
        raise ToolExecutionError(
            f"{query!r}{where} matches {len(found)} devices: "
            + ", ".join(d.name for d in found)
            + "; nothing was changed. Which one?",
            details={"device": query, "matches": [d.id for d in found]},
            code=ErrorCode.NEEDS_INPUT,
        )
    return found


def resolve_one(devices: list[Device], query: str, area: str | None = None) -> Device:
    """Exactly one device for `query` (see `resolve`)."""
    return resolve(devices, query, area)[0]


_KIND_SAID = {"binary_sensor": "sensor", "media_player": "media player", "lawn_mower": "mower"}
"""Kinds of device as people say them: "Back door is a sensor"."""


def check_supported(device: Device, action: Action) -> None:
    """`ToolExecutionError` when `device` cannot do `action` (nothing is changed)."""
    if device.kind not in SUPPORTED[action]:
        verb = action.replace("_", " ")
        said = f"{device.name} is a {_KIND_SAID.get(device.kind, device.kind)}; it cannot {verb}."
        if action in ("lock", "unlock") and device.kind in ("binary_sensor", "cover"):
            can = "open or close it" if device.kind == "cover" else "see if it is open or closed"
            said = (  # "lock the back door": a door sensor or a garage door, no lock
                f"There is no lock on the {device.name[0].lower()}{device.name[1:]} I can "
                f"control; I can only {can}."
            )
        raise ToolExecutionError(
            f"{said} Nothing was changed.",
            details={"device": device.id, "action": action},
            code=ErrorCode.NEEDS_INPUT,
        )

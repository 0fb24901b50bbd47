"""What every smart-home tool shares: the backend, target resolution and the safety rules.

Targets are resolved the way Home Assistant resolves them: a device by name or alias, a kind in
an area or on a floor, "all" of a kind. Locks, valves, garage doors and gates are never changed
in bulk without a named area, and a name that fits several devices gets a question naming them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput
from agent_system.runtime import Dependency, Runtime
from agent_system.understanding._format import said_together
from roles.smart_home._except import left_as_they_were, left_out
from roles.smart_home._rooms import room_for, unknown_room
from roles.smart_home.backend import (
    SUPPORTED,
    Action,
    Device,
    HomeBackend,
    check_supported,
    describe,
    device_words,
    match_devices,
    resolve,
)
from roles.smart_home.home import Layout, LayoutSource, canonical
from roles.smart_home.home_assistant import HomeAssistant
from roles.smart_home.simulated import SimulatedHome, home_of

__all__ = [
    "BACKEND",
    "BACKEND_KEY",
    "PLURAL",
    "apply",
    "by_own_name",
    "home_backend",
    "home_layout",
    "targets",
]

PLURAL = lazy_pattern(
    r"\b(all|every|everything|both|any|lights|lamps|switches|plugs|blinds|shades|curtains|"
    r"covers|fans|doors|windows|locks|valves|speakers|sprinklers|devices|shutters)\b",
    re.I,
)
_ALL = lazy_pattern(r"\b(all|every|everything|each)\b", re.I)


def _build(runtime: Runtime) -> HomeBackend:
    settings = runtime.settings
    if settings.smart_home_backend == "home_assistant":
        if not settings.home_assistant_url or settings.home_assistant_token is None:
            raise ToolExecutionError(
                "Home Assistant is selected but not configured: set "
                "AGENT_SYSTEM_HOME_ASSISTANT_URL and AGENT_SYSTEM_HOME_ASSISTANT_TOKEN.",
                recoverable=False,
            )
        return HomeAssistant(
            runtime.http,
            settings.home_assistant_url,
            settings.home_assistant_token.get_secret_value(),
            timeout_s=settings.http_timeout_s,
            units=settings.units,
        )
    home = home_of(runtime)
    from agent_system.repository import open_repository

    return SimulatedHome(open_repository(runtime), home.devices, home.layout)


BACKEND: Dependency[HomeBackend] = Dependency(
    "smart_home.backend", _build, description="Where devices live (simulated by default)."
)
BACKEND_KEY = BACKEND.name


def home_backend(runtime: Runtime) -> HomeBackend:
    """The runtime's home backend (simulated unless Home Assistant is configured)."""
    return runtime.get(BACKEND)


async def home_layout(backend: HomeBackend) -> Layout:
    """The backend's floors and areas (empty for a backend that has none)."""
    if isinstance(backend, LayoutSource):
        return await backend.layout()
    return Layout()


def _guard(found: list[Device], device: str, area: str | None, action: Action) -> None:
    """Home Assistant's safety rule: no bulk change of locks, valves, garage doors or gates."""
    guarded = [d for d in found if d.guarded]
    if len(found) > 1 and guarded and not area:
        verb = {"unlock": "unlock", "lock": "lock", "open": "open", "close": "close"}.get(
            action, action.replace("_", " ")
        )
        names = ", ".join(d.name for d in found)
        raise ToolExecutionError(
            f"For safety I don't {verb} several locks, valves, garage doors or gates at once "
            f"without a named room; nothing was changed. Which one: {names}?",
            details={"device": device, "matches": [d.id for d in found]},
            code=ErrorCode.NEEDS_INPUT,
        )


async def targets(
    ctx: ToolContext,
    device: str,
    area: str | None,
    action: Action,
    *,
    floor: str | None = None,
    near: str | None = None,
    many: bool = False,
) -> list[Device]:
    """Devices `device` names (in `area` / on `floor`) that can do `action`.

    `near` is the area the request came from: it picks among devices with the same name, and a
    bare kind ("the light") means the one there. Raises, with nothing changed, otherwise.
    """
    backend = home_backend(ctx.runtime)
    devices = await backend.devices()
    layout = await home_layout(backend)
    place_area, place_floor = canonical(layout, area)
    floor_area, floor_name = canonical(layout, floor)
    area, floor = place_area or floor_area, floor_name or place_floor
    plural = many or bool(PLURAL.search(device))
    _names_something(device, area or floor or near)
    able = [d for d in devices if d.kind in SUPPORTED[action]]
    if area and not match_devices(able or devices, device, area, floor):
        area = _room_said(devices, layout, area)  # "the lounge": the living room
    if able and not match_devices(able, device, area, floor):
        device = _only_plug(able, device, area, floor) or device
    if not (able and match_devices(able, device, area, floor)):
        found = resolve(devices, device, area, many=True, floor=floor)
        check_supported(found[0], action)  # a match that cannot do this says so
        return found  # pragma: no cover - check_supported raised
    found = match_devices(able, device, area, floor)
    near_area = canonical(layout, near)[0] if near else None
    if near_area and not area and not floor and not _ALL.search(device):
        local = match_devices(found, "", near_area)
        if local and (len(found) > 1 or not plural):
            found = local
    if len(found) > 1 and not plural:
        found = by_own_name(found, device) or resolve(found, device, area, floor=floor)
    _guard(found, device, area or floor, action)
    return found


_SOME = lazy_pattern(r"\b(?:both|two|them|they|those|these|ones?)\b", re.I)


def _names_something(device: str, place: str | None) -> None:
    """Raise, changing nothing, when `device` says "both" and names nothing.

    "now turn off both" with no device, room or "all" said must never mean every device.
    """
    if place or _ALL.search(device) or not _SOME.search(device) or device_words(device):
        return
    raise ToolExecutionError(
        "Which devices do you mean? Say their names, for example 'the kitchen and bedroom "
        "lights'; nothing was changed.",
        details={"device": device},
        code=ErrorCode.NEEDS_INPUT,
    )


def _room_said(devices: list[Device], layout: Layout, area: str) -> str:
    """`area` with each place no device is in read as the home's room it names ("the loo").

    Raises, naming the home's rooms, for a place that is no room of the home at all.
    """
    rooms = {d.area for d in devices if d.area} | {a.name for a in layout.areas}
    out: list[str] = []
    for one in re.split(r"\s*(?:,|\band\b|&)\s*", area):
        if not one.strip() or match_devices(devices, "", one):
            out.append(one)
        elif (room := room_for(one, rooms)) is not None:
            out.append(room)
        elif rooms:
            raise ToolExecutionError(
                unknown_room(one, rooms), details={"area": one}, code=ErrorCode.NEEDS_INPUT
            )
        else:
            out.append(one)
    return " and ".join(p for p in out if p.strip()) or area


_PLUG_SAID = lazy_pattern(
    r"^(?:the |my |a )?(?P<what>[a-z' ]+?) (?P<kind>plug|socket|outlet)s?$", re.I
)


def _only_plug(able: list[Device], device: str, area: str | None, floor: str | None) -> str:
    """The name of the only plug (in `area`) when `device` names a plug by what it powers.

    "the heater socket", "the lamp plug": no device is called so, and only one switch is called
    a plug, socket or outlet by its own name or aliases; else "".
    """
    said = _PLUG_SAID.match(device.strip())
    if said is None:
        return ""
    called = re.compile(r"\b(?:plug|socket|outlet)s?\b", re.I)
    plugs = [
        d for d in able if d.kind == "switch" and called.search(" ".join((d.name, *d.aliases)))
    ]
    plugs = match_devices(plugs, "", area, floor) if area or floor else plugs
    return plugs[0].name if len(plugs) == 1 else ""


def by_own_name(found: list[Device], device: str) -> list[Device]:
    """Of several matches, the only one whose own name or alias has every word said.

    "the plug" in a home with a smart plug and a coffee machine (a switch, so also a plug by
    kind) is the smart plug; with two devices called "... plug" it is still a question.
    """
    words = set(re.findall(r"[a-z0-9]+", device.lower())) - {"the", "my", "our", "a", "an"}
    if not words:
        return []
    own = [
        d
        for d in found
        if words <= set(re.findall(r"[a-z0-9]+", " ".join((d.name, *d.aliases)).lower()))
    ]
    return own if len(own) == 1 else []


async def apply(
    ctx: ToolContext,
    device: str,
    area: str | None,
    action: Action,
    value: Any = None,
    *,
    floor: str | None = None,
    near: str | None = None,
    many: bool = False,
    found: list[Device] | None = None,
    exclude: str | None = None,
    left: Sequence[Device] = (),
) -> ToolOutput:
    """Do `action` on every target and describe the result.

    `exclude` ("kitchen, porch") leaves out the targets it matches (`found`, when given, has
    them left out already: `left` are those).
    """
    backend = home_backend(ctx.runtime)
    if found is None:
        wide = bool(exclude and exclude.strip())  # "except the kitchen": all of them, not near
        found = await targets(
            ctx, device, area, action, floor=floor, near=None if wide else near, many=many or wide
        )
        found, left = left_out(found, exclude, await home_layout(backend))
    changed = [await backend.act(d, action, value) for d in found]
    units = ctx.runtime.settings.units
    if len(changed) == 1:
        return ToolOutput(
            data={**changed[0].model_dump(), "devices": [changed[0].model_dump()]},
            display=describe(changed[0], units) + left_as_they_were(left),
        )
    names = [d.name for d in changed]
    listed = said_together(names)
    done = _DONE.get(action)
    display = f"{done} {listed}." if done else f"Done for {listed}."
    display += left_as_they_were(left)
    return ToolOutput(
        data={"devices": [d.model_dump() for d in changed], "count": len(changed)},
        display=display,
    )


_DONE = {
    "turn_on": "Turned on",
    "turn_off": "Turned off",
    "lock": "Locked",
    "unlock": "Unlocked",
    "open": "Opened",
    "close": "Closed",
    "stop": "Stopped",
    "set_position": "Moved",
    "set_brightness": "Changed the brightness of",
    "set_color": "Changed the color of",
    "set_temperature": "Set the temperature of",
    "media_pause": "Paused",
    "media_play": "Playing on",
    "mute": "Muted",
    "unmute": "Unmuted",
    "volume_set": "Set the volume of",
}
"""What a command did to several devices, as the start of a sentence."""

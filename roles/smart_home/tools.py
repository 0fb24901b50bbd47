"""Smart-home tools: lights, switches and the thermostat.

Every tool resolves its target first (fuzzily: "the lights in the kitchen", a floor, "all"); an
unknown or ambiguous name raises with close matches and changes nothing. Locks, covers, the
garage door and valves are in `roles.smart_home.openings`; media players, fans, vacuums,
mowers, scenes and questions about several devices in `roles.smart_home.more_tools`. This
module re-exports them all.
"""

from __future__ import annotations

import random
from typing import Annotated

from pydantic import Field

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from roles.smart_home._colors import COLORS, QUALITIES, color_of, kelvin_of, of_quality
from roles.smart_home._common import (
    BACKEND,
    BACKEND_KEY,
    PLURAL,
    apply,
    home_backend,
    home_layout,
    targets,
)
from roles.smart_home._except import left_as_they_were, left_out
from roles.smart_home._locked import LOCK_ASKED, lock_answer
from roles.smart_home._warmth import changed_by, thermostats
from roles.smart_home._whites import to_kelvin
from roles.smart_home.backend import Action, Device, convert, describe, match_devices, resolve
from roles.smart_home.home import canonical
from roles.smart_home.more_tools import list_devices, start_vacuum, stop_vacuum
from roles.smart_home.openings import (
    close_cover,
    close_valve,
    lock,
    open_cover,
    open_garage,
    open_valve,
    set_position,
    stop_cover,
    unlock,
)

__all__ = [
    "BACKEND",
    "BACKEND_KEY",
    "COLORS",
    "close_cover",
    "close_valve",
    "get_state",
    "home_backend",
    "list_devices",
    "lock",
    "open_cover",
    "open_garage",
    "open_valve",
    "set_brightness",
    "set_color",
    "set_position",
    "set_temperature",
    "start_vacuum",
    "stop_cover",
    "stop_vacuum",
    "turn_off",
    "turn_on",
    "unlock",
]

_CYCLE = ("warm white", "red", "orange", "yellow", "green", "blue", "purple", "pink", "white")
"""The colors "a different color" steps through."""
_ANOTHER = frozenset({"different", "another", "next", "other"})
_Place = Annotated[str | None, Field(description='Floor, e.g. "upstairs".')]
"""A floor argument ("upstairs")."""
_Exclude = Annotated[
    str | None, Field(description='What to leave as it is, e.g. "kitchen" or "fridge, hallway".')
]
"""Devices or rooms left out ("all the lights except the kitchen")."""


async def _where(ctx: ToolContext, area: str | None, floor: str | None) -> tuple[str | None, ...]:
    layout = await home_layout(home_backend(ctx.runtime))
    place_area, place_floor = canonical(layout, area)
    floor_area, floor_name = canonical(layout, floor)
    return place_area or floor_area, floor_name or place_floor


@tool(tags=("smart home", "status"))
async def get_state(
    ctx: ToolContext,
    device: str,
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
    asked: str | None = None,
) -> ToolOutput:
    """Get the current state of a device ("is the front door locked?", "the bathroom humidity").

    Args:
        device: Device name, e.g. "front door", "kitchen light", "thermostat".
        area: Room, to tell apart devices with the same name.
        floor: Floor, e.g. "upstairs".
        near: The room the request came from (picks the device there).
        asked: The state asked about, "locked" or "unlocked": the lock on that door answers.
    """
    devices = await home_backend(ctx.runtime).devices()
    area, floor = await _where(ctx, area, floor)
    plural = bool(PLURAL.search(device))
    found = match_devices(devices, device, area, floor)
    if asked in LOCK_ASKED:  # "is the back door locked": its lock, not its door sensor
        found, instead = lock_answer(devices, found, device, (area, floor))
        if instead is not None:
            return ToolOutput(data={**found[0].model_dump(), "lock": None}, display=instead)
    if near and not area and not floor and len(found) > 1:
        found = match_devices(found, "", near) or found
    if not found or (len(found) > 1 and not plural):
        found = resolve(found or devices, device, area, many=plural, floor=floor)
    units = ctx.runtime.settings.units
    data = {"devices": [d.model_dump() for d in found]}
    if len(found) == 1:
        data = {**found[0].model_dump(), **data}
    return ToolOutput(data=data, display=" ".join(describe(d, units) for d in found))


@tool(side_effects="reversible", tags=("smart home", "lights", "power"))
async def turn_on(
    ctx: ToolContext,
    device: str,
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
    exclude: _Exclude = None,
) -> ToolOutput:
    """Turn on a light, switch, fan, TV or the heating ("the lights" turns on every matching one).

    Args:
        device: Device name or kind, e.g. "kitchen light", "coffee machine", "lights".
        area: Room, e.g. "bedroom".
        floor: Floor, e.g. "upstairs".
        near: The room the request came from ("the light" means the one there).
        exclude: What to leave as it is, by name or room ("kitchen", "fridge, hallway"):
            "all the lights except the kitchen".
    """
    return await apply(ctx, device, area, "turn_on", floor=floor, near=near, exclude=exclude)


@tool(side_effects="reversible", tags=("smart home", "lights", "power"))
async def turn_off(
    ctx: ToolContext,
    device: str,
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
    exclude: _Exclude = None,
) -> ToolOutput:
    """Turn off a light, switch, fan, TV or the heating ("the lights" turns off every matching one).

    Args:
        device: Device name or kind, e.g. "kitchen light", "coffee machine", "lights".
        area: Room, e.g. "bedroom".
        floor: Floor, e.g. "upstairs".
        near: The room the request came from ("the light" means the one there).
        exclude: What to leave as it is, by name or room ("kitchen", "fridge, hallway"):
            "all the lights except the kitchen".
    """
    return await apply(ctx, device, area, "turn_off", floor=floor, near=near, exclude=exclude)


@tool(side_effects="reversible", tags=("smart home", "lights", "dim"))
async def set_brightness(
    ctx: ToolContext,
    device: str,
    brightness: Annotated[int | None, Field(ge=0, le=100)] = None,
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
    change: Annotated[int | None, Field(ge=-100, le=100)] = None,
    exclude: _Exclude = None,
) -> ToolOutput:
    """Dim or brighten a light (0 turns it off), to a level or by a step.

    Args:
        device: Light name, e.g. "living room light".
        brightness: Percent, 0 to 100.
        area: Room, e.g. "bedroom".
        floor: Floor, e.g. "upstairs".
        near: The room the request came from.
        change: Instead of `brightness`: points to add or take off ("brighter": 20).
        exclude: What to leave as it is, by name or room ("kitchen", "fridge, hallway"):
            "all the lights except the kitchen".
    """
    if brightness is not None or change is None:
        if brightness is None:
            raise ToolExecutionError(
                "Say a brightness from 0 to 100% or how much brighter or dimmer; nothing was "
                "changed.",
                code=ErrorCode.NEEDS_INPUT,
            )
        return await apply(
            ctx, device, area, "set_brightness", brightness, floor=floor, near=near, exclude=exclude
        )
    found, left = await _chosen(ctx, device, area, "set_brightness", floor, near, exclude)
    found = [d for d in found if d.state == "on"] or found  # "the lights": the ones lit
    outputs = []
    for light in found:
        level = light.attributes.get("brightness")
        now = float(level) if level is not None else (100.0 if light.state == "on" else 0.0)
        if light.state != "on":
            now = 0.0
        value = int(max(0, min(100, now + change)))
        outputs.append(await apply(ctx, light.id, None, "set_brightness", value, found=[light]))
    if len(outputs) == 1:
        one = outputs[0]
        return one.model_copy(update={"display": (one.display or "") + left_as_they_were(left)})
    names = [d.name for d in found]
    return ToolOutput(
        data={"devices": [d for o in outputs for d in (o.data or {}).get("devices", [])]},
        display=f"Changed the brightness of {', '.join(names[:-1])} and {names[-1]}."
        + left_as_they_were(left),
    )


@tool(side_effects="reversible", tags=("smart home", "lights", "colour"))
async def set_color(
    ctx: ToolContext,
    device: str,
    color: str,
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
    from_color: str | None = None,
    exclude: _Exclude = None,
) -> ToolOutput:
    """Change a light's color or color temperature ("warm white", "cool white", "daylight").

    Args:
        device: Light name, e.g. "bedroom light".
        color: A color name such as "red", "blue", "warm white" or "cool white" (a shade or
            tint such as "sky blue" or "pinkish" is that color); "different" for the next one;
            "dark", "vibrant", "pastel" or "random" for a color of that kind; a colour
            temperature in kelvin, "3000K".
        area: Room, e.g. "bedroom".
        floor: Floor, e.g. "upstairs".
        near: The room the request came from.
        from_color: The color the lights have now ("from red to blue"): of several lights,
            only those of that color change, when some are.
        exclude: What to leave as it is, by name or room ("kitchen", "fridge, hallway"):
            "all the lights except the kitchen".
    """
    if (kelvin := kelvin_of(color)) is not None:  # "3000 kelvin": the colour temperature
        found, left = await _chosen(ctx, device, area, "set_color", floor, near, exclude)
        return await to_kelvin(ctx, kelvin, found, left)
    wanted = color_of(color)
    if not (from_color or exclude or wanted in QUALITIES or wanted in _ANOTHER):
        if wanted not in COLORS:
            raise _unknown_color(color)
        return await apply(ctx, device, area, "set_color", wanted, floor=floor, near=near)
    found, left = await _chosen(ctx, device, area, "set_color", floor, near, exclude)
    if from_color:
        was = color_of(from_color)
        those = [d for d in found if str(d.attributes.get("color") or "").lower() == was]
        if those and wanted in COLORS:
            return await apply(ctx, device, area, "set_color", wanted, found=those, left=left)
    current = str(found[0].attributes.get("color") or "").lower()
    if wanted in QUALITIES:  # "dark colours", "something random": a colour of that kind
        wanted = of_quality(wanted, current, random.randrange(1 << 16))
    elif wanted in _ANOTHER:  # "change the color of the lights": the next one in the cycle
        wanted = _CYCLE[(_CYCLE.index(current) + 1) % len(_CYCLE)] if current in _CYCLE else "blue"
    elif wanted not in COLORS:
        raise _unknown_color(color)
    return await apply(ctx, device, area, "set_color", wanted, found=found, left=left)


def _unknown_color(color: str) -> ToolExecutionError:
    return ToolExecutionError(
        f"I don't know the color {color!r}; try one of: {', '.join(sorted(COLORS))}.",
        code=ErrorCode.NEEDS_INPUT,
    )


async def _chosen(
    ctx: ToolContext,
    device: str,
    area: str | None,
    action: Action,
    floor: str | None,
    near: str | None,
    exclude: str | None,
) -> tuple[list[Device], list[Device]]:
    """(the targets, those `exclude` leaves out).

    With an exclusion, every device that matches, not only those near the speaker.
    """
    wide = bool(exclude and exclude.strip())
    found = await targets(
        ctx, device, area, action, floor=floor, near=None if wide else near, many=wide
    )
    return left_out(found, exclude, await home_layout(home_backend(ctx.runtime)))


@tool(side_effects="reversible", tags=("smart home", "heating", "thermostat"))
async def set_temperature(
    ctx: ToolContext,
    temperature: float | None = None,
    device: str = "",
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
    change: float | None = None,
) -> ToolOutput:
    """Set the thermostat's target temperature (in the configured units, °C or °F), or change it.

    "turn the heating up" / "lower the temperature by 2 degrees" give `change`. A value that is
    only a safe temperature in the other unit (68 on a °C home, 20 on a °F home) is read in that
    unit, converted, and the reply says so.

    Args:
        temperature: Target temperature, e.g. 21 (°C) or 70 (°F); or give `change`.
        change: Degrees to add to the current target (negative lowers it), e.g. 1 or -2.
        device: Thermostat name when there are several (empty: the only one; with several
            and no room to choose by, it asks which).
        area: Room of the thermostat, e.g. "office".
        floor: Floor, e.g. "upstairs" (every thermostat there).
        near: The room the request came from (its thermostat, when it has one).
    """
    unit = "°F" if ctx.runtime.settings.units == "imperial" else "°C"
    if (temperature is None) == (change is None):
        raise ToolExecutionError(
            "Say a temperature (e.g. 21) or how much warmer or cooler; nothing was changed."
        )
    if change is not None:
        return await changed_by(ctx, change, unit, device, area, floor, near)
    assert temperature is not None
    celsius = convert(temperature, unit, "°C")
    other = "°C" if unit == "°F" else "°F"
    read_as = ""
    if not 5 <= celsius <= 35 and 5 <= convert(temperature, other, "°C") <= 35:
        said = temperature  # "set the thermostat to 68" on a °C home: only sensible in °F
        temperature = round(convert(said, other, unit) * 2) / 2
        celsius = convert(temperature, unit, "°C")
        read_as = f" (I read {said:g} as {said:g}{other})"
    if not 5 <= celsius <= 35:
        low, high = convert(5, "°C", unit), convert(35, "°C", unit)
        raise ToolExecutionError(
            f"{temperature:g}{unit} is outside the safe range {low:g}{unit} to {high:g}{unit}; "
            "nothing was changed.",
            code=ErrorCode.NEEDS_INPUT,
        )
    found = await thermostats(ctx, device, area, floor, near)
    changed = []
    for target in found:
        value = convert(temperature, unit, str(target.attributes.get("temperature_unit", "°C")))
        changed.append(await apply(ctx, target.id, None, "set_temperature", value, found=[target]))
    if len(changed) == 1:
        one = changed[0]
        if read_as and one.display:
            return one.model_copy(update={"display": f"{one.display.rstrip('.')}{read_as}."})
        return one
    names = [d.name for d in found]
    return ToolOutput(
        data={"devices": [d for c in changed for d in (c.data or {}).get("devices", [])]},
        display=f"Set the temperature of {', '.join(names[:-1])} and {names[-1]} to "
        f"{temperature:g}{unit}{read_as}.",
    )

"""Smart-home tools: lights, switches, thermostat, locks, covers and valves.

Every tool resolves its target first (fuzzily: "the lights in the kitchen", a floor, "all"); an
unknown or ambiguous name raises with close matches and changes nothing. Media players, fans,
vacuums, mowers, scenes and questions about several devices are in `roles.smart_home.more_tools`.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from roles.smart_home._colors import COLORS, color_of
from roles.smart_home._common import (
    BACKEND,
    BACKEND_KEY,
    PLURAL,
    apply,
    home_backend,
    home_layout,
    targets,
)
from roles.smart_home.backend import convert, describe, match_devices, resolve
from roles.smart_home.home import canonical
from roles.smart_home.more_tools import list_devices

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
_ANOTHER = frozenset({"different", "another", "next", "random", "other"})
_Place = Annotated[str | None, Field(description='Floor, e.g. "upstairs".')]


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
) -> ToolOutput:
    """Get the current state of a device ("is the front door locked?", "the bathroom humidity").

    Args:
        device: Device name, e.g. "front door", "kitchen light", "thermostat".
        area: Room, to tell apart devices with the same name.
        floor: Floor, e.g. "upstairs".
        near: The room the request came from (picks the device there).
    """
    devices = await home_backend(ctx.runtime).devices()
    area, floor = await _where(ctx, area, floor)
    plural = bool(PLURAL.search(device))
    found = match_devices(devices, device, area, floor)
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
) -> ToolOutput:
    """Turn on a light, switch, fan, TV or the heating ("the lights" turns on every matching one).

    Args:
        device: Device name or kind, e.g. "kitchen light", "coffee machine", "lights".
        area: Room, e.g. "bedroom".
        floor: Floor, e.g. "upstairs".
        near: The room the request came from ("the light" means the one there).
    """
    return await apply(ctx, device, area, "turn_on", floor=floor, near=near)


@tool(side_effects="reversible", tags=("smart home", "lights", "power"))
async def turn_off(
    ctx: ToolContext,
    device: str,
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
) -> ToolOutput:
    """Turn off a light, switch, fan, TV or the heating ("the lights" turns off every matching one).

    Args:
        device: Device name or kind, e.g. "kitchen light", "coffee machine", "lights".
        area: Room, e.g. "bedroom".
        floor: Floor, e.g. "upstairs".
        near: The room the request came from ("the light" means the one there).
    """
    return await apply(ctx, device, area, "turn_off", floor=floor, near=near)


@tool(side_effects="reversible", tags=("smart home", "lights", "dim"))
async def set_brightness(
    ctx: ToolContext,
    device: str,
    brightness: Annotated[int | None, Field(ge=0, le=100)] = None,
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
    change: Annotated[int | None, Field(ge=-100, le=100)] = None,
) -> ToolOutput:
    """Dim or brighten a light (0 turns it off), to a level or by a step.

    Args:
        device: Light name, e.g. "living room light".
        brightness: Percent, 0 to 100.
        area: Room, e.g. "bedroom".
        floor: Floor, e.g. "upstairs".
        near: The room the request came from.
        change: Instead of `brightness`: points to add or take off ("brighter": 20).
    """
    if brightness is not None or change is None:
        if brightness is None:
            raise ToolExecutionError(
                "Say a brightness from 0 to 100% or how much brighter or dimmer; nothing was "
                "changed."
            )
        return await apply(ctx, device, area, "set_brightness", brightness, floor=floor, near=near)
    found = await targets(ctx, device, area, "set_brightness", floor=floor, near=near)
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
        return outputs[0]
    names = [d.name for d in found]
    return ToolOutput(
        data={"devices": [d for o in outputs for d in (o.data or {}).get("devices", [])]},
        display=f"Changed the brightness of {', '.join(names[:-1])} and {names[-1]}.",
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
) -> ToolOutput:
    """Change a light's color or color temperature ("warm white", "cool white", "daylight").

    Args:
        device: Light name, e.g. "bedroom light".
        color: A color name such as "red", "blue", "warm white" or "cool white" (a shade or
            tint such as "sky blue" or "pinkish" is that color); "different" for the next one.
        area: Room, e.g. "bedroom".
        floor: Floor, e.g. "upstairs".
        near: The room the request came from.
        from_color: The color the lights have now ("from red to blue"): of several lights,
            only those of that color change, when some are.
    """
    wanted = color_of(color)
    if from_color:
        found = await targets(ctx, device, area, "set_color", floor=floor, near=near)
        was = color_of(from_color)
        those = [d for d in found if str(d.attributes.get("color") or "").lower() == was]
        if those and wanted in COLORS:
            return await apply(ctx, device, area, "set_color", wanted, found=those)
    if wanted in _ANOTHER:  # "change the color of the lights": the next one in the cycle
        found = await targets(ctx, device, area, "set_color", floor=floor, near=near)
        current = str(found[0].attributes.get("color") or "").lower()
        wanted = _CYCLE[(_CYCLE.index(current) + 1) % len(_CYCLE)] if current in _CYCLE else "blue"
        return await apply(ctx, device, area, "set_color", wanted, found=found)
    if wanted not in COLORS:
        raise ToolExecutionError(
            f"I don't know the color {color!r}; try one of: {', '.join(sorted(COLORS))}."
        )
    return await apply(ctx, device, area, "set_color", wanted, floor=floor, near=near)


@tool(side_effects="reversible", tags=("smart home", "heating", "thermostat"))
async def set_temperature(
    ctx: ToolContext,
    temperature: float,
    device: str = "",
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
) -> ToolOutput:
    """Set the thermostat's target temperature (in the configured units, °C or °F).

    Args:
        temperature: Target temperature, e.g. 21 (°C) or 70 (°F).
        device: Thermostat name when there are several (empty: the only one; with several
            and no room to choose by, it asks which).
        area: Room of the thermostat, e.g. "office".
        floor: Floor, e.g. "upstairs" (every thermostat there).
        near: The room the request came from (its thermostat, when it has one).
    """
    unit = "°F" if ctx.runtime.settings.units == "imperial" else "°C"
    celsius = convert(temperature, unit, "°C")
    if not 5 <= celsius <= 35:
        low, high = convert(5, "°C", unit), convert(35, "°C", unit)
        raise ToolExecutionError(
            f"{temperature:g}{unit} is outside the safe range {low:g}{unit} to {high:g}{unit}; "
            "nothing was changed."
        )
    found = await targets(ctx, device, area, "set_temperature", floor=floor, near=near, many=True)
    if len(found) > 1 and not (area or floor):
        listed = ", ".join(d.name for d in found)
        raise ToolExecutionError(
            f"There are {len(found)} thermostats ({listed}); nothing was changed. Which one?",
            details={"device": device, "matches": [d.id for d in found]},
        )
    changed = []
    for target in found:
        value = convert(temperature, unit, str(target.attributes.get("temperature_unit", "°C")))
        changed.append(await apply(ctx, target.id, None, "set_temperature", value, found=[target]))
    if len(changed) == 1:
        return changed[0]
    names = [d.name for d in found]
    return ToolOutput(
        data={"devices": [d for c in changed for d in (c.data or {}).get("devices", [])]},
        display=f"Set the temperature of {', '.join(names[:-1])} and {names[-1]} to "
        f"{temperature:g}{unit}.",
    )


@tool(side_effects="reversible", tags=("smart home", "security", "door"))
async def lock(ctx: ToolContext, device: str = "front door", area: str | None = None) -> ToolOutput:
    """Lock a door lock ("all the locks" needs a named room).

    Args:
        device: Lock name, e.g. "front door".
        area: Room, e.g. "garage".
    """
    return await apply(ctx, device, area, "lock")


async def _unlock_targets(
    ctx: ToolContext, device: str = "front door", area: str | None = None
) -> None:
    """Before approval is asked: the lock exists, and one lock (or a named room's)."""
    await targets(ctx, device, area, "unlock")


async def _garage_target(
    ctx: ToolContext, device: str = "garage door", position: int | None = None
) -> None:
    """Before approval is asked: exactly one garage door or gate answers to `device`."""
    found = await targets(ctx, device, None, "open")
    (target,) = resolve(found, device) if len(found) > 1 else found
    if not target.is_garage:
        raise ToolExecutionError(
            f"{target.name} is not a garage door; use smart_home.open_cover. Nothing was changed."
        )


@tool(
    side_effects="reversible",
    requires_approval=True,
    tags=("smart home", "security", "door"),
    precheck=_unlock_targets,
)
async def unlock(
    ctx: ToolContext, device: str = "front door", area: str | None = None
) -> ToolOutput:
    """Unlock a door lock (asks the user for approval first).

    Args:
        device: Lock name, e.g. "front door".
        area: Room, e.g. "garage".
    """
    return await apply(ctx, device, area, "unlock")


async def _not_garage(ctx: ToolContext, device: str, area: str | None, floor: str | None) -> None:
    found = await targets(ctx, device, area, "open", floor=floor, many=True)
    if garages := [d for d in found if d.is_garage]:
        raise ToolExecutionError(
            f"{garages[0].name} is a garage door or gate; opening it needs approval, so use "
            "smart_home.open_garage. Nothing was changed."
        )


@tool(side_effects="reversible", tags=("smart home", "blinds", "cover"))
async def open_cover(
    ctx: ToolContext,
    device: str,
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
) -> ToolOutput:
    """Open blinds, shades, curtains or windows (garage doors and gates: smart_home.open_garage).

    Args:
        device: Cover name, e.g. "living room blinds".
        area: Room, e.g. "bedroom".
        floor: Floor, e.g. "upstairs".
        near: The room the request came from.
    """
    await _not_garage(ctx, device, area, floor)
    return await apply(ctx, device, area, "open", floor=floor, near=near)


@tool(
    side_effects="reversible",
    requires_approval=True,
    tags=("smart home", "garage", "door"),
    precheck=_garage_target,
)
async def open_garage(
    ctx: ToolContext, device: str = "garage door", position: int | None = None
) -> ToolOutput:
    """Open the garage door or a gate, fully or to a position (asks for approval first).

    Args:
        device: Garage door or gate name.
        position: Percent open, 1 to 100; omit to open fully.
    """
    found = await targets(ctx, device, None, "open")
    if len(found) > 1:
        found = resolve(found, device)
    (target,) = found
    if not target.is_garage:
        raise ToolExecutionError(
            f"{target.name} is not a garage door; use smart_home.open_cover. Nothing was changed."
        )
    if position is not None and 0 < position < 100:
        return await apply(ctx, target.id, None, "set_position", position, found=[target])
    return await apply(ctx, target.id, None, "open", found=[target])


@tool(side_effects="reversible", tags=("smart home", "blinds", "garage", "cover"))
async def close_cover(
    ctx: ToolContext,
    device: str,
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
) -> ToolOutput:
    """Close blinds, shades, curtains, windows, a gate or the garage door.

    Args:
        device: Cover name, e.g. "garage door", "bedroom blinds".
        area: Room, e.g. "bedroom".
        floor: Floor, e.g. "upstairs".
        near: The room the request came from.
    """
    return await apply(ctx, device, area, "close", floor=floor, near=near)


@tool(side_effects="reversible", tags=("smart home", "blinds", "cover"))
async def stop_cover(ctx: ToolContext, device: str, area: str | None = None) -> ToolOutput:
    """Stop blinds, curtains, a gate or the garage door where they are.

    Args:
        device: Cover name, e.g. "bedroom blinds".
        area: Room, e.g. "bedroom".
    """
    return await apply(ctx, device, area, "stop", many=True)


@tool(side_effects="reversible", tags=("smart home", "blinds", "cover", "valve"))
async def set_position(
    ctx: ToolContext,
    device: str,
    position: Annotated[int, Field(ge=0, le=100)],
    area: str | None = None,
    floor: _Place = None,
    near: str | None = None,
) -> ToolOutput:
    """Move blinds, curtains or a valve to a position ("open the blinds halfway" is 50).

    Args:
        device: Cover or valve name, e.g. "living room blinds".
        position: Percent open, 0 (closed) to 100 (open).
        area: Room, e.g. "bedroom".
        floor: Floor, e.g. "upstairs".
        near: The room the request came from.
    """
    if position > 0:
        await _not_garage(ctx, device, area, floor)
    return await apply(ctx, device, area, "set_position", position, floor=floor, near=near)


@tool(side_effects="reversible", tags=("smart home", "water", "valve", "garden"))
async def open_valve(ctx: ToolContext, device: str, area: str | None = None) -> ToolOutput:
    """Open a water valve or sprinkler ("water the back lawn").

    Args:
        device: Valve name, e.g. "garden sprinkler", or "valve".
        area: Room or garden area, e.g. "back lawn".
    """
    return await apply(ctx, device, area, "open")


@tool(side_effects="reversible", tags=("smart home", "water", "valve", "garden"))
async def close_valve(ctx: ToolContext, device: str, area: str | None = None) -> ToolOutput:
    """Close a water valve or sprinkler.

    Args:
        device: Valve name, e.g. "garden sprinkler", or "valve".
        area: Room or garden area.
    """
    return await apply(ctx, device, area, "close")


@tool(side_effects="reversible", tags=("smart home", "cleaning", "vacuum"))
async def start_vacuum(
    ctx: ToolContext, device: str = "vacuum", area: str | None = None
) -> ToolOutput:
    """Start the robot vacuum, or send it to clean one area.

    Args:
        device: Vacuum name when there are several.
        area: Area to clean, e.g. "kitchen"; omit to clean everywhere.
    """
    if area:
        layout = await home_layout(home_backend(ctx.runtime))
        room = canonical(layout, area)[0] or area
        found = await targets(ctx, device, None, "clean_area")
        return await apply(ctx, device, None, "clean_area", room, found=found[:1])
    return await apply(ctx, device, None, "start")


@tool(side_effects="reversible", tags=("smart home", "cleaning", "vacuum"))
async def stop_vacuum(ctx: ToolContext, device: str = "vacuum") -> ToolOutput:
    """Stop the robot vacuum and send it back to its dock (return to base).

    Args:
        device: Vacuum name when there are several.
    """
    return await apply(ctx, device, None, "dock")

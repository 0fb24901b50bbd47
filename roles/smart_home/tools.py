"""Smart-home tools: list, inspect and control lights, switches, thermostat, locks, covers, vacuum.

Every tool resolves the device name first (fuzzily: "the lights in the kitchen"); an unknown or
ambiguous name raises with close matches and changes nothing.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import Field

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.runtime import Dependency, Runtime
from roles.smart_home.backend import (
    SUPPORTED,
    Action,
    Device,
    HomeBackend,
    check_supported,
    convert,
    describe,
    match_devices,
    resolve,
)
from roles.smart_home.home_assistant import HomeAssistant
from roles.smart_home.simulated import SimulatedHome, load_devices

__all__ = [
    "BACKEND_KEY",
    "COLORS",
    "close_cover",
    "get_state",
    "home_backend",
    "list_devices",
    "lock",
    "open_cover",
    "open_garage",
    "set_brightness",
    "set_color",
    "set_temperature",
    "start_vacuum",
    "stop_vacuum",
    "turn_off",
    "turn_on",
    "unlock",
]

COLORS = frozenset(
    "red orange yellow green blue purple pink white cyan magenta violet teal turquoise "
    "lime gold amber indigo lavender".split()
) | {"warm white", "cool white", "daylight"}
_PLURAL = re.compile(r"\b(all|every|everything|lights|lamps|switches|plugs|blinds|shades)\b", re.I)


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
    return SimulatedHome(runtime.db, load_devices(settings.home_config))


BACKEND: Dependency[HomeBackend] = Dependency(
    "smart_home.backend", _build, description="Where devices live (simulated by default)."
)
BACKEND_KEY = BACKEND.name


def home_backend(runtime: Runtime) -> HomeBackend:
    """The runtime's home backend (simulated unless Home Assistant is configured)."""
    return runtime.get(BACKEND)


async def _targets(
    ctx: ToolContext, device: str, area: str | None, action: Action, *, many: bool = False
) -> list[Device]:
    """Devices `device` names that can do `action`; raises (nothing changed) otherwise."""
    devices = await home_backend(ctx.runtime).devices()
    able = [d for d in devices if d.kind in SUPPORTED[action]]
    if able and match_devices(able, device, area):
        return resolve(able, device, area, many=many or bool(_PLURAL.search(device)))
    found = resolve(devices, device, area, many=True)
    check_supported(found[0], action)  # a match that cannot do this says so
    return found  # pragma: no cover - check_supported raised


async def _apply(
    ctx: ToolContext,
    device: str,
    area: str | None,
    action: Action,
    value: Any = None,
    *,
    many: bool = False,
) -> ToolOutput:
    backend = home_backend(ctx.runtime)
    targets = await _targets(ctx, device, area, action, many=many)
    changed = [await backend.act(d, action, value) for d in targets]
    units = ctx.runtime.settings.units
    if len(changed) == 1:
        return ToolOutput(
            data={**changed[0].model_dump(), "devices": [changed[0].model_dump()]},
            display=describe(changed[0], units),
        )
    names = [d.name for d in changed]
    listed = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
    done = _DONE.get(action)
    display = f"{done} {listed}." if done else f"Done for {listed}."
    return ToolOutput(
        data={"devices": [d.model_dump() for d in changed], "count": len(changed)},
        display=display,
    )


_DONE = {
    "turn_on": "Turned on",
    "turn_off": "Turned off",
    "lock": "Locked",
    "unlock": "Unlocked",
    "open_cover": "Opened",
    "close_cover": "Closed",
    "set_brightness": "Changed the brightness of",
    "set_color": "Changed the color of",
    "set_temperature": "Set the temperature of",
}
"""What a command did to several devices, as the start of a sentence."""


@tool(tags=("smart home", "devices"))
async def list_devices(ctx: ToolContext, area: str | None = None) -> ToolOutput:
    """List the smart-home devices and their states, optionally in one room.

    Args:
        area: Room to list, e.g. "kitchen"; omit for the whole home.
    """
    devices = await home_backend(ctx.runtime).devices()
    if area:
        devices = match_devices(devices, "", area)
        if not devices:
            raise ToolExecutionError(f"I don't know any devices in the {area}.")
    units = ctx.runtime.settings.units
    where = f" in the {area}" if area else ""
    lines = " ".join(describe(d, units) for d in devices)
    return ToolOutput(
        data={"devices": [d.model_dump() for d in devices], "count": len(devices)},
        display=f"{len(devices)} devices{where}: {lines}",
    )


@tool(tags=("smart home", "status"))
async def get_state(ctx: ToolContext, device: str, area: str | None = None) -> ToolOutput:
    """Get the current state of one device ("is the front door locked?").

    Args:
        device: Device name, e.g. "front door", "kitchen light", "thermostat".
        area: Room, to tell apart devices with the same name.
    """
    devices = await home_backend(ctx.runtime).devices()
    found = resolve(devices, device, area, many=bool(_PLURAL.search(device)))
    units = ctx.runtime.settings.units
    data = {"devices": [d.model_dump() for d in found]}
    if len(found) == 1:
        data = {**found[0].model_dump(), **data}
    return ToolOutput(data=data, display=" ".join(describe(d, units) for d in found))


@tool(side_effects="reversible", tags=("smart home", "lights", "power"))
async def turn_on(ctx: ToolContext, device: str, area: str | None = None) -> ToolOutput:
    """Turn on a light, switch, fan or the heating ("the lights" turns on every matching light).

    Args:
        device: Device name, e.g. "kitchen light", "coffee machine", "lights".
        area: Room, e.g. "bedroom".
    """
    return await _apply(ctx, device, area, "turn_on")


@tool(side_effects="reversible", tags=("smart home", "lights", "power"))
async def turn_off(ctx: ToolContext, device: str, area: str | None = None) -> ToolOutput:
    """Turn off a light, switch, fan or the heating ("the lights" turns off every matching light).

    Args:
        device: Device name, e.g. "kitchen light", "coffee machine", "lights".
        area: Room, e.g. "bedroom".
    """
    return await _apply(ctx, device, area, "turn_off")


@tool(side_effects="reversible", tags=("smart home", "lights", "dim"))
async def set_brightness(
    ctx: ToolContext,
    device: str,
    brightness: Annotated[int, Field(ge=0, le=100)],
    area: str | None = None,
) -> ToolOutput:
    """Dim or brighten a light (0 turns it off).

    Args:
        device: Light name, e.g. "living room light".
        brightness: Percent, 0 to 100.
        area: Room, e.g. "bedroom".
    """
    return await _apply(ctx, device, area, "set_brightness", brightness)


@tool(side_effects="reversible", tags=("smart home", "lights", "colour"))
async def set_color(
    ctx: ToolContext, device: str, color: str, area: str | None = None
) -> ToolOutput:
    """Change a light's color.

    Args:
        device: Light name, e.g. "bedroom light".
        color: A color name such as "red", "blue", "warm white" or "cool white".
        area: Room, e.g. "bedroom".
    """
    wanted = " ".join(color.lower().split())
    if wanted not in COLORS:
        raise ToolExecutionError(
            f"I don't know the color {color!r}; try one of: {', '.join(sorted(COLORS))}."
        )
    return await _apply(ctx, device, area, "set_color", wanted)


@tool(side_effects="reversible", tags=("smart home", "heating", "thermostat"))
async def set_temperature(
    ctx: ToolContext, temperature: float, device: str = "thermostat"
) -> ToolOutput:
    """Set the thermostat's target temperature (in the configured units, °C or °F).

    Args:
        temperature: Target temperature, e.g. 21 (°C) or 70 (°F).
        device: Thermostat name when there are several.
    """
    unit = "°F" if ctx.runtime.settings.units == "imperial" else "°C"
    celsius = convert(temperature, unit, "°C")
    if not 5 <= celsius <= 35:
        low, high = convert(5, "°C", unit), convert(35, "°C", unit)
        raise ToolExecutionError(
            f"{temperature:g}{unit} is outside the safe range {low:g}{unit} to {high:g}{unit}; "
            "nothing was changed."
        )
    (target,) = await _targets(ctx, device, None, "set_temperature")
    value = convert(temperature, unit, str(target.attributes.get("temperature_unit", "°C")))
    return await _apply(ctx, target.id, None, "set_temperature", value)


@tool(side_effects="reversible", tags=("smart home", "security", "door"))
async def lock(ctx: ToolContext, device: str = "front door") -> ToolOutput:
    """Lock a door lock.

    Args:
        device: Lock name, e.g. "front door".
    """
    return await _apply(ctx, device, None, "lock")


@tool(side_effects="reversible", requires_approval=True, tags=("smart home", "security", "door"))
async def unlock(ctx: ToolContext, device: str = "front door") -> ToolOutput:
    """Unlock a door lock (asks the user for approval first).

    Args:
        device: Lock name, e.g. "front door".
    """
    return await _apply(ctx, device, None, "unlock")


@tool(side_effects="reversible", tags=("smart home", "blinds", "cover"))
async def open_cover(ctx: ToolContext, device: str, area: str | None = None) -> ToolOutput:
    """Open blinds, shades or curtains (garage doors: use smart_home.open_garage).

    Args:
        device: Cover name, e.g. "living room blinds".
        area: Room, e.g. "bedroom".
    """
    targets = await _targets(ctx, device, area, "open")
    if garages := [d for d in targets if d.is_garage]:
        raise ToolExecutionError(
            f"{garages[0].name} is a garage door; opening it needs approval, so use "
            "smart_home.open_garage. Nothing was changed."
        )
    return await _apply(ctx, device, area, "open")


@tool(side_effects="reversible", requires_approval=True, tags=("smart home", "garage", "door"))
async def open_garage(ctx: ToolContext, device: str = "garage door") -> ToolOutput:
    """Open the garage door (asks the user for approval first).

    Args:
        device: Garage door name.
    """
    (target,) = await _targets(ctx, device, None, "open")
    if not target.is_garage:
        raise ToolExecutionError(
            f"{target.name} is not a garage door; use smart_home.open_cover. Nothing was changed."
        )
    return await _apply(ctx, target.id, None, "open")


@tool(side_effects="reversible", tags=("smart home", "blinds", "garage", "cover"))
async def close_cover(ctx: ToolContext, device: str, area: str | None = None) -> ToolOutput:
    """Close blinds, shades, curtains or the garage door.

    Args:
        device: Cover name, e.g. "garage door", "bedroom blinds".
        area: Room, e.g. "bedroom".
    """
    return await _apply(ctx, device, area, "close")


@tool(side_effects="reversible", tags=("smart home", "cleaning", "vacuum"))
async def start_vacuum(ctx: ToolContext, device: str = "vacuum") -> ToolOutput:
    """Start the robot vacuum.

    Args:
        device: Vacuum name when there are several.
    """
    return await _apply(ctx, device, None, "start")


@tool(side_effects="reversible", tags=("smart home", "cleaning", "vacuum"))
async def stop_vacuum(ctx: ToolContext, device: str = "vacuum") -> ToolOutput:
    """Stop the robot vacuum and send it back to its dock.

    Args:
        device: Vacuum name when there are several.
    """
    return await _apply(ctx, device, None, "dock")

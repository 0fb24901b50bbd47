"""Smart-home tools for media players, fans, climate modes, vacuums, mowers, scenes, questions.

Questions about several devices: "which lights are on", "are any windows open".
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.understanding._format import said_together
from roles.smart_home._common import apply, home_backend, home_layout, targets
from roles.smart_home._media_said import mute_said, volume_said
from roles.smart_home.backend import (
    Action,
    Device,
    convert,
    describe,
    in_state,
    is_radio,
    match_devices,
)
from roles.smart_home.home import canonical

__all__ = [
    "activate",
    "dock_mower",
    "get_temperature",
    "list_devices",
    "media",
    "oscillate",
    "play_media",
    "set_fan_speed",
    "set_hvac_mode",
    "set_volume",
    "start_mower",
    "start_vacuum",
    "stop_vacuum",
]


@tool(tags=("smart home", "devices", "status"))
async def list_devices(
    ctx: ToolContext,
    area: str | None = None,
    floor: str | None = None,
    device: str | None = None,
    state: str | None = None,
) -> ToolOutput:
    """List devices and their states; answers "which lights are on", "are any windows open".

    Args:
        area: Room to list, e.g. "kitchen"; omit for the whole home.
        floor: Floor, e.g. "upstairs".
        device: Kind or name filter, e.g. "lights", "windows", "locks".
        state: Only devices in this state, e.g. "on", "open", "unlocked".
    """
    backend = home_backend(ctx.runtime)
    devices = await backend.devices()
    layout = await home_layout(backend)
    if device and re.fullmatch(r"(?:things?|devices?|anything|everything|stuff)", device.lower()):
        device = None
    place_area, place_floor = canonical(layout, area)
    floor_area, floor_name = canonical(layout, floor)
    area, floor = place_area or floor_area, floor_name or place_floor
    if area or floor or device:
        devices = match_devices(devices, device or "", area, floor)
        if not devices:
            where = f" in the {area}" if area else (f" on the {floor}" if floor else "")
            what = device or "devices"
            raise ToolExecutionError(f"I don't know any {what}{where}.", code=ErrorCode.NEEDS_INPUT)
    where = f" in the {area.lower()}" if area else (f" on the {floor.lower()}" if floor else "")
    units = ctx.runtime.settings.units
    if state:
        wanted = state.lower().strip()
        matching = [d for d in devices if in_state(d, wanted)]
        what = device or "devices"
        names = said_together(d.name for d in matching)
        display = (
            f"{len(matching)} of {len(devices)} {what}{where} are {wanted}: {names}."
            if matching
            else f"No {what}{where} are {wanted}."
        )
        return ToolOutput(
            data={"devices": [d.model_dump() for d in matching], "count": len(matching)},
            display=display,
        )
    lines = " ".join(describe(d, units) for d in devices)
    return ToolOutput(
        data={"devices": [d.model_dump() for d in devices], "count": len(devices)},
        display=f"{len(devices)} devices{where}: {lines}",
    )


@tool(tags=("smart home", "heating", "temperature"))
async def get_temperature(ctx: ToolContext, area: str | None = None) -> ToolOutput:
    """The temperature indoors or in one room ("what's the temperature in the kitchen").

    Args:
        area: Room, e.g. "kitchen"; omit for the main thermostat.
    """
    backend = home_backend(ctx.runtime)
    devices = await backend.devices()
    room = canonical(await home_layout(backend), area)[0] if area else None
    pool = match_devices(devices, "", room) if room else devices
    unit = "°F" if ctx.runtime.settings.units == "imperial" else "°C"
    for device in pool:
        value = device.attributes.get("current_temperature")
        if device.kind == "climate" and value is not None:
            source = str(device.attributes.get("temperature_unit", "°C"))
            degrees = convert(value, source, unit)
            return ToolOutput(
                data={**device.model_dump(), "temperature": degrees},
                display=f"It is {degrees:g}{unit}{f' in the {room}' if room else ''}.",
            )
    for device in pool:
        if device.kind == "sensor" and device.device_class == "temperature":
            return ToolOutput(
                data=device.model_dump(), display=describe(device, ctx.runtime.settings.units)
            )
    where = f" in the {room}" if room else ""
    raise ToolExecutionError(
        f"I don't have a thermostat or temperature sensor{where}.", code=ErrorCode.NEEDS_INPUT
    )


@tool(side_effects="reversible", tags=("smart home", "heating", "thermostat"))
async def set_hvac_mode(
    ctx: ToolContext,
    mode: Literal["heat", "cool", "auto", "heat_cool", "dry", "fan_only", "off"],
    device: str = "thermostat",
    fan_mode: str | None = None,
) -> ToolOutput:
    """Set the thermostat's mode (heat, cool, auto, off) and optionally its fan mode.

    Args:
        mode: The climate mode.
        device: Thermostat name when there are several.
        fan_mode: Fan mode such as "low", "high", "auto".
    """
    found = (await targets(ctx, device, None, "set_hvac_mode"))[:1]
    if fan_mode:
        await apply(ctx, device, None, "set_fan_mode", fan_mode, found=found)
    return await apply(ctx, device, None, "set_hvac_mode", mode, found=found)


@tool(side_effects="reversible", tags=("smart home", "fan"))
async def set_fan_speed(
    ctx: ToolContext,
    device: str,
    percentage: Annotated[int | None, Field(ge=0, le=100)] = None,
    area: str | None = None,
    change: Annotated[int | None, Field(ge=-100, le=100)] = None,
) -> ToolOutput:
    """Set a fan's speed in percent (0 turns it off), or change it up or down by some points.

    Args:
        device: Fan name, e.g. "ceiling fan", or "fan".
        percentage: Speed, 0 to 100.
        area: Room, e.g. "bedroom".
        change: Points to add (e.g. 20) or remove (e.g. -20) instead ("turn the fan up").
    """
    if (percentage is None) == (change is None):
        raise ToolExecutionError("Say a fan speed (0-100) or how much faster or slower.")
    if percentage is not None:
        return await apply(ctx, device, area, "set_speed", percentage)
    fan = (await targets(ctx, device, area, "set_speed"))[0]
    if not isinstance(fan.attributes.get("percentage"), int | float):
        raise ToolExecutionError(
            f"The {fan.name} has no speed setting; nothing was changed.", code=ErrorCode.NEEDS_INPUT
        )
    now = int(fan.attributes["percentage"]) if fan.state == "on" else 0
    level = max(0, min(100, now + int(change or 0)))
    return await apply(ctx, device, area, "set_speed", level, found=[fan])


@tool(side_effects="reversible", tags=("smart home", "fan"))
async def oscillate(
    ctx: ToolContext, device: str, on: bool = True, area: str | None = None
) -> ToolOutput:
    """Make a fan oscillate (swing), or stop it.

    Args:
        device: Fan name.
        on: True to oscillate, False to stop.
        area: Room, e.g. "bedroom".
    """
    return await apply(ctx, device, area, "oscillate", on)


_COMMANDS: dict[str, Action] = {
    "play": "media_play",
    "resume": "media_play",
    "pause": "media_pause",
    "stop": "media_pause",
    "next": "media_next",
    "previous": "media_previous",
    "mute": "mute",
    "unmute": "unmute",
}


_ANY_PLAYER = frozenset(
    {"", "media player", "media players", "player", "music", "sound", "audio", "volume", "song"}
)

_PLAYER_WORDS = frozenset({"radio", "speaker", "speakers", "stereo", "music player"})
"""Kind words for a player: "turn up the radio" is the one in use when several could be."""


async def _players(
    ctx: ToolContext, device: str, area: str | None, action: Action, near: str | None
) -> list[Device]:
    """The players a media command is for; with none named, the one in use.

    "turn it down" in a home with a TV and a speaker: the one playing, else the one in the room
    the request came from, else the only one; otherwise the usual question names them. A kind
    word ("the radio", "the speakers") that fits several players is the one in use too. "The
    radio" in a home without one is the one player playing now ("turn the radio down"), never
    an idle TV: with none playing, there is no radio.
    """
    if device.strip().lower() == "radio" and not area:
        players = await targets(ctx, "media player", None, action, many=True)
        if not any(is_radio(d) for d in players):
            playing = [d for d in players if d.state == "playing"]
            if len(playing) == 1:
                return playing
            return await targets(ctx, device, area, action, near=near)  # "There's no radio"
    if device.strip().lower() not in _ANY_PLAYER | _PLAYER_WORDS or area:
        return await targets(ctx, device, area, action, near=near, many=area is not None)
    found = await targets(ctx, device, area, action, near=near, many=True)
    playing = [d for d in found if d.state in ("playing", "on")]
    if len(playing) == 1 or len(found) == 1:
        return playing or found
    return await targets(ctx, device, area, action, near=near)  # several: says which


@tool(side_effects="reversible", tags=("smart home", "media", "music", "tv"))
async def media(
    ctx: ToolContext,
    command: Literal["play", "resume", "pause", "stop", "next", "previous", "mute", "unmute"],
    device: str = "media player",
    area: str | None = None,
    near: str | None = None,
) -> ToolOutput:
    """Control a TV or speaker: play, resume, pause, next or previous track, mute, unmute.

    Args:
        command: What to do.
        device: TV or speaker name, e.g. "living room TV"; "media player" for the one nearby.
        area: Room, e.g. "kitchen".
        near: The room the request came from.
    """
    action = _COMMANDS[command]
    found: list[Device] = []
    if command in ("next", "previous") and not area and device.strip().lower() in _ANY_PLAYER:
        players = await targets(ctx, device, None, action, many=True)  # "skip this song"
        playing = [d for d in players if d.state in ("playing", "on")]
        found = playing or [d for d in players if d.state == "paused"]
        if not found:
            raise ToolExecutionError(
                "Nothing is playing right now; nothing was changed.", code=ErrorCode.NEEDS_INPUT
            )
    elif command == "resume" and not area and device.strip().lower() in _ANY_PLAYER:
        players = await targets(ctx, device, None, action, many=True)  # "carry on": the paused one
        found = [d for d in players if d.state == "paused"]
        if not any(d.state in ("paused", "playing") for d in players):  # "music on", TV idle
            raise ToolExecutionError(
                "Nothing is paused right now; nothing was changed.", code=ErrorCode.NEEDS_INPUT
            )
    if len(found) != 1:  # the one playing (or paused), else the one nearby or named
        found = await _players(ctx, device, area, action, near)
    done = await apply(ctx, device, area, action, found=found)
    if command in ("mute", "unmute") and len(found) == 1:  # "Muted Kitchen speaker."
        return mute_said(done, command)
    if command in _TRACK and len(found) == 1:  # "skip this song": say what happened
        return done.model_copy(update={"display": f"{_TRACK[command]} on {found[0].name}."})
    return done


_TRACK = {"next": "Skipped to the next track", "previous": "Went back to the previous track"}


@tool(side_effects="reversible", tags=("smart home", "media", "volume"))
async def set_volume(
    ctx: ToolContext,
    device: str = "media player",
    volume: Annotated[int | None, Field(ge=0, le=100)] = None,
    change: Annotated[int | None, Field(ge=-100, le=100)] = None,
    area: str | None = None,
    near: str | None = None,
) -> ToolOutput:
    """Set a TV's or speaker's volume (0-100), or change it up or down by some points.

    Args:
        device: TV or speaker name; "media player" for the one nearby.
        volume: New volume in percent.
        change: Points to add (e.g. 10) or remove (e.g. -10) instead.
        area: Room, e.g. "kitchen".
        near: The room the request came from.
    """
    if (volume is None) == (change is None):
        raise ToolExecutionError("Say either a volume (0-100) or a change (e.g. +10 or -10).")
    found = await _players(ctx, device, area, "volume_set", near)
    if volume is not None:
        done = await apply(ctx, device, area, "volume_set", volume, found=found)
        return volume_said(done, None, None) if len(found) == 1 else done
    outputs = []
    for one in found:
        level = max(0, min(100, int(one.attributes.get("volume", 50) or 0) + int(change or 0)))
        outputs.append(await apply(ctx, device, area, "volume_set", level, found=[one]))
    if len(outputs) == 1:  # "Turned Kitchen speaker up to 50%."
        return volume_said(outputs[0], change, found[0].attributes.get("volume"))
    return ToolOutput(
        data={"devices": [o.data for o in outputs], "count": len(outputs)},
        display=" ".join(o.display or "" for o in outputs),
    )


@tool(side_effects="reversible", tags=("smart home", "media", "music"))
async def play_media(
    ctx: ToolContext, query: str, device: str = "media player", area: str | None = None
) -> ToolOutput:
    """Search for music or a show and play it on a TV or speaker.

    Args:
        query: What to play, e.g. "Pink Floyd", "The Office".
        device: TV or speaker name.
        area: Room, e.g. "kitchen".
    """
    found = (await targets(ctx, device, area, "play_media", many=True))[:1]
    return await apply(ctx, device, area, "play_media", query, found=found)


@tool(side_effects="reversible", tags=("smart home", "garden", "mower"))
async def start_mower(ctx: ToolContext, device: str = "lawn mower") -> ToolOutput:
    """Start the robot lawn mower.

    Args:
        device: Mower name when there are several.
    """
    return await apply(ctx, device, None, "start")


@tool(side_effects="reversible", tags=("smart home", "garden", "mower"))
async def dock_mower(ctx: ToolContext, device: str = "lawn mower") -> ToolOutput:
    """Send the robot lawn mower back to its dock.

    Args:
        device: Mower name when there are several.
    """
    return await apply(ctx, device, None, "dock")


@tool(side_effects="reversible", tags=("smart home", "scene", "script"))
async def activate(ctx: ToolContext, scene: str, area: str | None = None) -> ToolOutput:
    """Activate a scene or run a script ("movie night", "good morning").

    Args:
        scene: Scene or script name.
        area: Room the scene belongs to, when several scenes share the name.
    """
    found: list[Device] = []
    if area:
        try:
            found = await targets(ctx, scene, area, "activate", many=True)
        except ToolExecutionError:
            found = []  # a scene of the whole home (no room) still answers to its name
    if not found:
        found = await targets(ctx, scene, None, "activate")
    changed = await apply(ctx, scene, None, "activate", found=found[:1])
    return ToolOutput(data=changed.data, display=f"Activated {found[0].name}.")


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

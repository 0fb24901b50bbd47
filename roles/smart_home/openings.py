"""Smart-home tools for locks, covers (blinds, windows, the garage door, gates) and valves.

As Home Assistant does, locks, valves, garage doors and gates are never changed in bulk
without a named area, and unlocking or opening a garage door or gate needs approval (the door
is resolved before the question: `precheck`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from roles.smart_home._common import apply, targets
from roles.smart_home.backend import resolve

__all__ = [
    "close_cover",
    "close_valve",
    "lock",
    "open_cover",
    "open_garage",
    "open_valve",
    "set_position",
    "stop_cover",
    "unlock",
]

_Place = Annotated[str | None, Field(description='Floor, e.g. "upstairs".')]


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

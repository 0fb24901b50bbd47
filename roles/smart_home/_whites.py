"""A light's colour temperature in kelvin: "set the lights to 3000 kelvin".

Home Assistant sets it with `light.turn_on(color_temp_kelvin=...)`; the simulated home keeps it
as the light's colour ("3000K"). A light that has no colour at all (on/off or brightness only)
cannot, and the reply says so in one sentence; nothing else changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput
from roles.smart_home._colors import kelvin_range
from roles.smart_home._common import apply
from roles.smart_home._except import left_as_they_were
from roles.smart_home.backend import Device

__all__ = ["has_colour", "to_kelvin"]

_COLOUR_MODES = frozenset({"color_temp", "hs", "rgb", "rgbw", "rgbww", "xy"})


def has_colour(light: Device) -> bool:
    """Whether `light` can change colour or colour temperature.

    Home Assistant says it in `supported_color_modes` (kept as `color_modes`); a simulated
    light has a colour when its attributes hold one.
    """
    modes = light.attributes.get("color_modes")
    if isinstance(modes, list):
        return bool(_COLOUR_MODES.intersection(str(m) for m in modes))
    return "color" in light.attributes or "." in light.id  # Home Assistant said nothing: try


def _names(devices: Sequence[Device]) -> str:
    names = [d.name for d in devices]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


async def to_kelvin(
    ctx: ToolContext, kelvin: int, found: list[Device], left: Sequence[Device]
) -> ToolOutput:
    """Set every light of `found` that can to `kelvin`; those that can't are named."""
    low, high = kelvin_range()
    if not low <= kelvin <= high:
        raise ToolExecutionError(
            f"Say a colour temperature from {low} K (warm) to {high} K (cool); nothing was "
            "changed.",
            code=ErrorCode.NEEDS_INPUT,
        )
    able = [d for d in found if has_colour(d)]
    unable = [d for d in found if not has_colour(d)]
    if not able:
        raise ToolExecutionError(
            f"{_names(unable)} can't change colour temperature; nothing was changed.",
            code=ErrorCode.NEEDS_INPUT,
        )
    done = await apply(ctx, "", None, "set_color", f"{kelvin}K", found=able, left=left)
    if len(able) > 1:
        done = done.model_copy(
            update={
                "display": f"Set {_names(able)} to {kelvin} K.{left_as_they_were(left)}".rstrip()
            }
        )
    if unable:
        note = f" {_names(unable)} can't change colour temperature."
        done = done.model_copy(update={"display": f"{done.display or ''}{note}"})
    return done

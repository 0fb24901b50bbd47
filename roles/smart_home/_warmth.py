"""The heating turned up or down by an amount.

"turn the heating up", "turn down the heat a bit", "raise the temperature by 2 degrees", "lower
the thermostat": `warmth_call` reads the request (the role's side); `changed_by` raises or
lowers each thermostat's target from what it is set to now
(`smart_home.set_temperature(change=...)`, the tool's side). One step is 1 °C or 2 °F, "a bit"
half of that; the safe range is the same as for a temperature said outright (5-35 °C).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput
from agent_system.roles import RoleCall
from roles.smart_home._common import apply, targets
from roles.smart_home.backend import Device, convert

if TYPE_CHECKING:
    from collections.abc import Sequence

    from agent_system.routing.models import Turn
    from roles.smart_home.backend import Device

__all__ = ["FELT", "FELT_SAID", "WARMTH", "changed_by", "felt_warmth", "thermostats", "warmth_call"]

_HEAT = r"(?:the\s+|my\s+)?(?:heat|heating|heater|thermostat|temperature|temp)"
_TURN = r"(?:turn|crank|bump|put|push|knock|dial|notch|nudge)"
_BIT = r"(?:a\s+(?:bit|little|touch|notch|tad|smidge)(?:\s+bit)?|slightly|just\s+a\s+bit)"
WARMTH = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you|will\s+you|hey)\s+)*(?:"
    rf"{_TURN}\s+(?P<dir1>up|down)\s+{_HEAT}"
    rf"|{_TURN}\s+{_HEAT}\s+(?P<dir2>up|down)"
    rf"|(?P<verb>raise|increase|lower|decrease|reduce|drop)\s+{_HEAT}"
    rf")(?:\s+(?P<bit>{_BIT}))?"
    r"(?:\s+by\s+(?P<n>\d+(?:\.\d+)?|one|two|three|four|five)\s*(?:degrees?|°[cf]?)?)?"
    r"(?:\s+(?:please|in\s+here|for\s+me|now))*[.!]?$",
    re.IGNORECASE,
)
"""A thermostat turned up or down. The air conditioning is left out: turned "up" it may mean
colder or stronger."""
_SMALL = {"one": 1.0, "two": 2.0, "three": 3.0, "four": 4.0, "five": 5.0}


def warmth_call(text: str, imperial: bool, near: str | None = None) -> RoleCall | None:
    """`smart_home.set_temperature` with a `change` for "turn the heating up", else None."""
    found = WARMTH.match(text.strip())
    if found is None:
        return None
    said = (found["dir1"] or found["dir2"] or found["verb"] or "").lower()
    up = said in ("up", "raise", "increase")
    if found["n"]:
        amount = _SMALL.get(found["n"].lower()) or float(found["n"])
    else:
        amount = (2.0 if imperial else 1.0) / (2 if found["bit"] else 1)
    arguments: dict[str, Any] = {"change": amount if up else -amount}
    if near:
        arguments["near"] = near
    return RoleCall("smart_home.set_temperature", arguments)


FELT = lazy_pattern(
    r"^(?:(?:can you |could you |please )?(?:make|get|keep) (?:it|things|the (?:room|house|place|"
    r"flat|apartment)|this room|the air) )?(?:(?P<bit>a (?:bit|little|touch|tad)(?: bit)?|"
    r"slightly|just a bit) |much |a lot |way )?(?P<dir>warmer|hotter|cooler|colder)"
    r"(?: (?:in here|here|in this room|inside|please|now|for me))*$"
)
"""Warmer or cooler said of the place, with no device ("make it warmer", "a bit cooler in
here"): the heating, unless the thread is about a light (then its colour temperature)."""
_FEEL = (
    r"(?:(?:so|too|a bit|a little|a little bit|really|very|quite|kind of|kinda|rather|pretty|"
    r"way too|much too|bloody|freaking|super|getting|a tad) )*"
    r"(?:cold|chilly|freezing|frosty|nippy|icy|hot|warm|boiling|roasting|sweltering|"
    r"stuffy|baking|toasty|too cool)"
)
_INSIDE = (
    r"(?:in here|here|inside|indoors|in (?:the|this|my|our) (?:house|home|flat|apartment|room|"
    r"place|office|[a-z]+ ?room|kitchen|bedroom|lounge|study)|at home)"
)
FELT_SAID = lazy_pattern(
    rf"^(?:(?:it is|its|it's|it feels|feels|it's feeling|it is feeling|it's getting|"
    rf"it is getting|getting) {_FEEL} {_INSIDE}"
    rf"|{_INSIDE},? (?:it is|its|it's) {_FEEL}"
    rf"|(?:i am|im|i'm|we are|we're|were) (?:feeling |getting )?{_FEEL}(?: {_INSIDE})?)"
    r"(?: (?:please|now|today|tonight|again|already))*$"
)
"""The room felt too cold or too hot ("it's cold in here", "i'm freezing", "it's too hot in
the living room"): the heating a step up or down. Said of no place inside ("it's cold") it is
the weather's."""
_LIGHT_TOOLS = frozenset(
    {"smart_home.turn_on", "smart_home.set_brightness", "smart_home.set_color"}
)
_LIGHTISH = lazy_pattern(r"\b(?:lights?|lamps?|bulbs?|lighting)\b", re.I)


def _light_frame(history: Sequence[Turn]) -> bool:
    """Whether the thread's last smart-home turn acted on a light (its colour is the frame)."""
    for turn in reversed(history[-2:]):
        if turn.role != "smart_home":
            continue
        return any(
            call.get("tool") in _LIGHT_TOOLS
            and (
                call.get("tool") != "smart_home.turn_on"
                or _LIGHTISH.search(str((call.get("arguments") or {}).get("device", "")))
            )
            for call in turn.calls
        )
    return False


def felt_warmth(
    text: str,
    imperial: bool,
    near: str | None,
    devices: Sequence[Device],
    history: Sequence[Turn],
) -> RoleCall | None:
    """`set_temperature(change=...)` for "make it warmer" in a home with a thermostat.

    Only when the thread is not about a light ("make it warmer" after "turn on the bedroom
    light" is that light's colour: the frame's); None otherwise.
    """
    said = text.strip().lower()
    if FELT_SAID.match(said) is not None:  # "it's cold in here": warmer
        if not any(d.kind == "climate" for d in devices):
            return None
        step = 2.0 if imperial else 1.0
        cold = _COLD.search(said) is not None
        arguments: dict[str, Any] = {"change": step if cold else -step}
        return RoleCall("smart_home.set_temperature", {**arguments, **_near(near, said)})
    found = FELT.match(said)
    if found is None or _light_frame(history):
        return None
    if not any(d.kind == "climate" for d in devices):
        return None
    amount = (2.0 if imperial else 1.0) / (2 if found["bit"] else 1)
    up = found["dir"] in ("warmer", "hotter")
    arguments = {"change": amount if up else -amount}
    if near:
        arguments["near"] = near
    return RoleCall("smart_home.set_temperature", arguments)


_COLD = lazy_pattern(r"\b(?:cold|chilly|freezing|frosty|nippy|icy|too cool)\b")
_ROOM_SAID = lazy_pattern(
    r"\bin (?:the|my|our) (?P<room>[a-z]+ ?room|kitchen|bedroom|lounge|study|office)\b"
)


def _near(near: str | None, said: str) -> dict[str, str]:
    """Near the room said ("in the kitchen": its thermostat, else the home's), else the speaker."""
    if (room := _ROOM_SAID.search(said)) is not None and room["room"] != "room":
        return {"near": room["room"]}
    return {"near": near} if near else {}


def _now_set(device: Device, unit: str) -> float:
    """What `device` is set to now, in `unit`."""
    current = device.attributes.get("target_temperature")
    if not isinstance(current, int | float):
        raise ToolExecutionError(
            f"I can't tell what {device.name} is set to, so I can't change it by an amount; "
            "say the temperature you want, e.g. 'set the thermostat to 21'."
        )
    return convert(float(current), str(device.attributes.get("temperature_unit", "°C")), unit)


async def thermostats(
    ctx: ToolContext, device: str, area: str | None, floor: str | None, near: str | None
) -> list[Device]:
    """The thermostats `device` names; several with no room or floor said ask which one."""
    found = await targets(ctx, device, area, "set_temperature", floor=floor, near=near, many=True)
    if len(found) > 1 and not (area or floor):
        listed = ", ".join(d.name for d in found)
        raise ToolExecutionError(
            f"There are {len(found)} thermostats ({listed}); nothing was changed. Which one?",
            details={"device": device, "matches": [d.id for d in found]},
            code=ErrorCode.NEEDS_INPUT,
        )
    return found


async def changed_by(
    ctx: ToolContext,
    change: float,
    unit: str,
    device: str,
    area: str | None,
    floor: str | None,
    near: str | None,
) -> ToolOutput:
    """Each thermostat `device` names set `change` degrees (`unit`) from its target now."""
    found = await thermostats(ctx, device, area, floor, near)
    wanted = [(d, round((_now_set(d, unit) + change) * 2) / 2) for d in found]
    low, high = convert(5, "°C", unit), convert(35, "°C", unit)
    for target, value in wanted:
        if not low <= value <= high:
            raise ToolExecutionError(
                f"{target.name} would be at {value:g}{unit}, outside the safe range {low:g}{unit} "
                f"to {high:g}{unit}; nothing was changed."
            )
    changed = []
    for target, value in wanted:
        native = convert(value, unit, str(target.attributes.get("temperature_unit", "°C")))
        changed.append(await apply(ctx, target.id, None, "set_temperature", native, found=[target]))
    way = "up" if change > 0 else "down"
    said = "; ".join(f"{t.name} is now set to {v:g}{unit}{_currently(t, unit)}" for t, v in wanted)
    return ToolOutput(
        data={"devices": [d for c in changed for d in (c.data or {}).get("devices", [])]},
        display=f"Turned the heating {way} {abs(change):g}{unit}: {said}.",
    )


def _currently(device: Device, unit: str) -> str:
    """The room's temperature as the reply says it (" (it's 19.5°C now)"), else ""."""
    now = device.attributes.get("current_temperature")
    if not isinstance(now, int | float):
        return ""
    source = str(device.attributes.get("temperature_unit", "°C"))
    return f" (it's {convert(float(now), source, unit):g}{unit} now)"

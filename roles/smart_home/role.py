"""The smart_home role: "turn off the kitchen light", "set the heating to 21", "lock the door"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system.roles import Clarification, RoleCall
from roles.smart_home.tools import COLORS

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["ROLE", "SmartHomeRole"]

_AREA = re.compile(r"\b(?:in|of)\s+the\s+(?P<area>[a-z ]+?)\s*$", re.I)
_NUMBER = re.compile(r"(?P<n>-?\d+(?:\.\d+)?)\s*(?P<unit>%|percent|degrees?|°[cf]?)?", re.I)
_COLOR = re.compile(r"\b(" + "|".join(sorted(COLORS, key=len, reverse=True)) + r")\b", re.I)
_QUESTION = re.compile(
    r"^(is|are|what'?s|what is|what are|how|check|status|did i leave|is there)\b", re.I
)
_LIST = re.compile(
    r"\b(list|show|which|what)\b.*\b(devices|lights|things)\b|\bdevices\b.*\b(have|are there)\b",
    re.I,
)
_VERBS: tuple[tuple[str, str], ...] = (
    (r"\bunlock\b", "unlock"),
    (r"\block\b", "lock"),
    (r"\b(?:open|raise|lift)\b", "open"),
    (r"\b(?:close|shut|lower)\b", "close_cover"),
    (r"\b(?:stop|pause|dock)\b.*\b(?:vacuum|robot|roomba|cleaning)\b|\bsend\b.*\bhome\b", "stop"),
    (r"\b(?:start|run)\b.*\b(?:vacuum|robot|roomba|cleaning)\b|\bvacuum\b|\bclean\b", "vacuum"),
    (r"\b(?:thermostat|heating|temperature)\b.*\d|\bdegrees\b", "set_temperature"),
    (r"\bset\b.*\b(?:thermostat|heating|temperature)\b", "set_temperature"),
    (r"\b(?:dim|brighten|brightness)\b|\d+\s*(?:%|percent)", "set_brightness"),
    (r"\b(?:turn|switch|put)\s+(?:\w+\s+){0,4}?on\b|\bon$", "turn_on"),
    (r"\b(?:turn|switch|put)\s+(?:\w+\s+){0,4}?off\b|\boff$", "turn_off"),
)
_STRIP = re.compile(
    r"\b(?:please|can you|could you|would you|turn|switch|put|on|off|unlock|lock|open|close|"
    r"shut|raise|lower|lift|dim|brighten|set|change|make|start|run|stop|pause|the|to|at|"
    r"brightness|percent|degrees?|is|are|and|what about|how about|too|also|send|home|locked|"
    r"unlocked|opened|closed|running|what'?s|what|which|how|devices?)\b|\d+(?:\.\d+)?\s*%?|[?!.,]",
    re.I,
)


def _device_text(text: str) -> tuple[str, str | None]:
    """(device words, area) left after removing verbs, numbers, colors and filler."""
    area = None
    if match := _AREA.search(text):
        area = match.group("area").strip()
        text = text[: match.start()]
    text = _COLOR.sub(" ", text)
    device = " ".join(_STRIP.sub(" ", text).split())
    return device, area


def _action(text: str) -> str | None:
    for pattern, action in _VERBS:
        if re.search(pattern, text, re.I):
            return action
    if _COLOR.search(text) and re.search(r"\b(make|set|change|turn)\b", text, re.I):
        return "set_color"
    return None


class SmartHomeRole:
    """Lights, switches, thermostat, locks, covers and the vacuum."""

    name = "smart_home"
    tool_modules = ("roles.smart_home.tools",)
    routing_hint = "home devices: lights, thermostat, locks, garage, blinds/covers, vacuum, plugs"
    description = (
        "Control and check smart-home devices: lights (on/off, brightness, color), switches, "
        "thermostat, door locks, garage door and blinds, robot vacuum."
    )
    examples = (
        "turn on the kitchen light",
        "turn off the lights in the bedroom",
        "switch off all the lights",
        "dim the living room light to 30%",
        "set the bedroom light to 50 percent",
        "make the bedroom light blue",
        "change the living room light to warm white",
        "set the thermostat to 21 degrees",
        "set the heating to 19",
        "lock the front door",
        "unlock the front door",
        "is the front door locked?",
        "open the garage door",
        "close the garage",
        "open the living room blinds",
        "start the vacuum",
        "send the robot vacuum home",
        "turn on the coffee machine",
        "what's the thermostat set to",
        "which devices are in the kitchen",
        "kitchen light off",
    )

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | Clarification:
        """Pick the smart_home tool from the verb, and the device, area and value from the rest."""
        text = text.strip().rstrip("?!. ")
        action = _action(text)
        asking = bool(_QUESTION.match(text))
        device, area = _device_text(text)
        slot_device = slots.get("device")
        if isinstance(slot_device, str) and slot_device.strip() and not device:
            device = slot_device.strip()
        if isinstance(slots.get("area"), str) and not area:
            area = slots["area"]
        if _LIST.search(text) and action not in ("turn_on", "turn_off"):
            return RoleCall("smart_home.list_devices", {"area": area} if area else {})
        if action is None and not asking and history and history[-1].role == "smart_home":
            action = _action(history[-1].text)  # "and the bedroom one too"
        if asking or action is None:
            if not device:
                if not asking:
                    return Clarification("What should I do, and with which device?", ("device",))
                return RoleCall("smart_home.list_devices", {"area": area} if area else {})
            return RoleCall("smart_home.get_state", _args(device, area))
        return _call(action, text, device, area)


def _args(device: str, area: str | None, **extra: Any) -> dict[str, Any]:
    arguments: dict[str, Any] = {"device": device}
    if area:
        arguments["area"] = area
    arguments.update(extra)
    return arguments


def _call(action: str, text: str, device: str, area: str | None) -> RoleCall | Clarification:
    number = _NUMBER.search(text)
    if action == "set_temperature":
        if number is None:
            return Clarification("What temperature should I set?", ("temperature",))
        args: dict[str, Any] = {"temperature": float(number.group("n"))}
        if device and not re.fullmatch(r"(?:thermostat|heating|temperature)", device, re.I):
            args["device"] = device
        return RoleCall("smart_home.set_temperature", args)
    if action in ("lock", "unlock"):
        return RoleCall(f"smart_home.{action}", {"device": device} if device else {})
    if action in ("vacuum", "stop"):
        tool = "smart_home.start_vacuum" if action == "vacuum" else "smart_home.stop_vacuum"
        named = device if re.search(r"vacuum|robot|roomba", device, re.I) else ""
        return RoleCall(tool, {"device": named} if named else {})
    if action == "open" and re.search(r"\bgarage\b", f"{device} {area or ''}", re.I):
        return RoleCall("smart_home.open_garage", {"device": device or "garage door"})
    if not device:
        return Clarification("Which device?", ("device",))
    if action == "open":
        return RoleCall("smart_home.open_cover", _args(device, area))
    if action == "close_cover":
        return RoleCall("smart_home.close_cover", _args(device, area))
    if action == "set_brightness":
        if number is None:
            return Clarification("To what brightness, from 0 to 100%?", ("brightness",))
        return RoleCall(
            "smart_home.set_brightness", _args(device, area, brightness=int(float(number["n"])))
        )
    color = _COLOR.search(text)
    if action == "set_color" or (color and action == "turn_on"):
        assert color is not None
        return RoleCall("smart_home.set_color", _args(device, area, color=color.group(1).lower()))
    return RoleCall(f"smart_home.{action}", _args(device, area))


ROLE = SmartHomeRole()

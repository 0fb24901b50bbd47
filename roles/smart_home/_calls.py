"""The call for an action on a device, read from verbs and device words (`_verbs`).

`call` turns an action ("turn_off", "vacuum", "set_brightness", ...) and the device and area
words into one tool call, or a question when something is missing; `state_or_ask` reads a
state for a question and asks what to do for a command it cannot place.
"""

from __future__ import annotations

import re
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall
from agent_system.understanding import normalize
from roles.smart_home._media import media_call
from roles.smart_home._targets import named
from roles.smart_home._verbs import COLOR, NUMBER
from roles.smart_home.backend import Device, match_devices

__all__ = ["WHAT", "call", "state_or_ask"]

WHAT = "What should I do, and with which device?"
"""The question when neither an action nor a device could be read."""


def state_or_ask(
    text: str, device: str, area: str | None, asking: bool, known: list[Device]
) -> RoleCall | Clarification:
    """A question about a device reads its state; a command with no action asks what to do.

    Only a question, or a device named alone ("kitchen light?"), reads a state: a command the
    role cannot place ("adjust the light") never becomes a read.
    """
    if not device:
        if not asking:
            return Clarification(WHAT, ("device",))
        return RoleCall("smart_home.list_devices", {"area": area} if area else {})
    name = named(normalize(text), known)
    exists = not known or bool(match_devices(known, device, area))
    if name is not None and not exists:
        device, exists = name, True  # "how warm is the bedroom heater then"
    said = [w for w in normalize(text).split() if w not in ("the", "my", "our", "a")]
    alone = said in (normalize(device).split(), normalize(name or device).split())
    if asking or (exists and alone):
        return RoleCall("smart_home.get_state", _args(device, area))  # reads, changes nothing
    if exists:
        return Clarification(f"What should I do with the {name or device}?", ("action",))
    return Clarification(WHAT, ("device",))


def _args(device: str, area: str | None, near: str | None = None, **extra: Any) -> dict[str, Any]:
    arguments: dict[str, Any] = {"device": device}
    if area:
        arguments["area"] = area
    if near:
        arguments["near"] = near
    arguments.update(extra)
    return arguments


_BRIGHTER = lazy_pattern(r"\b(?:brighten|brighter|lighter|up|increase|raise)\b", re.I)
_DIMMER = lazy_pattern(r"\b(?:dim|dimmer|darker|down|lower|decrease|reduce|softer|soften)\b", re.I)
_ACTION_FOR = {
    ("close_cover", "light"): "turn_off",  # "shut the lights"
    ("open", "light"): "turn_on",
    ("turn_on", "vacuum"): "vacuum",  # "turn on the roomba"
    ("open", "vacuum"): "vacuum",  # "open the vacuum cleaner": start it
    ("turn_off", "vacuum"): "stop",
}


def _kind_word(device: str) -> str:
    if re.search(r"\b(?:lights?|lamps?|lighting|bulbs?)$", device, re.I):
        return "light"
    if re.search(r"\b(?:vacuum|roomba|iroomba|robot|cleaner|hoover|robo vac)$", device, re.I):
        return "vacuum"
    return ""


_NOT_A_NAME = lazy_pattern(
    r"\b(?:going|started|running|off|out|fire|into|onto|get|set|do|go|all|now|whole|entire|"
    r"house|home|place|flat|apartment)\b",
    re.I,
)
"""Words of a vacuum command that are no part of its name ("fire up the hoover", "set the
roomba off")."""
_KIND_ONLY = lazy_pattern(
    r"^(?:all\s+)?(?:lights?|lamps?|tv|speaker|media player|blinds?|shades?)$"
)


def call(
    action: str, text: str, device: str, area: str | None, speaker: str | None = None
) -> RoleCall | Clarification:
    number = NUMBER.search(text)
    near = speaker if speaker and not area and _KIND_ONLY.match(device.lower()) else None
    if action == "set_temperature":
        if number is None:
            return Clarification("What temperature should I set?", ("temperature",))
        args: dict[str, Any] = {"temperature": float(number.group("n"))}
        if device and not re.fullmatch(r"(?:thermostat|heating|temperature)", device, re.I):
            args["device"] = device
        return RoleCall("smart_home.set_temperature", args)
    if action in ("lock", "unlock"):
        return RoleCall(f"smart_home.{action}", {"device": device} if device else {})
    if action in ("open", "close_cover", "turn_on", "turn_off") and device:
        action = _ACTION_FOR.get((action, _kind_word(device)), action)
    if action in ("vacuum", "stop"):
        tool = "smart_home.start_vacuum" if action == "vacuum" else "smart_home.stop_vacuum"
        if re.search(r"\b(?:mower|lawn)\b", f"{device} {text}", re.I):
            tool = "smart_home.dock_mower" if action == "stop" else "smart_home.start_mower"
            return RoleCall(tool, {})
        vacuum_said = re.search(r"vacuum|robot|roomba|cleaner|hoover|robo ?vac", device, re.I)
        named = device if vacuum_said else ""
        named = " ".join(_NOT_A_NAME.sub(" ", named).split())  # "get the hoover going"
        if re.fullmatch(r"(?:vacuuming|hoovering|cleaning)", named, re.I):
            named = ""  # "start vacuuming": the verb, not a device
        args = {"device": named} if named else {}
        return RoleCall(tool, {**args, "area": area} if area and action == "vacuum" else args)
    if action == "mower":
        docking = re.search(r"\b(?:stop|dock|park|back|home)\b", text, re.I)
        return RoleCall(f"smart_home.{'dock' if docking else 'start'}_mower", {})
    if action in ("mute", "unmute", "media", "volume"):
        return media_call(action, text, device, area, speaker)
    if action == "water":
        where = area or device or "garden"
        return RoleCall("smart_home.open_valve", {"device": "valve", "area": where})
    if action == "open" and re.search(r"\b(?:garage|gate)\b", f"{device} {area or ''}", re.I):
        return RoleCall("smart_home.open_garage", {"device": device or "garage door"})
    if not device:
        return Clarification("Which device?", ("device",))
    if action == "position":
        position = (
            50 if number is None or re.search(r"half", text, re.I) else int(float(number["n"]))
        )
        return RoleCall("smart_home.set_position", _args(device, area, near, position=position))
    if action == "open":
        if re.search(r"\b(?:valve|tap|sprinkler|irrigation|water)\b", device, re.I):
            return RoleCall("smart_home.open_valve", _args(device, area))
        return RoleCall("smart_home.open_cover", _args(device, area, near))
    if action == "close_cover":
        if re.search(r"\b(?:valve|tap|sprinkler|irrigation|water)\b", device, re.I):
            return RoleCall("smart_home.close_valve", _args(device, area))
        return RoleCall("smart_home.close_cover", _args(device, area, near))
    if action == "set_brightness":
        if number is None:
            step = -20 if _DIMMER.search(text) else 20 if _BRIGHTER.search(text) else 0
            if step:
                return RoleCall("smart_home.set_brightness", _args(device, area, near, change=step))
            return Clarification("To what brightness, from 0 to 100%?", ("brightness",))
        return RoleCall(
            "smart_home.set_brightness",
            _args(device, area, near, brightness=int(float(number["n"]))),
        )
    color = COLOR.search(text)
    if action == "set_color" and color is None:  # "change the colour of the lamp": which one?
        return Clarification("Which colour would you like?", ("color",))
    if color is not None and action in ("set_color", "turn_on"):
        return RoleCall(
            "smart_home.set_color", _args(device, area, near, color=color.group(1).lower())
        )
    return RoleCall(f"smart_home.{action}", _args(device, area, near))

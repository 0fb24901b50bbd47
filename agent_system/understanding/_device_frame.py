"""A follow-up to a thermostat, fan or other device turn that says only the change.

Right after "what's the temperature inside" or "set the heating to 20":

- "set it to 21", "make it 22 degrees", "21 please"            -> set_temperature(temperature=21);
- "make it a bit warmer", "a little cooler", "turn it up"        -> set_temperature(change=+-1);
- "what's it set to?", "is it on?"                               -> the temperature or its state.

Right after "turn on the fan": "turn it up", "faster", "a bit more", "set it to 50" change the
fan's speed (``set_fan_speed``). Right after "start the vacuum" or "mow the lawn": "send it
home", "dock it", "stop it", "turn it off" send it back to its dock, "start it again" starts it
and "now do the bedroom" sends the vacuum there. After a device with no level (the coffee
machine, a plug, a lock) "turn it up" gets one plain sentence saying so, never another device's
change. Lights and players keep their own steps (`agent_system.understanding._light_frame`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.understanding._frame_parts import Call
from agent_system.understanding._light_frame import lightish

__all__ = ["ROBOT_STEP", "DeviceStep", "device_step", "level_said"]

_THERMO_TOOLS = ("smart_home.get_temperature", "smart_home.set_temperature",
                 "smart_home.set_hvac_mode")  # fmt: skip
_THERMO = lazy_pattern(r"\b(?:thermostat|heating|heater|heat|temperature|ac|air ?con\w*|climate)\b")
_FAN = lazy_pattern(r"\bfans?\b")
_PLAYERISH = lazy_pattern(r"\b(?:tv|television|speakers?|radio|music|player|stereo|media)\b")
_IT = r"(?:it|that|this|them)"
_UP = lazy_pattern(
    rf"\b(?:(?:turn|crank|bump|put|push|raise|increase)\s+{_IT}\s+(?:back\s+)?up|up\s+a\s+(?:bit|little|notch)"
    rf"|(?:raise|increase)\s+{_IT}|warmer|hotter|heat\s+it\s+up|higher|faster|stronger|more)\b"
)
_DOWN = lazy_pattern(
    rf"\b(?:(?:turn|put|knock|bring)\s+{_IT}\s+(?:back\s+)?down|down\s+a\s+(?:bit|little|notch)"
    rf"|(?:lower|decrease|reduce)\s+{_IT}|cooler|colder|cool\s+it\s+down|lower|slower|weaker"
    r"|less)\b"
)
_A_BIT = lazy_pattern(
    r"\b(?:a\s+(?:little\s+)?bit|a\s+little|slightly|a\s+touch|a\s+tad|a\s+notch)\b"
)
_TO_NUMBER = lazy_pattern(
    rf"^(?:(?:(?:set|make|change|put|turn|bring)\s+{_IT}\s+)?(?:to|at|up\s+to|down\s+to)\s+"
    rf"|(?:set|make|change|put)\s+{_IT}\s+)?(?P<n>\d{{1,3}}(?:\.\d)?)\s*"
    r"(?:%|percent|degrees?(?:\s+(?:c|f|celsius|fahrenheit))?|°[cf]?)?"
    r"(?:\s+(?:please|instead|then|now))*$"
)
_NO_LEVEL = lazy_pattern(
    r"\b(?:coffee|espresso|kettle|plug|socket|outlet|switch|lock|door|vacuum|mower|washer|"
    r"dryer|dishwasher|oven|garage|camera|sprinkler|blinds?|shades?|curtains?|cover|gate)\b"
)
_NOT_LEVEL = lazy_pattern(
    r"\b(?:warmer|cooler|hotter|colder|faster|slower|stronger|weaker|red|blue|green|white|colou?r)\b"
)
"""Words that change no light's brightness and no player's volume."""
_FAN_LEVELS = {"high": 100, "max": 100, "maximum": 100, "full": 100, "top": 100, "medium": 50}
_FAN_LEVELS |= {"half": 50, "low": 25, "minimum": 25, "lowest": 25}
"""A fan's speed said as a word, in percent (as "the fan to medium" is 50 in the role)."""
_FAN_LEVEL = lazy_pattern(
    rf"(?:(?:(?:set|put|turn|make|change|switch)\s+{_IT}\s+)?(?:to|on|at)\s+)?(?:the\s+)?"
    r"(?P<level>high|max|maximum|full(?:\s+speed|\s+blast)?|top\s+speed|medium|half(?:\s+speed)?"
    r"|low|minimum|lowest)(?:\s+(?:speed|setting|please|then|now|instead))*"
)
SPED = lazy_pattern(rf"\b(?:speed|slow)\s+(?:{_IT}\s+)?(?P<way>up|down)\b")
"""A fan sped up or slowed down: "speed it up", "slow it down a bit"."""
_OTHER_WORDS = lazy_pattern(r"\b(?:brighter|dimmer|darker|louder|quieter|softer|volume)\b")
_ROBOT_TOOLS = ("smart_home.start_vacuum", "smart_home.stop_vacuum", "smart_home.start_mower",
                "smart_home.dock_mower")  # fmt: skip
_ROBOT = lazy_pattern(r"\b(?:vacuum|roomba|hoover|robot|robovac|cleaner|mower|lawnmower)\b")
_HIM = r"(?:it|that|him|her|the\s+(?:robot|vacuum|roomba|hoover|mower|cleaner))"
_BASE = (
    r"(?:home|back(?:\s+home)?|(?:back\s+)?to\s+(?:its\s+|the\s+|his\s+|her\s+)?"
    r"(?:base|dock|docking\s+station|charger|charging\s+(?:station|base|dock)|home\s+base|"
    r"station))"
)
_HALTED = (
    rf"(?:(?:stop|pause|halt)(?:\s+{_HIM})?|(?:ok\s+|okay\s+)?that(?:'s|\s+is)\s+enough)"
    r"\s+(?:and\s+(?:then\s+)?|then\s+)?"
)
_DOCK = (
    rf"(?:{_HALTED})?"
    rf"(?:(?:send|take|bring|get|return|move)\s+{_HIM}\s+{_BASE}|(?:dock|park|recall)\s+{_HIM}"
    rf"|(?:return|go|head|come)\s+{_BASE}|{_BASE}|return\s+{_HIM}|(?:send|bring)\s+{_HIM}\s+in)"
)
_HALT = (
    rf"(?:stop|halt|pause|enough|that(?:'s|\s+is)\s+enough|(?:stop|pause|halt|end)\s+"
    rf"(?:{_HIM}|cleaning|vacuuming|mowing|now)|(?:turn|switch|shut)\s+{_HIM}\s+off"
    rf"|(?:turn|switch|shut)\s+off\s+{_HIM}|{_HIM}\s+off)"
)
_GO = (
    rf"(?:(?:start|restart|resume|continue)(?:\s+{_HIM})?(?:\s+(?:up|cleaning|mowing))?"
    rf"|(?:turn|switch)\s+{_HIM}\s+(?:back\s+)?on|(?:get|set)\s+{_HIM}\s+going|carry\s+on"
    r"|keep\s+(?:going|cleaning|mowing))"
)
_ROOM = (
    rf"(?:(?:send|take|move|get)\s+{_HIM}\s+(?:to|into|over\s+to)|(?:now\s+)?(?:do|clean|vacuum|"
    r"hoover)|go\s+(?:to|into)|(?:and\s+)?(?:now\s+)?(?:what\s+about|how\s+about))\s+"
    r"(?:the\s+|my\s+|our\s+)?(?P<room>(?!(?:same|base|dock|charger|station|home|it|that|this)\b)"
    r"[a-z']+(?:\s+(?!too\b|next\b|now\b|please\b|as\b)[a-z']+)?)"
    r"(?:\s+(?:too|next|now|please|as\s+well|instead))*"
)
"""The vacuum sent to a room: "send it to the kitchen", "now do the bedroom"."""
ROBOT_STEP = rf"(?:{_DOCK}|{_HALT}|{_GO}|{_ROOM})(?:\s+(?:again|now|please|then|for\s+now|thanks))*"
"""A follow-up to the vacuum or the mower: "send it home", "dock it", "stop it and send it to
base", "turn it off", "start it again"."""
_DOCKED = lazy_pattern(rf"(?:{_DOCK}|{_HALT})(?:\s+(?:again|now|please|then|for\s+now|thanks))*")
_STARTED = lazy_pattern(rf"{_GO}(?:\s+(?:again|now|please|then|thanks))*")
_STATE_WORDS = lazy_pattern(r"\b(?:on|off|heating|cooling|running|working|set)\b")
_SHORT = 6
FAN_STEP, FAN_SMALL_STEP = 20, 10
LIGHT_STEP, LIGHT_SMALL_STEP, VOLUME_STEP = 20, 10, 10
"""A fan's speed steps in percent: "turn it up" and "a bit faster"."""


@dataclass(frozen=True)
class DeviceStep:
    """The calls a device follow-up means, or one plain sentence when it cannot be done."""

    calls: tuple[Call, ...] = ()
    refusal: str | None = None


def _kind(previous: Call) -> str:
    device = str(previous.arguments.get("device", "")).lower()
    if previous.tool in _THERMO_TOOLS or _THERMO.search(device):
        return "thermostat"
    if previous.tool in ("smart_home.set_fan_speed", "smart_home.oscillate") or _FAN.search(device):
        return "fan"
    if previous.tool in ("smart_home.set_brightness", "smart_home.set_color") or lightish(device):
        return "light"
    if previous.tool in _ROBOT_TOOLS or _ROBOT.search(device):
        return "robot"
    if previous.tool in ("smart_home.set_volume", "smart_home.media", "smart_home.play_media"):
        return "player"
    if _PLAYERISH.search(device):
        return "player"
    return "device" if device else ""


def device_step(previous: Call, norm: str, rest: str, asking: bool) -> DeviceStep | None:
    """What `norm` (`rest`: without its opening markers) means right after `previous`, a
    smart_home call, when it is a thermostat, a fan or a device with no level; else None (the
    light and player steps and the general frame decide)."""
    kind = _kind(previous)
    said = rest.strip(" ?.!")
    if kind == "robot" and len(said.split()) <= _SHORT + 4:
        marked = norm.strip(" ?.!") != said  # "do the same in the kitchen", "and the bedroom"
        if asking:  # "is it still running": its state ("what about the hallway": the frame's)
            return (
                None if marked else DeviceStep((Call("smart_home.get_state", _robot_of(previous)),))
            )
        words = " ".join(re.findall(r"[\w']+", said))  # "stop it, then send it home"
        if (step := _robot(previous, words, marked)) is not None:
            return step
        kind = "device"  # "turn it up": it has no level
    if len(said.split()) > _SHORT:
        return None
    if re.search(r"\b(?:once|one)\s+more\b", said):
        return None  # "once more": the last call again
    if kind == "thermostat":
        return _thermostat(previous, said, asking)
    if kind == "fan":
        return _fan(previous, said, asking)
    if kind in ("light", "player") and not asking and not _OTHER_WORDS.search(said):
        return _level(previous, kind, said)
    if kind == "device" and not asking and not _OTHER_WORDS.search(said):
        if (_UP.search(said) or _DOWN.search(said)) and (
            re.search(rf"\b{_IT}\b", said) or len(said.split()) <= 3
        ):
            name = str(previous.arguments.get("device", "")).strip().lower()
            if _NO_LEVEL.search(name):
                return DeviceStep(refusal=f"The {name} has no level to turn up or down.")
            return DeviceStep(refusal="Which device should I turn up or down?")
    return None


def level_said(rest: str) -> bool:
    """`rest` says a level and nothing else: "set it to 30 percent", "50", "make it 21 instead"
    (not "set a timer for 5 minutes")."""
    return _TO_NUMBER.match(rest.strip(" ?.!")) is not None


def _where(previous: Call) -> dict[str, Any]:
    return {k: v for k, v in previous.arguments.items() if k in ("device", "area") and v}


def _direction(said: str) -> int:
    """+1 for "warmer" / "turn it up", -1 for "cooler" / "turn it down", else 0."""
    up, down = _UP.search(said), _DOWN.search(said)
    if up and not down:
        return 1
    if down and not up:
        return -1
    return 0


def _thermostat(previous: Call, said: str, asking: bool) -> DeviceStep | None:
    where = _where(previous)
    if asking:
        if previous.tool == "smart_home.get_temperature" and not _STATE_WORDS.search(said):
            return DeviceStep((Call(previous.tool, dict(previous.arguments)),))
        return DeviceStep((Call("smart_home.get_state", {"device": "thermostat", **where}),))
    if (number := _TO_NUMBER.match(said)) is not None:
        call = Call("smart_home.set_temperature", {**where, "temperature": float(number["n"])})
        return DeviceStep((call,))
    if _OTHER_WORDS.search(said) or not (step := _direction(said)):
        return None
    amount = 0.5 if _A_BIT.search(said) else 1.0
    return DeviceStep((Call("smart_home.set_temperature", {**where, "change": step * amount}),))


def _fan(previous: Call, said: str, asking: bool) -> DeviceStep | None:
    where = _where(previous) or {"device": "fan"}
    if "device" not in where:
        where = {"device": "fan", **where}
    if asking:
        return DeviceStep((Call("smart_home.get_state", where),))
    if (number := _TO_NUMBER.match(said)) is not None:
        speed = min(int(float(number["n"])), 100)
        return DeviceStep((Call("smart_home.set_fan_speed", {**where, "percentage": speed}),))
    if (named := _FAN_LEVEL.fullmatch(said)) is not None:  # "set it to high", "on low"
        level = _FAN_LEVELS[named["level"].split()[0]]
        return DeviceStep((Call("smart_home.set_fan_speed", {**where, "percentage": level}),))
    if (sped := SPED.search(said)) is not None:  # "speed it up", "slow it down a bit"
        amount = FAN_SMALL_STEP if _A_BIT.search(said) else FAN_STEP
        change = amount if sped["way"] == "up" else -amount
        return DeviceStep((Call("smart_home.set_fan_speed", {**where, "change": change}),))
    if _OTHER_WORDS.search(said) or not (step := _direction(said)):
        return None
    amount = FAN_SMALL_STEP if _A_BIT.search(said) else FAN_STEP
    return DeviceStep((Call("smart_home.set_fan_speed", {**where, "change": step * amount}),))


_BARE_ROOM = lazy_pattern(
    r"(?:(?:in|to|into)\s+)?(?:the|my|our)\s+(?P<room>(?!same\b)[a-z']+"
    r"(?:\s+(?!too\b|next\b|now\b|please\b|as\b|instead\b)[a-z']+)?)"
    r"(?:\s+(?:too|next|now|please|as\s+well|instead))*"
)
"""A room said after "and", "do the same in": "the hallway", "in the kitchen"."""


def _robot_of(previous: Call) -> dict[str, Any]:
    """The vacuum or mower `previous` used: {"device": its name}."""
    device = str(previous.arguments.get("device") or "")
    mower = "mower" in previous.tool or bool(re.search(r"\b(?:mower|lawnmower)\b", device))
    return {"device": device or ("lawn mower" if mower else "vacuum")}


def _robot(previous: Call, said: str, marked: bool = False) -> DeviceStep | None:
    """ "send it home" / "stop it" / "start it again" after the vacuum or the mower."""
    where = _robot_of(previous)
    mower = "mower" in previous.tool or bool(re.search(r"\bmower\b", where["device"]))
    if _DOCKED.fullmatch(said):
        tool = "smart_home.dock_mower" if mower else "smart_home.stop_vacuum"
        return DeviceStep((Call(tool, where),))
    room = re.fullmatch(_ROOM, said) or (_BARE_ROOM.fullmatch(said) if marked else None)
    if room is not None and not mower:
        return DeviceStep((Call("smart_home.start_vacuum", {**where, "area": room["room"]}),))
    if _STARTED.fullmatch(said):
        tool = "smart_home.start_mower" if mower else "smart_home.start_vacuum"
        return DeviceStep((Call(tool, where),))
    return None


def _level(previous: Call, kind: str, said: str) -> DeviceStep | None:
    """ "a bit more", "up a bit", "lower" after a light (its brightness) or a player (its
    volume); "a bit warmer" after a light: its white."""
    where = _where(previous)
    tone = re.search(r"\b(?P<w>warmer|cooler|colder)\b", said)
    if kind == "light" and tone and "device" in where:  # "make it a bit warmer": its white
        white = "warm white" if tone["w"] == "warmer" else "cool white"
        return DeviceStep((Call("smart_home.set_color", {**where, "color": white}),))
    if not (step := _direction(said)) or _NOT_LEVEL.search(said):
        return None
    if "device" not in where:
        return None
    if kind == "light":
        amount = LIGHT_SMALL_STEP if _A_BIT.search(said) else LIGHT_STEP
        return DeviceStep((Call("smart_home.set_brightness", {**where, "change": step * amount}),))
    return DeviceStep((Call("smart_home.set_volume", {**where, "change": step * VOLUME_STEP}),))

"""Home Assistant intent + slots -> this role's tool calls (what `HomeMatcher` matched, acted on).

`Slots` carries what hassil recognised (name, area, floor, domain, device class and values);
`to_call` maps it to one smart-home tool call the way Home Assistant's intent handlers act
("the lights" = every light there, a scene is activated, a garage door opens with approval).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from roles.smart_home.backend import class_word

__all__ = ["Slots", "text", "to_call"]

_PLURAL_KIND = {
    "light": "lights",
    "switch": "switches",
    "fan": "fans",
    "cover": "covers",
    "lock": "locks",
    "valve": "valves",
    "media_player": "media players",
    "climate": "thermostat",
    "vacuum": "vacuum",
    "lawn_mower": "lawn mower",
    "binary_sensor": "sensors",
    "sensor": "sensors",
    "scene": "scene",
    "script": "script",
    "person": "people",
}
_CLASS_PLURAL = {
    "garage_door": "garage doors",
    "carbon_monoxide": "carbon monoxide sensors",
    "battery_charging": "batteries",
    "battery": "batteries",
}
_MEDIA = {
    "HassMediaPause": "pause",
    "HassMediaUnpause": "resume",
    "HassMediaNext": "next",
    "HassMediaPrevious": "previous",
    "HassMediaPlayerMute": "mute",
    "HassMediaPlayerUnmute": "unmute",
}


@dataclass
class Slots:
    """What hassil recognised in one request."""

    intent: str
    name: str | None
    area: str | None
    floor: str | None
    domain: str | None
    device_class: str | None
    values: dict[str, Any]


def text(value: Any) -> str | None:
    """A slot value as text (the first of a list), or None."""
    if value is None:
        return None
    if isinstance(value, list):
        value = value[0] if value else None
    return str(value) if value is not None else None


def _target(slots: Slots) -> str:
    if slots.name:
        return slots.name
    if slots.device_class:
        return _CLASS_PLURAL.get(slots.device_class, slots.device_class.replace("_", " ") + "s")
    return _PLURAL_KIND.get(slots.domain or "", "devices")


def _where(slots: Slots, speaker: str | None = None, **extra: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"device": _target(slots)}
    if slots.area:
        args["area"] = slots.area
    if slots.floor:
        args["floor"] = slots.floor
    if speaker and slots.name and not slots.area and not slots.floor:
        args["near"] = speaker
    args.update(extra)
    return args


_LEFT_OFF = lazy_pattern(
    r"\b(?:where (?:you|we|i|it|they) (?:was |were |had |have )?(?:left off|stopped|paused)|"
    r"(?:left off|stopped|paused) (?:before|earlier|last time))\b",
    re.I,
)
"""The music from where it was left ("play the song from where you left off"): resumed."""


def to_call(s: Slots, speaker: str | None) -> RoleCall | None:
    """The tool call for one recognised intent (`speaker`: the request's area), or None."""
    v = s.values
    domain = s.domain
    if s.intent in ("HassTurnOn", "HassTurnOff"):
        on = s.intent == "HassTurnOn"
        if domain == "cover":
            garage = s.device_class in ("garage", "garage_door", "gate") or bool(
                re.search(r"garage|gate", _target(s), re.I)
            )
            if on and garage:
                return RoleCall("smart_home.open_garage", {"device": _target(s)})
            return RoleCall(f"smart_home.{'open' if on else 'close'}_cover", _where(s, speaker))
        if domain == "valve":
            args = {k: a for k, a in _where(s).items() if k in ("device", "area")}
            return RoleCall(f"smart_home.{'open' if on else 'close'}_valve", args)
        if domain == "lock":
            args = {k: a for k, a in _where(s).items() if k in ("device", "area")}
            return RoleCall(f"smart_home.{'lock' if on else 'unlock'}", args)
        if domain in ("scene", "script"):
            if not on:
                return None
            scene = {"scene": _target(s), **({"area": s.area} if s.area else {})}
            return RoleCall("smart_home.activate", scene)
        if domain == "vacuum":
            tool = "start_vacuum" if on else "stop_vacuum"
            return RoleCall(f"smart_home.{tool}", {"device": _target(s)})
        if domain == "lawn_mower":
            tool = "start_mower" if on else "dock_mower"
            return RoleCall(f"smart_home.{tool}", {"device": _target(s)})
        return RoleCall(f"smart_home.turn_{'on' if on else 'off'}", _where(s, speaker))
    if s.intent == "HassLightSet":
        if s.domain not in (None, "light"):
            s.domain = "light"
        if not s.name:
            s.domain = "light"
        if "brightness" in v:
            return RoleCall(
                "smart_home.set_brightness", _where(s, speaker, brightness=int(v["brightness"]))
            )
        if "color" in v:
            return RoleCall("smart_home.set_color", _where(s, speaker, color=str(v["color"])))
        if "temperature" in v:
            kelvin = int(v["temperature"])
            color = "warm white" if kelvin < 3500 else "white" if kelvin < 5000 else "cool white"
            return RoleCall("smart_home.set_color", _where(s, speaker, color=color))
        return None
    if s.intent == "HassGetState":
        state = text(v.get("state"))
        word = class_word(s.device_class)
        if s.name and word and word not in s.name.lower():
            # "is the phone up to date": of the devices called Phone, the update one
            s.name = f"{s.name} {word}"
        if s.name and not state:
            return RoleCall("smart_home.get_state", _where(s, speaker))
        args = _where(s)
        args.pop("near", None)
        if state:
            args["state"] = state
        if s.name and state:
            return RoleCall("smart_home.get_state", {k: a for k, a in args.items() if k != "state"})
        return RoleCall("smart_home.list_devices", args)
    if s.intent == "HassSetPosition":
        if domain == "valve" or (domain is None and "valve" in _target(s)):
            s.domain = "valve"
        elif not s.name and not s.device_class:
            s.domain = "cover"
        return RoleCall("smart_home.set_position", _where(s, speaker, position=int(v["position"])))
    if s.intent == "HassClimateSetTemperature":
        temperature: dict[str, Any] = {"temperature": float(v["temperature"])}
        if s.name:
            temperature["device"] = s.name
        if s.area:
            temperature["area"] = s.area
        if s.floor:
            temperature["floor"] = s.floor
        if speaker and not (s.name or s.area or s.floor):
            temperature["near"] = speaker
        return RoleCall("smart_home.set_temperature", temperature)
    if s.intent == "HassClimateGetTemperature":
        return RoleCall("smart_home.get_temperature", {"area": s.area} if s.area else {})
    if s.intent == "HassClimateSetFanMode":
        return RoleCall("smart_home.set_hvac_mode", {"fan_mode": str(v["fan_mode"])})
    if s.intent == "HassFanSetSpeed":
        s.domain = s.domain or "fan"
        args = _where(s, percentage=int(v["fan_speed"]))
        args.pop("floor", None)
        args.pop("near", None)
        return RoleCall("smart_home.set_fan_speed", args)
    if s.intent in _MEDIA:
        s.domain = "media_player"
        return RoleCall("smart_home.media", _media_args(s, speaker, command=_MEDIA[s.intent]))
    if s.intent == "HassSetVolume":
        s.domain = "media_player"
        return RoleCall(
            "smart_home.set_volume", _media_args(s, speaker, volume=int(v["volume_level"]))
        )
    if s.intent == "HassSetVolumeRelative":
        s.domain = "media_player"
        step = v.get("volume_step", "up")
        change = 10 if step == "up" else -10 if step == "down" else int(step)
        return RoleCall("smart_home.set_volume", _media_args(s, speaker, change=change))
    if s.intent == "HassMediaSearchAndPlay":
        s.domain = "media_player"
        args = _media_args(s, speaker, query=str(v.get("search_query", "")))
        args.pop("near", None)
        if _LEFT_OFF.search(args["query"]):  # "play music from where you left off": resume
            args.pop("query")
            return RoleCall("smart_home.media", {**args, "command": "resume"})
        return RoleCall("smart_home.play_media", args)
    if s.intent == "HassVacuumStart":
        return RoleCall("smart_home.start_vacuum", {"device": s.name or "vacuum"})
    if s.intent == "HassVacuumReturnToBase":
        return RoleCall("smart_home.stop_vacuum", {"device": s.name or "vacuum"})
    if s.intent == "HassVacuumCleanArea":
        return RoleCall("smart_home.start_vacuum", {"device": s.name or "vacuum", "area": s.area})
    if s.intent == "HassLawnMowerStartMowing":
        return RoleCall("smart_home.start_mower", {"device": s.name or "lawn mower"})
    if s.intent == "HassLawnMowerDock":
        return RoleCall("smart_home.dock_mower", {"device": s.name or "lawn mower"})
    return None


def _media_args(s: Slots, speaker: str | None, **extra: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"device": s.name or "media player"}
    if s.area:
        args["area"] = s.area
    if speaker and not s.area:
        args["near"] = speaker
    args.update(extra)
    return args

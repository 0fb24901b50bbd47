"""How a device's state is said and asked about.

"Kitchen light is on at 80%, warm white."; a moisture sensor that is "on" is "wet"; "is the
window open" (`in_state`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern

if TYPE_CHECKING:
    from roles.smart_home.backend import Device

__all__ = ["BINARY_STATES", "convert", "describe", "human_state", "in_state"]

BINARY_STATES: dict[str, tuple[str, str]] = {
    "battery": ("low", "normal"),
    "battery_charging": ("charging", "not charging"),
    "carbon_monoxide": ("detected", "clear"),
    "cold": ("cold", "normal"),
    "connectivity": ("connected", "disconnected"),
    "door": ("open", "closed"),
    "garage_door": ("open", "closed"),
    "opening": ("open", "closed"),
    "window": ("open", "closed"),
    "gas": ("detected", "clear"),
    "heat": ("hot", "normal"),
    "light": ("detected", "no light"),
    "lock": ("unlocked", "locked"),
    "moisture": ("wet", "dry"),
    "motion": ("detected", "clear"),
    "occupancy": ("detected", "clear"),
    "plug": ("plugged in", "unplugged"),
    "power": ("powered", "no power"),
    "presence": ("home", "away"),
    "problem": ("problem", "ok"),
    "running": ("running", "not running"),
    "safety": ("unsafe", "safe"),
    "smoke": ("detected", "clear"),
    "sound": ("detected", "clear"),
    "tamper": ("tampered", "clear"),
    "update": ("update available", "up-to-date"),
    "vibration": ("detected", "clear"),
}
"""Home Assistant's binary sensor device classes: the words for their "on" and "off" states."""
_ON_WORDS = frozenset({"on", "triggered", "active", "detected"})


def human_state(device: Device) -> str:
    """The state as people say it: a moisture sensor that is "on" is "wet"."""
    words = BINARY_STATES.get(device.device_class or "")
    if device.kind == "binary_sensor" and words and device.state in ("on", "off"):
        return words[0] if device.state == "on" else words[1]
    return device.state


def in_state(device: Device, wanted: str) -> bool:
    """Whether `device` is in the state someone asked about ("open", "wet", "on", "low")."""
    wanted = " ".join(wanted.lower().split())
    actual = device.state.lower()
    if device.kind == "binary_sensor":
        words = BINARY_STATES.get(device.device_class or "")
        if words and wanted in words:
            return human_state(device) == wanted
        if wanted in _ON_WORDS:
            return actual == "on"
        if wanted in ("off", "clear", "inactive"):
            return actual == "off"
        return False
    if wanted in ("on", "active"):
        return actual in {"on", "open", "unlocked", "playing", "cleaning", "mowing"} or (
            device.kind == "climate" and actual != "off"
        )
    if wanted in ("off", "inactive"):
        return actual in {"off", "closed", "locked", "idle", "paused", "docked", "standby"}
    return actual == wanted or (wanted == "open" and actual == "opening")


_PLURAL = lazy_pattern(
    r"\b(?:blinds|lights|curtains|shutters|shades|drapes|lamps|sprinklers|speakers|fairy lights"
    r"|string lights|christmas lights)$",
    re.IGNORECASE,
)
"""Device names people say as plurals: "Living room blinds are closed"."""


def describe(device: Device, units: str = "metric") -> str:
    """A short sentence about a device's state: "Kitchen light is on at 80%, warm white."."""
    attrs = device.attributes
    state = device.state
    if device.kind == "climate" and state not in ("on", "off"):
        state = f"in {state} mode"  # "heat" is a mode: "Thermostat is in heat mode"
    verb = "are" if _PLURAL.search(device.name) else "is"  # "Living room blinds are closed"
    text = (
        f"{device.name} {verb} {human_state(device) if device.kind == 'binary_sensor' else state}"
    )
    if device.kind == "binary_sensor" and device.device_class == "update":
        return f"{device.name} {'has an update available' if state == 'on' else 'is up to date'}."
    if device.kind == "sensor":
        unit = attrs.get("unit") or attrs.get("unit_of_measurement") or ""
        return f"{device.name} is {device.state}{' ' if unit and unit != '%' else ''}{unit}."
    if device.kind == "scene":
        return f"{device.name} is a scene."
    if device.kind == "person":
        where = {"home": "at home", "not_home": "away"}.get(state, f"at {state}")
        return f"{device.name} is {where}."
    if device.kind in ("cover", "valve") and attrs.get("position") not in (None, 0, 100):
        text += f" at {attrs['position']}%"
    if device.kind == "fan" and device.state == "on" and attrs.get("percentage"):
        text += f" at {attrs['percentage']}% speed"
    if device.kind == "media_player":
        extras = []
        if attrs.get("media"):
            extras.append(f"with {attrs['media']}")
        if attrs.get("volume") is not None:
            extras.append(f"volume {attrs['volume']}%")
        if attrs.get("muted"):
            extras.append("muted")
        if extras:
            text += ", " + ", ".join(extras)
    if device.kind == "light" and device.state == "on":
        extras = []
        if attrs.get("brightness") is not None:
            extras.append(f"at {attrs['brightness']}%")
        if attrs.get("color"):
            color = str(attrs["color"])
            kelvin = re.fullmatch(r"(\d{4,5}) ?K", color)
            extras.append(f"white at {kelvin[1]} K" if kelvin else color)
        if extras:
            text += " " + ", ".join(extras)
    if device.kind == "climate":
        unit = "°F" if units == "imperial" else "°C"
        source = str(attrs.get("temperature_unit", "°C"))
        if attrs.get("target_temperature") is not None:
            text += f", set to {convert(attrs['target_temperature'], source, unit):g}{unit}"
        if attrs.get("current_temperature") is not None:
            text += f", currently {convert(attrs['current_temperature'], source, unit):g}{unit}"
    return text + "."


def convert(value: Any, source: str, target: str) -> float:
    """A temperature from `source` to `target` unit ("°C" or "°F"), one decimal."""
    number = float(value)
    if source != target:
        number = number * 9 / 5 + 32 if target == "°F" else (number - 32) * 5 / 9
    return round(number, 1)

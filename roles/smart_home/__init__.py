"""Smart-home role: a simulated home (default) or Home Assistant over its REST API."""

from __future__ import annotations

from roles.smart_home.backend import Device, HomeBackend, match_devices, resolve
from roles.smart_home.home_assistant import HomeAssistant
from roles.smart_home.role import ROLE, SmartHomeRole
from roles.smart_home.simulated import DEFAULT_HOME, SimulatedHome, load_devices

__all__ = [
    "DEFAULT_HOME",
    "ROLE",
    "Device",
    "HomeAssistant",
    "HomeBackend",
    "SimulatedHome",
    "SmartHomeRole",
    "load_devices",
    "match_devices",
    "resolve",
]

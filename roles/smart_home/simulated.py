"""A simulated home: devices from a TOML file (or a default home), state kept in the database.

The TOML file (``AGENT_SYSTEM_HOME_CONFIG``) lists devices::

    [[devices]]
    id = "kitchen_light"
    name = "Kitchen light"
    kind = "light"            # light | switch | climate | lock | cover | vacuum | fan | sensor
    area = "kitchen"
    state = "off"
    aliases = ["kitchen lamp"]
    attributes = { brightness = 80, color = "warm white" }

State changes are written to the ``smart_home_devices`` table, so they survive restarts.
Temperatures are stored in Celsius.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from agent_system.errors import ConfigurationError
from agent_system.storage import Database
from roles.smart_home.backend import Action, Device, check_supported

__all__ = ["DEFAULT_HOME", "SimulatedHome", "load_devices"]

_DDL = """
CREATE TABLE IF NOT EXISTS smart_home_devices (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    attributes TEXT NOT NULL
);
"""

DEFAULT_HOME: tuple[Device, ...] = (
    Device(
        id="living_room_light",
        name="Living room light",
        kind="light",
        area="living room",
        attributes={"brightness": 100, "color": "warm white"},
    ),
    Device(
        id="kitchen_light",
        name="Kitchen light",
        kind="light",
        area="kitchen",
        attributes={"brightness": 100, "color": "white"},
    ),
    Device(
        id="bedroom_light",
        name="Bedroom light",
        kind="light",
        area="bedroom",
        attributes={"brightness": 60, "color": "warm white"},
        aliases=["bedside lamp"],
    ),
    Device(id="coffee_machine", name="Coffee machine", kind="switch", area="kitchen"),
    Device(
        id="thermostat",
        name="Thermostat",
        kind="climate",
        area="living room",
        state="heat",
        attributes={"target_temperature": 20.0, "current_temperature": 19.5},
        aliases=["heating"],
    ),
    Device(id="front_door", name="Front door lock", kind="lock", area="hallway", state="locked"),
    Device(id="garage_door", name="Garage door", kind="cover", area="garage", state="closed"),
    Device(
        id="living_room_blinds",
        name="Living room blinds",
        kind="cover",
        area="living room",
        state="closed",
    ),
    Device(id="vacuum", name="Robot vacuum", kind="vacuum", area="living room", state="docked"),
)

_NEW_STATE: dict[str, str | None] = {
    "turn_on": "on",
    "turn_off": "off",
    "set_brightness": None,
    "set_color": "on",
    "set_temperature": None,
    "lock": "locked",
    "unlock": "unlocked",
    "open": "open",
    "close": "closed",
    "start": "cleaning",
    "dock": "docked",
}


def load_devices(path: Path | None) -> list[Device]:
    """Devices from a TOML file, or the default home when `path` is None."""
    if path is None:
        return [d.model_copy(deep=True) for d in DEFAULT_HOME]
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigurationError(
            f"Home config {str(path)!r} does not exist; create it or unset "
            "AGENT_SYSTEM_HOME_CONFIG to use the default simulated home."
        ) from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigurationError(f"Home config {str(path)!r} is not valid TOML: {exc}") from None
    entries = raw.get("devices")
    if not isinstance(entries, list) or not entries:
        raise ConfigurationError(
            f"Home config {str(path)!r} has no [[devices]] tables; see docs/roles.md."
        )
    devices: list[Device] = []
    for number, entry in enumerate(entries, start=1):
        try:
            devices.append(Device.model_validate(entry))
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
            )
            raise ConfigurationError(
                f"Home config {str(path)!r}, device #{number}: {problems}"
            ) from None
    ids = [d.id for d in devices]
    if duplicates := sorted({i for i in ids if ids.count(i) > 1}):
        raise ConfigurationError(f"Home config {str(path)!r} repeats device ids: {duplicates}")
    return devices


class SimulatedHome:
    """A home that exists only in the database: every action really changes stored state."""

    def __init__(self, db: Database, devices: list[Device]) -> None:
        self.db = db
        self._defaults = {d.id: d for d in devices}
        db.ensure_schema("smart_home", _DDL)

    async def devices(self) -> list[Device]:
        """Every device, with stored state laid over the configured defaults."""
        stored = {row["id"]: row for row in self.db.query("SELECT * FROM smart_home_devices")}
        out = []
        for device in self._defaults.values():
            row = stored.get(device.id)
            if row is None:
                out.append(device.model_copy(deep=True))
            else:
                attributes = {**device.attributes, **json.loads(row["attributes"])}
                out.append(
                    device.model_copy(update={"state": row["state"], "attributes": attributes})
                )
        return out

    async def act(self, device: Device, action: Action, value: Any = None) -> Device:
        """Apply `action` and store the new state."""
        check_supported(device, action)
        new_state = _NEW_STATE[action]
        current = next((d for d in await self.devices() if d.id == device.id), device)
        attributes = dict(current.attributes)
        state = new_state or current.state
        if action == "set_brightness":
            attributes["brightness"] = int(value)
            state = "on" if int(value) > 0 else "off"
        elif action == "set_color":
            attributes["color"] = str(value)
        elif action == "set_temperature":
            attributes["target_temperature"] = float(value)
            if current.state == "off":
                state = "heat"
        self.db.execute(
            "INSERT INTO smart_home_devices (id, state, attributes) VALUES (?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET state = excluded.state,"
            " attributes = excluded.attributes",
            (device.id, state, json.dumps(attributes)),
        )
        return current.model_copy(update={"state": state, "attributes": attributes})

"""A simulated home: devices from a TOML file (or a default home), state kept in the database.

The TOML file (``AGENT_SYSTEM_HOME_CONFIG``, full format in docs/roles.md) lists floors, areas,
devices and optional custom sentences::

    [[floors]]
    id = "ground"
    name = "Ground floor"
    aliases = ["downstairs"]

    [[areas]]
    id = "kitchen"
    name = "Kitchen"
    floor = "ground"
    aliases = ["cooking area"]

    [[devices]]
    id = "kitchen_light"
    name = "Kitchen light"
    kind = "light"            # see `DeviceKind`
    area = "kitchen"          # an area id or name
    state = "off"
    aliases = ["kitchen lamp"]
    attributes = { brightness = 80, color = "warm white" }

Without ``[[areas]]`` a device's ``area`` string is its area. State changes are written to the
``devices`` collection of the application's repository (shared by every worker on
PostgreSQL), so they survive restarts. Temperatures are stored in Celsius.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field, ValidationError

from agent_system.errors import ConfigurationError
from agent_system.repository import Repository
from roles.smart_home.backend import Action, Device, check_supported
from roles.smart_home.home import Area, Floor, Layout

if TYPE_CHECKING:
    from agent_system.runtime import Runtime

__all__ = [
    "DEFAULT_HOME",
    "DEFAULT_LAYOUT",
    "CustomSentence",
    "HomeConfig",
    "SimulatedHome",
    "home_of",
    "load_devices",
    "load_home",
    "simulate",
]

COLLECTION = "devices"

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
    Device(
        id="bedroom_fan",
        name="Ceiling fan",
        kind="fan",
        area="bedroom",
        attributes={"percentage": 0, "oscillating": False},
    ),
    Device(
        id="living_room_tv",
        name="TV",
        kind="media_player",
        area="living room",
        state="idle",
        attributes={"volume": 30, "muted": False},
        aliases=["television"],
    ),
    Device(
        id="garden_sprinkler",
        name="Garden sprinkler",
        kind="valve",
        area="garden",
        state="closed",
        aliases=["lawn sprinkler"],
    ),
    Device(id="mower", name="Lawn mower", kind="lawn_mower", area="garden", state="docked"),
    Device(id="movie_night", name="Movie night", kind="scene", state="scening"),
    Device(
        id="bathroom_humidity",
        name="Bathroom humidity",
        kind="sensor",
        area="bathroom",
        device_class="humidity",
        state="58",
        attributes={"unit": "%"},
    ),
    Device(
        id="back_door_sensor",
        name="Back door",
        kind="binary_sensor",
        area="kitchen",
        device_class="door",
        state="closed",
    ),
)

DEFAULT_LAYOUT = Layout(
    floors=[
        Floor(id="ground", name="Ground floor", aliases=["downstairs", "ground level"], level=0),
        Floor(id="upstairs", name="Upstairs", aliases=["first floor", "upper floor"], level=1),
    ],
    areas=[
        Area(id="living_room", name="Living room", floor="ground", aliases=["lounge"]),
        Area(id="kitchen", name="Kitchen", floor="ground"),
        Area(id="hallway", name="Hallway", floor="ground", aliases=["hall"]),
        Area(id="garage", name="Garage", floor="ground"),
        Area(id="garden", name="Garden", floor="ground", aliases=["yard", "back lawn"]),
        Area(id="bedroom", name="Bedroom", floor="upstairs"),
        Area(id="bathroom", name="Bathroom", floor="upstairs"),
    ],
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
    "stop": None,
    "set_position": None,
    "set_hvac_mode": None,
    "set_fan_mode": None,
    "set_speed": None,
    "oscillate": None,
    "clean_area": "cleaning",
    "media_play": "playing",
    "media_pause": "paused",
    "media_next": "playing",
    "media_previous": "playing",
    "volume_set": None,
    "mute": None,
    "unmute": None,
    "play_media": "playing",
    "activate": None,
}


class HomeConfig(BaseModel):
    """Everything a home TOML file holds."""

    devices: list[Device]
    layout: Layout = Field(default_factory=Layout)
    sentences: list[CustomSentence] = Field(default_factory=list)


class CustomSentence(BaseModel):
    """People's own words: sentence templates (hassil syntax) that run one tool call."""

    sentences: list[str] = Field(min_length=1)
    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)


HomeConfig.model_rebuild()


def load_devices(path: Path | None) -> list[Device]:
    """Devices from a TOML file, or the default home when `path` is None."""
    return load_home(path).devices


def _problems(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors())


def home_of(runtime: Runtime) -> HomeConfig:
    """The configured home (`Settings.home_config`), read once per runtime.

    The router's first stages (smart home, weather), the device matcher and the simulated
    backend share it: the TOML file is read and checked once, not once by each of them.
    """
    return runtime.resource("smart_home.home", lambda rt: load_home(rt.settings.home_config))


def load_home(path: Path | None) -> HomeConfig:
    """The home in a TOML file (floors, areas, devices, sentences), or the default home."""
    if path is None:
        default = [d.model_copy(deep=True) for d in DEFAULT_HOME]
        return HomeConfig(devices=_placed(default, DEFAULT_LAYOUT), layout=DEFAULT_LAYOUT)
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
            raise ConfigurationError(
                f"Home config {str(path)!r}, device #{number}: {_problems(exc)}"
            ) from None
    ids = [d.id for d in devices]
    if duplicates := sorted({i for i in ids if ids.count(i) > 1}):
        raise ConfigurationError(f"Home config {str(path)!r} repeats device ids: {duplicates}")
    try:
        layout = Layout.model_validate(
            {"floors": raw.get("floors", []), "areas": raw.get("areas", [])}
        )
        sentences = [CustomSentence.model_validate(e) for e in raw.get("sentences", [])]
    except ValidationError as exc:
        raise ConfigurationError(f"Home config {str(path)!r}: {_problems(exc)}") from None
    floor_ids = {f.id for f in layout.floors}
    for area in layout.areas:
        named = layout.floor(area.floor) if area.floor else None
        if named is not None:  # a floor may be given by its id, name or alias
            area.floor = named.id
        if area.floor is not None and area.floor not in floor_ids:
            raise ConfigurationError(
                f"Home config {str(path)!r}: area {area.id!r} is on floor {area.floor!r}, "
                f"which no [[floors]] table defines (known: {sorted(floor_ids)})."
            )
    return HomeConfig(devices=_placed(devices, layout), layout=layout, sentences=sentences)


def _placed(devices: list[Device], layout: Layout) -> list[Device]:
    """Devices with their area given by its canonical name and their floor filled in."""
    out = []
    for device in devices:
        area = layout.area(device.area) if device.area else None
        name = area.name if area else device.area
        update: dict[str, Any] = {"area": name, "floor": layout.floor_of(name) or device.floor}
        device_class = device.attributes.get("device_class")
        if device.device_class is None and isinstance(device_class, str):
            update["device_class"] = device_class  # Home Assistant keeps it in the attributes
        out.append(device.model_copy(update=update))
    return out


class SimulatedHome:
    """A home that exists only in the database: every action really changes stored state."""

    def __init__(
        self, repository: Repository, devices: list[Device], layout: Layout | None = None
    ) -> None:
        self.repository = repository
        self._layout = layout or Layout()
        self._defaults = {d.id: d for d in devices}

    async def layout(self) -> Layout:
        """The home's floors and areas."""
        return self._layout

    async def devices(self) -> list[Device]:
        """Every device, with stored state laid over the configured defaults."""
        stored = {r.key: r.body for r in await self.repository.records(COLLECTION)}
        out = []
        for device in self._defaults.values():
            body = stored.get(device.id)
            if body is None:
                out.append(device.model_copy(deep=True))
            else:
                attributes = {**device.attributes, **body.get("attributes", {})}
                out.append(
                    device.model_copy(update={"state": body["state"], "attributes": attributes})
                )
        return out

    async def act(self, device: Device, action: Action, value: Any = None) -> Device:
        """Apply `action` and store the new state."""
        check_supported(device, action)
        current = next((d for d in await self.devices() if d.id == device.id), device)
        state, attributes = simulate(current, action, value)
        await self.repository.put(COLLECTION, device.id, {"state": state, "attributes": attributes})
        return current.model_copy(update={"state": state, "attributes": attributes})


def simulate(current: Device, action: Action, value: Any) -> tuple[str, dict[str, Any]]:
    """The (state, attributes) a device has after `action` with `value`."""
    attributes = dict(current.attributes)
    state = _NEW_STATE[action] or current.state
    if action == "start" and current.kind == "lawn_mower":
        state = "mowing"
    if action == "set_brightness":
        attributes["brightness"] = int(value)
        state = "on" if int(value) > 0 else "off"
    elif action == "set_color":
        attributes["color"] = str(value)
    elif action == "set_temperature":
        attributes["target_temperature"] = float(value)
        if current.state == "off":
            state = "heat"
    elif action == "set_hvac_mode":
        state = str(value)
    elif action == "set_fan_mode":
        attributes["fan_mode"] = str(value)
    elif action == "set_speed":
        attributes["percentage"] = int(value)
        state = "on" if int(value) > 0 else "off"
    elif action == "oscillate":
        attributes["oscillating"] = bool(value)
    elif action in ("open", "close", "set_position"):
        position = {"open": 100, "close": 0}.get(action, value)
        attributes["position"] = int(position)
        state = "open" if int(position) > 0 else "closed"
    elif action == "stop":
        state = "open" if int(attributes.get("position", 0) or 0) > 0 else current.state
    elif action == "clean_area":
        attributes["cleaning_area"] = str(value)
    elif action == "volume_set":
        attributes["volume"] = max(0, min(100, int(value)))
        if "volume_level" in attributes:  # Home Assistant's own attribute (0 to 1) kept in step
            attributes["volume_level"] = attributes["volume"] / 100
    elif action in ("mute", "unmute"):
        attributes["muted"] = action == "mute"
    elif action == "play_media":
        attributes["media"] = str(value)
    elif action == "activate":
        attributes["last_activated"] = True
    return state, attributes

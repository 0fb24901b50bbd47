"""Home Assistant over its REST API: ``GET /api/states``, ``POST /api/services/<domain>/<service>``.

Areas and floors are not part of ``/api/states``: they are read once through the template
endpoint (``POST /api/template`` rendering ``floors()``, ``floor_areas()``, ``areas()``,
``area_name()`` and ``area_entities()``, see developers.home-assistant.io/docs/api/rest and
home-assistant.io/docs/configuration/templating). An instance without areas still works: the
friendly name ("Kitchen Light") carries the room for name matching. Temperatures are assumed
to be in the unit system configured in `Settings.units`. The access token goes in the
Authorization header only and never appears in messages.
"""

from __future__ import annotations

from typing import Any

import httpx

from agent_system.errors import ToolExecutionError
from roles._http import malformed, request_json
from roles.smart_home._colors import kelvin_of
from roles.smart_home.backend import Action, Device, DeviceKind, check_supported
from roles.smart_home.home import Area, Floor, Layout

__all__ = ["HomeAssistant"]

SERVICE = "Home Assistant"

_KINDS: dict[str, DeviceKind] = {
    "light": "light",
    "switch": "switch",
    "input_boolean": "switch",
    "climate": "climate",
    "lock": "lock",
    "cover": "cover",
    "vacuum": "vacuum",
    "fan": "fan",
    "sensor": "sensor",
    "binary_sensor": "binary_sensor",
    "valve": "valve",
    "lawn_mower": "lawn_mower",
    "media_player": "media_player",
    "scene": "scene",
    "script": "script",
    "person": "person",
}

# One template renders the whole layout as JSON (aliases are not exposed to templates).
LAYOUT_TEMPLATE = (
    '{"floors": [{% for f in floors() %}{"id": {{ f | tojson }}, "name": '
    '{{ floor_name(f) | tojson }}, "areas": {{ floor_areas(f) | tojson }}}'
    '{% if not loop.last %}, {% endif %}{% endfor %}], "areas": [{% for a in areas() %}'
    '{"id": {{ a | tojson }}, "name": {{ area_name(a) | tojson }}, "entities": '
    "{{ area_entities(a) | tojson }}}{% if not loop.last %}, {% endif %}{% endfor %}]}"
)

_WHITES = {"warm white": 2700, "white": 4000, "cool white": 6500, "daylight": 5500}

# action -> Home Assistant service (in the entity's own domain)
_SERVICES: dict[str, str] = {
    "turn_on": "turn_on",
    "turn_off": "turn_off",
    "set_brightness": "turn_on",
    "set_color": "turn_on",
    "set_temperature": "set_temperature",
    "set_hvac_mode": "set_hvac_mode",
    "set_fan_mode": "set_fan_mode",
    "set_speed": "set_percentage",
    "oscillate": "oscillate",
    "lock": "lock",
    "unlock": "unlock",
    "open": "open_cover",
    "close": "close_cover",
    "stop": "stop_cover",
    "set_position": "set_cover_position",
    "start": "start",
    "dock": "return_to_base",
    "clean_area": "send_command",
    "media_play": "media_play",
    "media_pause": "media_pause",
    "media_next": "media_next_track",
    "media_previous": "media_previous_track",
    "volume_set": "volume_set",
    "mute": "volume_mute",
    "unmute": "volume_mute",
    "play_media": "search_media",
    "activate": "turn_on",
}
# Services whose name differs in another domain.
_DOMAIN_SERVICES: dict[tuple[str, str], str] = {
    ("valve", "open"): "open_valve",
    ("valve", "close"): "close_valve",
    ("valve", "stop"): "stop_valve",
    ("valve", "set_position"): "set_valve_position",
    ("lawn_mower", "start"): "start_mowing",
    ("lawn_mower", "dock"): "dock",
}


class HomeAssistant:
    """A `HomeBackend` that drives a real Home Assistant instance."""

    def __init__(
        self,
        http: httpx.AsyncClient,
        url: str,
        token: str,
        *,
        timeout_s: float,
        units: str = "metric",
    ) -> None:
        self.http = http
        self.url = url.rstrip("/")
        self._headers = {"Authorization": f"Bearer {token}"}
        self.timeout_s = timeout_s
        self.unit = "°F" if units == "imperial" else "°C"
        self._layout: Layout | None = None
        self._areas: dict[str, str] = {}  # entity id -> area name
        self.seen: tuple[list[Device], Layout] | None = None
        """The devices and layout of the last read (the role's sentence matcher learns the
        home's names from it)."""
        self._hints = {
            401: "Check AGENT_SYSTEM_HOME_ASSISTANT_TOKEN (a long-lived access token from your "
            "Home Assistant profile page).",
            403: "The token is not allowed to do this.",
        }

    async def _request(self, method: str, path: str, body: Any = None) -> Any:
        return await request_json(
            self.http,
            method,
            f"{self.url}{path}",
            service=SERVICE,
            timeout_s=self.timeout_s,
            json=body,
            headers=self._headers,
            hints=self._hints,
        )

    async def layout(self) -> Layout:
        """Floors and areas, read once through the template endpoint."""
        if self._layout is None:
            body = await self._request("POST", "/api/template", {"template": LAYOUT_TEMPLATE})
            if not isinstance(body, dict):
                raise malformed(SERVICE, "/api/template did not render the layout as JSON")
            floors = [
                Floor(id=str(f["id"]), name=str(f.get("name") or f["id"]))
                for f in body.get("floors", [])
                if isinstance(f, dict) and f.get("id")
            ]
            floor_of = {
                str(a): str(f["id"])
                for f in body.get("floors", [])
                if isinstance(f, dict)
                for a in f.get("areas") or []
            }
            areas = []
            for a in body.get("areas", []):
                if not isinstance(a, dict) or not a.get("id"):
                    continue
                name = str(a.get("name") or a["id"])
                areas.append(Area(id=str(a["id"]), name=name, floor=floor_of.get(str(a["id"]))))
                for entity in a.get("entities") or []:
                    self._areas[str(entity)] = name
            self._layout = Layout(floors=floors, areas=areas)
        return self._layout

    async def devices(self) -> list[Device]:
        """Every supported entity as a `Device`, with its area and floor when known."""
        body = await self._request("GET", "/api/states")
        if not isinstance(body, list):
            raise malformed(SERVICE, "/api/states did not return a list")
        try:
            layout = await self.layout()
        except ToolExecutionError:  # templates disabled or an old instance: names carry rooms
            layout = self._layout = Layout()
        devices = [d for d in (self._device(item) for item in body) if d is not None]
        devices = [
            d.model_copy(update={"floor": layout.floor_of(d.area)}) if d.area else d
            for d in devices
        ]
        self.seen = (devices, layout)
        return devices

    def _device(self, item: Any) -> Device | None:
        if not isinstance(item, dict) or not isinstance(item.get("entity_id"), str):
            return None
        entity_id: str = item["entity_id"]
        domain, _, object_id = entity_id.partition(".")
        kind = _KINDS.get(domain)
        if kind is None:
            return None
        raw = item.get("attributes") if isinstance(item.get("attributes"), dict) else {}
        assert isinstance(raw, dict)
        attributes: dict[str, Any] = {}
        if kind == "light" and isinstance(raw.get("brightness"), int | float):
            attributes["brightness"] = round(float(raw["brightness"]) / 255 * 100)
        if kind == "light" and isinstance(raw.get("supported_color_modes"), list):
            attributes["color_modes"] = [str(m) for m in raw["supported_color_modes"]]
        if kind == "climate":
            attributes["temperature_unit"] = self.unit
            for source, target in (
                ("temperature", "target_temperature"),
                ("current_temperature", "current_temperature"),
            ):
                if isinstance(raw.get(source), int | float):
                    attributes[target] = raw[source]
        if kind == "sensor" and raw.get("unit_of_measurement"):
            attributes["unit"] = raw["unit_of_measurement"]
        for source, target in (
            ("current_position", "position"),
            ("percentage", "percentage"),
            ("oscillating", "oscillating"),
            ("is_volume_muted", "muted"),
            ("media_title", "media"),
            ("fan_mode", "fan_mode"),
        ):
            if raw.get(source) is not None:
                attributes[target] = raw[source]
        if isinstance(raw.get("volume_level"), int | float):
            attributes["volume"] = round(float(raw["volume_level"]) * 100)
        area = raw.get("area") if isinstance(raw.get("area"), str) else self._areas.get(entity_id)
        device_class = raw.get("device_class")
        return Device(
            id=entity_id,
            name=str(raw.get("friendly_name") or object_id.replace("_", " ")),
            kind=kind,
            device_class=device_class if isinstance(device_class, str) else None,
            area=area,
            state=str(item.get("state", "unknown")),
            attributes=attributes,
            aliases=[object_id.replace("_", " ")],
        )

    async def act(self, device: Device, action: Action, value: Any = None) -> Device:
        """Call the Home Assistant service for `action`; the entity's new state."""
        check_supported(device, action)
        domain = device.id.partition(".")[0]
        service = _DOMAIN_SERVICES.get((domain, action), _SERVICES[action])
        data: dict[str, Any] = {"entity_id": device.id}
        if action == "set_brightness":
            if int(value) == 0:
                service = "turn_off"
            else:
                data["brightness_pct"] = int(value)
        elif action == "set_color" and (kelvin := kelvin_of(str(value))) is not None:
            data["color_temp_kelvin"] = kelvin
        elif action == "set_color" and str(value) in _WHITES:
            data["color_temp_kelvin"] = _WHITES[str(value)]
        elif action == "set_color":
            data["color_name"] = str(value).replace(" ", "")
        elif action == "set_temperature":
            data["temperature"] = float(value)
        elif action in ("set_hvac_mode", "set_fan_mode"):
            data[action.removeprefix("set_")] = str(value)
        elif action == "set_speed":
            data["percentage"] = int(value)
        elif action == "oscillate":
            data["oscillating"] = bool(value)
        elif action == "set_position":
            data["position"] = int(value)
        elif action == "volume_set":
            data["volume_level"] = round(int(value) / 100, 2)
        elif action in ("mute", "unmute"):
            data["is_volume_muted"] = action == "mute"
        elif action == "play_media":
            data["search_query"] = str(value)
        elif action == "clean_area":
            data.update(command="app_segment_clean", params={"area": str(value)})
        changed = await self._request("POST", f"/api/services/{domain}/{service}", data)
        if isinstance(changed, list):
            for item in changed:
                if isinstance(item, dict) and item.get("entity_id") == device.id:
                    updated = self._device(item)
                    if updated is not None:
                        return updated
        latest = await self._request("GET", f"/api/states/{device.id}")
        updated = self._device(latest)
        if updated is None:
            raise ToolExecutionError(f"{SERVICE} no longer knows {device.id!r}.")
        return updated

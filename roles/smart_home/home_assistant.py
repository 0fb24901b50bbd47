"""Home Assistant over its REST API: ``GET /api/states``, ``POST /api/services/<domain>/<service>``.

Areas are not part of ``/api/states``; a device's area is taken from an ``area`` attribute when
present, otherwise its friendly name ("Kitchen Light") carries the room for name matching.
Temperatures are assumed to be in the unit system configured in `Settings.units`. The access
token goes in the Authorization header only and never appears in messages.
"""

from __future__ import annotations

from typing import Any

import httpx

from agent_system.errors import ToolExecutionError
from roles._http import malformed, request_json
from roles.smart_home.backend import Action, Device, DeviceKind, check_supported

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
    "binary_sensor": "sensor",
}

_WHITES = {"warm white": 2700, "white": 4000, "cool white": 6500, "daylight": 5500}

# action -> Home Assistant service (in the entity's own domain)
_SERVICES: dict[str, str] = {
    "turn_on": "turn_on",
    "turn_off": "turn_off",
    "set_brightness": "turn_on",
    "set_color": "turn_on",
    "set_temperature": "set_temperature",
    "lock": "lock",
    "unlock": "unlock",
    "open": "open_cover",
    "close": "close_cover",
    "start": "start",
    "dock": "return_to_base",
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

    async def devices(self) -> list[Device]:
        """Every supported entity as a `Device`."""
        body = await self._request("GET", "/api/states")
        if not isinstance(body, list):
            raise malformed(SERVICE, "/api/states did not return a list")
        return [d for d in (self._device(item) for item in body) if d is not None]

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
        area = raw.get("area")
        return Device(
            id=entity_id,
            name=str(raw.get("friendly_name") or object_id.replace("_", " ")),
            kind=kind,
            area=area if isinstance(area, str) else None,
            state=str(item.get("state", "unknown")),
            attributes=attributes,
            aliases=[object_id.replace("_", " ")],
        )

    async def act(self, device: Device, action: Action, value: Any = None) -> Device:
        """Call the Home Assistant service for `action`; the entity's new state."""
        check_supported(device, action)
        domain = device.id.partition(".")[0]
        service = _SERVICES[action]
        data: dict[str, Any] = {"entity_id": device.id}
        if action == "set_brightness":
            if int(value) == 0:
                service = "turn_off"
            else:
                data["brightness_pct"] = int(value)
        elif action == "set_color" and str(value) in _WHITES:
            data["color_temp_kelvin"] = _WHITES[str(value)]
        elif action == "set_color":
            data["color_name"] = str(value).replace(" ", "")
        elif action == "set_temperature":
            data["temperature"] = float(value)
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

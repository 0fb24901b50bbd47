"""Simulated homes for the evaluation, written as the home TOML (``AGENT_SYSTEM_HOME_CONFIG``).

- :func:`ha_home_toml`: Home Assistant's test home (``ha-intents-en/tests/en/_fixtures.yaml``,
  plus the entities the fuzzy-matching tests in ``tests/en/<Intent>/*.yaml`` declare) converted
  to our format: ``[[floors]]``, ``[[areas]]`` and one ``[[devices]]`` table per entity whose kind
  the simulated home supports (``roles.smart_home.backend.DeviceKind``); the others are counted in
  :func:`skipped_kinds` so the report can say what the home cannot hold yet.
- :func:`voice_home_toml`: the built-in default home (``roles.smart_home.simulated.DEFAULT_HOME``)
  plus a smart plug, a kitchen speaker and two lights, for SLURP, HWU64 and CLINC150 requests
  (they name lights, plugs, speakers, the coffee machine, the vacuum, rooms).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any, get_args

from evals.splits import datasets_dir, ha_fixtures

__all__ = [
    "convert_fixtures",
    "ha_home_toml",
    "skipped_kinds",
    "supported_kinds",
    "voice_home_toml",
]

# Home Assistant domain -> our device kind, when the names differ.
_KIND_OF_DOMAIN = {"binary_sensor": "binary_sensor", "media_player": "media_player"}
_FALLBACK_KIND = {"binary_sensor": "sensor"}


def supported_kinds() -> frozenset[str]:
    """Kinds of device the simulated home accepts today."""
    from roles.smart_home.backend import DeviceKind

    return frozenset(get_args(DeviceKind))


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    return json.dumps(str(value), ensure_ascii=False)


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def _tables(name: str, rows: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for row in rows:
        out.append(f"[[{name}]]")
        out.extend(
            f"{_key(k)} = {_toml_value(v)}"
            for k, v in row.items()
            if v is not None and not k.startswith("_")  # "_floor": for the scoring only
        )
        out.append("")
    return out


def _state(raw: Any) -> str:
    if isinstance(raw, dict):  # binary sensors: {"in": "detected", "out": "on"}
        return str(raw.get("out", raw.get("in", "")))
    return str(raw)


def _attributes(domain: str, raw: dict[str, Any]) -> dict[str, Any]:
    attributes: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "brightness" and isinstance(value, int | float):
            attributes[key] = round(float(value) * 100 / 255)  # HA 0-255 -> percent
        elif key == "position":
            attributes[key] = int(value)
        else:
            attributes[key] = value
    return attributes


def convert_fixtures(
    fixtures: dict[str, Any], extra: list[dict[str, Any]] | None = None
) -> tuple[dict[str, list[dict[str, Any]]], Counter[str]]:
    """(``{"floors", "areas", "devices"}`` tables, kinds skipped) from a fixtures document."""
    kinds = supported_kinds()
    floors = {f["id"]: f["name"] for f in fixtures.get("floors", ())}
    areas = {a["id"]: a for a in fixtures.get("areas", ())}
    tables: dict[str, list[dict[str, Any]]] = {
        "floors": [{"id": fid, "name": name} for fid, name in floors.items()],
        "areas": [
            {
                "id": a["id"],
                "name": a["name"],
                "floor": a.get("floor") if a.get("floor") in floors else None,
                "aliases": a.get("aliases"),
            }
            for a in areas.values()
        ],
        "devices": [],
    }
    skipped: Counter[str] = Counter()
    seen: set[str] = set()
    for entity in [*fixtures.get("entities", ()), *(extra or ())]:
        entity_id = str(entity.get("id") or "")
        domain = entity_id.split(".")[0] if entity_id else str(entity.get("domain", ""))
        kind = _KIND_OF_DOMAIN.get(domain, domain)
        if kind not in kinds:
            kind = _FALLBACK_KIND.get(domain, kind)
        if kind not in kinds:
            skipped[domain] += 1
            continue
        if not entity_id:
            entity_id = f"{domain}.{re.sub(r'[^a-z0-9]+', '_', entity['name'].lower()).strip('_')}"
        if entity_id in seen:
            continue
        seen.add(entity_id)
        area = areas.get(str(entity.get("area", "")))
        device: dict[str, Any] = {
            "id": entity_id,
            "name": entity["name"],
            "kind": kind,
            "area": area["name"] if area else None,
            "_floor": floors.get(area.get("floor", "")) if area else None,
            "device_class": (entity.get("attributes") or {}).get("device_class"),
            "state": _state(entity.get("state", "off")),
            "aliases": entity.get("aliases") or None,
            "attributes": _attributes(domain, dict(entity.get("attributes") or {})),
        }
        tables["devices"].append(device)
    return tables, skipped


def _fuzzy_entities(root: Path) -> list[dict[str, Any]]:
    import yaml

    out: list[dict[str, Any]] = []
    folder = root / "ha-intents-en" / "tests" / "en"
    for path in sorted(folder.glob("*/*.yaml")):
        doc: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
        out.extend(doc.get("entities") or ())
    return out


def _ha_tables(root: Path | None = None) -> tuple[dict[str, list[dict[str, Any]]], Counter[str]]:
    root = root or datasets_dir()
    return convert_fixtures(ha_fixtures(root), _fuzzy_entities(root))


def skipped_kinds(root: Path | None = None) -> Counter[str]:
    """Home Assistant domains in the test home that the simulated home cannot hold yet."""
    return _ha_tables(root)[1]


def ha_home_toml(root: Path | None = None) -> str:
    """The Home Assistant test home in our home TOML format."""
    tables, _ = _ha_tables(root)
    lines = ["# Converted by evals/home.py from ha-intents-en/tests/en/_fixtures.yaml", ""]
    for name in ("floors", "areas", "devices"):
        lines.extend(_tables(name, tables[name]))
    return "\n".join(lines)


def voice_home_toml() -> str:
    """The default simulated home plus a smart plug, a speaker and lights in two more rooms.

    Those are the devices and rooms the SLURP/HWU64 *fit* rows name at least three times
    (``device_type``, ``house_place``) that the default home lacks. The speaker is the one the
    assistant plays through (playing music): "turn it up", "mute the speakers". It is no radio:
    the home has no radio (tuning a station is not something the smart-home tools do).
    """
    from roles.smart_home.simulated import DEFAULT_HOME

    devices = [d.model_dump(exclude_none=True) for d in DEFAULT_HOME]
    devices += [
        {
            "id": "smart_plug",
            "name": "Smart plug",
            "kind": "switch",
            "area": "living room",
            "aliases": ["wemo", "wemo plug", "socket", "smart socket"],
        },
        {"id": "bathroom_light", "name": "Bathroom light", "kind": "light", "area": "bathroom"},
        {
            "id": "kitchen_speaker",
            "name": "Kitchen speaker",
            "kind": "media_player",
            "area": "kitchen",
            "state": "playing",
            "attributes": {"volume": 40, "muted": False, "media": "music"},
            "aliases": ["speaker", "speakers", "smart speaker", "music player", "stereo"],
        },
        {
            "id": "hall_light",
            "name": "Hall light",
            "kind": "light",
            "area": "hall",
            "aliases": ["hallway light"],
        },
    ]
    lines = ["# The default simulated home plus a plug and two lights (evals/home.py)", ""]
    return "\n".join(lines + _tables("devices", devices))

"""Understanding smart-home requests with Home Assistant's own English sentence templates.

`HomeMatcher` runs hassil over the `home-assistant-intents` templates (plus the home's custom
sentences) with the home's device names, aliases, areas and floors as slot lists, then turns the
matched intent into tool calls. "the hallway and bedroom lamps" or "the fan and the lamp" is split
into one request per target, each matched on its own, so several devices change in one plan.
The templates and test sentences are © Home Assistant intents contributors, CC BY 4.0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hassil import Intents, RecognizeResult, TextSlotList, Trie, recognize_best
from home_assistant_intents import get_intents

from agent_system.roles import RoleCall
from roles.smart_home.backend import Device
from roles.smart_home.home import Layout
from roles.smart_home.sentences import EXTRA_LISTS, EXTRA_SENTENCES
from roles.smart_home.simulated import CustomSentence

__all__ = ["HA_INTENTS", "HomeMatcher", "Match"]

# Home Assistant intents this role answers (timers, weather, time and lists belong elsewhere).
HA_INTENTS = (
    "HassTurnOn",
    "HassTurnOff",
    "HassLightSet",
    "HassGetState",
    "HassSetPosition",
    "HassClimateSetTemperature",
    "HassClimateGetTemperature",
    "HassClimateSetFanMode",
    "HassFanSetSpeed",
    "HassMediaPause",
    "HassMediaUnpause",
    "HassMediaNext",
    "HassMediaPrevious",
    "HassSetVolume",
    "HassSetVolumeRelative",
    "HassMediaPlayerMute",
    "HassMediaPlayerUnmute",
    "HassMediaSearchAndPlay",
    "HassVacuumStart",
    "HassVacuumReturnToBase",
    "HassVacuumCleanArea",
    "HassLawnMowerStartMowing",
    "HassLawnMowerDock",
)
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
_BEFORE_TARGET = frozenset(
    "the my our a an on off up down in to all both turn switch set open close shut lock unlock "
    "dim start stop pause activate".split()
)
_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+)?|\band\b|&)\s*", re.I)


@dataclass(frozen=True)
class Match:
    """What one request asks: the tool calls, and the Home Assistant intent it matched."""

    calls: tuple[RoleCall, ...]
    intent: str


@dataclass
class _Slots:
    intent: str
    name: str | None
    area: str | None
    floor: str | None
    domain: str | None
    device_class: str | None
    values: dict[str, Any]


class HomeMatcher:
    """Hassil over Home Assistant's English templates, with this home's names as slot lists."""

    def __init__(
        self,
        devices: list[Device],
        layout: Layout,
        sentences: list[CustomSentence] | None = None,
        *,
        extra_names: list[tuple[str, dict[str, Any]]] | None = None,
    ) -> None:
        data = get_intents("en") or {}
        wanted = {k: v for k, v in data.get("intents", {}).items() if k in HA_INTENTS}
        for intent, blocks in EXTRA_SENTENCES.items():
            known = wanted.get(intent, {"data": []})
            wanted[intent] = {**known, "data": [*known["data"], *blocks]}
        self._custom: dict[str, CustomSentence] = {}
        for number, custom in enumerate(sentences or []):
            key = f"Custom{number}"
            self._custom[key] = custom
            wanted[key] = {"data": [{"sentences": list(custom.sentences)}]}
        lists = {**data.get("lists", {}), **EXTRA_LISTS}
        self.intents = Intents.from_dict({**data, "intents": wanted, "lists": lists})
        areas = [(a.name, a.name) for a in layout.areas]
        areas += [(alias, a.name) for a in layout.areas for alias in a.aliases]
        known = {a.name.lower() for a in layout.areas}
        areas += [(d.area, d.area) for d in devices if d.area and d.area.lower() not in known]
        self._area_of = {text.lower(): value for text, value in areas}
        floors = [(f.name, f.name) for f in layout.floors]
        floors += [(alias, f.name) for f in layout.floors for alias in f.aliases]
        self._lists: dict[str, Any] = {
            "area": TextSlotList.from_tuples([(t, v, {"area": v}) for t, v in dict(areas).items()]),
            "floor": TextSlotList.from_tuples([(t, v) for t, v in dict(floors).items()]),
        }
        self._names = Trie()
        taken = {t.lower() for t, _ in areas} | {t.lower() for t, _ in floors}
        taken |= {n.lower() for d in devices for n in (d.name, *d.aliases)}
        names = TextSlotList.from_tuples(
            [
                (text, device.name, self._context(device))
                for device in devices
                for text in _spoken_names(device, taken)
            ]
            + [(text, text, context) for text, context in extra_names or []]
        )
        for value in names.values:
            self._names.insert(str(getattr(value.text_in, "text", "")).strip().lower(), value)
        self.kinds = {d.name.lower(): d.kind for d in devices}

    @staticmethod
    def _context(device: Device) -> dict[str, Any]:
        context: dict[str, Any] = {"domain": device.kind}
        if device.device_class:
            context["device_class"] = device.device_class
        if device.area:
            context["area"] = device.area
        return context

    def recognize(self, text: str, area: str | None = None) -> RecognizeResult | None:
        """Home Assistant's best match for `text` (`area`: where the request came from)."""
        lists = dict(self._lists)
        lists["name"] = TextSlotList(
            name="name", values=[v[2] for v in self._names.find(text.lower())]
        )
        context = {"area": area} if area else None
        return recognize_best(
            text,
            self.intents,
            slot_lists=lists,
            intent_context=context,
            language="en",
            best_slot_name="name",
        )

    def match(self, text: str, area: str | None = None) -> Match | None:
        """Tool calls for `text`; several targets joined by "and" become several calls."""
        text = text.strip().rstrip("?!. ")
        if area:
            area = self._area_of.get(area.strip().lower(), area)
        result = self.recognize(text, area)
        if result is not None:
            calls = self._calls(result, area)
            if calls:
                return Match(tuple(calls), result.intent.name)
        if not _JOIN.search(text):
            return None
        parts = self._split(text, area)
        if len(parts) < 2:
            return None
        unique: list[RoleCall] = []
        for call in (call for part in parts for call in part.calls):
            if call not in unique:
                unique.append(call)
        return Match(tuple(unique), parts[0].intent)

    def _split(self, text: str, area: str | None) -> list[Match]:
        """Match "verb A and B kind" / "verb the A and the B" as one request per target."""
        text = _JOIN.sub(" and ", text)
        words = text.split()
        joins = [i for i, w in enumerate(words) if w.lower() == "and"]
        if not joins:
            return []
        c = joins[0]
        left = right = None
        for k in range(1, min(4, len(words) - c)):
            candidate = " ".join(words[:c] + words[c + 1 + k :])
            left = self._single(candidate, area)
            if left is not None:
                break
        for j in range(1, min(4, c)):
            if c - j - 1 >= 0 and words[c - j - 1].lower() not in _BEFORE_TARGET:
                continue  # would leave part of the first target behind ("the kitchen the ...")
            candidate = " ".join(words[: c - j] + words[c + 1 :])
            right = self._single_or_split(candidate, area)
            if right:
                break
        if left is None or not right:
            return []
        return [left, *right]

    def _single(self, text: str, area: str | None) -> Match | None:
        result = self.recognize(text, area)
        if result is None or result.intent.name.startswith("Custom"):
            return None
        calls = self._calls(result, area)
        return Match(tuple(calls), result.intent.name) if calls else None

    def _single_or_split(self, text: str, area: str | None) -> list[Match]:
        one = self._single(text, area)
        if one is not None:
            return [one]
        return self._split(text, area) if " and " in text else []

    # --- intent -> tool calls ---------------------------------------------------------------
    def _calls(self, result: RecognizeResult, speaker: str | None) -> list[RoleCall]:
        name = result.intent.name
        if name in self._custom:
            return [_custom_call(self._custom[name], result)]
        entities = {k: v.value for k, v in result.entities.items()}
        slots = _Slots(
            intent=name,
            name=_text(entities.get("name")),
            area=_text(entities.get("area")),
            floor=_text(entities.get("floor")),
            domain=_text(entities.get("domain")) or _text(result.context.get("domain")),
            device_class=_text(entities.get("device_class")),
            values=entities,
        )
        if slots.name and slots.domain is None:
            slots.domain = self.kinds.get(slots.name.lower())
        call = _to_call(slots, speaker)
        return [call] if call is not None else []


_KIND_SUFFIX = re.compile(
    r"\s+(?:lock|light|lamp|switch|sensor|valve|thermostat|player|speaker|plug)$", re.I
)


def _spoken_names(device: Device, taken: set[str] | None = None) -> list[str]:
    """Its name, aliases, and each without a trailing kind word.

    "front door lock" is also "front door", so people can leave the kind out.
    """
    names = [device.name, *device.aliases]
    for name in list(names):
        short = _KIND_SUFFIX.sub("", name)
        if short != name and len(short) > 2 and short not in names:
            if taken and short.lower() in taken:
                continue
            names.append(short)
    return names


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, list):
        value = value[0] if value else None
    return str(value) if value is not None else None


def _custom_call(custom: CustomSentence, result: RecognizeResult) -> RoleCall:
    values = {k: str(v.value) for k, v in result.entities.items()}
    arguments = {
        key: value.format(**values) if isinstance(value, str) else value
        for key, value in custom.arguments.items()
    }
    return RoleCall(custom.tool, arguments)


def _target(slots: _Slots) -> str:
    if slots.name:
        return slots.name
    if slots.device_class:
        return _CLASS_PLURAL.get(slots.device_class, slots.device_class.replace("_", " ") + "s")
    return _PLURAL_KIND.get(slots.domain or "", "devices")


def _where(slots: _Slots, speaker: str | None = None, **extra: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"device": _target(slots)}
    if slots.area:
        args["area"] = slots.area
    if slots.floor:
        args["floor"] = slots.floor
    if speaker and slots.name and not slots.area and not slots.floor:
        args["near"] = speaker
    args.update(extra)
    return args


def _to_call(s: _Slots, speaker: str | None) -> RoleCall | None:
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
        state = _text(v.get("state"))
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


def _media_args(s: _Slots, speaker: str | None, **extra: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"device": s.name or "media player"}
    if s.area:
        args["area"] = s.area
    if speaker and not s.area:
        args["near"] = speaker
    args.update(extra)
    return args

"""Understanding smart-home requests with Home Assistant's own English sentence templates.

`HomeMatcher` runs hassil over the `home-assistant-intents` templates (plus the home's custom
sentences) with the home's device names, aliases, areas and floors as slot lists, then turns the
matched intent into tool calls. "the hallway and bedroom lamps" or "the fan and the lamp" is split
into one request per target, each matched on its own, so several devices change in one plan.
The templates and test sentences are © Home Assistant intents contributors, CC BY 4.0.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from typing import Any

from hassil import Intents, RecognizeResult, TextSlotList, Trie, recognize_best
from home_assistant_intents import get_intents

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from roles.smart_home.backend import Device
from roles.smart_home.home import Layout
from roles.smart_home.intents import Slots, to_call
from roles.smart_home.intents import text as slot_text
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
_BEFORE_TARGET = frozenset(
    "the my our a an on off up down in to all both turn switch set open close shut lock unlock "
    "dim start stop pause activate".split()
)
_CACHE_SIZE = 256
_TELL_ME_IF = lazy_pattern(
    r"^(?:(?:can you |could you |please )?(?:tell me|let me know|check)) (?:if|whether) "
    r"(?P<subject>.+?) (?P<verb>is|are) (?P<rest>.+)$",
    re.I,
)
_JOIN = lazy_pattern(r"\s*(?:,\s*(?:and\s+)?|\band\b|&)\s*", re.I)


@dataclass(frozen=True)
class Match:
    """What one request asks: the tool calls, and the Home Assistant intent it matched."""

    calls: tuple[RoleCall, ...]
    intent: str


@functools.cache
def _templates() -> tuple[dict[str, Any], Intents]:
    """Home Assistant's English templates this role answers, plus ours: the data and its parse.

    Parsed once per process (~0.2 s of CPU) and shared by every home's matcher: hassil reads a
    parsed `Intents` and only caches what it derives from it (each sentence's parse), which is
    the same for every home (the home's names come in as slot lists when a request is matched).
    """
    data = get_intents("en") or {}
    wanted = {k: v for k, v in data.get("intents", {}).items() if k in HA_INTENTS}
    for intent, blocks in EXTRA_SENTENCES.items():
        known = wanted.get(intent, {"data": []})
        wanted[intent] = {**known, "data": [*known["data"], *blocks]}
    lists = {**data.get("lists", {}), **EXTRA_LISTS}
    data = {**data, "intents": wanted, "lists": lists}
    return data, Intents.from_dict(data)


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
        data, self.intents = _templates()
        self._custom: dict[str, CustomSentence] = {}
        wanted: dict[str, Any] = {}
        for number, custom in enumerate(sentences or []):
            key = f"Custom{number}"
            self._custom[key] = custom
            wanted[key] = {"data": [{"sentences": list(custom.sentences)}]}
        if wanted:  # the home's own sentences, after Home Assistant's and ours
            mine = Intents.from_dict({**data, "intents": wanted}).intents
            self.intents = dataclasses.replace(
                self.intents, intents={**self.intents.intents, **mine}
            )
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
            "zone": TextSlotList.from_tuples(_zones(devices)),
        }
        self._names = Trie()
        taken = {t.lower() for t, _ in areas} | {t.lower() for t, _ in floors}
        taken |= {n.lower() for d in devices for n in (d.name, *d.aliases)}
        owners: dict[str, int] = {}
        for device in devices:
            for alias in {a.lower() for a in device.aliases}:
                owners[alias] = owners.get(alias, 0) + 1
        names = TextSlotList.from_tuples(
            [
                (text, _as_said(device, text, owners), self._context(device))
                for device in devices
                for text in _spoken_names(device, taken)
            ]
            + [(text, text, context) for text, context in extra_names or []]
        )
        for value in names.values:
            self._names.insert(str(getattr(value.text_in, "text", "")).strip().lower(), value)
        self.kinds = {n.lower(): d.kind for d in devices for n in (*d.aliases, d.name)}
        self._cache: dict[tuple[str, str | None], Match | None] = {}

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

    def claims(self, text: str, area: str | None = None) -> bool:
        """Whether `text` is a request this home's templates understand (cached for `match`).

        For the router's smart-home stage: a few milliseconds, and the role's own `match` of
        the same text afterwards costs nothing.
        """
        return self.match(text, area) is not None

    def match(self, text: str, area: str | None = None) -> Match | None:
        """Tool calls for `text`; several targets joined by "and" become several calls."""
        key = (text, area)
        if key in self._cache:
            found = self._cache[key]
        else:
            found = self._match(text, area)
            if len(self._cache) >= _CACHE_SIZE:
                self._cache.pop(next(iter(self._cache)))
            self._cache[key] = found
        if found is None:
            return None  # callers get fresh argument dicts: a cached answer is never mutated
        return Match(tuple(RoleCall(c.tool, dict(c.arguments)) for c in found.calls), found.intent)

    def _match(self, text: str, area: str | None) -> Match | None:
        text = text.strip().rstrip("?!. ")
        if asked := _TELL_ME_IF.match(text):  # "tell me if there are any switches on"
            text = f"{asked['verb']} {asked['subject']} {asked['rest']}"
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
        slots = Slots(
            intent=name,
            name=slot_text(entities.get("name")),
            area=slot_text(entities.get("area")),
            floor=slot_text(entities.get("floor")),
            domain=slot_text(entities.get("domain")) or slot_text(result.context.get("domain")),
            device_class=slot_text(entities.get("device_class")),
            values=entities,
        )
        if slots.name and slots.domain is None:
            slots.domain = self.kinds.get(slots.name.lower())
        call = to_call(slots, speaker)
        return [call] if call is not None else []


_KIND_SUFFIX = lazy_pattern(
    r"\s+(?:lock|light|lamp|switch|sensor|valve|thermostat|player|speaker|plug)$", re.I
)


def _zones(devices: list[Device]) -> list[tuple[str, str]]:
    """Where people can be ("home", "work"): Home Assistant's zones, from people's states."""
    zones = {"home": "home", "house": "home", "away": "not_home", "out": "not_home"}
    for device in devices:
        if device.kind == "person" and device.state not in ("home", "not_home", ""):
            zones[device.state.lower()] = device.state
    return list(zones.items())


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


def _as_said(device: Device, text: str, owners: dict[str, int]) -> str:
    """The name the arguments carry: an alias as said ("the wemo plug"), else the device's name.

    Only an alias no other device has: the tools find the device by it.
    """
    if owners.get(text.lower()) == 1 and text.lower() in {a.lower() for a in device.aliases}:
        return text
    return device.name


def _custom_call(custom: CustomSentence, result: RecognizeResult) -> RoleCall:
    values = {k: str(v.value) for k, v in result.entities.items()}
    arguments = {
        key: value.format(**values) if isinstance(value, str) else value
        for key, value in custom.arguments.items()
    }
    return RoleCall(custom.tool, arguments)

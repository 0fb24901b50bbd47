"""Scoring of Home Assistant's English intent tests (``ha-intents-en``, development data).

Every sentence is routed and planned against Home Assistant's test home (`evals.home`), from the
test's satellite area (``area=``) when it has one and the API takes it. It is *right* when:

1. the plan's tools are the intent's (`HA_TOOLS`; ``HassNevermind`` and ``HassBroadcast``: no
   action tool at all), and
2. every value slot (brightness, colour, temperature, position, volume, durations, list item,
   list or timer name, search query) shows up in the planned arguments, and
3. for an intent that changes devices, when the test's targets (``name``, ``area``, ``floor``,
   ``domain``, ``device_class``, else the satellite's area) exist in the home: after ``arun``
   every target is in the intended state (on, off, open, closed, locked, brightness, ...) and no
   other device changed. A target of a kind the simulated home cannot hold is a miss. When the
   test names targets the home does not have (Home Assistant's tests check its matcher, not an
   effect), the names must show up in the arguments instead.
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from evals.harness import Harness, Outcome
from evals.scoring import ACTION_ROLES, args_text, slot_found, tool_matches
from evals.splits import Row
from evals.voice import SetResult

__all__ = ["HA_TOOLS", "evaluate_ha", "expected_targets", "ha_split"]

_HOME = ("smart_home.*", "!smart_home.get_*", "!smart_home.list_*")
_STATE = ("smart_home.get_*", "smart_home.list_*")
_TIMER_OTHER = ("timer.*", "!timer.set", "!timer.alarm", "!timer.remind", "!timer.cancel")
HA_TOOLS: dict[str, tuple[str, ...]] = {
    "HassTurnOn": _HOME,
    "HassTurnOff": _HOME,
    "HassLightSet": _HOME,
    "HassSetPosition": _HOME,
    "HassGetState": _STATE,
    "HassClimateGetTemperature": _STATE,
    "HassClimateSetTemperature": _HOME,
    "HassVacuumStart": _HOME,
    "HassVacuumReturnToBase": _HOME,
    "HassMediaPause": _HOME,
    "HassMediaUnpause": _HOME,
    "HassMediaNext": _HOME,
    "HassMediaPrevious": _HOME,
    "HassSetVolume": _HOME,
    "HassMediaSearchAndPlay": _HOME,
    "HassStartTimer": ("timer.set",),
    "HassCancelTimer": ("timer.cancel",),
    "HassCancelAllTimers": ("timer.cancel",),
    "HassIncreaseTimer": (*_TIMER_OTHER, "!timer.list", "!timer.pause", "!timer.resume"),
    "HassDecreaseTimer": (*_TIMER_OTHER, "!timer.list", "!timer.pause", "!timer.resume"),
    "HassPauseTimer": ("timer.pause",),
    "HassUnpauseTimer": ("timer.resume",),
    "HassTimerStatus": (*_TIMER_OTHER, "!timer.pause", "!timer.resume"),
    "HassGetWeather": ("weather.current", "weather.forecast"),
    "HassGetCurrentTime": ("conversation.*",),
    "HassGetCurrentDate": ("conversation.*",),
    "HassRespond": ("conversation.*",),
    "HassListAddItem": ("lists.*",),
    "HassListCompleteItem": ("lists.*",),
    "HassShoppingListAddItem": ("lists.*",),
    "HassShoppingListCompleteItem": ("lists.*",),
}
"""Home Assistant intent -> the built-in tools that serve it (``role.*``: any of the role)."""
_NO_ACTION = frozenset({"HassNevermind", "HassBroadcast"})
_VALUE_SLOTS = frozenset(
    {
        "brightness",
        "color",
        "temperature",
        "position",
        "volume_level",
        "item",
        "search_query",
        "minutes",
        "hours",
        "seconds",
        "start_minutes",
        "start_hours",
        "message",
    }
)
_NAMED_SLOTS = frozenset(
    {
        "HassListAddItem",
        "HassListCompleteItem",
        "HassCancelTimer",
        "HassIncreaseTimer",
        "HassDecreaseTimer",
        "HassPauseTimer",
        "HassUnpauseTimer",
        "HassTimerStatus",
    }
)
_ON = {"cover": "open", "valve": "open", "lock": "locked", "vacuum": "cleaning"}
_OFF = {"cover": "closed", "valve": "closed", "lock": "unlocked", "vacuum": "docked"}


_MEDIA = ("media_player",)
_IMPLIED_DOMAINS: dict[str, tuple[str, ...]] = {
    "HassLightSet": ("light",),
    "HassClimateSetTemperature": ("climate",),
    "HassClimateGetTemperature": ("climate",),
    "HassVacuumStart": ("vacuum",),
    "HassVacuumReturnToBase": ("vacuum",),
    "HassSetPosition": ("cover", "valve"),
    "HassMediaPause": _MEDIA,
    "HassMediaUnpause": _MEDIA,
    "HassMediaNext": _MEDIA,
    "HassMediaPrevious": _MEDIA,
    "HassSetVolume": _MEDIA,
    "HassMediaSearchAndPlay": _MEDIA,
}
"""The kind of device an intent acts on when the test names no domain."""


def _slots(row: Row) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for key, value in row.slots:
        out[key].append(value.strip())
    return out


def ha_split(text: str) -> str:
    """``kept`` for a stable 30 % of the sentences (hash of the text), else ``rest``.

    The kept side is reported apart; error analysis should read only the ``rest`` side's misses
    (``python -m evals.coverage --misses`` prints those), so the kept share shows how far the
    fixes carry to sentences nobody looked at.
    """
    return "kept" if zlib.crc32(text.encode("utf-8")) % 10 < 3 else "rest"


def expected_targets(row: Row, devices: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Devices of the home (converted tables) that a device test means."""
    slots = _slots(row)
    context = dict(row.context)
    names = {n.lower() for n in slots.get("name", ()) if n.lower() != "all"}  # "all": any
    areas = {a.lower() for a in slots.get("area", ())}
    floors = {f.lower() for f in slots.get("floor", ())}
    if not (names or areas or floors) and context.get("area"):
        areas = {context["area"].lower()}
    domains = set(slots.get("domain", ())) or set(_IMPLIED_DOMAINS.get(row.intent, ()))
    classes = set(slots.get("device_class", ()))
    found = []
    for device in devices:
        aliases = {a.lower() for a in device.get("aliases") or ()}
        if names and not (names & ({str(device["name"]).lower()} | aliases)):
            continue
        if areas and str(device.get("area") or "").lower() not in areas:
            continue
        if floors and str(device.get("_floor") or "").lower() not in floors:
            continue
        domain = str(device["id"]).split(".")[0]
        if domains and domain not in domains:
            continue
        if classes and str((device.get("attributes") or {}).get("device_class", "")) not in classes:
            continue
        found.append(device)
    return found


def _state_ok(
    intent: str,
    device: dict[str, Any],
    state: str,
    attrs: dict[str, Any],
    slots: dict[str, list[str]],
) -> bool:
    kind = str(device["kind"])

    def number(key: str) -> float | None:
        for value in slots.get(key, ()):
            try:
                return float(value)
            except ValueError:
                return None
        return None

    if kind in ("scene", "script"):
        return True  # activating leaves no state to check: the plan's tool decides
    if intent == "HassTurnOn":
        return state == _ON.get(kind, "on") if kind in _ON else state not in ("off", "")
    if intent == "HassTurnOff":
        return state == _OFF.get(kind, "off")
    if intent == "HassLightSet":
        ok = True
        if (level := number("brightness")) is not None:
            ok = ok and float(attrs.get("brightness", -1)) == level
        for colour in slots.get("color", ()):
            ok = ok and str(attrs.get("color", "")).lower() == colour.lower()
        return ok
    if intent == "HassSetPosition":
        return float(attrs.get("position", -1)) == number("position")
    if intent == "HassClimateSetTemperature":
        target, wanted = attrs.get("target_temperature"), number("temperature")
        if target is None or wanted is None:
            return False
        return abs(float(target) - wanted) < 0.6 or abs(float(target) - (wanted - 32) * 5 / 9) < 0.6
    if intent == "HassVacuumStart":
        return state == "cleaning"
    if intent == "HassVacuumReturnToBase":
        return state in ("docked", "returning")
    if intent == "HassMediaPause":
        return state == "paused"
    if intent == "HassMediaUnpause":
        return state == "playing"
    if intent == "HassSetVolume":
        wanted = number("volume_level")
        return wanted is not None and any(
            float(attrs[key]) in (wanted, wanted / 100)
            for key in ("volume", "volume_level")
            if key in attrs
        )
    return True


_DEVICE_INTENTS = frozenset(
    {
        "HassTurnOn",
        "HassTurnOff",
        "HassLightSet",
        "HassSetPosition",
        "HassClimateSetTemperature",
        "HassVacuumStart",
        "HassVacuumReturnToBase",
        "HassMediaPause",
        "HassMediaUnpause",
        "HassSetVolume",
    }
)


def score_ha_row(
    row: Row,
    out: Outcome,
    devices: Sequence[dict[str, Any]],
    kinds: frozenset[str],
    result: SetResult,
    today: Any,
) -> None:
    """Add one ha-intents-en sentence's outcome to `result`."""
    tally = result.tally
    slots = _slots(row)
    groups = ("all", f"intent:{row.intent}", f"file:{row.source}", f"split:{ha_split(row.text)}")
    result.latencies.append(out.route_ms)
    result.cpu_latencies.append(out.route_cpu_ms)
    if row.intent in _NO_ACTION:
        ok = not out.error and not any(t.split(".")[0] in ACTION_ROLES for t in out.tools)
        for g in groups:
            tally.add(g, "right", ok)
        return
    patterns = HA_TOOLS.get(row.intent, ())
    role = patterns[0].split(".")[0].lstrip("!") if patterns else "none"
    tally.confusion[(role, out.role or "none")] += 1
    tool_ok = bool(out.tools) and all(tool_matches(t, patterns) for t in out.tools)
    text = args_text(out.arguments, today)
    wanted = {k: v for k, v in slots.items() if k in _VALUE_SLOTS}
    if row.intent in _NAMED_SLOTS and "name" in slots:
        wanted["name"] = slots["name"]
    args_ok = all(any(slot_found(v, text) for v in vs) for vs in wanted.values())
    why = "" if tool_ok else "tool"
    if tool_ok and not args_ok:
        why = "arguments"
    ok = tool_ok and args_ok
    if ok and row.intent in _DEVICE_INTENTS:
        targets = expected_targets(row, devices)
        if any(str(d["kind"]) not in kinds for d in targets):
            ok, why = False, "device kind not in the simulated home"
        elif targets and out.ran:
            ids = {str(d["id"]) for d in targets}
            stray = set(out.devices) - ids
            final = {
                str(d["id"]): (str(d.get("state", "")), dict(d.get("attributes") or {}))
                for d in targets
            }
            final.update({k: v for k, v in out.devices.items() if k in ids})
            states_ok = all(_state_ok(row.intent, d, *final[str(d["id"])], slots) for d in targets)
            ok = states_ok and not stray
            why = "" if ok else ("other devices changed" if stray else "device state")
        elif targets:
            ok, why = False, "not run" if not out.error else "error"
        else:
            names = [v for k in ("name", "area", "floor") for v in slots.get(k, ()) if v != "all"]
            ok = all(slot_found(v, text) for v in names)
            why = "" if ok else "target names"
    tally.add("all", "tool", tool_ok)
    tally.add(f"intent:{row.intent}", "tool", tool_ok)
    for g in groups:
        tally.add(g, "right", ok)
    if not ok:
        got = "+".join(dict.fromkeys(out.tools)) or f"no plan ({out.role or 'none'})"
        result.miss_kinds[(row.intent, why or "error", got)] += 1
        result.tally.misses.append(
            {
                "text": row.text,
                "intent": row.intent,
                "why": why,
                "got": got,
                "arguments": out.arguments,
                "error": out.error,
            }
        )


async def evaluate_ha(
    harness: Harness, rows: Sequence[Row], devices: Sequence[dict[str, Any]], kinds: frozenset[str]
) -> SetResult:
    """Route, plan and (device, timer and list intents) run every sentence."""
    result = SetResult("ha-intents-en")
    today = harness.today()
    for row in rows:
        area = dict(row.context).get("area")
        roles = {p.split(".")[0] for p in HA_TOOLS.get(row.intent, ())}
        out = await harness.observe(row.text, run=bool(roles & ACTION_ROLES), area=area)
        score_ha_row(row, out, devices, kinds, result, today)
    if not harness.supports_area:
        result.notes.append(
            "The API has no `area=` parameter on this commit: sentences from a satellite's area "
            "were run without it."
        )
    return result

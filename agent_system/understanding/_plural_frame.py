"""Follow-ups that name the devices of the last turns together: "turn them both off".

"turn on the bedroom light", "and the kitchen?", then "turn them both off" (or "switch them
off", "turn both lights off", "turn off all of them") means both lights: each device the
latest smart-home turns used, in the order they were used, gets the follow-up's command. The
words that say "all of those" are read as "them", so the rest of the frame sees "turn them
off" and resolves it for one device; `each_device` then repeats that call for every one.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.understanding._light_frame import lightish

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.understanding._frame_parts import Call

__all__ = [
    "as_them",
    "each_device",
    "recent_devices",
    "says_two",
    "together_follow_up",
]

_TOGETHER = lazy_pattern(
    r"\b(?:them\s+)?(?:both|the\s+two)(?:\s+of\s+them|\s+(?:lights?|lamps?|devices?|ones?))?\b"
    r"|\b(?:all\s+of\s+them|them\s+all)\b|\b(?:they|those|these)\b(?:\s+(?:lights?|lamps?|ones?))?"
)
_PLURAL = lazy_pattern(r"\bthem\b")
_ACTS = frozenset(
    {
        "smart_home.turn_on",
        "smart_home.turn_off",
        "smart_home.set_brightness",
        "smart_home.set_color",
        "smart_home.open_cover",
        "smart_home.close_cover",
        "smart_home.lock",
        "smart_home.unlock",
    }
)
_TURNS_BACK = 3
_LIGHT_ONLY = frozenset({"smart_home.set_brightness", "smart_home.set_color"})


_TWO = lazy_pattern(r"\b(?:both|the\s+two)\b")


def says_two(norm: str) -> bool:
    """`norm` says "both" or "the two" (of the devices just used)."""
    return _TWO.search(norm) is not None


def as_them(norm: str) -> str:
    """`norm` with "both", "all of them", "those lights" said as "them"."""
    return _TOGETHER.sub("them", norm)


def recent_devices(history: Sequence[Turn]) -> list[dict[str, Any]]:
    """The device arguments of the latest run of smart-home turns (up to three), oldest first,
    each device once."""
    found: list[dict[str, Any]] = []
    for turn in reversed(history[-_TURNS_BACK:]):
        if turn.role != "smart_home":
            break
        for call in reversed(getattr(turn, "calls", None) or []):
            arguments = call.get("arguments") or {}
            if call.get("tool") not in _ACTS or not arguments.get("device"):
                continue
            where = {k: arguments[k] for k in ("device", "area") if arguments.get(k)}
            if where not in found:
                found.append(where)
    return found[::-1]


def each_device(
    norm: str, calls: Sequence[Call], previous: Call, history: Sequence[Turn]
) -> list[Call]:
    """`calls` (the follow-up resolved for the last device) once per recent device when `norm`
    says "them" and the latest turns used several devices (a colour or brightness only for the
    lights among them); else `calls` as they are."""
    if not _PLURAL.search(norm):
        return list(calls)
    devices = recent_devices(history)
    last = {k: previous.arguments[k] for k in ("device", "area") if previous.arguments.get(k)}
    if len(devices) < 2 or last not in devices:
        return list(calls)
    out: list[Call] = []
    for call in calls:
        target = {k: call.arguments[k] for k in ("device", "area") if call.arguments.get(k)}
        if target != last:
            out.append(call)
            continue
        rest = {k: v for k, v in call.arguments.items() if k not in ("device", "area")}
        able = [d for d in devices if call.tool not in _LIGHT_ONLY or lightish(d["device"])]
        if last not in able:  # "make them blue" after the TV and a light: the light
            able = [last]
        out.extend(type(call)(call.tool, {**where, **rest}, call.ref) for where in able)
    return out


def together_follow_up(text: str, history: Sequence[Turn], now: datetime) -> list[Call] | None:
    """The calls of "turn both lights off" / "switch those off" when the latest turns used
    several devices (the role reads it itself: its words would otherwise mean every light)."""
    from agent_system.understanding._frame import resolve_follow_up
    from agent_system.understanding._text import normalize

    norm = normalize(text).lower()
    if as_them(norm) == norm or len(recent_devices(history)) < 2:
        return None
    resolved = resolve_follow_up(text, list(history), now)
    if resolved is None or resolved.question or resolved.refusal:
        return None
    calls = list(resolved.calls)
    if len(calls) < 2 or not all(c.tool.startswith("smart_home.") for c in calls):
        return None
    return calls

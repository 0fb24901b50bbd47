"""What "the other one" means: the device of the same kind as the one the last turn used.

"is the kitchen light on?" ... "what about the other one?" reads the other light (of several,
it asks which); "turn on the tv" ... "no, the other one" switches the TV back off and turns on
the other player ("no" or "instead" undoes a switch on or off, never a lock); "lock the front
door" ... "the other one too" locks the other lock. The router's smart-home stage claims such
a turn only right after a smart-home call (`OTHER`, `last_device_call`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from agent_system.understanding._plural_frame import recent_devices
from roles.smart_home.backend import Device, match_devices

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["OTHER", "last_device_call", "names_other", "one_of_kind", "other_one", "other_said"]

OTHER = lazy_pattern(
    r"^(?:(?:no|nope|sorry|oops|and|now|ok|okay|what about|how about|i meant|i mean|not that "
    r"one|wrong one)[,.!]?\s+)*(?:(?:do|try|use|check|i meant|i mean|what about|how about) )?"
    r"(?:the )?other (?:one|ones|light|lamp|door|lock|window|blind|blinds|player|speaker|tv|"
    r"plug|socket|switch|fan|sensor)(?: (?:too|as well|then|instead|please))*\??$",
    re.I,
)
"""A turn that names only "the other one" ("what about the other one?", "no, the other one")."""
_KINDS = (
    r"(?:one|ones|light|lamp|door|lock|window|blind|blinds|player|speaker|tv|plug|socket|switch"
    r"|fan)"
)
_VERBED = lazy_pattern(
    r"^(?:(?:and|now|ok|okay|then|please|also)\s+)*(?:(?P<verb>(?:turn|switch)\s+(?:on|off)|open"
    rf"|close|shut|lock|unlock)\s+(?:the\s+)?other\s+{_KINDS}"
    rf"|(?P<split>turn|switch)\s+(?:the\s+)?other\s+{_KINDS}\s+(?P<to>on|off))"
    r"(?:\s+(?:too|as\s+well|then|please|now))*\??$",
    re.I,
)
"""The other device with a verb of its own: "turn off the other one", "lock the other door"."""
_VERB_TOOLS = {
    "on": "smart_home.turn_on",
    "off": "smart_home.turn_off",
    "open": "smart_home.open_cover",
    "close": "smart_home.close_cover",
    "shut": "smart_home.close_cover",
    "lock": "smart_home.lock",
    "unlock": "smart_home.unlock",
}
_ONE = lazy_pattern(
    r"\b(?P<said>(?!(?:that|this|the|other|which|another|no|any|every|each|some|a|an|one|last"
    r"|first|same|right|wrong)\b)[a-z']+(?:\s+(?!(?:the|that|this)\b)[a-z']+)?)\s+one\b(?!\s+more)",
    re.I,
)
"""A device said as "the kitchen one", "the living room one"."""
_UNDO = lazy_pattern(r"^(?:no|nope|sorry|oops|not that one|wrong one)\b|\binstead\b", re.I)
_REVERSE = {
    "smart_home.turn_on": "smart_home.turn_off",
    "smart_home.turn_off": "smart_home.turn_on",
}


def last_device_call(history: Sequence[Turn]) -> dict[str, Any] | None:
    """The last smart-home call of the thread's last turn that named a device, or None."""
    if not history or history[-1].role != "smart_home":
        return None
    for call in reversed(history[-1].calls):
        arguments = call.get("arguments") or {}
        if str(call.get("tool", "")).startswith("smart_home.") and arguments.get("device"):
            return {"tool": str(call["tool"]), "arguments": dict(arguments)}
    return None


def names_other(text: str) -> bool:
    """`text` names only "the other one", maybe with its own verb ("turn off the other one")."""
    return bool(OTHER.match(text.strip()) or _VERBED.match(text.strip()))


def _verb_tool(said: str) -> str | None:
    """The tool of "turn off the other one" (its own verb), or None."""
    verbed = _VERBED.match(said)
    if verbed is None:
        return None
    verb = (verbed["to"] or verbed["verb"]).split()[-1].lower()
    return _VERB_TOOLS[verb]


def _recent_others(
    others: list[Device], history: Sequence[Turn], devices: list[Device]
) -> list[Device]:
    """Of `others`, the ones the thread's latest turns used, else all of `others`.

    "the other one" after two lights switched on one by one is the first of them.
    """
    recent: list[Device] = []
    for where in recent_devices(history):
        recent += match_devices(devices, str(where["device"]), where.get("area"))
    used = [d for d in others if d in recent]
    return used or others


def other_one(
    text: str, history: Sequence[Turn], devices: list[Device]
) -> RoleCall | RolePlan | Clarification | None:
    """The last call again on the other device of its kind, a question, or None."""
    said = text.strip()
    if not names_other(said):
        return None
    last = last_device_call(history)
    if last is None:
        return None
    arguments = last["arguments"]
    used = match_devices(devices, str(arguments["device"]), arguments.get("area"))
    if not used:
        return None
    kinds = {(d.kind, d.device_class) for d in used}
    others = [d for d in devices if (d.kind, d.device_class) in kinds and d not in used]
    others = _recent_others(others, history, devices)
    if not others:
        return Clarification(f"There is no other {_kind_word(used[0])} in your home.")
    if len(others) > 1:
        names = ", ".join(d.name for d in others)
        return Clarification(f"Which {_kind_word(used[0])} do you mean: {names}?", ("device",))
    rest = {k: v for k, v in arguments.items() if k not in ("device", "area", "near", "floor")}
    if (tool := _verb_tool(said)) is not None:
        return RoleCall(tool, {"device": others[0].name})  # "turn off the other one"
    call = RoleCall(last["tool"], {**rest, "device": others[0].name})
    undo = _REVERSE.get(last["tool"])
    if undo is not None and _UNDO.search(said) and len(used) == 1:
        return RolePlan((RoleCall(undo, {"device": used[0].name}), call))
    return call


def one_of_kind(text: str, history: Sequence[Turn], devices: list[Device]) -> str:
    """`text` with "the kitchen one" said as the device of the kind just used.

    "the kitchen one" after the bedroom light is the kitchen light when the home has one; else
    `text` is returned as it is.
    """
    said = _ONE.search(text)
    last = last_device_call(history) if said else None
    if said is None or last is None:
        return text
    arguments = last["arguments"]
    used = match_devices(devices, str(arguments["device"]), arguments.get("area"))
    heads = {d.name.split()[-1].lower() for d in used}
    if len(heads) != 1:
        return text
    named = f"{said['said']} {heads.pop()}"
    if not match_devices(devices, named):
        return text
    return f"{text[: said.start()]}{named}{text[said.end() :]}"


_SAID = {
    "smart_home.get_state": "is the {} on",
    "smart_home.turn_on": "turn on the {}",
    "smart_home.turn_off": "turn off the {}",
}


def other_said(device: str, history: Sequence[Turn]) -> str | None:
    """The request "the other one" made, said for `device`, or None.

    The answer to "Which light do you mean: ...?": "is the kitchen light on" ... "the other
    one?" ... "the bedroom one" reads the bedroom light.
    """
    if len(history) < 2 or not OTHER.match(history[-1].text.strip()):
        return None
    last = last_device_call(history[:-1])
    said = _SAID.get(last["tool"]) if last else None
    return said.format(device.lower()) if said else None


_KIND_WORDS = {
    "media_player": "player",
    "switch": "switch",
    "climate": "thermostat",
    "binary_sensor": "sensor",
    "cover": "cover",
}


def _kind_word(device: Device) -> str:
    if device.device_class:
        return device.device_class.replace("_", " ")
    return _KIND_WORDS.get(device.kind, device.kind.replace("_", " "))

"""Coffee and plugs said the everyday way: "i need a coffee", "switch off the power".

`coffee` turns a request for a coffee into the coffee machine switched on (or off); `plug`
switches a plug or socket ("kill the socket", "give power to the wemo", "cut the power in the
bedroom": the power said as such is the home's plugs).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall
from roles.smart_home._targets import KIND_NOUNS, spoken_names, target, where
from roles.smart_home.backend import Device

__all__ = ["COFFEE", "coffee", "kettle", "plug"]

# --- coffee -----------------------------------------------------------------------------------
COFFEE = lazy_pattern(
    r"\b(?:cof+e+s?|espresso|expresso|cap+uc+h?inos?|cappochino|latte|americano|"
    r"macchiato|mocha|decaf|cuppa joe|"
    r"cup of joe|flat white|brew|brewing|caffeine|(?<=fresh )pot|(?:cup|pot|mug) of java)\b"
)
_COFFEE_OFF = lazy_pattern(r"\b(?:off|stop|cancel|shut|kill)\b")


def coffee(text: str, devices: Sequence[Device]) -> RoleCall | None:
    if not COFFEE.search(text):
        return None
    makers = [d for d in devices if re.search(r"coffee|espresso", " ".join(spoken_names(d)), re.I)]
    if not makers and devices:
        return None
    said = re.search(r"\b(?:coffee|espresso) (?:maker|machine|pot|brewer)\b", text)
    if said is not None:  # as said: "start the coffee maker"
        device = said.group(0)
    else:
        device = makers[0].name.lower() if len(makers) == 1 else "coffee machine"
    tool = "smart_home.turn_off" if _COFFEE_OFF.search(text) else "smart_home.turn_on"
    return RoleCall(tool, {"device": device})


_BOIL = lazy_pattern(
    r"^(?:boil|heat up|heat) (?:up )?(?:the |my |some |a )?(?:kettle|water|pot of water|"
    r"kettle of water)(?: (?:for (?:me|tea|a tea|a cup of tea))| please| now)*$"
)
"""Water boiled ("can you boil the kettle", "boil some water for tea"): the kettle on."""


def kettle(text: str) -> RoleCall | None:
    """The kettle switched on for "boil the kettle" (the tools say so when there is none)."""
    return RoleCall("smart_home.turn_on", {"device": "kettle"}) if _BOIL.match(text) else None


# --- plugs and sockets ------------------------------------------------------------------------
_POWER_OFF = lazy_pattern(
    r"^off\b|\boff$|\b(?:turn|switch|shut|power|cut|kill) (?:\w+ ){0,4}?off\b|"
    r"\b(?:shut|power) down\b|\bstop powering\b|\bunplug\b|\bin off\b|"
    r"\b(?:stop|cut|kill|remove|take away|turn off|switch off) (?:the |all |any )?"
    r"(?:power|electricity|juice)\b|\bno (?:more )?(?:power|electricity)\b"
)
_POWER_ON = lazy_pattern(
    r"^on\b|\bon$|\b(?:turn|switch|power) (?:\w+ ){0,4}?on\b|\bpower up\b|\bplug in\b|"
    r"\bavailable\b|^switch\b|^power (?:the|my|our)\b|"
    r"\b(?:give|send|supply|restore|need|want) (?:\w+ ){0,3}?(?:power|electricity)\b"
)


_THE_POWER = lazy_pattern(
    r"^(?:(?:turn|switch|shut|cut|kill|put) )?(?:(?:off|on|down|up) )?(?:the |all (?:the )?|my )?"
    r"(?:power|electricity)(?: (?:off|on|down|up))?(?: (?:in|of) (?:the |my |our )?[a-z0-9' ]+)?$"
)
"""The power switched as such ("switch off the power", "power off"): the home's plugs."""


def plug(
    text: str, devices: Sequence[Device], speaker: str | None
) -> RoleCall | Clarification | None:
    off, on = _POWER_OFF.search(text), _POWER_ON.search(text)
    if _THE_POWER.match(text) and any(d.kind == "switch" for d in devices):
        text = re.sub(r"\b(?:power|electricity)\b", "plug", text, count=1)  # "cut the power"
    if target(text, devices, "switch") is None or COFFEE.search(text):
        return None
    if re.search(rf"\b(?:{KIND_NOUNS['light']})\b", text) and not re.search(
        rf"\b(?:{KIND_NOUNS['switch']})\b", text
    ):
        return None  # "turn off smart lamp": a lamp, though the "Smart plug" is "smart" too
    found = where(text, devices, speaker)  # "the wemo socket in the kitchen"
    if isinstance(found, Clarification):
        return found
    place, rest = found
    place.pop("every", None)
    device = target(rest, devices, "switch")
    if device is None:
        return None
    if off:
        return RoleCall("smart_home.turn_off", {"device": device, **place})
    if on:
        return RoleCall("smart_home.turn_on", {"device": device, **place})
    return None

"""The state questions Home Assistant answers: "which lights are on", "is the back door open"."""

from __future__ import annotations

import re
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from roles.smart_home.backend import BINARY_STATES

__all__ = ["ANYTHING_IN_A_STATE", "INDOORS_TEMPERATURE", "state_question"]

_STATES = sorted(
    {w for pair in BINARY_STATES.values() for w in pair}
    | {
        "on",
        "off",
        "open",
        "closed",
        "locked",
        "unlocked",
        "playing",
        "paused",
        "triggered",
        "active",
        "running",
        "home",
        "away",
        "detected",
        "charging",
    },
    key=len,
    reverse=True,
)
_STATE = "(?P<state>" + "|".join(re.escape(s) for s in _STATES) + ")"
_WHERE = r"(?:\s+(?:in|on|at)\s+(?:the\s+)?(?P<area>[a-z ]+?))?"
_ANY = lazy_pattern(
    rf"^(?:are|is)\s+(?:there\s+)?(?P<q>any|all|some)\s+(?:of\s+the\s+)?(?P<what>.+?)\s+"
    rf"(?:currently\s+|still\s+)?{_STATE}{_WHERE}$",
    re.I,
)
_WHICH = lazy_pattern(
    rf"^(?:which|what|how many)\s+(?P<what>.+?)\s+(?:are|is)\s+(?:currently\s+|still\s+|now\s+)?"
    rf"{_STATE}{_WHERE}$",
    re.I,
)
_THERE = lazy_pattern(
    r"^is\s+(?:there\s+)?(?:any\s+)?(?P<what>.+?)(?:\s+detected)?"
    r"(?:\s+(?:in|on|at)\s+(?:the\s+)?(?P<area>[a-z ]+?))?$",
    re.I,
)
ANYTHING_IN_A_STATE = lazy_pattern(
    rf"^(?:is|are)\s+(?:there\s+)?(?P<q>anything|everything|something|stuff|any\s+devices?"
    rf"|all\s+(?:the\s+)?devices?)\s+(?:still\s+|currently\s+|left\s+)?{_STATE}"
    r"(?:\s+(?:in|at)\s+(?:the\s+)?(?P<area>[a-z ]+?))?$",
    re.I,
)
"""Anything at all in a state: "is anything on in the kitchen", "is everything off upstairs"."""
_SAID_IS = lazy_pattern(
    rf"^(?:the\s+|my\s+|our\s+)(?P<what>[a-z' ]+?)\s+(?:is|are)\s+(?:still\s+)?{_STATE}$", re.I
)
"""A question said as a statement: "the lights are on?" (no command says "are")."""
_NOW = lazy_pattern(
    r"(?:\s+(?:right\s+now|just\s+now|now|at\s+the\s+moment|currently|at\s+present|still"
    r"|anymore|any\s+more))+\s*$",
    re.I,
)
"""A time word said last that asks nothing more: "which lights are on now"."""
_IS = lazy_pattern(rf"^(?:is|are)\s+(?:the\s+|my\s+|our\s+)?(?P<what>.+?)\s+{_STATE}$", re.I)


def state_question(text: str) -> RoleCall | None:
    """The state questions Home Assistant answers.

    "are any windows open", "which lights are on", "is there smoke in the kitchen", "is the back
    door open".
    """
    text = _NOW.sub("", text)  # "which lights are on now", "is it still on at the moment"
    if (anything := ANYTHING_IN_A_STATE.match(text)) is not None:
        state = anything["state"].lower()
        if anything["q"].lower().startswith(("everything", "all")) and state == "off":
            state = "on"  # "is everything off": the answer is what is still on
        found: dict[str, Any] = {"state": state}
        if anything["area"]:
            found["area"] = anything["area"]
        return RoleCall("smart_home.list_devices", found)
    for pattern in (_ANY, _WHICH):
        match = pattern.match(text)
        if match:
            args: dict[str, Any] = {"device": match["what"], "state": match["state"].lower()}
            if match["area"]:
                args["area"] = match["area"]
            return RoleCall("smart_home.list_devices", args)
    match = _IS.match(text) or _SAID_IS.match(text)
    if match and not re.match(r"^(?:it|there)\b", match["what"], re.I):
        return RoleCall("smart_home.get_state", {"device": match["what"]})
    if re.match(r"^is\s+there\b|\bdetected$", text, re.I):
        match = _THERE.match(text)
        if match:
            args = {"device": match["what"], "state": "on"}
            if match["area"]:
                args["area"] = match["area"]
            return RoleCall("smart_home.list_devices", args)
    return None


INDOORS_TEMPERATURE = lazy_pattern(
    r"^(?:(?:what(?:'s|\s+is)|tell\s+me|check)\s+(?:the\s+)?(?:temperature|temp)(?:\s+is\s+it)?"
    r"|how\s+(?:warm|cold|hot)\s+is\s+it)\s+(?:inside|indoors|in\s+the\s+house|at\s+home"
    r"|in\s+the\s+home)(?:\s+(?:right\s+)?now)?$",
    re.IGNORECASE,
)
"""The temperature at home with no room named ("what's the temperature inside", "how warm is it
indoors"): the thermostat's reading, not a device called "temperature inside"."""

"""The verb-and-device reading of a smart-home request, when no template or everyday shape fits.

`action_of` names the action a request asks for ("turn_off", "set_brightness", "vacuum", ...) from
its verbs; `device_text` keeps the words that name the device and the area they are in.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.roles import SPEAKER_AREA
from roles.smart_home._answers import HERE as _HERE
from roles.smart_home.tools import COLORS

__all__ = [
    "AREA_AT_END",
    "BEDTIME",
    "COLOR",
    "LIST",
    "MAY_I",
    "NUMBER",
    "QUESTION",
    "action_of",
    "device_text",
    "without_which_clause",
]

_WHICH_ARE = lazy_pattern(
    r"\s+(?:that|which)\s+(?:are|is)\s+(?:still\s+)?(?:on|off|lit|running|open|playing)$", re.I
)


def without_which_clause(text: str) -> str:
    """Drop a trailing "that are still on": "turn off the lights that are still on"."""
    return _WHICH_ARE.sub("", text)


AREA_AT_END = lazy_pattern(
    r"\b(?:in\s+(?:(?:the|my|our)\s+)?|of\s+(?:the|my|our)\s+|of\s+(?=[a-z ]*\b(?:room|bedroom|"
    r"kitchen|bathroom|hall|hallway|lounge|office|garage|study|den|attic|basement|nursery|porch|"
    r"garden|patio|landing|toilet|loo|upstairs|downstairs)\s*$))(?!(?:it|them|there)\b)"
    r"(?P<area>[a-z ]+?)\s*$",
    re.I,
)
NUMBER = lazy_pattern(r"(?P<n>-?\d+(?:\.\d+)?)\s*(?P<unit>%|percent|degrees?|°[cf]?)?", re.I)
COLOR = lazy_pattern(r"\b(" + "|".join(sorted(COLORS, key=len, reverse=True)) + r")\b", re.I)
QUESTION = lazy_pattern(
    r"^(is|are|what'?s|what is|what are|how|check|status|did i leave|is there)\b", re.I
)
LIST = lazy_pattern(
    r"\b(list|show|which|what)\b.*\b(devices|lights|things)\b|\bdevices\b.*\b(have|are there)\b",
    re.I,
)
_VACUUM = (
    r"(?:vacuum|vacuuming|hoover|hoovering|roomba|i?robot|iroomba|robo ?vac|cleaner|cleaning|"
    r"clean ?up)"
)
_APPLIANCE = (
    r"(?:plugs?|sockets?|outlets?|wemo|lights?|lamps?|fans?|switch(?:es)?|heaters?|heating|"
    r"kettle|boiler|humidifier|dehumidifier|purifier|air conditioner|ac)"
)
"""Things that are switched on and off; "start the heater" / "stop the socket" switch them."""
_SWITCH = r"(?:turn|switch|put|set|shift|flip|flick|click|pop|knock|throw|get|power|bring)"
"""Verbs said with "on" or "off" to switch something ("flip the lights on", "knock the heater
off", "get the heating on")."""
_VERBS: tuple[tuple[str, str], ...] = (
    (r"\b(?:un-?mute)\b", "unmute"),
    (r"\bmute\b", "mute"),
    (
        r"\b(?:pause|resume|skip|next|previous|play)\b.*\b(?:music|song|track|tv|speaker|"
        r"movie|show|episode|podcast|radio)\b|\b(?:skip|next track|previous track)\b",
        "media",
    ),
    (
        r"\b(?:softer|soften)\b.*\b(?:lights?|lamps?|lighting)\b|"
        r"\b(?:lights?|lamps?|lighting)\b.*\b(?:softer|soften)\b",
        "set_brightness",
    ),  # "make the lights softer": dimmer, not quieter
    (r"\b(?:volume|louder|quieter|softer)\b", "volume"),
    (r"\b(?:water|irrigate|sprinkle)\b", "water"),
    (r"\b(?:mow|mowing|mower)\b", "mower"),
    (
        r"\b(?:halfway|half way|half open|half-way)\b|\b(?:open|close|set|raise|lower)\b.*\d+\s*"
        r"(?:%|percent)\b.*\b(?:blinds?|shades?|curtains?|shutters?|covers?|windows?|valves?)\b|"
        r"\b(?:blinds?|shades?|curtains?|shutters?|covers?|valves?)\b.*\bto\s+\d+\s*(?:%|percent)",
        "position",
    ),
    (r"\b(?:return|go back|send)\b.*\b(?:base|dock|home|charger)\b|\bdock\b", "stop"),
    (r"\bunlock\b", "unlock"),
    (r"\block\b", "lock"),
    (r"\b(?:open|raise|lift)\b", "open"),
    (r"\bshut ?(?:off|down)\b|\bshut\s+(?:\w+\s+){0,4}?(?:off|down)\b", "turn_off"),
    (r"\b(?:close|shut|lower)\b", "close_cover"),
    (rf"\b(?:stop|pause)\b.*\b{_VACUUM}\b", "stop"),
    (
        rf"\b(?:start|run|begin|initiate|launch|have|get|let|set|send|fire up|put)\b"
        rf".*\b{_VACUUM}\b|"
        r"\b(?:vacuum|vacuuming|hoover|hoovering)\b|\bclean\b|"
        r"^(?:the |my )?(?:robot|roomba|iroomba|robo ?vac) (?:do|go|clean|start|run)\b",
        "vacuum",
    ),
    (r"\b(?:thermostat|heating|temperature)\b.*\d|\bdegrees\b", "set_temperature"),
    (r"\bset\b.*\b(?:thermostat|heating|temperature)\b", "set_temperature"),
    (
        r"\b(?:dim|dimmer|brighten|brighter|brightness|darker|lighter)\b|\d+\s*(?:%|percent)",
        "set_brightness",
    ),
    (
        rf"\b{_SWITCH}\s+(?:\w+\s+){{0,4}}?on\b|\bon(?: please| now| again| back| too| as well)*$|"
        r"^(?:please\s+)?on\s+(?:the|my|all)\s|"
        rf"^(?:please\s+)?start\s+(?:the |my |all the )?(?:\w+\s+){{0,2}}?{_APPLIANCE}$|"
        r"^(?:[\w']+\s+){1,4}?on\s+(?:in|at|upstairs|downstairs|everywhere)\b",
        "turn_on",
    ),
    (
        r"^(?:please\s+)?(?:activate|illuminate|enable|power up|light up)\b|"
        r"\blight\s+(?:\w+\s+)?up$",
        "turn_on",
    ),
    (
        r"^(?:please\s+)?(?:deactivate|disable|kill|cut|power down|shut down|unplug|"
        r"disconnect|douse|extinguish)\b",
        "turn_off",
    ),
    (
        rf"\b{_SWITCH}\s+(?:\w+\s+){{0,4}}?off\b|\boff(?: please| now| again| too| as well)*$|"
        r"^(?:please\s+)?off\s+(?:the|my|all)\s|"
        rf"^(?:please\s+)?stop\s+(?:the |my |all the )?(?:\w+\s+){{0,2}}?{_APPLIANCE}$|"
        r"^(?:[\w']+\s+){1,4}?off\s+(?:in|at|upstairs|downstairs|everywhere)\b",
        "turn_off",
    ),
)
_STRIP = lazy_pattern(
    r"\b(?:please|can you|could you|would you|turns|switches|turn|switch|put|shift|shutoff|on|"
    r"off|unlock|lock|open|close|"
    r"shut|raise|lower|lift|dim|brighten|set|change|make|start|run|stop|pause|the|to|at|"
    r"brightness|percent|degrees?|is|are|and|what about|how about|too|also|send|home|locked|"
    r"unlocked|opened|closed|running|what'?s|what|which|how|devices?|un-?mute|mute|resume|skip|"
    r"next|previous|play|volume|up|down|louder|quieter|water|irrigate|mow|halfway|half|way|"
    r"return|go back|go|back to|base|dock|its|charger|track|song|music|activate|deactivate|"
    r"illuminate|"
    r"enable|disable|unplug|disconnect|kill|cut|power|single|it|them|my|our|brighter|dimmer|"
    r"darker|lighter|flip|flick|click|pop|knock|throw|get|bring|douse|extinguish|just|"
    r"a bit|"
    r"little|more|less|bit)\b|\d+(?:\.\d+)?\s*%?|[?!.,]",
    re.I,
)


_EVERYWHERE = lazy_pattern(
    r"\s*\b(?:everywhere|(?:in|of|at|across|for) (?:the |our |my )?(?:whole |entire )?"
    r"(?:house|home|apartment|flat)|(?:house|home)(?= (?:lights?|lamps?)\b)|"
    r"(?:the |our |my )?(?:whole|entire) (?:house|home)|"
    r"in (?:each|every|all) (?:room|rooms|areas?)|"
    r"all areas in the (?:house|home)|throughout the (?:house|home))\b",
    re.I,
)


def device_text(text: str) -> tuple[str, str | None]:
    """(device words, area) left after removing verbs, numbers, colors and filler.

    "everywhere" / "in the whole house" means no area; "in here" means the speaker's area.
    """
    area = None
    if _EVERYWHERE.search(text):
        text = _EVERYWHERE.sub(" all", text)
    if _HERE.search(text):
        text = _HERE.sub(" ", text)
        area = SPEAKER_AREA.get()
    text = re.sub(  # "lights of bedroom off (please)"
        r"\s+(?:on|off|out)(?:\s+(?:please|now|thanks))*$", "", text.strip(), flags=re.I
    )
    if match := AREA_AT_END.search(text):
        area = match.group("area").strip()
        text = text[: match.start()]
    text = COLOR.sub(" ", text)
    device = " ".join(_STRIP.sub(" ", text).split())
    return device, area


_POLITE_LEAD = lazy_pattern(
    r"^(?:(?:please|kindly|just|now|ok|okay|so|(?:can|could|would|will) you)\s+)+", re.I
)
"""Words before the verb that change nothing: "can you kill the lights", "please just ..."."""


def action_of(text: str) -> str | None:
    """The action the verbs of `text` ask for ("turn_off", "set_brightness", ...), or None."""
    text = _POLITE_LEAD.sub("", text.strip()) or text
    for pattern, action in _VERBS:
        if re.search(pattern, text, re.I):
            return action
    if COLOR.search(text) and re.search(r"\b(make|set|change|turn)\b", text, re.I):
        return "set_color"
    return None


BEDTIME = lazy_pattern(
    r"^(?:good ?night|night night|i am going to bed|i'?m going to bed|im going to bed|"
    r"(?:it'?s |its )?time (?:for bed|to sleep)|bed ?time|i am leaving|i'?m leaving|im leaving|"
    r"(?:i|we)(?:'m|'re| am| are| have|'ve| just)*(?: (?:got|get|come|arrived|back|home|in|"
    r"here|up|awake|off|out|leaving|heading|going|finally|now|to bed|to work))+|"
    r"(?:it'?s |its |it is )?getting (?:dark|late|light))"
    r"[\s,.!]+(?:so |and |please |now )*"
    r"(?=(?:turn|switch|shut|put|kill|lock|close|dim|open|start|make|set|get)\b)",
    re.I,
)
"""A bedtime, arriving or leaving word before the command it comes with ("good night, turn off
...", "i just got home turn on the lights", "we're back, switch on the heating")."""
MAY_I = lazy_pattern(
    r"^(?:is it (?:ok|okay|alright|all right|possible) (?:to|if you)|would it be possible to)"
    r"\s+(?=(?:turn|switch|lower|raise|dim|brighten|start|stop|"
    r"open|close|lock|unlock|set|make|put)\b)",
    re.I,
)
"""Asking leave before a command ("is it ok to lower the lights"): the command itself."""

"""A change a device cannot make: "make the fan blue", "dim the coffee machine to 30%".

A colour, brightness, temperature, volume, position or speed asked of a device of this home
that has none is refused in one sentence ("The ceiling fan can't change colour.") and nothing
changes: before, the colour went to every light and the coffee machine was switched on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification
from agent_system.understanding import normalize
from agent_system.understanding._format import said_together
from roles.smart_home._targets import KIND_NOUNS, spoken_names
from roles.smart_home._verbs import COLOR, QUESTION
from roles.smart_home.backend import Device

__all__ = ["TONE_COMMAND", "cannot_change"]


@dataclass(frozen=True)
class _Attribute:
    word: str
    kinds: frozenset[str]
    said: re.Pattern[str]
    after: bool = False
    """The attribute's words come after the device ("make the fan blue", not "the blue fan")."""


_ATTRIBUTES = (
    _Attribute(
        "colour",
        frozenset({"light"}),
        lazy_pattern(rf"\bcolou?rs?\b|{COLOR.pattern}"),
        after=True,
    ),
    _Attribute(
        "brightness",
        frozenset({"light"}),
        lazy_pattern(r"\b(?:dim|dimmer|dimmed|brighten|brighter|brightness|darken|darker)\b"),
    ),
    _Attribute(
        "temperature",
        frozenset({"climate"}),
        lazy_pattern(r"\b(?<!color )(?<!colour )(?:degrees?|temperature)\b|\d\s*°"),
    ),
    _Attribute(
        "volume",
        frozenset({"media_player"}),
        lazy_pattern(r"\b(?:volume|louder|quieter|mute|unmute)\b"),
    ),
    _Attribute(
        "position",
        frozenset({"cover", "valve"}),
        lazy_pattern(r"\b(?:half ?way|half open|position|partly|partially)\b"),
    ),
    _Attribute(
        "speed",
        frozenset({"fan"}),
        lazy_pattern(r"\b(?:speed|faster|slower|oscillat\w*)\b"),
    ),
)
_MEDIA = lazy_pattern(
    r"^(?:play|put on|listen|stream|watch|find|search)\b|\b(?:song|music|album|playlist|channel|"
    r"movie|film|show|episode|track)s?\b"
)
_TONE = lazy_pattern(
    r"\b(?:turn|boost|more|less|lower|raise|increase|decrease|reduce|up|down|off|set|adjust|"
    r"change|cut|kill|crank|pump|drop|too much|no)\b.*\b(bass|treble|equali[sz]er)\b|"
    r"\b(bass|treble)\b (?:up|down|off|boost)"
)
_NOT_TONE = lazy_pattern(
    r"^(?:play|put on|listen|stream|find|search|buy|order)\b|\b(?:bass (?:guitar|player|line)|"
    r"sea bass|drum and bass|bank|account)\b"
)
TONE_COMMAND = lazy_pattern(
    r"^(?:(?:please|can you|could you|just) )*(?:(?:turn|boost|raise|lower|increase|decrease|"
    r"reduce|cut|kill|drop|pump|crank|adjust|change|set|more|less|no|too much)(?: (?:up|down|"
    r"off))? (?:the |some |that )?(?:bass|treble)|(?:the )?(?:bass|treble) (?:up|down|off|boost))"
    r"(?: (?:up|down|off|a bit|a little|on the [a-z ]{2,20}|please|now))*$"
)
"""A bass or treble command ("boost the treble", "bass down please"): the router's smart-home
stage claims it when the home has a player, so the role can say it has no such control."""
_MODE = lazy_pattern(
    r"\b(shuffle|shuffling)\b|\bon (?:repeat|loop)\b|\b(?:repeat|loop) (?:mode|on|off)\b|"
    r"\b(?:turn|switch|set) (?:on |off )?(?:the )?(?:repeat|loop)\b"
)
"""Shuffle or repeat ("turn off shuffle on the tv", "put the music on repeat"): no player here
has them."""
_CHANGE = lazy_pattern(r"\b(?:make|turn|set|change|switch|paint|colou?r)\b")
_LIGHT_COLOURS = lazy_pattern(r"\b(?:lights?|lamps?|bulbs?|lighting|colou?rs?)\b")
_COLOUR_TEMPERATURE = lazy_pattern(r"\b(?:warm|cool|cold)\w*\b.*\btemperature\b")


def cannot_change(text: str, known: Sequence[Device]) -> Clarification | None:
    """One sentence when `text` asks a device for something it does not have, else None.

    Only when every device the request names (by name, alias or kind word) lacks it: "dim the
    lights and the fan" or "make the tv and the lamp red" are left to the rest of the role.
    """
    said = normalize(text)
    if not known or QUESTION.match(said):
        return None
    if (tone := _TONE.search(said)) and any(d.kind == "media_player" for d in known):
        if not _NOT_TONE.search(said):  # "turn off the bass": no player here has a bass control
            return Clarification(f"I can't change the {tone[1] or tone[2]}, only the volume.")
    if (
        (mode := _MODE.search(said))
        and any(d.kind == "media_player" for d in known)
        and not _LIGHT_COLOURS.search(said)  # "shuffle the light colours": the lights
    ):
        what = "shuffle the music" if mode[1] else "put the music on repeat"
        return Clarification(f"I can't {what}, only play, pause, skip and change the volume.")
    if _MEDIA.search(said):
        return None
    found = _devices_said(said, known)
    if not found:
        return None
    for attribute in _ATTRIBUTES:
        end = max(at for at, _, _ in found)
        where = said[end:] if attribute.after else said
        if not attribute.said.search(where) or (attribute.after and not _CHANGE.search(said)):
            continue
        if attribute.word == "temperature" and _COLOUR_TEMPERATURE.search(said):
            continue  # "set the lamp to a warm colour temperature": the light's white
        if any(d.kind in attribute.kinds for _, _, devices in found for d in devices):
            return None  # something said can do it
        if _kind_said(said, attribute.kinds):
            return None  # "the fan and the lights": the lights can
        names = [_subject(phrase, devices) for _, phrase, devices in found]
        subject = said_together(dict.fromkeys(names))
        return Clarification(f"{subject[0].upper()}{subject[1:]} can't change {attribute.word}.")
    return None


def _devices_said(said: str, known: Sequence[Device]) -> list[tuple[int, str, list[Device]]]:
    """(where it ends, as said, the devices) for every device or kind of device in `said`."""
    areas = {normalize(d.area) for d in known if d.area}
    spans: list[tuple[int, int, str, list[Device], int]] = []
    for device in known:
        for name in spoken_names(device):
            spoken = normalize(name)
            if spoken in areas or len(spoken) < 2:
                continue
            for match in re.finditer(rf"\b{re.escape(spoken)}s?\b", said):
                spans.append((match.start(), match.end(), spoken, [device], 0))
    for kind, nouns in KIND_NOUNS.items():
        of_kind = [d for d in known if d.kind == kind]
        for match in re.finditer(rf"\b(?:{nouns})\b", said):
            spans.append((match.start(), match.end(), match.group(0), of_kind, 1))
    spans.sort(key=lambda s: (s[0], s[0] - s[1], s[4]))  # a name before a kind word
    kept: list[tuple[int, str, list[Device]]] = []
    reach = -1
    for start, end, phrase, devices, _ in spans:
        if start < reach:
            continue  # inside a longer name said ("ceiling fan", not "fan")
        reach = end
        if devices:
            kept.append((end, phrase, devices))
    return kept


def _kind_said(said: str, kinds: frozenset[str]) -> bool:
    return any(re.search(rf"\b(?:{KIND_NOUNS[k]})\b", said) for k in kinds if k in KIND_NOUNS)


def _subject(phrase: str, devices: list[Device]) -> str:
    """The device's name for one device ("the ceiling fan"); the kind as said for several."""
    if len(devices) == 1:
        name = devices[0].name
        return f"the {name if name.isupper() else name[0].lower() + name[1:]}"
    return f"the {phrase}"

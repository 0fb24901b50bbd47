"""Finding what a request is about among the home's devices: names as said, kinds, places."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification
from agent_system.understanding import normalize
from roles.smart_home._answers import HERE, WHICH_ROOM
from roles.smart_home._places import place_said
from roles.smart_home.backend import Device

__all__ = [
    "KIND_NOUNS",
    "area_said",
    "joined_rooms",
    "kind_phrase",
    "mass",
    "named",
    "spoken_names",
    "target",
    "tidy",
    "where",
]

KIND_NOUNS: dict[str, str] = {
    "light": r"lights?|lamps?|lighting|bulbs?|chandeliers?|illumination",
    "media_player": r"speakers?|tv|telly|television|radio|stereo|music player|media player|player",
    "switch": r"plugs?|sockets?|outlets?|chargers?|power strips?|power points?|extension leads?",
    "vacuum": r"vacuum cleaner|vacuum|roomba|iroomba|irobot|robo vac|robot|cleaner|hoover",
    "fan": r"fans?",
    "cover": r"blinds?|shades?|curtains?|shutters?",
}
_STOP = frozenset(
    "a an the my our your his her their its this that these those some any all every each of to "
    "in on at for with from by and or but i me we us you it them is are be been was were am do "
    "does did can could would will should may might must want need like love have has give get "
    "make set turn switch put change adjust please just now up down off out more less too very "
    "bit little slightly lot much so then also again here there room house home whole entire "
    "increase decrease raise lower reduce dim brighten darken boost minimize lessen attenuate "
    "mute unmute start stop keep let lets it's its what which how bright dark light level "
    "power intensity brightness glow strength volume sound color colour colors colours "
    "brighter dimmer darker lighter warmer cooler louder quieter softer".split()
)


_SPLIT_ROOM = lazy_pattern(r"\b(bed|bath|play|mud|sun|store)\s+(room)\b", re.I)


def joined_rooms(text: str) -> str:
    """A room split in two as it is written: "the bed room" -> "the bedroom"."""
    return _SPLIT_ROOM.sub(r"\1\2", text)


def spoken_names(device: Device) -> list[str]:
    names = [device.name, *device.aliases]
    for name in list(names):
        short = re.sub(
            r"\s+(?:light|lamp|plug|switch|speaker|player|machine|maker)$", "", name, flags=re.I
        )
        if short != name and len(short) > 2:
            names.append(short)
    return names


def named(text: str, devices: Sequence[Device], kinds: frozenset[str] | None = None) -> str | None:
    """The longest name or alias of a device (of `kinds`) said in `text` (as said), or None."""
    best = ""
    areas = {normalize(d.area) for d in devices if d.area}
    for device in devices:
        if kinds is not None and device.kind not in kinds:
            continue
        for name in spoken_names(device):
            spoken = normalize(name)
            if spoken in areas:  # "kitchen" (for "Kitchen light") is the room
                continue
            if any(  # a sensor called "Light" is not what "the lights" means
                kind != device.kind and re.fullmatch(rf"(?:{nouns})s?", spoken)
                for kind, nouns in KIND_NOUNS.items()
            ):
                continue
            if len(spoken) > len(best) and re.search(rf"\b{re.escape(spoken)}s?\b", text):
                best = spoken
    return best or None


def area_said(text: str, devices: Sequence[Device]) -> str | None:
    """The longest of the home's areas named anywhere in `text`, or None."""
    said = normalize(text)
    areas = sorted({normalize(d.area) for d in devices if d.area}, key=len, reverse=True)
    return next((a for a in areas if re.search(rf"\b{re.escape(a)}\b", said)), None)


def kind_phrase(text: str, kind: str) -> str | None:
    """A kind word and the words that qualify it: "the overhead lights" -> "overhead lights"."""
    match = re.search(rf"\b(?:{KIND_NOUNS[kind]})(?: (?:{KIND_NOUNS[kind]}))*\b", text)
    if match is None:
        return None
    before = text[: match.start()].split()
    kept: list[str] = []
    for word in reversed(before[-2:]):
        if word in _STOP or not word.isalpha():
            break
        kept.insert(0, word)
    return " ".join([*kept, match.group(0)])  # "wemo plug socket", "overhead lights"


def target(text: str, devices: Sequence[Device], kind: str) -> str | None:
    """The device `text` names, among devices of `kind`, as said; or its kind phrase.

    The words are kept as said ("the plug"): the tools pick the only device of the kind with
    that word in its own name, or ask which one.
    """
    name = named(text, devices, frozenset({kind}))
    phrase = kind_phrase(text, kind)
    if name and phrase and set(name.split()) < set(phrase.split()):
        return phrase  # "disable wemo socket": all of it, not just the alias "socket"
    return name or phrase


def tidy(device: str, devices: Sequence[Device], said: str = "") -> str:
    """What is left of a request once verbs are gone ("get roomba clean kitchen") -> its device.

    The name of a device of the home said in it, else a kind of device with its qualifiers, else
    the words as they are (the tools then say what they could not find). `said` is the whole
    request ("switch off the light": a light, not the lights).
    """
    text = normalize(device)
    if not devices or not text:
        return device
    found = named(text, devices)
    for kind in KIND_NOUNS:
        phrase = target(text, devices, kind)
        if found is not None:
            if phrase is not None and set(found.split()) < set(phrase.split()):
                return phrase  # "wemo socket": all of it, not just the alias "socket"
            continue
        if phrase is not None:
            if re.search(r"\b(?:all|every|each|both)\b", text) and " " not in phrase:
                return device  # "all lights", "every light": the tools take them all
            return mass(normalize(said) or text, phrase)
    return found or device


def mass(text: str, phrase: str) -> str:
    """A light said without an article ("turn off light", "more light") means the lights."""
    if phrase in ("lighting", "illumination"):
        return "lights"
    if phrase == "light" and not re.search(r"\b(?:the|my|this|that|a|one) light\b", text):
        return "lights"
    return phrase


_HOUSE = lazy_pattern(
    r"\b(?:in|throughout|around|of|at|across|for) (?:the|my|our) (?:whole |entire )?"
    r"(?:house|home|apartment|flat)\b|\bat home\b|\b(?:house|home)(?= (?:lights?|lamps?|"
    r"lighting)\b)|\beverywhere\b|\ball (?:the )?rooms\b|\b(?:whole|entire) (?:house|home)\b"
)
"""The whole home: "in the house", "the lights of my home", "house lights", "everywhere"."""
_IN = lazy_pattern(
    r"\bin (?:the |my |our )?(?P<area>[a-z']+(?: (?!(?:for|to|with|so|and|because|when|while|"
    r"please|now|at|on|by|from|if|as|too|again)\b)[a-z]+)?)\b"
)
"""A room said after "in", one or two words ("in my office for my computer": the office)."""
_NOT_AREAS = frozenset(
    "room house home morning evening afternoon night minutes minute hours hour seconds while "
    "a an here there".split()
)


def where(
    text: str, devices: Sequence[Device], speaker: str | None
) -> tuple[dict[str, str], str] | Clarification:
    """(area, near or every, `text` without the place) for "in here", "in the kitchen"."""
    if HERE.search(text):
        if speaker is None:
            return Clarification(WHICH_ROOM, ("area",))
        return {"area": speaker}, " ".join(HERE.sub(" ", text).split())
    if _HOUSE.search(text):
        return {"every": "yes"}, _HOUSE.sub("", text)
    areas = sorted({normalize(d.area) for d in devices if d.area}, key=len, reverse=True)
    for area in areas:
        match = re.search(rf"\b(?:in|of) (?:the |my |our )?{re.escape(area)}\b", text)
        if match:
            return {"area": area}, (text[: match.start()] + text[match.end() :]).strip()
    name = named(text, devices) or ""
    for area in areas:  # "can the kitchen have blue light": the room, said without "in"
        bare = re.search(rf"\b{re.escape(area)}\b", text)
        if bare and area not in name:
            return {"area": area}, " ".join(f"{text[: bare.start()]} {text[bare.end() :]}".split())
    place, rest = place_said(text, frozenset(areas), name)
    if place:  # "downstairs", "my son's room": kept as said, the tools read it or say so
        return place, rest
    match = _IN.search(text)
    if (
        match
        and match["area"].split()[0] not in _NOT_AREAS
        and match["area"].split()[-1]
        not in {w for pattern in KIND_NOUNS.values() for w in re.findall(r"[a-z]+", pattern)}
    ):
        return {"area": match["area"]}, (text[: match.start()] + text[match.end() :]).strip()
    return ({"near": speaker} if speaker else {}), text

"""TVs and speakers: volume up, down and to a level, mute, and the media commands."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from roles.smart_home._targets import area_said, kind_phrase, named
from roles.smart_home.backend import Device

__all__ = ["MUSIC_OFF", "MUSIC_ON", "PLAYER", "media_call", "music_off", "volume"]

PLAYER = "media player"
"""The device a volume or mute request goes to when it names none (the tools pick one)."""
_NUMBER = lazy_pattern(r"(?P<n>-?\d+(?:\.\d+)?)\s*(?P<unit>%|percent|degrees?|°[cf]?)?", re.I)

_SOUND = lazy_pattern(
    r"\b(?:volume|sound|audio|music|noise|speakers?|song|radio|tv|telly|television)\b"
)
_LIGHTS = lazy_pattern(r"\b(?:lights?|lamps?|lighting|bulbs?|glow)\b")
_LOUDER = lazy_pattern(
    r"\b(?:louder|loud|amplify|speak up|speak (?:more )?loud(?:ly)?|turn (?:it|this|that) up|"
    r"too (?:quiet|low|soft)|can ?not hear|cant hear|can't hear|couldn't hear|couldnt hear|"
    r"could not hear|can (?:barely|hardly) hear|unable to hear)\b"
)
_QUIETER = lazy_pattern(
    r"\b(?:quieter|softer|(?:too|so|really|very|way too) (?:loud|noisy)|too high|"
    r"lower your voice|"
    r"keep (?:it|the noise|the sound|the music) down|"
    r"turn (?:it|this|that) down)\b"
)
_SILENCE = lazy_pattern(
    r"^(?:be |go |stay |keep |turn on |activate |enable )?(?:silent|silence|quiet|muted)\b|"
    r"^(?:hush|shush|sh+)\b|\bi (?:need|want) (?:some |complete |total )?(?:silence|quiet)\b|"
    r"\b(?:go|switch|put|set|turn) (?:it |everything |yourself |you |the speakers? )?"
    r"(?:on|to|into) silent\b|\bkeep (?:it|things|everything|the house) (?:quiet|silent)\b|"
    r"\bmake (?:it|everything|this|the house|(?:the |my |all (?:the )?)?(?:speakers?|tv|"
    r"television|music|sound|audio|stereo|radio)) (?:silent|quiet|mute|muted)\b|"
    r"\b(?:no|zero|0) volume\b|\bvolume (?:to )?(?:zero|0)$|\b(?:keep|kill) the volume\b|"
    r"\b(?:disable|deactivate|kill|cut) (?:the |all )?(?:sound|audio|volume)\b|"
    r"\bno (?:more )?(?:noise|sound)\b|\bstop all (?:sounds?|noise|audio)\b|"
    r"\b(?:shut up|be (?:extra |very |really |completely )?quiet|keep quiet|stay quiet|"
    r"silent mode|quiet mode|be silent|go silent|enough noise|turn off your voice|"
    r"stop (?:making|all) (?:any |the )?(?:noise|sounds?)|do not make (?:any |a )?(?:sound|noise)|"
    r"stay silent|keep silent|stop (?:talking|speaking)|no (?:sound|speaking|talking)|"
    r"do not (?:speak|talk|respond|answer|say anything)|"
    r"dont (?:speak|talk|respond|answer)|don't (?:speak|talk|respond|answer)|"
    r"i (?:do not|dont|don't) want (?:any )?sound|sound off|noise off)\b|"
    r"\b(?:turn|switch|cut|shut) (?:the |my |all )?(?:sound|noise|audio|volume) off\b|"
    r"\b(?:turn|switch|cut|shut) off (?:the |my |all )?(?:sound|noise|audio|volume)\b|"
    r"^(?:the )?volume off\b"
)
_MUTE = lazy_pattern(r"\bmute\b|\bmuted\b")
_UNMUTE = lazy_pattern(r"\bun-?mute\b|\bsound (?:back )?on\b|\bturn (?:the )?sound (?:back )?on\b")
"""Sound back on ("unmute", "sound on", "i need to hear sound on my speakers"); "sound on"
gives way to silence said in the same request ("turn off the sound on the tv")."""
_VOLUME_UP = lazy_pattern(
    r"\b(?:up|increase|raise|high|higher|louder|boost|pump|crank|bump|amplify|max|maximum|full|"
    r"more (?:volume|sound))\b"
)
_VOLUME_DOWN = lazy_pattern(
    r"\b(?:down|decrease|lower|reduce|softer|quieter|less|low|slow|drop|soften|quieten|lessen|"
    r"dampen|muffle)\b"
)
_BARE = lazy_pattern(
    r"^(?:(?:turn|crank|pump|bring|bump|knock|drop|tone|take|dial|nudge) )?"
    r"(?:it |this |that |things |the whole thing )?(?:way |all the way )?"
    r"(?:(?P<up>up)|(?P<down>down))"
    r"(?: a (?:little )?bit| a little| a notch| a touch| some| a tad)?$|"
    r"^(?P<loud>louder|loudly|more loudly|(?:crank|pump) (?:it|this|that)(?: up)?)$"
)
"""A bare direction said to the assistant: the volume of the player in use."""
_STOP_PLAYING = lazy_pattern(
    r"^(?:stop|pause|kill|cut) (?:playing|(?:the |this |that |all |my )?(?:audio|music|sound|"
    r"song|noise))$"
)
MUSIC_OFF = lazy_pattern(
    r"^(?:the |my )?(?:music|tunes) off$|"
    r"^(?:(?:turn|switch|shut|kill|cut|knock|put) (?:off )?(?:the |this |that |all |my |your )?"
    r"(?:music|tunes|songs?|podcast|audiobook|playlist)(?: off)?"
    r"|(?:no more|enough|enough of (?:the|this|that)|stop (?:the|this|that|my)) "
    r"(?:music|tunes|songs?|podcast|audiobook)"
    r"|stop playing(?: (?:the |this |that |my |any |all )?(?:music|tunes|songs?|podcast|audiobook|"
    r"playlist|radio|album))?(?: (?:please|now|for (?:now|a while)))*)$"
)
"""The music off, however said ("turn the music off", "switch off the tunes", "no more music",
"enough music", "stop playing the music"): the player stops (pauses), it is not switched off."""
MUSIC_ON = lazy_pattern(
    r"^(?:(?:the |my |some )?(?:music|tunes) (?:back )?on|"
    r"(?:turn|switch) (?:on )?(?:the |my |some )?(?:music|tunes)(?: back)?(?: on)?|"
    r"(?:start|resume) (?:the |my )?(?:music|tunes))"
    r"(?: again| please)*$"
)
"""The music on ("music on", "turn the music back on", "resume the music"): the player in use
plays again (resumes when one is paused); "put my music on" or "play some music" are left to
the rest of the role."""
_HUSH = lazy_pattern(
    r"^(?:off|quiet|hush|silence) (?:the |my |all |this )?(?:speakers?|sound|audio)$"
)


def music_off(text: str, devices: Sequence[Device], speaker: str | None) -> RoleCall | None:
    """The player in use stops for "turn the music off" (`text` normalized), else None.

    It plays again for "music on".
    """
    on = MUSIC_ON.match(text) is not None
    if not (on or MUSIC_OFF.match(text)) or not any(d.kind == "media_player" for d in devices):
        return None
    args: dict[str, object] = {"device": PLAYER, "command": "resume" if on else "pause"}
    return RoleCall("smart_home.media", {**args, "near": speaker} if speaker else args)


def volume(text: str, devices: Sequence[Device], speaker: str | None) -> RoleCall | None:
    players = frozenset({"media_player"})
    if not any(d.kind == "media_player" for d in devices) and devices:
        return None
    if _LIGHTS.search(text) and not (_SOUND.search(text) or _MUTE.search(text)):
        return None  # "make the lights softer": the lights, not the sound
    device = named(text, devices, players) or kind_phrase(text, "media_player") or PLAYER
    if device in ("speaker", "speakers", "player"):
        device = named(device, devices, players) or PLAYER
    args: dict[str, object] = {"device": device}
    if (area := area_said(text, devices)) is not None:
        args["area"] = area  # "mute the living room speakers"
    elif speaker:
        args["near"] = speaker
    if (unmute := _UNMUTE.search(text)) and (
        re.match(r"un-?mute", unmute.group(0)) or not _SILENCE.search(text)
    ):
        return RoleCall("smart_home.media", {**args, "command": "unmute"})
    if _MUTE.search(text) or _SILENCE.search(text) or _HUSH.match(text):
        return RoleCall("smart_home.media", {**args, "command": "mute"})
    if _STOP_PLAYING.match(text):
        return RoleCall("smart_home.media", {**args, "command": "pause"})
    if bare := _BARE.match(text):  # "turn up", "down", "louder please": the player in use
        sign = -1 if bare["down"] else 1
        return RoleCall("smart_home.set_volume", {**args, "change": sign * 10})
    volume_said = bool(re.search(r"\bvolume\b", text)) or bool(  # "set the stereo at 15%"
        re.search(r"\d\s*(?:%|percent)|\b(?:quieten|soften|dampen|muffle)\b", text)
        and named(text, devices, players)
    )
    if not (volume_said or _LOUDER.search(text) or _QUIETER.search(text) or _SOUND.search(text)):
        return None
    if re.search(r"\b(?:max|maximum|full|all the way up)\b", text):
        return RoleCall("smart_home.set_volume", {**args, "volume": 100})
    if re.search(r"\b(?:minimum|lowest|all the way down)\b", text):
        return RoleCall("smart_home.set_volume", {**args, "volume": 1})
    if re.search(r"\bto half\b|\bhalf (?:way|volume)\b", text):
        return RoleCall("smart_home.set_volume", {**args, "volume": 50})
    to = re.search(r"\b(?:to|at|level)\s+(?P<n>\d+)\s*(?:%|percent)?", text)
    if to and (volume_said or _SOUND.search(text)):
        return RoleCall("smart_home.set_volume", {**args, "volume": max(0, min(100, int(to["n"])))})
    by = re.search(r"\bby (?P<n>\d+)\b|(?P<m>\d+)\s*(?:%|percent)", text)
    step = int(by["n"] or by["m"]) if by else 10
    if _QUIETER.search(text):
        return RoleCall("smart_home.set_volume", {**args, "change": -step})
    if _LOUDER.search(text):
        return RoleCall("smart_home.set_volume", {**args, "change": step})
    down, up = _VOLUME_DOWN.search(text), _VOLUME_UP.search(text)
    if down is None and up is None:
        return None
    sign = -1 if down is not None and (up is None or down.start() < up.start()) else 1
    return RoleCall("smart_home.set_volume", {**args, "change": sign * step})


def media_call(
    action: str, text: str, device: str, area: str | None, speaker: str | None
) -> RoleCall:
    args: dict[str, Any] = {"device": device or "media player"}
    if area:
        args["area"] = area
    elif speaker:
        args["near"] = speaker
    if action in ("mute", "unmute"):
        return RoleCall("smart_home.media", {**args, "command": action})
    if action == "volume":
        number = _NUMBER.search(text)
        if number and re.search(r"\bto\b", text, re.I):
            return RoleCall("smart_home.set_volume", {**args, "volume": int(float(number["n"]))})
        step = int(float(number["n"])) if number else 10
        down = re.search(
            r"\b(?:down|lower|quieter|softer|decrease|reduce|drop|soften|quieten|lessen)\b",
            text,
            re.I,
        )
        return RoleCall("smart_home.set_volume", {**args, "change": -step if down else step})
    lowered = text.lower()
    command = "play"
    for word, name in (
        ("pause", "pause"),
        ("stop", "pause"),
        ("resume", "resume"),
        ("unpause", "resume"),
        ("skip", "next"),
        ("next", "next"),
        ("previous", "previous"),
        ("last", "previous"),
        ("back", "previous"),
    ):
        if re.search(rf"\b{word}\b", lowered):
            command = name
            break
    return RoleCall("smart_home.media", {**args, "command": command})

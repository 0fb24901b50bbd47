"""Media commands said in a conversation: "pause", "skip this song", "what's playing".

Right after a turn that used a player ("play some jazz in the living room", "turn up the TV"),
a short command with no player named is for that player (the thread's frame): pause, resume,
stop, next, previous, skip, "play the next one", "what's playing", "mute it", "turn it down".
With no player in the thread, a command that names the song or track ("skip this song", "next
track", "previous song") is still for the player in use: the tools pick the one playing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from agent_system.understanding import normalize
from agent_system.understanding._dismiss import HUSH

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["SONG_COMMAND", "in_use", "media_follow_up", "player_call", "song_command"]

_PLAYER_TOOLS = ("smart_home.play_media", "smart_home.media", "smart_home.set_volume")
_PLAYER_TOO = ("smart_home.get_state", "smart_home.turn_on")
"""Calls that used a player when they name one: "is the tv on", "turn on the tv"."""
_ANY = "media player"
_PLAYERISH = lazy_pattern(r"\b(?:tv|television|speakers?|radio|stereo|player|media|music)\b", re.I)
_LEAD = r"^(?:(?:ok|okay|now|and|so|then|please|hey|just|can you|could you|would you)\s+)*"
_TRAIL = r"(?:\s+(?:please|now|for (?:a|one) (?:sec|second|moment|minute)|then|again|thanks))*$"
_WHAT = (
    r"(?:it|this|that|everything|the (?:music|song|track|video|show|tv|radio|playback)|"
    r"(?:this|that) (?:song|track|one))"
)
_SONG = r"(?:songs?|tracks?|tunes?|numbers?|ones?|videos?|episodes?)"
_COMMANDS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (command, lazy_pattern(_LEAD + pattern + _TRAIL))
    for command, pattern in (
        ("next", rf"(?:skip|next|skip (?:this|that|it|the|forward|ahead)(?: {_SONG})?|"
                 rf"(?:play |go to |go |on to |skip to )?(?:the )?next(?: {_SONG})?|"
                 rf"skip (?:to )?(?:the )?next(?: {_SONG})?|another (?:song|track|one)|"
                 r"i (?:do not|dont) like (?:this|that)(?: song| track)?|change (?:the|this) "
                 r"(?:song|track))"),
        ("previous", rf"(?:previous|back|go back|(?:play |go to |go back to )?(?:the )?previous"
                     rf"(?: {_SONG})?|(?:go )?back (?:a|one) {_SONG}|play (?:the )?(?:last|"
                     rf"previous) (?:{_SONG}) again|(?:play )?(?:that|the last) (?:{_SONG}) "
                     r"again|replay (?:that|the last)(?: song| track| one)?)"),
        ("pause", rf"(?:(?:pause|stop)(?: {_WHAT})?|stop playing)"),
        ("resume", rf"(?:(?:resume|unpause|continue|restart)(?: {_WHAT})?|carry on|go on|"
                   r"keep (?:playing|going)|play|play (?:it|again)|"
                   r"start (?:it |playing |the music )?again|back on)"),
        ("mute", rf"(?:mute|mute (?:it|that|this|the sound|the music)|{HUSH})"),
        ("unmute", r"(?:unmute|unmute (?:it|that|this|the sound|the music)|sound (?:back )?on)"),
    )
)  # fmt: skip
_ASKED = lazy_pattern(
    _LEAD + r"(?:what(?:'s| is|s)? (?:playing|on|this(?: song| track| music)?|the (?:song|track|"
    r"music)|that(?: song| track)?)|what (?:song|track|music|artist|album) is (?:this|that|"
    r"playing|on)|who(?:'s| is|s)? (?:this|that|singing|playing)|what am i listening to|"
    r"is (?:it|that|the music) (?:still )?(?:playing|paused|on))" + _TRAIL
)
SONG_COMMAND = lazy_pattern(
    _LEAD + r"(?:(?:skip|next|skip to the next|play the next|go to the next|previous|play the "
    r"previous|go back to the previous|go back a|back a|go back one) (?:this |that |the )?"
    r"(?:song|track|tune)|(?:the )?(?:next|previous|last) (?:song|track|tune)(?: please)?|"
    r"skip (?:this|that) (?:one|song|track))" + _TRAIL
)
"""A song or track command that names no player ("skip this song", "next track", "previous
song"): the player in use, wherever it is."""


def player_call(history: Sequence[Turn]) -> dict[str, Any] | None:
    """The arguments of the last call to a player in the last three turns, or None.

    A read or a switch-on of a player counts ("turn on the tv" ... "be quiet": the TV mutes).
    Only while the home is what the thread is about: a later turn of another role ("set a timer
    for 5 minutes") makes "stop" that role's, never the music's.
    """
    for turn in reversed(list(history)[-3:]):
        calls = getattr(turn, "calls", None) or []
        if not calls and turn.role not in (None, "smart_home"):
            return None  # a reply of another role ("tell me a joke")
        for call in reversed(calls):
            tool, arguments = str(call.get("tool", "")), dict(call.get("arguments") or {})
            if not tool.startswith("smart_home."):
                return None
            if tool in _PLAYER_TOOLS or (
                tool in _PLAYER_TOO and _PLAYERISH.search(str(arguments.get("device")))
            ):
                return arguments
    return None


def _said(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", normalize(text).lower())) or text.lower().strip()


def _command(said: str) -> str | None:
    if _ASKED.match(said):
        return "asked"
    return next((c for c, pattern in _COMMANDS if pattern.fullmatch(said)), None)


def media_follow_up(text: str, history: Sequence[Turn]) -> RoleCall | None:
    """The call for a short media command right after a player was used, else None."""
    if len(text.split()) > 8:
        return None
    arguments = player_call(history)
    if arguments is None:
        return None
    command = _command(_said(text))
    if command is None:
        return None
    where = {k: v for k, v in arguments.items() if k in ("device", "area", "near") and v}
    where.setdefault("device", "media player")
    if command == "asked":
        return RoleCall("smart_home.get_state", where)
    return RoleCall("smart_home.media", {**where, "command": command})


def song_command(text: str, near: str | None) -> RoleCall | None:
    """A song or track command with no player in the thread ("skip this song", "next track")."""
    said = _said(text)
    if not SONG_COMMAND.fullmatch(said):
        return None
    command = _command(said) or ("previous" if re.search(r"previous|back|last", said) else "next")
    arguments: dict[str, Any] = {"device": "media player", "command": command}
    return RoleCall("smart_home.media", {**arguments, "near": near} if near else arguments)


def in_use(
    choice: RoleCall | RolePlan | Clarification, history: Sequence[Turn]
) -> RoleCall | RolePlan | Clarification:
    """`choice` with "the media player" read as the player the thread is using.

    "play some jazz on the tv" ... "mute yourself" / "volume zero" / "be quiet for an hour":
    the TV (and "unmute the TV" when the timer rings), not whichever player is playing.
    """
    if isinstance(choice, Clarification):
        return choice
    calls = choice.calls if isinstance(choice, RolePlan) else (choice,)
    generic = [c for c in calls if c.tool in _PLAYER_TOOLS and c.arguments.get("device") == _ANY]
    used = player_call(history) if generic else None
    device = (used or {}).get("device")
    if not used or not isinstance(device, str) or device in ("", _ANY):
        return choice
    where = {k: v for k, v in used.items() if k in ("device", "area") and v}
    kept = tuple(
        RoleCall(c.tool, {**{k: v for k, v in c.arguments.items() if k != "near"}, **where})
        if c in generic
        else c
        for c in calls
    )
    return kept[0] if len(kept) == 1 else RolePlan(kept)

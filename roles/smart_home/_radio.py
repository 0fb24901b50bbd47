"""A radio asked for in a home that has none: "radio on", "switch the radio off", "play the radio".

Only a player that is a radio (`is_radio`: its name, aliases or class say so) is the radio; a TV or
a speaker is not, so switching "the radio" on in a home without one changes nothing and says so.
Changing the sound that plays ("turn the radio down", "hush the radio") is left to the tools: the
player playing then is meant.
"""

from __future__ import annotations

from collections.abc import Sequence

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification
from roles.smart_home.backend import Device, is_radio

__all__ = ["NO_RADIO", "no_radio"]

NO_RADIO = "There's no radio in your home; nothing was changed."
_RADIO = lazy_pattern(r"\bradios?\b")
_SWITCHED = lazy_pattern(
    r"^(?:(?:please |can you |could you |hey |ok )*)"
    r"(?:(?:turn|switch|put|flip|power|start|play|listen to|tune in to|tune into)\b|"
    r"(?:the |my |our )?[a-z' ]{0,20}\bradios?\b)"
)
_SWITCH_WORDS = lazy_pattern(r"\b(?:on|off|start|play|listen|tune)\b")
_SOUND_CHANGE = lazy_pattern(
    r"\b(?:up|down|louder|quieter|softer|volume|mute|unmute|pause|stop|resume|skip|next)\b"
)


def no_radio(text: str, known: Sequence[Device]) -> Clarification | None:
    """The reply that there is no radio, when `text` switches or plays one and none is known.

    None when the home's devices are not known yet (a Home Assistant home before its first read),
    when one of them is a radio, or when the request changes the sound playing.
    """
    said = text.lower()
    if not known or not _RADIO.search(said) or any(is_radio(d) for d in known):
        return None
    if _SOUND_CHANGE.search(said) or not _SWITCHED.match(said):
        return None
    if not _SWITCH_WORDS.search(said):
        return None
    return Clarification(NO_RADIO)

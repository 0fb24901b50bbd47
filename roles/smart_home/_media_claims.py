"""The router's smart-home stage: the shapes of a request for the home's media player.

Volume, silence, loudness said short and the music on or off are claimed when the home has a
player (`PLAYER_SHAPES`); a bare media command ("pause", "shut up") only when said in a room
that has one (`MEDIA_COMMAND`).
"""

from __future__ import annotations

from agent_system._lazy import lazy_pattern
from roles.smart_home._media import MUSIC_OFF, MUSIC_ON

__all__ = ["LEAD", "MEDIA_COMMAND", "PLAYER_SHAPES"]

LEAD = (
    r"^(?:(?:please|just|now|ok|okay|hey|so|and|also|then|go ahead and|can you|could you|"
    r"olly|ollie|alexa|google|siri|"
    r"would you|will you|i (?:want|need|would like) (?:you )?to|i wanna|let us|lets|let's)\s+)*"
)

MEDIA_COMMAND = lazy_pattern(
    LEAD + r"(?:play|skip|next|previous|go back|pause|resume|unpause|mute|unmute|"
    r"shut up|hush|shush|sh+|(?:be|keep|stay) (?:quiet|silent)|silence|quiet|louder|quieter|"
    r"(?:turn|crank|bring) (?:the )?(?:volume|sound|music) (?:up|down)|"
    r"(?:turn|crank|bring) (?:up|down) (?:the )?(?:volume|sound|music)|"
    r"(?:set|change|raise|lower|increase|decrease) (?:the )?volume)\b"
)
"""A media command; claimed without naming a player when the speaker's room has one. Said in
such a room, "shut up" or "hush" is for the player there (typed with no room, it is left to the
classifier: CLINC150 files it as cancelling)."""
_VOLUME = lazy_pattern(
    LEAD + r"(?:(?:turn|crank|bring|pump) (?:up|down) (?:the |my |your )?(?:volume|sound|music|"
    r"speakers?|tv|television)\b|(?:turn|crank|bring|pump) (?:the |my |your )?(?:volume|sound|"
    r"music|speakers?) (?:up|down)\b|(?:raise|lower|increase|decrease|reduce|boost|up|down|"
    r"set|change|adjust|max) (?:the |my |your )?(?:music |speaker |tv |media |radio )?volume\b|"
    r"(?:the |my |your )?volume (?:up|down|louder|higher|lower|to \d+)\b|"
    r"(?:mute|unmute)(?: (?:the |my )?(?:sound|music|audio|volume|speakers?|tv|television))?$)"
)
"""A volume command ("turn up the volume", "volume to 30", "mute the sound"): claimed when the
home has a media player. "be quiet", "speak softer" are left to the classifier (they also ask
the assistant to whisper)."""
_HUSH = lazy_pattern(
    LEAD + r"(?:stop|pause|silence|quiet|quieten|hush|shush|shut up|off|cut|kill|soften) "
    r"(?:the |all |that |my |this )?"
    r"(?:audio|sound|music|noise|speakers?|song|radio|stereo|tv|television|telly)$"
)
"""Silencing the player in use ("stop the audio", "off the speakers", "hush the radio", "shut up
the tv"): claimed with a player."""
_LOUDNESS = lazy_pattern(
    LEAD + r"(?:(?:the |my )?(?:music|tunes|sound|audio|radio|stereo|speakers?|tv|television) "
    r"(?:up|down|louder|quieter|softer|off|(?:back )?on)"
    r"|(?:crank|pump|bump|knock|drop|tone|dial) (?:it|this|that) (?:up|down)"
    r"|(?:crank|pump) (?:it|this|that)"
    r"|(?:it is|its|it's|this is|the (?:music|sound|radio|tv|volume) is) (?:(?:a little|a bit|way|"
    r"much|far|really|so|just) )*too (?:soft|quiet|low|loud|noisy))"
    r"(?: (?:a (?:little )?bit|a little|a notch|a touch|please|now))*$"
)
"""Loudness said short ("music up", "radio quieter", "crank it up", "drop it down", "it's too
soft"): the player in use; claimed with a player."""
_SILENT = lazy_pattern(
    LEAD + r"(?:shut up|hush|shush|stop (?:talking|speaking)|(?:be|go|stay|keep|remain) "
    r"(?:quiet|silent)|silence|silent mode|quiet mode|(?:do not|dont) (?:talk|speak|say anything)|"
    r"no (?:more )?(?:talking|sound))(?: please| now)* (?:for|during) (?:the )?(?:next |coming )?"
    r"(?:\d+ |an? |half an? )?(?:minutes?|mins?|hours?|hrs?|days?)(?: please)?$|"
    + LEAD
    + r"(?:shut up|stop (?:talking|speaking)|(?:be|go|stay|keep|remain) (?:quiet|silent)|"
    r"(?:do not|dont) (?:talk|speak)|no (?:more )?(?:talking|sound)) (?:until|till|til) "
    r"[a-z0-9: ]{1,20}$"
)
"""Asking to be silent for a while ("shut up for ten minutes", "be quiet until 5pm"): the player
is muted, then unmuted; claimed when the home has a media player. Said with no while ("shut up",
"stop talking") it is left to the classifier: CLINC150 files those as cancelling."""
_HEAR = lazy_pattern(
    r"^i (?:can ?not|cant|can't|can barely|can hardly) hear (?:you|anything|a thing|it|the "
    r"(?:music|tv|television|radio|sound|speakers?|movie|show))(?: at all| properly| well)?$"
)
"""Too quiet ("i can't hear anything"): the player in use, a step up; claimed with a player."""
PLAYER_SHAPES = (_VOLUME, _HUSH, _SILENT, _HEAR, _LOUDNESS, MUSIC_ON, MUSIC_OFF)
"""Requests for the home's media player, claimed when the home has one."""

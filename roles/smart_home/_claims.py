"""Everyday requests the smart-home first stage claims without a device name.

`HomeStage` claims commands that name a device, room or kind of device after a command verb.
People also say "more volume please", "mute until tomorrow", "start the coffee maker", "i would
like to have a cup of coffee", "make coffee at 8 am": no command verb the stage knows, or no
device. `everyday` claims those, each only when the home has the device the request is about
(a media player, a coffee machine).

What is left to the classifier, on purpose (other assistants' data files these as asking the
assistant itself, not the home's devices): "be quiet", "shut up", "stop talking", "silence" said
with no while (cancelling what the assistant says), "speak softer", "talk quietly", "quiet
mode" (whispering). Questions ("how much caffeine is in coffee"), shops, recipes and orders
("find a coffee shop", "coffee cake recipe") are never claimed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent_system._lazy import lazy_pattern
from roles.smart_home._media import MUSIC_OFF

__all__ = ["DARK", "INDOOR", "SHOW_ASKED", "Home", "everyday", "follow_up_shape"]

DARK = lazy_pattern(
    r"^(?:it is|its|it's) (?:(?:so|too|very|really|awfully|pretty|quite|a bit|rather|getting) )*"
    r"(?:dark|dim|gloomy|bright)(?: in here| here| in (?:the|my|this) [a-z ]{2,20})?$|"
    r"^i (?:can ?not|cant|can't) see(?: anything| a thing)?(?: in here| here)?$"
)
"""The room is too dark or too bright ("it's awfully dark here"): claimed when the home has
lights."""

SHOW_ASKED = lazy_pattern(
    r"^(?:what|which)\s+(?:tv\s+|television\s+|radio\s+)?(?:shows?|programs?|programmes?|series"
    r"|channels?|movies?|films?|episodes?|seasons?|stations?)\s+(?:is|are|was|were)\s+"
    r"(?!(?:the|my|our)\s+(?:tv|television|radio|speakers?)\b)"
)
"""A question about what someone is on or in ("what tv show is jennifer aniston on"), not about
a device of this home ("what channel is the tv on" still is)."""

INDOOR = lazy_pattern(
    r"^(?:what is|whats|what's|how) (?:the )?(?:temperature|warm|hot|cold|humid)\b"
    r"(?!.*\b(?:outside|outdoors|out there|tomorrow|tonight|today|this week|weekend)\b)"
)
"""Said to a device in a room, "what is the temperature" / "how warm is it" asks about that room
(Home Assistant answers from the room's thermostat): the templates judge it when area= is set."""


@dataclass(frozen=True)
class Home:
    """What the home has, for `everyday`."""

    player: bool = False
    coffee: bool = False
    lights: bool = False
    vacuum: bool = False
    plugs: bool = False


_ASKS = lazy_pattern(
    r"^(?:is|are|was|were|what|whats|which|how(?! about)|why|when|where|who|did|does|do you|"
    r"do i|any|check|tell me|should|(?:could|can) i (?!(?:get|have)\b))\b"
)
"""A question about the world, not a command ("how much caffeine is in a latte")."""
_NOT_HOME = lazy_pattern(
    r"\b(?:shops?|cafes?|caf\u00e9|store|stores|starbucks|costa|buy|bought|sell|price|prices|cost|"
    r"costs|recipes?|cakes?|ingredients?|spell|spelling|song|songs|tweet|post|stains?|blemish|"
    r"calories|healthy|beans|grounds|brand|history|invented|grown|growing|country|nespresso|"
    r"delivery|deliver|order status|near me|nearby|directions|pub|brewery|brewhouse|beer|"
    r"whisper|whispering|repeat|notifications?|phone|call|calls|ringer|ringtone|email|texts?)\b"
)
"""Words that put a request outside the home ("coffee shop", "whisper mode", "mute my phone")."""

# --- media player: volume and mute ---------------------------------------------------------
_SOUND = r"(?:volume|sound|audio|music|speakers?|radio|tv|television|media|noise)"
_LOUDER = lazy_pattern(
    r"\blouder\b|^(?:more )?loudly$|"
    r"^(?:(?:speak|talk|sing|play (?:it|this|that)) )(?:a (?:little |bit )?|"
    r"little |much |bit )?(?:louder|loud|up|more loudly)\b|"
    r"^(?:turn|crank|pump|bring|move|tune) (?:it |this |that )?up"
    r"(?: a (?:little |bit |notch|tad)| a little| a bit| a notch| some| more)*$|^up$"
)
_QUIETER = lazy_pattern(
    r"^(?:a (?:little |bit )?|much |little )?(?:quieter|softer)$|"
    r"^(?:make it|go) (?:a (?:little |bit )?|much |little )?(?:quieter|softer)$|"
    r"^(?:(?:it is|you are|that is|this is) )?(?:really |way |much |a bit |far |so )?too loud$|"
    r"^(?:it is|you are) (?:really|so|very|way too|far too) loud\b|"
    r"^(?:no )*(?:turn|bring) (?:it|this|that) down(?: a (?:little|bit|notch|tad))?$|^down$|"
    r"^keep (?:it|the noise|the sound|the music) down(?: a (?:little|bit))?$"
)
"""Softer, said to the player in use ("too loud", "turn it down"); never "speak softer"."""
"""Louder ("speak up", "play it louder", "turn up"): never softer, which asks for whispering."""
_VOLUME = lazy_pattern(
    rf"(?:^|\b(?:turn|crank|pump|bring|move|tune|and) )(?:up|down) (?:the |my |your |some )?"
    rf"(?:\w+ )?{_SOUND}\b|"
    rf"\b(?:more|less|lower|higher|louder|full|maximum|max|increase|decrease|raise|reduce|"
    rf"lessen|low|boost|bump|bump up|amplify) (?:the |my |your |some )?(?:\w+ )?{_SOUND}\b|"
    rf"\b(?:turn|crank|bring|pump|set|make|put) (?:the |my |your |this |that )?(?:\w+ )?"
    rf"{_SOUND} (?:up|down|higher|lower|high|low|louder|quieter|softer)\b|"
    rf"\bvolume (?:\w+ )?(?:up|down|higher|louder|lower|plus|minus|to \d+|at \d+|on "
    rf"(?:max|maximum|full|high|low))\b|"
    rf"\b{_SOUND} (?:is|are|too|so) (?:too |so |really |very |a bit |way too )?"
    rf"(?:low|high|loud|quiet|soft)\b|"
    rf"\b{_SOUND} (?:level )?(?:should|to|must) (?:be )?(?:increase|decrease|louder|higher|"
    rf"lower|go up|go down)"
)
"""A volume change that names the sound ("more volume", "turn up radio volume", "the music is
too soft", "the music volume should increase to 90")."""
_MUTE = lazy_pattern(
    r"^(?!.*\bun-?mute)(?:.* )?(?:mute|muted|on mute)\b|"
    r"^(?:activate |turn on |switch on |put on |go |be |enable )?(?:silent|silent mode)"
    r"(?: on| now| please)*$|"
    r"^(?:the )?(?:sound|audio|noise) off$|"
    r"^(?:go|switch|put|set) (?:it |everything )?(?:on|to|into) silent$|"
    r"^make (?:it|everything) silent$|^(?:no|zero|0) volume$|^volume (?:to )?(?:zero|0)$|"
    r"^(?:disable|deactivate|kill) (?:the |all )?(?:sound|audio|volume)$|"
    r"^no (?:more )?(?:noise|sound)$|^stop all (?:sounds?|noise|audio)$|"
    r"^i (?:do not|dont) want (?:any )?(?:sound|noise|audio)\b|"
    r"^(?:turn|switch|cut|shut) (?:off )?(?:the |all )?(?:sound|audio|noise|volume)(?: off)?$|"
    r"^(?:silent|quiet) mode (?:on )?(?:for )?(?:the next |the coming )?(?:\d+|an?|a few|few) "
    r"(?:minutes?|hours?|days?)\b"
)
"""Muting ("mute until tomorrow", "put the sound on mute", "silent mode", "sound off")."""
_QUIET_WHILE = lazy_pattern(
    r"^(?:(?:silent|quiet) mode(?: on)?|(?:do not|dont|please do not) "
    r"(?:speak|talk|respond|answer|reply|make (?:a|any) (?:sound|noise))|"
    r"(?:be|go|stay|keep|remain) (?:quiet|silent|mute)|silence|quiet|"
    r"no (?:sound|talking|speaking|noise))(?: to (?:me|us|anyone))? "
    r"(?:for|until|till|til|during|in|from|between)\b"
)
"""Silence for a while ("do not respond for 50 seconds", "stay silent until noon"): muting the
player, then unmuting it."""

# --- coffee ----------------------------------------------------------------------------------
_COFFEE = lazy_pattern(
    r"\b(?:cof+e+s?|espresso|expresso|cap+uc+h?inos?|cappochino|latte|lattes|decaf|"
    r"americano|macchiato|mocha|cup of joe|flat white|caffeine|"
    r"coffee (?:maker|machine|pot|brewer))\b"
)
_COFFEE_TALK = lazy_pattern(
    r"\b(?:spill|spilled|spilt|allergic|addicted|addiction|favou?rite|hate|quit|quitting|"
    r"too much|caffeinated|decaffeinated|was|were|had|yesterday|tastes?|smells?|"
    r"out of|low on|short on|run out|ran out|no more|left|need more|some more|buy|bought|"
    r"pick up|shopping|store|list|cross|tick|note|jot|remember)\b"
)
"""Talk about coffee, not a request for one ("i spilled coffee on my laptop"; "we're out of coffee"
is for the shopping list)."""
_BREW = lazy_pattern(
    r"^(?:start|begin|commence) (?:the )?brew(?:ing)?(?: cycle)?$|"
    r"^brew (?:me |us )?(?:a |one |another )?(?:fresh )?(?:cup|pot|mug)$"
)
"""Brewing with no drink named ("start brewing please", "brew me a cup")."""


# --- lights ----------------------------------------------------------------------------------
_COLOR_WORDS = (
    "red|orange|yellow|green|blue|purple|pink|white|cyan|magenta|violet|teal|turquoise|lime|"
    "gold|amber|indigo|lavender|reddish|pinkish|yellowish|bluish|blueish|greenish|purplish"
)
_LIGHT = lazy_pattern(r"\b(?:lights?|lamps?|lighting|bulbs?|chandelier|brightness)\b")
_LIGHT_CHANGE = lazy_pattern(
    r"\b(?:on|off|up|down|out|brighter|bright|dimmer|dim|dimmed|darker|dark|brighten|darken|"
    r"lower|raise|increase|decrease|reduce|minimi[sz]e|maximi[sz]e|lessen|more|less|intensity|"
    r"adjust|settings?|shutoff|attenuate|lighter|brightener|"
    r"colou?rs?|warmer|cooler|max|maximum|full|half|percent|\d+ ?%|" + _COLOR_WORDS + r")\b"
)
_NOT_LIGHTS = lazy_pattern(
    r"\b(?:engine|dashboard|car|cars|traffic|bill|bills|beer|rail|year|years|weight|meal|snack|"
    r"flash|flashlight|speed|sun|sunlight|headlights?|brake|warning|indicator|tire|tyre|oil|"
    r"fuel|gas|mechanic|lightning|lighthouse|lighter|bulb (?:type|size)|buy|order|"
    r"light (?:of|at the end)|in (?:the )?light of|shed|travel light|light reading|"
    r"light as|light sleeper|candles?|look up)\b"
)
"""A light word that is no lamp of the home ("the check engine light is on", "light beer")."""
_ROOM_LIGHT = lazy_pattern(
    r"^(?:make |get )?(?:it |this room |the room |my room |the place |this place |in here )?"
    r"(?:a (?:little |tad |bit )?|much |little |slightly |bit )?(?:brighter|darker|dimmer)"
    r"(?: in here| here| please| thanks| now)*$|"
    r"^(?:brighten|darken)(?: up)?(?: the| this| my)?(?: room| place| house| in here| it)?"
    r"(?: a (?:little|bit|tad)| a little bit| slightly)?$"
)
"""Brighter or darker with no lamp named ("a little brighter", "darken the room a bit")."""
_COLOR_CHANGE = lazy_pattern(
    r"^(?:change|switch|adjust|set|shuffle|cycle) (?:the |your |my )?colou?rs?\b|"
    r"^(?:make|turn) (?:it|this room|the room|my room) (?:" + _COLOR_WORDS + r")"
    r"(?: in here| here)?$"
)
"""A colour change with no lamp named ("change the colours please", "make it blue in here")."""
_MOOD = lazy_pattern(
    r"^(?:make|get) (?:it|this room|the room|my room|the place|this place|the house) "
    r"(?:more |a (?:little |bit )?|nice and |really |extra )?(?:cosy|cozy|romantic|relaxing)"
    r"(?: in here| here| please| for (?:us|me))*$|"
    r"^(?:set|create|give me) (?:the |a )?(?:romantic |relaxing |cosy |cozy )?mood"
    r"(?: in here| please| for (?:us|me))*$|"
    r"^(?:(?:give me|i want|i would like|let us have|lets have) )?(?:some )?"
    r"(?:romantic|relaxing|relaxed|cosy|cozy|party|disco|chill|calm|soothing|reading|movie) "
    r"(?:colou?rs|lighting|lights?|vibes?)(?: in here| please| for (?:us|me))*$|"
    r"^(?:(?:i need|i want|i would like|give me|can i have|can we have|create|set up|we need|"
    r"lets have|let us have) )?(?:some |a (?:bit of |little )?|an? |more )?(?:ambiance|ambience|"
    r"atmosphere|mood lighting|ambient (?:light|lighting))"
    r"(?: in here| here| please| for (?:us|me)| in the [a-z ]{2,20})*$"
)
"""A mood for the room with no lamp named ("make it cosy in here", "set the mood", "i need
some ambiance please")."""

# --- the vacuum ----------------------------------------------------------------------------------
_VACUUM = lazy_pattern(
    r"^(?:start|begin|initiate|commence|resume)(?: the)?(?: house| home| floor| floors)? "
    r"(?:cleaning|vacuuming|hoovering|cleanup|clean up)\b|"
    r"^(?:vacuum|hoover|mop|sweep|clean) (?:up )?(?:the |my |all the |our )?(?:whole )?(?:\w+ )?"
    r"(?:floors?|carpets?|rugs?|house|home|room|rooms|kitchen|hall|hallway|bedroom|bathroom|"
    r"living room|dining room|office)\b|"
    r"\b(?:vacuum cleaner|robot cleaner|cleaner robot|cleaning robot|robo ?vac|robot vacuum)\b|"
    r"^robot (?:vacuum|clean|do|start|go)\b|\b(?:roomba|iroomba|irobot|robovac)\b|"
    r"^(?:start|activate|initiate|run|turn on|on|use|launch|operate) (?:the |my )?cleaner\b|"
    r"\bcleaner (?:robot )?(?:on|start)$|"
    r"^(?:vacuum|hoover|hoovering|vacuuming)(?: please| now| the place| around)*$|"
    r"^(?:get|set|send|fire up|put) (?:the |my )?(?:\w+ )?(?:vacuum|hoover|robot|cleaner)\b|"
    r"^(?:do|get on with) (?:the |some )?(?:vacuuming|hoovering)\b"
)
"""The robot vacuum, however said ("start cleaning", "vacuum the kitchen", "on vacuum cleaner")."""
_NOT_VACUUM = lazy_pattern(
    r"\b(?:car|teeth|dishes|clothes|dry cleaner|laundry|windows|reviews?|deals?|best|cheap|"
    r"cheapest|recommend|compare|models?|sale)\b"
)

# --- plugs ------------------------------------------------------------------------------------
_PLUG = lazy_pattern(
    r"^(?:on|off) (?:the |my )?(?:\w+ ){0,2}(?:plug|plugs|socket|sockets|outlet|outlets)$|"
    r"^(?:the |my )?(?:\w+ ){0,2}(?:plug|socket|outlet)s? (?:on|off)$"
)
"""A plug switched with "on"/"off" said first or last ("off the plug", "outlet off")."""


_WAKE = lazy_pattern(
    r"^(?:(?:hey|hi|ok|okay) (?:olly|ollie|alexa|google|siri|computer|assistant)|olly|ollie|"
    r"alexa)\b,? *"
)
"""A wake word before the request ("hey olly make it cosy"); a bare "google" is a verb."""


_DISLIKED = lazy_pattern(
    r"^i (?:do not|dont|don't|really don't|really dont|really do not) (?:like|love|want) "
    r"(?:the |this |these |that |those |my |our )?(?:[a-z]+ )?(?:lights?|lighting|lamps?)"
    r"(?: (?:in|of) (?:the |this |my )?[a-z]+)?(?:(?: please)?(?: (?:show|give) me "
    r"(?:some )?(?:other|different|more) (?:options|colou?rs|settings))?)?$"
)
"""Dislike of the light as it is ("i don't like this light please show me other options", "i
don't want the kitchen lights"): the role asks which colour or brightness."""


def everyday(text: str, home: Home) -> str | None:
    """Why the home claims `text` (normalized), or None to leave it to the classifier."""
    text = _WAKE.sub("", text) or text
    if _ASKS.match(text) or _NOT_HOME.search(text):
        return None
    if home.player and (
        _LOUDER.search(text) or _QUIETER.search(text) or _VOLUME.search(text) or _MUTE.search(text)
    ):
        return "Asks the media player to change its volume."
    if home.player and MUSIC_OFF.match(text):
        return "Asks the media player to stop the music."
    if home.player and _QUIET_WHILE.match(text):
        return "Asks for silence for a while: the media player is muted, then unmuted."
    if home.coffee and (
        (_COFFEE.search(text) and not _COFFEE_TALK.search(text)) or _BREW.match(text)
    ):
        return "Asks for a coffee: this home has a coffee machine."
    if home.lights and not _NOT_LIGHTS.search(text):
        if (_LIGHT.search(text) and _LIGHT_CHANGE.search(text)) or any(
            p.match(text) for p in (_ROOM_LIGHT, _COLOR_CHANGE, _MOOD, _DISLIKED)
        ):
            return "Asks to change the lights: this home has lights."
    if home.vacuum and _VACUUM.search(text) and not _NOT_VACUUM.search(text):
        return "Asks for the robot vacuum: this home has one."
    if home.plugs and _PLUG.match(text):
        return "Switches a plug: this home has plugs."
    return None


# --- follow-ups to a light command -------------------------------------------------------------
_POINTS_BACK = lazy_pattern(r"\b(?:it|that|them|this one|those)\b")
_LIGHT_STEP = lazy_pattern(
    r"\b(?:brighter|brighten|lighter|dimmer|dim|darker|darken|louder|quieter|softer|"
    + _COLOR_WORDS
    + r")\b|"
    r"\bturn (?:it|them) (?:up|down)\b"
)
_BARE_STEP = lazy_pattern(
    r"^(?:(?:and|now|then|ok|okay|also) )*(?:make it )?(?:a (?:little |tad |bit )?|much |bit |"
    r"little |slightly |even )?(?:brighter|dimmer|darker|louder|quieter|softer|"
    + _COLOR_WORDS
    + r")"
    r"(?: please| again| still| instead| now)*$"
)
_ANOTHER_PLACE = lazy_pattern(
    r"^(?:(?:and|now|then|ok|okay|also) )+(?:(?:what|how) about |for |in )?(?:the |my )?"
    r"(?P<place>[a-z' ]{2,30}?)(?: too| as well| please| one)*$"
)


def follow_up_shape(text: str, targets: re.Pattern[str] | None) -> bool:
    """Whether `text` (normalized) reads as a follow-up to a light or player command.

    "make it brighter", "dim it a bit", "make it blue", "a bit brighter", "louder", "now the
    kitchen" (a place of the home).
    """
    if _POINTS_BACK.search(text) and _LIGHT_STEP.search(text):
        return True
    if _BARE_STEP.match(text):
        return True
    place = _ANOTHER_PLACE.match(text)
    return bool(place and targets is not None and targets.fullmatch(place["place"]))

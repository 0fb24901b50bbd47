"""Everyday smart-home phrasing that Home Assistant's templates leave out.

People rarely say "set the living room light brightness to 40%". They say "lights down a bit",
"it's too bright in here", "make it blue in here", "i need a coffee", "turn it up", "be quiet".
`understand` turns those into the same tool calls the templates would, with the target found
among the home's own devices:

* a device the request names (by name, alias or the name without its kind word), as said;
* else a kind of device ("the lamp", "overhead lights", "the speakers"), with what qualifies it;
* else the kind the action is about: every light (the ones near the speaker when the request
  came from a room), the media player (the one playing, the one nearby, or the only one), the
  coffee machine.

It never turns a question into a change: a request opening like a question ("is the coffee
ready", "what is the volume") is left to the state questions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from agent_system.understanding import normalize
from roles.smart_home._answers import ask_which_light
from roles.smart_home._appliances import coffee, kettle, plug
from roles.smart_home._colors import KELVIN, kelvin_said
from roles.smart_home._common import by_own_name
from roles.smart_home._looks import HIT, look_question, quality, unsaid_look
from roles.smart_home._media import volume
from roles.smart_home._moods import MOOD_WORDS, mood
from roles.smart_home._targets import KIND_NOUNS, mass, named, target, where
from roles.smart_home.backend import Device

__all__ = [
    "clean",
    "is_question",
    "look",
    "shade_of_light",
    "understand",
    "which_light",
    "without_wake_word",
]

_WAKE = lazy_pattern(
    r"^(?:(?:hey|hi|ok|okay|yo)\s+)?(?:olly|ollie|alexa|google|siri|cortana|computer|"
    r"assistant|system)\b[\s,]*",
    re.I,
)
_TRAIL = lazy_pattern(
    r"(?:\s+(?:please|thanks|thank you|for now|now|right now|immediately|asap|for me|at once))+$"
)
_QUESTION = lazy_pattern(
    r"^(?:is|are|was|were|what|whats|which|how(?! about)|when|where|who|why|check|tell me|"
    r"status)\b|"
    r"^(?:did|does|do) (?:i|you|we|they|it|the|my|our|any|anyone|someone)\b|"
    r"^(?:has|have) (?:i|you|we|they|it|anyone|someone)\b|"
    r"^(?:has|have) (?:the|my|our) .*\b(?:been|finished|done|started|stopped)\b"
)


def is_question(text: str) -> bool:
    """Whether `text` asks rather than commands ("do I have any unlocked doors", "tell me ...")."""
    return bool(_QUESTION.match(clean(text)))


_WAKE_LAST = lazy_pattern(
    r"(?:,?\s+(?:please|thanks))?,?\s+(?:(?:hey|ok|okay)\s+)?(?:olly|ollie|alexa|google|siri|cortana)"
    r"[\s.!?]*$",
    re.I,
)
"""A wake word said last ("lights on please olly", "lights on, alexa")."""


def without_wake_word(text: str) -> str:
    """`text` without a wake word first or last ("hey olly, ...", "alexa ...", "..., olly")."""
    return _WAKE_LAST.sub("", _WAKE.sub("", text.strip())) or text


def clean(text: str) -> str:
    """`text` normalized, without a wake word ("hey olly"), politeness or a trailing "now"."""
    text = _WAKE.sub("", text.strip())
    text = normalize(text)
    text = _WAKE.sub("", text)
    return _TRAIL.sub("", text).strip()


# --- lights: brighter, dimmer, colours --------------------------------------------------------
_LIGHT_WORDS = lazy_pattern(
    rf"\b(?:{KIND_NOUNS['light']}|brightness|brighten|brighter|brightener|lighten|dim|dimmer|darken|"
    r"darker|too dark|too bright|so bright|so dark|dark in here|dark here|bright in here|"
    r"dark in the|bright in the|can ?not see|cant see|can't see)\b"
)
_UP = lazy_pattern(
    r"\b(?:brighten|brighter|brightener|bright|lighten|increase|raise|more|up|boost|max|maximum|full|"
    r"add|too dark|so dark|dark in here|dark here|dark in the|can ?not see|cant see|can't see)\b"
)
_DOWN = lazy_pattern(
    r"\b(?:dim|dimmer|dimmed|darken|darker|decrease|lower|reduce|less|down|minimi[sz]e|"
    r"lessen|attenuate|soften|lowest|minimum|too bright|so bright|"
    r"(?<!make it )(?<!get it )bright in (?:here|the))\b"
)
_LIGHTER_SHADE = lazy_pattern(
    r"\b(?:(?:a |an )?(?:bit |little |touch |tad |slightly )?(?:lighter|gentler|paler) "
    r"(?:shade|tone|glow|setting|level)s?|(?:lighten|tone down) the (?:shade|tone|glow))\b"
)
"""Softer light said as a shade ("a lighter shade on the lights", "a paler tone in the kitchen"):
dimmer, not a pastel colour ("lighter colours" is still one)."""
_ON_LOW = lazy_pattern(
    r"\b(?:on|to|at) (?:a |the )?(?:(?P<low>low|dim)|high|full)"
    r"(?: (?:setting|level|brightness|power))?(?= in\b| please\b|$)"
)
"""A brightness said as a setting ("put the lights on low", "bedroom lamp to high")."""
_SMALL = lazy_pattern(r"\b(?:a (?:little )?bit|a little|slightly|a touch|a tad|little)\b")
_OUT = lazy_pattern(
    r"^(?:turn |put |switch |blow )?(?:the |all the |my )?lights? out$|"
    r"^(?:turn|put|switch|blow) out (?:the |all the |my )?lights?$|"
    r"^(?:make it |i want it |go )?dark(?:ness)?(?: in here| here)?$|"
    r"^(?:stop|off) (?:the |all the |all |my )?lights?$"
)
_NO_NEED = lazy_pattern(
    r"\b(?:do not|dont|no longer|not) need (?:the |any |my |these |those )?(?:lights?|lamps?|"
    r"lighting)\b|\b(?:lights?|lamps?|lighting) (?:is |are )?(?:not|no longer) needed\b|"
    r"^no (?:more )?(?:lights?|lighting)$"
)
_COLORS = {
    **{
        c: c
        for c in (
            "red orange yellow green blue purple pink white cyan magenta violet teal turquoise "
            "lime gold amber indigo lavender daylight".split()
        )
    },
    "warm white": "warm white",
    "cool white": "cool white",
    "soft white": "warm white",
    "neutral white": "white",
    "natural white": "white",
    "cold white": "cool white",
    "warmer": "warm white",
    "cooler": "cool white",
    **{  # a tint or shade, as said: the tool sets its color ("pinkish": pink)
        c: c
        for c in (
            *"reddish pinkish yellowish bluish blueish greenish purplish orangey".split(),
            *("sky blue", "baby blue", "dark blue", "navy blue", "pale pink", "hot pink"),
            *("dark green", "lemon yellow"),
        )
    },
}
_COLOR = lazy_pattern(r"\b(?P<c>" + "|".join(sorted(_COLORS, key=len, reverse=True)) + r")\b")
_COLOR_WORD = lazy_pattern(r"\bcolou?rs?\b|\bhues?\b|\btint\b")
_COLOR_SAID = lazy_pattern(r"\b(?:back to|be|paint|painted|glow)\b")
"""Words that make a colour said alone a light's colour: "back to white", "can the kitchen be
blue", "paint the kitchen blue", "colour red"."""
_RESET = lazy_pattern(r"\b(?:reset|restore|default|normal|regular|usual)\b")
_OTHER_COLOR = lazy_pattern(r"\b(?:different|random|another|other|new|shuffle|cycle|switch up)\b")
_CHANGE = lazy_pattern(
    r"\b(?:change|changed|make|set|turn|switch|want|give|like|have|need|get|adjust|select|"
    r"modify|replace|transition|go)\b"
)


_WANT_LIGHT = lazy_pattern(
    r"^(?:(?:(?:i |we )?(?:need|want|would like|d like)|can (?:i|we) (?:have|get)|could (?:i|we) "
    r"(?:have|get)|give (?:me|us)|get (?:me|us)|let there be|bring (?:me |us )?(?:back )?) )?"
    r"(?:some |a (?:little )?(?:bit of )?|a touch of )?(?:light|lights|lighting)"
    r"(?: on)?(?: (?:in|for|of) (?:the |my |our |this )?[a-z']+(?: [a-z']+)?| in here| here)?$|"
    r"^on with the (?:lights?|lamps?)\b"
)
"""Light wanted, with no verb for it: "i need light", "can i have some light in the kitchen",
"lights please", "on with the lights" (never "more light": brighter)."""


_TOO_DIM = lazy_pattern(
    r"\b(?:(?:too|so|very|really|quite|rather|pretty|a (?:little |bit )?|bit|kind of|kinda) )+"
    r"(?:dim|dull|dingy|gloomy)\b|\bnot (?:bright|light) enough\b|\bdim in here\b|"
    r"\bgetting (?:dark|darker|dim|gloomy)\b|"
    r"(?<=[a-z] )(?:is|are) (?:dark|gloomy|dim)(?= in here$| here$|$)"
)
"""Not enough light ("the lights are too dim", "it's not bright enough"): brighter, not dimmer."""
_HOW_BRIGHT = (
    (lazy_pattern(r"\bless bright\b"), "dimmer"),
    (lazy_pattern(r"\bmore bright\b"), "brighter"),
    (lazy_pattern(r"^make it bright(?= in here$| here$|$)"), "make it brighter"),
    (  # "bright" said as a verb: "i want to bright the room more", "bright up the hallway"
        lazy_pattern(r"(?<!too )(?<!so )(?<!very )\bbright (?=(?:the|my|this|our|them|up)\b)"),
        "brighten ",
    ),
)
_THING_COLORS = {
    "sunset": "orange",
    "sunrise": "orange",
    "fire": "orange",
    "flame": "orange",
    "autumn": "orange",
    "ocean": "blue",
    "sea": "blue",
    "sky": "blue",
    "ice": "cool white",
    "forest": "green",
    "grass": "green",
    "jungle": "green",
    "rose": "pink",
    "candy": "pink",
    "sunshine": "yellow",
    "sunny": "yellow",
    "lemon": "yellow",
    "snow": "white",
    "blood": "red",
    "cherry": "red",
}
_THINGS = "|".join(_THING_COLORS)
_AS_A_THING = lazy_pattern(
    rf"\b(?:an? |the )?(?P<thing>{_THINGS})(?:y|ish)? "
    r"(?P<what>colou?rs?|glow|tones?|hues?|shades?|lights?|lighting)\b"
)
_LOOK_LIKE = lazy_pattern(rf"\blook like (?:an? |the )?(?P<thing>{_THINGS})\b")
"""A colour said as a thing that has it ("a sunset glow", "ocean colours", "look like a forest")."""
_WARM_LIGHT = lazy_pattern(r"\b(warm|cool|cold)(?= (?:lights?|lamps?|lighting|glow)\b)")
"""White said by its warmth ("i want warm lights", "cool lighting in the office")."""
_SHADE_OF_LIGHT = lazy_pattern(
    r"\b(?:an? )?"
    + _COLOR.pattern
    + r" (?:shade|tone|tint|hue) of (?:the )?(?:light|lights|lighting)\b"
)
"""A colour said as a shade of light ("a red shade of light in the living room"): the lights,
not the window shades."""
_MANY_COLORS = lazy_pattern(
    r"(?:\b(?:in|with|to|into) (?:some |the |a )?)?"
    r"\b(?:colou?rful|multi ?colou?r(?:ed|s)?|rainbow|vibrant|psychedelic|disco colou?rs?|"
    r"(?:different|another|other|new|nicer|random) (?:shade|tone|hue|tint)s?)\b"
    r"(?: colou?rs?\b)?"
)
"""Colours with none named ("give me some colourful lights", "a different shade"): another one."""


def _lights(
    text: str, devices: Sequence[Device], speaker: str | None
) -> RoleCall | Clarification | None:
    text = _TOO_DIM.sub("too dark", text)
    for said, meant in _HOW_BRIGHT:
        text = said.sub(meant, text)
    text = _AS_A_THING.sub(lambda m: f"{_THING_COLORS[m['thing']]} {m['what']}", text)
    text = _LOOK_LIKE.sub(lambda m: f"be {_THING_COLORS[m['thing']]}", text)
    text = _SHADE_OF_LIGHT.sub(lambda m: f"{m['c']} lights", text)
    text = _WARM_LIGHT.sub(lambda m: f"{m[1]} white", text).replace("cold white", "cool white")
    colour = _color(text)
    light_said = bool(_LIGHT_WORDS.search(text))
    if _OUT.match(text) or _NO_NEED.search(text):
        return _light_call("smart_home.turn_off", text, devices, speaker, {})
    if light_said and colour is None and (low := _ON_LOW.search(text)) is not None:
        rest = " ".join(f"{text[: low.start()]} {text[low.end() :]}".split())
        setting: dict[str, object] = {"brightness": 20 if low["low"] else 100}  # "on low"
        return _light_call("smart_home.set_brightness", rest, devices, speaker, setting)
    if colour is None and (softer := _LIGHTER_SHADE.search(text)) is not None:
        step = 10 if _SMALL.search(text) else 20  # "a lighter shade on the lights": dimmer
        rest = " ".join(f"{text[: softer.start()]} {text[softer.end() :]}".split())
        return _light_call("smart_home.set_brightness", rest, devices, speaker, {"change": -step})
    if colour is None and (kind := quality(text)) is not None:  # "dark colours", "random"
        rest = " ".join(_NOT_TARGET.sub(" ", text).split())
        return _light_call("smart_home.set_color", rest, devices, speaker, {"color": kind})
    if HIT.match(text):  # "hit the lights": on
        return _light_call("smart_home.turn_on", text[4:], devices, speaker, {})
    if colour is None and _MANY_COLORS.search(text) and (light_said or _CHANGE.search(text)):
        rest = " ".join(_MANY_COLORS.sub(" ", text).split())  # "some colourful lights"
        return _light_call("smart_home.set_color", rest, devices, speaker, {"color": "different"})
    if colour is None and _WANT_LIGHT.match(text) and not re.search(r"\b(?:off|out)$", text):
        return _light_call("smart_home.turn_on", text, devices, speaker, {})
    if re.match(r"light up\b", text):  # "light up the whole house"
        return _light_call("smart_home.turn_on", text, devices, speaker, {})
    if colour is not None and (
        light_said
        or _CHANGE.search(text)
        or text == colour
        or _COLOR_WORD.search(text)
        or _COLOR_SAID.search(text)
    ):
        extra: dict[str, object] = {"color": colour, **_from_color(text, colour)}
        return _light_call("smart_home.set_color", text, devices, speaker, extra)
    other = named(text, devices)
    if colour is None and _RESET.search(text) and _COLOR_WORD.search(text):  # "reset the colour"
        return _light_call("smart_home.set_color", text, devices, speaker, {"color": "white"})
    if (
        colour is None
        and _COLOR_WORD.search(text)
        and (light_said or other is None)
        and (_CHANGE.search(text) or _OTHER_COLOR.search(text))
    ):
        rest = re.sub(r"\b(?:hues?|tint) (?:of|on|for)\b", " ", text)  # "the hue of the lamp"
        return _light_call("smart_home.set_color", rest, devices, speaker, {"color": "different"})
    if not light_said or re.search(
        r"\b(?:on|off)$|\bturn (?:on|off)\b|\bswitch (?:on|off)\b", text
    ):
        return None
    level = None if _BY.search(text) else _level(text)
    if level is not None:
        return _light_call(
            "smart_home.set_brightness", text, devices, speaker, {"brightness": level}
        )
    down, up = _DOWN.search(text), _UP.search(text)
    if down is None and up is None:
        return None
    step = 10 if _SMALL.search(text) else 20
    by = _BY.search(text)
    if by:
        step = min(100, int(by["n"] or by["m"]))
    sign = -1 if down is not None and (up is None or down.start() <= up.start()) else 1
    return _light_call("smart_home.set_brightness", text, devices, speaker, {"change": sign * step})


_NOT_TARGET = lazy_pattern(
    r"\b(?:dark|darker|deep|deeper|random|vibrant|vivid|bold|bright|brighter|strong|pastel|pale|"
    r"soft|softer|lighter|something|ones?|instead|current)\b"
)
"""Words of a colour quality that name no light ("replace the colours with dark ones")."""


def look(text: str, devices: Sequence[Device], speaker: str | None) -> Clarification | None:
    """The colour-or-brightness question for a light change that says neither, else None.

    "change lights", "light settings", "adjust the kitchen light".
    """
    said = clean(text)
    if not unsaid_look(said):
        return None
    found = _light_call("smart_home.set_color", said, devices, speaker, {})
    return found if isinstance(found, Clarification) else look_question(found)


_BY = lazy_pattern(
    r"\bby (?P<n>\d+)\b|(?P<m>\d+) ?(?:%|percent)? (?:more|less|brighter|dimmer|darker|lighter|"
    r"higher|lower)\b"
)
"""A step rather than a level: "brighten the lights by 20 percent", "20% brighter"."""


def _color(text: str) -> str | None:
    found = list(_COLOR.finditer(text))
    if not found:
        return None
    after_to = [
        m for m in found if re.search(r"\b(?:to|into|with)\s+(?:\w+\s+){0,2}$", text[: m.start()])
    ]
    pick = (after_to or found)[-1]
    return _COLORS[pick["c"]]


def _from_color(text: str, colour: str) -> dict[str, str]:
    """``from_color`` for "from red to blue": the color the lights have now."""
    said = re.search(r"\bfrom (?:the |a )?(?:colou?r )?" + _COLOR.pattern, text)
    was = _COLORS[said["c"]] if said else None
    return {"from_color": was} if was and was != colour else {}


def _level(text: str) -> int | None:
    if re.search(r"\b(?:max|maximum|full|all the way up|100 ?%)\b", text):
        return 100
    if re.search(r"\b(?:lowest|minimum|all the way down)\b", text):
        return 1
    if re.search(r"\b(?:to|at) half\b|\bhalf (?:way|brightness)\b", text):
        return 50
    match = re.search(r"\b(?:to|at)\s+(?P<n>\d+)\s*(?:%|percent)?", text) or re.search(
        r"(?P<n>\d+)\s*(?:%|percent)", text
    )
    if match is None:
        return None
    return max(0, min(100, int(float(match["n"]))))


_PLURAL_NOUN = lazy_pattern(r"\b(?:lighting|illumination)$")


def _light_call(
    tool: str, text: str, devices: Sequence[Device], speaker: str | None, extra: dict[str, object]
) -> RoleCall | Clarification:
    text = re.sub(rf"\b(?:in|into|to) (?:a |the )?{_COLOR.pattern}", " ", text)  # "lights in blue"
    found = where(text, devices, speaker)
    if isinstance(found, Clarification):
        return found
    place, text = found
    text = _COLOR.sub(" ", text)
    device = target(text, devices, "light")
    if device is not None:
        device = mass(text, _PLURAL_NOUN.sub("lights", device))
    if place.pop("every", None) or device is None:
        device = "lights" if "area" in place or "near" in place else "all lights"
    elif not place and (question := which_light(device, devices)) is not None:
        return question
    return RoleCall(tool, {"device": device, **place, **extra})


def which_light(device: str, devices: Sequence[Device]) -> Clarification | None:
    """A question for "the light" said from no particular room in a home with several."""
    lights = [d for d in devices if d.kind == "light"]
    if device.lower() not in ("light", "lamp", "bulb") or len(lights) < 2:
        return None
    if by_own_name(lights, device):
        return None  # "the lamp": the only light called a lamp
    return ask_which_light([d.name for d in lights])


def understand(
    text: str, devices: Sequence[Device], speaker: str | None = None
) -> RoleCall | RolePlan | Clarification | None:
    """Tool calls for an everyday request, a question to ask, or None (not one of these)."""
    said = clean(text)
    if not said or _QUESTION.match(said):
        return None
    found: RoleCall | Clarification | None = coffee(said, devices) or kettle(said)
    found = found or volume(said, devices, speaker) or plug(said, devices, speaker)
    if found is not None:
        return found

    def light_call(tool: str, text: str, extra: dict[str, object]) -> RoleCall | Clarification:
        return _light_call(tool, text, devices, speaker, extra)

    if (kelvin := kelvin_said(said)) is not None and (
        _LIGHT_WORDS.search(said) or _CHANGE.search(said)
    ):  # "set the lights to 3000 kelvin": their colour temperature, never a brightness
        rest = " ".join(KELVIN.sub(" ", said).split())
        return _light_call("smart_home.set_color", rest, devices, speaker, {"color": kelvin})
    if _color(said) is not None:  # "set the mood lighting to purple": the colour said wins
        plain = " ".join(MOOD_WORDS.sub("lights", said).split())
        return _lights(plain, devices, speaker) or mood(said, devices, light_call)
    if (moody := mood(said, devices, light_call)) is not None:  # "reading light please"
        return moody
    if _PLEASE.search(text) and _lights_named(said, devices):  # "kitchen lights please"
        return _light_call("smart_home.turn_on", said, devices, speaker, {})
    return _lights(said, devices, speaker)


def shade_of_light(text: str) -> str:
    """`text` with a shade of light said as the lights' colour ("a red shade of light").

    It runs before anything reads "shade" as a window shade: "red lights".
    """
    return _SHADE_OF_LIGHT.sub(lambda m: f"{m['c']} lights", text)


_PLEASE = lazy_pattern(r"\bplease\b", re.I)
_LIGHT_NAMED = lazy_pattern(
    r"(?:the |my |our |all (?:the )?)?(?:[a-z']+ ){0,2}(?:lights?|lamps?|lighting)"
    r"(?: (?:in|of) (?:the |my |our )?[a-z']+(?: [a-z']+)?)?"
)
"""Lights named with "please" and nothing else: they are wanted on (said alone, a light's name
asks for its state: "kitchen light?")."""
_NOT_A_ROOM = lazy_pattern(r"\b(?:the|my|our|all|in|of|lights?|lamps?|lighting)\b")


def _lights_named(said: str, devices: Sequence[Device]) -> bool:
    """`said` names only lights: "the lights", "kitchen lights", "the lamp in the bedroom"."""
    if not _LIGHT_NAMED.fullmatch(said):
        return False
    rest = " ".join(_NOT_A_ROOM.sub(" ", said).split())
    rooms = {normalize(d.area) for d in devices if d.area}
    lights = frozenset({"light"})
    name = named(said, devices, lights) or ""
    return not rest or rest in rooms or set(rest.split()) <= set(name.lower().split())

"""How the lights should look when no colour is named.

* A quality of colour ("make the lights dark colours", "replace the colours with dark ones",
  "something random", "vibrant colours", "pastel shades") is kept as said in ``color``; the
  tool picks a colour of that quality (`roles.smart_home._colors.QUALITIES`).
* A change asked with nothing to change ("light settings", "change lights", "adjust the
  light", "i don't like this light") asks "What colour or brightness would you like for the
  lights?", and the answer ("blue", "50%", "a bit dimmer", "something romantic") completes it.
* "hit the lights" turns them on (those of the room the request came from, when it is known).
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall
from roles.smart_home._colors import COLORS, color_of

__all__ = ["HIT", "LOOK", "look_answer", "look_question", "quality", "unsaid_look"]

LOOK = "What colour or brightness would you like for "
"""The start of the question for a light change that says no colour or brightness."""

_Q = (
    r"dark|darker|deep|deeper|random|vibrant|vivid|bold|bright|brighter|strong|pastel|pale|"
    r"soft|softer|lighter"
)
_AS = {
    "darker": "dark",
    "deep": "dark",
    "deeper": "dark",
    "vivid": "vibrant",
    "bold": "vibrant",
    "bright": "vibrant",
    "brighter": "vibrant",
    "strong": "vibrant",
    "pale": "pastel",
    "soft": "pastel",
    "softer": "pastel",
    "lighter": "pastel",
}
_COLOUR_NOUN = lazy_pattern(r"\b(?:colou?rs?|shades?|tones?|hues?|tints?)\b")
_QUALITY = lazy_pattern(
    rf"\b(?P<q>{_Q})(?= (?:colou?rs?|shades?|tones?|hues?|tints?|ones?)\b)|"
    rf"\b(?:to|into|with|them|it|something|some|a|for|be|more) (?P<r>{_Q})\b"
)


def quality(text: str) -> str | None:
    """The quality of colour `text` asks for ("dark", "random", "vibrant", "pastel"), or None.

    Only said of colours: "dark colours", "change the colours to something random" ("make it
    brighter" is a brightness, "the lights are too dark" a level).
    """
    if not _COLOUR_NOUN.search(text):
        return None
    found = list(_QUALITY.finditer(text))
    if not found:
        return None
    said = found[-1]["q"] or found[-1]["r"]
    return _AS.get(said, said)


_VERB = r"(?:change|adjust|modify|alter|tweak|update|configure|customi[sz]e|control|edit)"
_SETTINGS = lazy_pattern(
    rf"^(?:(?:i (?:want|would like|need) to|let me|i wanna) )?(?P<verb>{_VERB} )?"
    r"(?:(?:open|show me|go to|take me to) )?"
    r"(?:the |my |our |all the |these |this |those )?(?P<what>(?:[a-z']+ ){0,2}?)"
    r"(?:lights?|lighting|lamps?)"
    r"(?P<noun> (?:settings?|options?|setup|set up|controls?|preferences|scheme|looks?))?"
    r"(?: (?:please|now|again|a bit|a little))*$"
)
"""A change of the lights with no colour or brightness ("change lights", "light settings",
"adjust the kitchen light", "open the lighting options")."""
_DISLIKE = lazy_pattern(
    r"^i (?:do not|dont|don't) like (?:the |this |these |that |those |my )?(?:lights?|lighting|"
    r"lamps?|colou?rs?)\b"
)
"""Dislike of the light as it is ("i don't like this light please show me other options")."""


def unsaid_look(text: str) -> bool:
    """Whether `text` asks to change the lights and says no colour or brightness.

    "change lights", "light settings", "adjust the kitchen light", "i don't like this light".
    """
    found = _SETTINGS.match(text)
    if found is None:
        return bool(_DISLIKE.match(text))
    return bool(found["verb"] or found["noun"])  # "the kitchen lights" alone: the templates'


def look_question(call: RoleCall) -> Clarification:
    """The question `LOOK` asks about the lights of `call` ("... for the lights?")."""
    device = str(call.arguments.get("device") or "lights")
    area = call.arguments.get("area")
    if device.lower() in ("all lights", "lights", "light"):
        target = f"the lights in the {area}" if area else "the lights"
    else:
        target = f"the {device}" + (f" in the {area}" if area else "")
    return Clarification(f"{LOOK}{target}?", ("color", "brightness"))


_LEVEL = lazy_pattern(r"^(?:to |at )?(?P<n>\d+) ?(?:%|percent)?$")
_LEVEL_WORD = lazy_pattern(r"^(?:to |at )?(?P<w>full|max|maximum|half|lowest|minimum)$")
_STEP = lazy_pattern(
    r"^(?:(?:a )?(?:bit |little |lot |touch |tad )?(?:much )?(?:brighter|dimmer|darker|lighter|"
    r"less bright|more bright)|dim(?: them| it)?|brighten(?: them| it)?|brighter|dimmer)$"
)
_LOOK_WORD = lazy_pattern(
    r"\b(?:warm|cool|cold|white|daylight|romantic|relaxing|cosy|cozy|party|reading|night|movie|"
    r"calm|colou?rful|rainbow|different|another)\b"
)


def look_answer(answer: str, question: str) -> str | None:
    """The request an answer to `LOOK` makes, or None when `answer` is no such answer.

    "blue" -> "make the lights blue", "50%" -> "set the lights to 50%", "a bit dimmer",
    "something romantic".
    """
    target = question[len(LOOK) :].rstrip("?").strip()
    said = re.sub(
        r"^(?:make (?:it|them) |just |please |i want |i would like |i'd like )", "", answer.lower()
    )
    said = " ".join(re.sub(r"[?!.,]|\s*\b(?:please|thanks|thank you)$", "", said).split())
    if not said or not target:
        return None
    if level := _LEVEL.match(said):
        return f"set {target} to {level['n']}%"
    if level := _LEVEL_WORD.match(said):
        return f"set {target} to {level['w']}"
    words = said.removeprefix("something ").removeprefix("some ").removeprefix("a ")
    if (
        _STEP.match(said)
        or color_of(words) in COLORS
        or color_of(words.split()[-1]) in COLORS
        or _LOOK_WORD.search(said)
        or quality(f"{said} colours") is not None
    ):
        return f"make {target} {said}"
    return None


HIT = lazy_pattern(
    r"^(?:hit|hit up) (?:the |my |all the )?(?:lights?|lamps?)"
    r"(?: (?:in|of) (?:the |my |our )?[a-z' ]+| in here| here)?$"
)
""""hit the lights", "hit the lights in the kitchen": switch them on."""

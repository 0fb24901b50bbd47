"""The weather role's first stage: questions about the weather and the sun.

- Sunrise and sunset: "when is sunset", "what time does the sun come up tomorrow", "sunrise in
  Rome on saturday", "when does it get dark today". The classifier has too few such requests to
  be sure of them. Only questions are claimed: "turn on the lights at sunset" and "wake me at
  sunrise" belong to the home and the alarms.
- A question or request that names the weather or what to wear for it ("hey olly how is the
  weather in long island new york", "temperature this hour", "will i need a raincoat when i go
  to glasgow on sunday", "can i go out without an umbrella"), when nothing in it belongs to
  another role or to no role: a thermostat, an oven, a message, a song, a list, a reminder, a
  condition ("water the garden unless it rains"), a statement ("i got drenched in the rain"),
  a definition ("what is a hurricane"). On the fit rows of CLINC150, HWU64 and SLURP it takes
  no out-of-scope request but two that name the weather outright ("how is the weather today",
  labelled `maybe`, and "what is the temperature right now in new york", labelled a factual
  question), and 205 of the 261 weather requests.
- A place said bare right after the weather was answered ("paris", "in lyon", "new york?"):
  the same question there (a follow-up on the place: the thread's frame keeps the day).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from agent_system._lazy import lazy_pattern
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget, Turn
from agent_system.understanding import normalize, opens_request, split_clauses
from roles.weather._compare import comparison_in, days_compared, things_compared
from roles.weather._wear import WEAR

__all__ = ["SUN", "WHICH_CITY", "answers_which_city", "claim", "stage_for"]

_CONDITIONS = (
    r"weather|forecast|temperature|temp|degrees|rain|raining|rainy|rains|snow|snowing|snowy"
    r"|sunny|sunshine|cloudy|clouds|overcast|windy|wind|humid|humidity|storm|stormy|storms"
    r"|thunder|thunderstorms?|hail|hailing|fog|foggy|drizzle|drizzling|chilly|freezing|frost"
    r"|frosty|heatwave|heat\s+wave|pour|pouring|shower|showers|sleet|blizzards?|tornado(?:e?s)?|hurricanes?|typhoons?"
    r"|uv\s+index|pollen|muggy|sweltering|scorching|nippy|balmy|breezy|gusty|blustery"
    r"|(?:barometric|atmospheric)\s+pressure|wind\s+chill|uv\s+(?:level|rays)"
)
_WEATHER = lazy_pattern(rf"\b(?:{_CONDITIONS})\b")
_COMPARED = lazy_pattern(
    r"\b(?:is|will|was|where\s+is|where\s+will)\s+it\s+(?:(?:going\s+to|gonna|likely\s+to)\s+)?"
    r"(?:be\s+|get\s+)?(?:warmer|hotter|colder|cooler|chillier|wetter|rainier|drier|dryer|windier"
    r"|calmer|more\s+humid|less\s+humid)\s*,?\s+in\s+[a-z]"
)
"""Two places compared: "is it warmer in rome than in oslo", "where is it colder, in x or y"."""
_NOT_A_PLACE = lazy_pattern(
    r"\d|\b(?:it|its|i|you|we|they|he|she|me|my|your|our|this|that|these|those|there|here|what"
    r"|which|who|a|an|yesterday|today|tomorrow)\b"
)


def _plain_place(said: str) -> str | None:
    """A place as the stage takes it in a comparison: one to three words, no pronoun."""
    return said if 0 < len(said.split()) <= 3 and not _NOT_A_PLACE.search(said) else None


def _compares(said: str) -> bool:
    """Two places or two days compared, whatever the wording.

    "is rome warmer than oslo", "which is colder, london or paris", "will it be warmer tomorrow
    than today".
    """
    return days_compared(said) is not None or comparison_in(said, _plain_place) is not None


_WEAR = WEAR
"""What to wear for the weather: "do i need an umbrella", "can i go out without a raincoat"."""
_OTHER_ROLE = lazy_pattern(
    r"\b(?:e-?mail|send|text|message|tweet|post|spell|spelling|translate|recipe|cook|cooking"
    r"|bake|baking|oven|fry|frying|roast|grill|boil|stock|stocks|shares|news|song|songs|music"
    r"|coffee|espresso|latte|cappuccino|tea|drink|cup|mug|glass|pint"
    r"|play|playing|movie|film|book|novel|read|thermostat|ac|a/c|air\s+con\w*|heating|heater"
    r"|fridge|freezer|set|turn|make|change|lower|raise|increase|decrease|adjust|in\s+here|inside"
    r"|indoors|room|house|home\s+temperature|convert|conversion|fahrenheit\s+in|celsius\s+in"
    r"|to\s+celsius|to\s+fahrenheit|road|traffic|list|calendar|remind|reminder|alarm|timer"
    r"|meeting|schedule|event|body|fever|baby|water\s+temperature|pool|engine|cpu|computer"
    r"|phone|battery|shower\s+(?:head|gel)|wind\s+(?:up|down|chimes?)|brainstorm\w*"
    r"|snow\s?(?:white|ball|board\w*|man|flake)|rain\s?(?:bow|man|forest)|rains\s+of"
    r"|purple\s+rain|storm\s+(?:trooper|drain)|thunder\s?(?:bird|cats|bolt)"
    r"|cloud\s+(?:storage|drive|computing)|icloud|stormy\s+daniels|sunny\s+(?:side|d|delight)"
    r"|frost\s+(?:giant|bite)|hail\s+(?:mary|caesar)|playlist|hail\s+from|do\s+you\s+hail"
    r"|card|baked?|aunt|uncle|named|called|rates?|how\s+do\s+(?:i|you)\s+(?:ask|say)"
    r"|in\s+(?:chinese|spanish|french|german|italian|japanese|russian|arabic|hindi|portuguese)"
    r"|kitchen|bedroom|living|bathroom|garage|basement|attic|office|nursery|upstairs|downstairs"
    r"|hallway|lounge|sensor|greenhouse|cellar|describe|explain|definition|meaning|define"
    r"|tell\s+me\s+about|history|how\s+(?:does|do|is|are)\s+\w+\s+(?:formed|form|made|work)"
    r"|why|cause|causes|caused|names?|notify|notification|alert|warn|ping|(?:tell|let)\s+me\s+know"
    r"\s+(?:when|once|as\s+soon)|when\s+it\s+(?:starts|stops|begins)|as\s+soon\s+as|once\s+it)\b"
)
"""Words of another role, or of no role: a thermostat, an oven, a message, a song, a list."""
_DEFINITION = lazy_pattern(r"^(?:what\s+is|define|meaning\s+of)\s+(?:an?\s+)?\w+$")
_STATEMENT = lazy_pattern(
    r"^(?:(?:hey|ok|okay|olly|alexa|so|well|oh)\s+)*(?:i|i'm|i've|i'd|the|my|we|we're|it\s+was"
    r"|it's\s+been|that|this|today\s+was|yesterday)\b"
)
"""A statement ("i got drenched in the rain", "the weather is sunny today"), unless it asks."""
_WANTS = lazy_pattern(
    r"\b(?:i|we)\s+(?:want|need|would\s+like)\s+(?:to\s+know|the\s+(?:weather|forecast))"
)

SUN = lazy_pattern(
    r"\b(?:sun\s?rise|sun\s?set|sun\s?up|sun\s?down|dawn|dusk|(?:first|last)\s+light"
    r"|sun\s+(?:rises?|rising|sets?|setting|comes?\s+up|coming\s+up|goes?\s+down|going\s+down"
    r"|(?:will\s+)?(?:rise|set|come\s+up|go\s+down))|(?:get|gets|getting)\s+(?:dark|light))\b",
    re.IGNORECASE,
)
"""Sunrise and sunset asked about ("when is sunset", "what time does it get dark"); the role
reads the same words into a forecast with `sun=True`."""
_ACTION = lazy_pattern(
    r"\b(?:remind|alarm|timer|wake|turn|switch|lights?|lamps?|calendar|schedule|close|open"
    r"|blinds?|curtains?|shades?|add|(?<!sun\s)set|start|stop|play|photos?|pictures?|song|movie|film"
    r"|book|album|tour|cruise|walk|run|dinner|drinks?|party|meet)\b"
)
_QUESTION = lazy_pattern(
    r"^(?:(?:hey|ok|okay|so|and|please|alexa|olly)\s+)*"
    r"(?:(?:can|could)\s+you\s+)?(?:(?:tell|show)\s+me\s+|let\s+me\s+know\s+|i\s+want\s+to\s+know\s+)?"
    r"(?:when|what\s+time|at\s+what\s+time|what\s+is\s+the\s+time\s+of|how\s+long\s+(?:until|till|before)"
    r"|is\s+it|will\s+it|does\s+it|what\s+time\s+is|what\s+is|sun\s?rise|sun\s?set|time\s+of)\b"
)


_INDOOR_READING = lazy_pattern(r"\b(?:temperature|temp|degrees|humid|humidity)\b")
_SKY = lazy_pattern(
    rf"\b(?!(?:temperature|temp|degrees|humid|humidity)\b)(?:{_CONDITIONS})\b|{_WEAR.pattern}"
)
"""The weather itself, not a reading a thermostat or a sensor also gives."""
_WEATHER_CUE = lazy_pattern(
    r"\b(?:weather|forecast|outside|outdoors|out\s+there|today|tonight|tomorrow|this\s+hour"
    r"|right\s+now|weekend|week|morning|afternoon|evening|monday|tuesday|wednesday|thursday"
    r"|friday|saturday|sunday)\b|\b(?:in|at|for)\s+(?!the\s|my\s|our\s|here\b)[a-z]"
    r"|\b(?:in|around|across)\s+(?:our|my|this|the)\s+(?:city|town|village|area|region|neighbou?rhood)\b"
)
"""What makes a temperature question the weather's, not a thermostat's or a sensor's."""


def _asks_weather(said: str, device_names: re.Pattern[str] | None) -> bool:
    asked = bool(_WEATHER.search(said) or _WEAR.search(said) or _COMPARED.search(said))
    if not (asked or _compares(said)) or _OTHER_ROLE.search(said):
        return False
    if things_compared(said, _plain_place):
        return False  # "which is colder, ice or snow": two things, not two places
    if _DEFINITION.match(said) or (device_names is not None and device_names.search(said)):
        return False  # "what is the outside humidity" when the home has that sensor
    reading = _INDOOR_READING.search(said)
    if reading and not _SKY.search(said) and not _WEATHER_CUE.search(said):
        return False  # "what is the temperature?": the thermostat's, when there is one
    return not _STATEMENT.match(said) or bool(_WEAR.search(said) or _WANTS.search(said))


WHICH_CITY = "Which city?"
"""How the role's question for a place begins; the next turn may answer it ("paris")."""
_NOT_AN_ANSWER = lazy_pattern(
    r"^(?:thanks?|thank\s+you|ok(?:ay)?|no|nope|yes|yeah|never\s*mind|cancel|stop|forget\s+it"
    r"|nothing|bye|goodbye|hello|hi|hey|what|why|huh|sorry|none|anywhere|i\s+don'?t\s+know)\b"
)


def answers_which_city(text: str, history: list[Turn]) -> bool:
    """Whether `text` answers the role's "Which city?" of the turn before.

    A few words that open no request of their own: "paris", "in paris please", "london uk".
    """
    if not history or history[-1].role != "weather":
        return False
    if not history[-1].reply.startswith(WHICH_CITY):
        return False
    said = normalize(text)
    words = said.split()
    return (
        0 < len(words) <= 5
        and not _NOT_AN_ANSWER.match(said)
        and not (opens_request(text) and not said.startswith(("in ", "i'm in ", "im in ")))
        and not _OTHER_ROLE.search(said)
    )


_PLACE_ALONE = lazy_pattern(
    r"^(?:(?:and|ok|okay|now|then|so)\s+)*(?P<in>(?:in|for)\s+)?(?P<place>.+)$"
)


def names_another_place(text: str, history: list[Turn]) -> bool:
    """`text` is only a place, right after the role answered ("paris", "in lyon please").

    A place known by name (a city, a state, a country), or any short name said after "in".
    """
    if not history or history[-1].role != "weather" or not history[-1].calls:
        return False
    said = normalize(text).strip(" ?.!")
    found = _PLACE_ALONE.match(said)
    if found is None or _NOT_AN_ANSWER.match(said) or _OTHER_ROLE.search(said):
        return False
    place = re.sub(r"\s+(?:please|then|instead|too)$", "", found["place"]).strip()
    if not 0 < len(place.split()) <= 3 or _NOT_A_PLACE.search(place):
        return False
    if found["in"]:
        return True
    from roles.conversation._zones import known  # the names of the time zone data

    return not opens_request(text) and len(place) > 3 and known(place)  # not "pst", "utc"


def claim(
    request: RouteRequest, device_names: re.Pattern[str] | None = None
) -> RouteDecision | None:
    """Claim a question about the weather or the sun, or the answer to "Which city?".

    `device_names` (this home's devices) leaves a question naming one to the home.
    """
    said = normalize(request.text)
    slots: dict[str, object] = {}
    if answers_which_city(request.text, request.history):
        reason = "Answers which city."
    elif names_another_place(request.text, list(request.history)):
        reason, slots = "The weather just asked, for another place.", {"follow_up": True}
    elif SUN.search(said) and not _ACTION.search(said) and _QUESTION.match(said):
        reason = "A question about sunrise or sunset."
    elif _asks_weather(said, device_names):
        reason = "Asks about the weather."
    else:
        return None
    clauses = split_clauses(request.text)
    if len(clauses) > 1 or clauses[0].condition is not None:
        return None  # "when is sunset and set a timer": the compound rules split it
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role="weather",
        confidence=0.95,
        reason=reason,
        scores={"weather": 0.95},
        slots=slots,
    )


def stage_for(names: list[str]) -> Callable[[RouteRequest], RouteDecision | None]:
    """The stage for a home with devices called `names` (none: every question is asked)."""
    words = sorted({normalize(n) for n in names if n.strip()}, key=len, reverse=True)
    pattern = re.compile(rf"\b(?:{'|'.join(map(re.escape, words))})\b") if words else None
    return functools.partial(claim, device_names=pattern)

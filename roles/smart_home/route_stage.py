"""The smart-home first stage of the embedded router: claim clear commands to this home.

The stage runs before the classifier and its decision is final, so it claims only requests that
are plainly about this home (everything else is left to the classifier, which has seen far more
phrasings and knows when a request is out of scope):

* a custom sentence of the home file;
* a command: a device verb opening the request ("turn off ...", "can you dim ...") with, after
  it, one of the home's device names, areas or floors, or a kind of device the home has ("the
  lights", "the blinds");
* a short "<target> on/off" ("kitchen lights off");
* a state question naming the home's devices, areas or kinds with a state word ("is the front
  door locked", "what is the temperature in the living room").

A single generic word is never enough: "switch my insurance plan", "what type of plug do they use
in Spain", "how much gas is left", "play my workout playlist" and "what place do you call home"
go to the classifier. Media requests are claimed when they name the home's media player ("pause
the TV"), come from a room that has one, or follow a turn that used one ("pause"): "skip this
song" on its own is left to the classifier (CLINC150 files it as out of scope). Requests that
also speak of timers,
reminders, the weather or the calendar are left to it too (they may be compound). It only looks
words up (a few microseconds); only a few shapes it cannot judge ("stealth mode on", "replay the
last track", "are any openings open") ask the home's template matcher, when one is given.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime

from agent_system._lazy import lazy_pattern
from agent_system.roles import SPEAKER_AREA
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget, Turn
from agent_system.understanding import normalize
from agent_system.understanding._frame import last_call, resolve_follow_up
from roles.smart_home._answers import answers
from roles.smart_home._claims import DARK, INDOOR, SHOW_ASKED, Home, everyday, follow_up_shape
from roles.smart_home._device_follow import device_follow_up, pointed_follow_up, robot_said
from roles.smart_home._except import leaving_out
from roles.smart_home._lacks import TONE_COMMAND
from roles.smart_home._locked import lock_question
from roles.smart_home._media_claims import LEAD, MEDIA_COMMAND, PLAYER_SHAPES
from roles.smart_home._media_follow import media_follow_up
from roles.smart_home._other import last_device_call, names_other
from roles.smart_home._questions import ANYTHING_IN_A_STATE, INDOORS_TEMPERATURE
from roles.smart_home._warmth import FELT, FELT_SAID, WARMTH
from roles.smart_home.backend import Device, is_radio
from roles.smart_home.home import Layout
from roles.smart_home.simulated import CustomSentence

__all__ = ["HomeStage"]

_KIND_WORDS: dict[str, str] = {
    **dict.fromkeys("light lights lamp lamps bulb bulbs lighting".split(), "light"),
    **dict.fromkeys(
        "blind blinds curtain curtains shade shades shutter shutters awning garage".split(),
        "cover",
    ),
    **dict.fromkeys("fan fans".split(), "fan"),
    **dict.fromkeys(
        ("thermostat", "heating", "heater", "ac", "air conditioning", "air conditioner"),
        "climate",
    ),
    **dict.fromkeys("tv telly television".split(), "media_player"),
    **dict.fromkeys("radio radios".split(), "radio"),  # a home with a radio (`is_radio`)
    **dict.fromkeys("lock locks".split(), "lock"),
    **dict.fromkeys("vacuum roomba hoover irobot iroomba robovac".split(), "vacuum"),
    **dict.fromkeys("mower lawnmower".split(), "lawn_mower"),
    **dict.fromkeys("valve valves sprinkler sprinklers irrigation".split(), "valve"),
}
"""Kinds of device named by a common word ("the lights"): a target when the home has one."""
_COMMAND_KINDS: dict[str, str] = {
    **dict.fromkeys("plug plugs outlet outlets socket sockets switch switches".split(), "switch"),
    **dict.fromkeys("door doors gate gates window windows".split(), "cover"),
}
"""Kind words that name a target only as the object of a command ("turn off the plug"): as
words of a question they are too often about travel adapters or doors in general."""
_SENSED_WORDS = "smoke leak leaks motion occupancy moisture".split()
_QUESTION_KINDS: dict[str, str] = {
    **dict.fromkeys(
        ["carbon monoxide", *"battery batteries sensor sensors".split(), *_SENSED_WORDS],
        "sensor",
    ),
    "switches": "switch",
    **dict.fromkeys("things devices anyone anybody someone people".split(), ""),
}
"""Kind words that name a target only in a state question ("are any batteries low?")."""
_SENSED = frozenset(["carbon monoxide", *_SENSED_WORDS])
"""Of those, what a sensor senses: "is there smoke in the kitchen?"."""
_PLACES = (
    "upstairs",
    "downstairs",
    "everywhere",
    "whole house",
    "whole home",
    "entire house",
    "entire home",
    "all rooms",
    "every room",
)


_VERBS = (
    "turn switch open close shut lock unlock dim brighten set raise lower pause resume unpause "
    "mute unmute water mow start stop dock activate run put change increase decrease boost "
    "darken illuminate light kill power enable disable return send play skip next previous "
    "flip flick click pop knock throw disconnect unplug quieten soften douse extinguish"
)
_COFFEE = lazy_pattern(
    LEAD + r"(?:(?:(?:make|brew|prepare|fix|pour|get|do|cook|whip up|put on|put|start)(?: me| us)?|"
    r"i (?:want|need|would like|fancy|d like|d love|would love|could use|could do with)|"
    r"can i (?:get|have)|give me|time for) )?(?:a |an |some |my |the |one |another |us |two )?"
    r"(?:(?:cup|pot|mug)s? of |fresh |hot |black |strong |morning |quick |nice |filter |double )*"
    r"(?:coffee|espresso|expresso|cappuccino|latte|americano|macchiato|mocha|cup of joe|caffeine|"
    r"(?<=fresh )pot|(?<=of )java)s?"
    r"(?: (?:please|now|right now|on|going|for (?:me|us|him|her|my [a-z]+|[a-z]+)|"
    r"with (?:extra |more |some |a little |no )?(?:milk|sugar|cream|foam)|black|time))*$"
)
"""A coffee request ("make me a coffee", "i need some coffee"): claimed when the home has a
coffee machine."""
_COMMAND = lazy_pattern(
    LEAD + r"(?P<verb>" + "|".join(_VERBS.split()) + r"|go back)\b(?P<rest>.*)$"
)
_ON_OFF = lazy_pattern(  # a question ("what tv show is jennifer aniston on") switches nothing
    r"^(?!(?:what|which|who|whose|where|when|why|how)\b)(?:the |my |all |all the )?"
    r"(?P<target>.{2,40}?) (?:on|off)"
    r"(?: (?:in|at|on) (?:the |my |our )?[a-z0-9' ]{2,30})?$"
)
"""A target switched with "on"/"off" after it, maybe in a room: "lights off in the kids' room"."""
_QUESTION = lazy_pattern(r"^(?:is|are|was|were|what|which|how|did|does|do|any|check|tell me)\b")
_WHERE_WHO = lazy_pattern(r"^(?:where|who) (?:is|are)\b")
_WHO_HOME = lazy_pattern(
    r"^(?:who is|is (?:any|some)(?:one|body)|are (?:people|they)) (?:at )?home$"
)
_THERE_ANY = lazy_pattern(r"^(?:is|are) there\b")
_STATE = lazy_pattern(  # "on"/"off" only at the end: "how much did I spend on gas" is no question
    r"(?:\b(?:on|off)(?: right now| now| at the moment| (?:in|at|on) the [a-z0-9 ]+)?$)|"
    r"\b(?:open|opened|closed|shut|locked|unlocked|running|playing|paused|docked|"
    r"charging|temperature|brightness|status|state|position|mode|setting|settings|humidity|"
    r"warm|hot|cold|cool|bright|dark|level|low|high|normal|charged|charging|wet|dry|"
    r"triggered|detected|full|empty|connected|armed|clear|plugged|unplugged|home|away|"
    r"occupied|unoccupied)\b"
)
_OTHER_ROLES = lazy_pattern(
    r"\b(?:timers?|alarms?|remind(?:er|ers)?|weather|forecast|calendar|meeting|appointments?|"
    r"schedule|event|search|news|list|lists|note|notes)\b"
)
_FOLLOW_UP = lazy_pattern(r"^(?:and|what about|how about|also|then|same|now|it|that)\b")
_ASK_MATCHER = lazy_pattern(
    r"(?:^.{2,40} (?:on|off)$)|^transition to\b|\breplay\b|^(?:the )?tv\b|"
    r"\bgo back to the (?:last|previous)\b|\bopenings?\b|\bupdates?\b|\bvibrat"
)
"""Shapes the word lookup cannot judge but the home's templates can ("stealth mode on", "replay
the last track", "are any openings open"): only these ask the (slower) template matcher."""
_EVERYTHING = lazy_pattern(
    r"^\s*(?:everything|all|all of them|it all)(?: in the (?:house|home))?\s*$"
)
_NAMED_QUESTION = lazy_pattern(r"^(?:is|are|what|whats|what's|when|how|does|do)\b")
"""A question naming one of the home's devices ("is the phone up to date", "what is
Macrotorrent's download speed", "when will the next birthday be"): the templates judge it."""
_IN_HERE = lazy_pattern(r"\b(?:in here|in this room)\b")


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


def _alternation(phrases: Iterable[str]) -> re.Pattern[str] | None:
    said = [p for p in phrases if _norm(p)]  # as written, and as `normalize` leaves them
    unique = sorted(
        {_norm(x) for p in said for x in (p, normalize(p))} - {""}, key=len, reverse=True
    )
    if not unique:
        return None
    return re.compile(r"\b(?:" + "|".join(re.escape(p) for p in unique) + r")\b")


class HomeStage:
    """A router first stage: `stage(request)` is a smart_home decision or None."""

    def __init__(
        self,
        devices: list[Device],
        layout: Layout,
        sentences: list[CustomSentence] | None = None,
        *,
        confidence: float = 0.97,
        claims: Callable[[str, str | None], bool] | None = None,
    ) -> None:
        self._claims = claims
        self._locks = any(d.kind == "lock" for d in devices) or not devices
        names = [n for d in devices for n in (d.name, *d.aliases)]
        places = [a.name for a in layout.areas] + [x for a in layout.areas for x in a.aliases]
        places += [f.name for f in layout.floors] + [x for f in layout.floors for x in f.aliases]
        places += [d.area for d in devices if d.area]
        # No devices known (a Home Assistant home is read later): any kind may be there.
        radio = {"radio"} if any(is_radio(d) for d in devices) else set()
        kinds = {d.kind for d in devices} | radio or set(_KIND_WORDS.values()) | {"switch"}
        words = [w for w, kind in _KIND_WORDS.items() if kind in kinds]
        command_words = [w for w, kind in _COMMAND_KINDS.items() if kind in kinds]
        self._names = _alternation(names)
        self._targets = _alternation([*names, *places, *words])
        self._command_targets = _alternation([*names, *places, *words, *command_words, *_PLACES])
        sensors = kinds & {"sensor", "binary_sensor"} or not devices
        asked = [w for w, kind in _QUESTION_KINDS.items() if sensors or not kind]
        doors = [w for w, kind in _COMMAND_KINDS.items() if kind in kinds and kind != "switch"]
        self._asked = _alternation([*names, *places, *words, *doors, *asked])
        self._present = _alternation([*names, *places, *words, *(w for w in asked if w in _SENSED)])
        self._long_names = _alternation(n for n in names if len(_norm(n).split()) > 1)
        rooms = {_norm(d.area) for d in devices if d.kind == "media_player" and d.area}
        self._media_areas = rooms | {
            _norm(x) for a in layout.areas if _norm(a.name) in rooms for x in (a.id, *a.aliases)
        }
        self._media = _alternation(
            [n for d in devices if d.kind == "media_player" for n in (d.name, *d.aliases)]
            + (["tv", "television"] if "media_player" in kinds else [])
        )
        self._player = "media_player" in kinds
        self._lights = "light" in kinds
        self._thermostat = bool({"climate", "sensor"} & set(kinds))
        self._coffee = (
            any(
                re.search(r"coffee|espresso", " ".join((d.name, *d.aliases)), re.I) for d in devices
            )
            or not devices
        )
        self._home = Home(
            player=self._player,
            coffee=self._coffee,
            lights=self._lights,
            vacuum="vacuum" in kinds,
            plugs="switch" in kinds,
        )
        self._custom: set[str] = set()
        for custom in sentences or []:
            from hassil import is_template, parse_sentence, sample_expression  # only when used

            for template in custom.sentences:
                if is_template(template):
                    expanded = sample_expression(parse_sentence(template).expression)
                    self._custom.update(
                        _norm(s) for _, s in zip(range(2000), expanded, strict=False)
                    )
                else:
                    self._custom.add(_norm(template))
        self.confidence = confidence

    def __call__(self, request: RouteRequest) -> RouteDecision | None:
        """Claim `request` for smart_home, or None to let the classifier decide."""
        raw = _norm(request.text)
        if not raw:
            return None
        if request.history and answers(request.text, request.history):
            return self._decision("Answers this home's last question.")  # "the kitchen one"
        if request.history and names_other(raw) and last_device_call(request.history):
            return self._decision("The other device of the kind just used.")
        if request.history and self._follows_up(raw, request.history):
            return self._decision("Changes the light just used.", follow_up=True)
        if request.history and device_follow_up(raw, request.history):
            whole = robot_said(raw)  # "stop it and send it to base": one follow-up
            said = "Follows up on the device just used."
            return self._decision(said, follow_up=True, whole=whole)
        if request.history and pointed_follow_up(raw, request.history):
            said = "Corrects or undoes the home command just done."
            return self._decision(said, follow_up=True, whole=True)
        if self._player and media_follow_up(raw, request.history or []):  # "pause", "skip it"
            return self._decision("A media command for the player just used.")
        if request.history and _FOLLOW_UP.match(raw):
            return None  # "what about the bedroom?": the router's follow-up rules decide
        if raw in self._custom:
            return self._decision("A custom sentence of this home.")
        if _OTHER_ROLES.search(raw):
            return None
        text = _norm(normalize(request.text))  # "could you please ..." -> "..."
        excluded = leaving_out(text)  # "... except the kitchen and the hallway": one request
        reason = self._claim(excluded.rest if excluded else text)
        area = SPEAKER_AREA.get()
        asks = (
            _ASK_MATCHER.search(text)
            or (area and INDOOR.match(text))
            or (_NAMED_QUESTION.match(text) and self._names and self._names.search(text))
        )
        if reason is None and self._claims is not None and asks:
            if self._claims(request.text, area):
                reason = "A sentence this home's templates understand."
        if reason is None and _QUESTION.match(text) and _IN_HERE.search(text):
            if _STATE.search(text):
                reason = "Asks about the room the request came from."
        return None if reason is None else self._decision(reason, whole=excluded is not None)

    def _claim(self, text: str) -> str | None:
        if self._thermostat and INDOORS_TEMPERATURE.match(text):
            return "The temperature inside this home (it has a thermostat or sensor)."
        if self._thermostat and (WARMTH.match(text) or FELT.match(text) or FELT_SAID.match(text)):
            return "Turns this home's heating up or down."  # "make it warmer": the role decides
        if ANYTHING_IN_A_STATE.match(text):
            return "Asks whether anything in this home is on, open or unlocked."
        area = SPEAKER_AREA.get()
        if area and _norm(area) in self._media_areas and MEDIA_COMMAND.match(text):
            return "A media command from a room with a media player."
        if self._media is not None and (found := self._media.match(text)) is not None:
            if _COMMAND.match(text[found.end() :].strip()):
                return "A command to this home's media player."  # "TV, go back a track"
        if self._player and any(p.match(text) for p in (*PLAYER_SHAPES, TONE_COMMAND)):
            return "A volume command for this home's media player."
        if self._lights and DARK.match(text):
            return "The room is too dark or too bright: this home has lights."
        if self._coffee and _COFFEE.match(text):
            return "Asks for a coffee: this home has a coffee machine."
        if (reason := everyday(text, self._home)) is not None:
            return reason
        if self._locks and self._asked is not None and lock_question(text) is not None:
            if self._asked.search(text):  # "did i remember to lock the front door"
                return "Asks whether a door of this home is locked."
        command = _COMMAND.match(text)
        if command is not None:
            rest = command["rest"]
            if command["verb"] in ("lock", "unlock") and _EVERYTHING.match(rest) and self._locks:
                return "Locks or unlocks everything: the home's safety rule answers."
            if self._command_targets is not None and self._command_targets.search(rest):
                return "A command to a device, room or kind of device of this home."
            if self._media is not None and self._media.search(rest):
                return "A command to this home's media player."
            return None
        on_off = _ON_OFF.match(text)
        if on_off is not None and self._targets is not None:
            if self._targets.fullmatch(on_off["target"]) or self._targets.search(on_off["target"]):
                return "Switches a device or room of this home on or off."
        if _WHO_HOME.match(text) or (
            self._names is not None and _WHERE_WHO.match(text) and self._names.search(text)
        ):
            return "Asks who or what of this home is where."  # "where is Ada?"
        if self._asked is None or not _QUESTION.match(text):
            return None
        if _STATE.search(text) and self._asked.search(text) and not SHOW_ASKED.match(text):
            return "Asks about a device or room of this home."
        if _THERE_ANY.match(text) and self._present is not None and self._present.search(text):
            return "Asks about a device or room of this home."
        if self._long_names is not None and self._long_names.search(text):
            return "Asks about a device of this home by its name."
        return None

    def _follows_up(self, raw: str, history: Sequence[Turn]) -> bool:
        """`raw` changes the light the last turn used ("make it brighter", "now the kitchen")."""
        previous = last_call(list(history))
        if previous is None or not previous.tool.startswith("smart_home."):
            return False
        if not follow_up_shape(_norm(normalize(raw)) or raw, self._targets):
            return False
        resolved = resolve_follow_up(raw, list(history), datetime.now(UTC))  # no day involved
        return bool(
            resolved
            and not resolved.question
            and all(c.tool.startswith("smart_home.") for c in resolved.calls)
        )

    def _decision(
        self, reason: str, *, follow_up: bool = False, whole: bool = False
    ) -> RouteDecision:
        return RouteDecision(
            target=RouteTarget.FAST_REPLY,
            role="smart_home",
            confidence=self.confidence,
            slots={k: True for k, on in (("follow_up", follow_up), ("whole", whole)) if on},
            reason=reason,
            scores={"smart_home": self.confidence},
        )

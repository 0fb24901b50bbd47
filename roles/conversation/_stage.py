"""The conversation role's first stage, in parts, each costly part behind the words it needs.

The stage claims, in this order: a follow-up on the conversation's last question ("and in
London?"), a goodbye, a question about the meaning of life, the time or the date, how a word is
spelled, a unit conversion, a sum, one more joke right after one, a whole message that only keeps
the conversation going ("ok", "that's wrong", "say that again": roles/conversation/_acts.py; a yes,
an "ok" or a "never mind" right after the assistant asked something is left to the question's
role), a game of chance or boredom ("flip a coin", "i'm bored", behind its words), small talk said
whole ("i'm sad", "do you like music", "tell me a story", `_feelings.py`), and a question about the
assistant itself or thanks said whole ("what should i call you", "who do you take orders from",
"let me thank you", `_about.py`), chit-chat ("how's your day going", "i'm back", `_chitchat.py`) or
where the user lives ("where do i live", `_home.py`). The follow-up and the joke read the thread's
last turn and stop at once without one; a goodbye and the meaning of life are one anchored pattern
each over the normalized request. The four others read the request through dozens of patterns (the
clock rewrites it through about thirty before its first check; the sums and conversions write its
number words in digits first), for every request, though most of them can claim only a request
holding certain words. Each of those four stands behind a gate of its words
(agent_system/understanding/_gate.py; the suite runs a part its gate turned away anyway and fails
when it claims): "set a timer for 10 minutes" holds none of them.

- the clock: a word `is_clock_question` looks for before anything else, in the normalized
  request (its rewrites add none); "minutes" and "hours" only beside a word that asks ("how
  many minutes to 6:30", "what time will it be in 2 hours"): a timer's length is no question.
- spelling: "spell" ("spelled", "spelling").
- a unit conversion: a word that links its two units ("to", "in", "how many", "convert"...) and
  a unit's name (the conversions' own list of them) or a foot's or an inch's mark.
- a sum: an operator ("times", "plus", "%", "half of", "add", "average"...) and a number, in
  digits or in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize
from agent_system.understanding._gate import StageGate
from roles.conversation._clock import _CLUE
from tools._numbers import _SCALES, _VALUES
from tools._units import _NAMES

if TYPE_CHECKING:
    from agent_system.routing.models import RouteDecision, RouteRequest
    from agent_system.runtime import Runtime

__all__ = ["CHANCE_WORDS", "CLOCK", "CONVERSION", "SPELLING", "SUM", "conversation_stage"]

UNIT_TAGS = frozenset({"units", "conversion", "convert"})
"""Tags of a plugin tool that converts units: conversions are then its requests."""
SUM_TAGS = frozenset({"maths", "math", "arithmetic", "calculator"})
"""Tags of a plugin tool that does sums: sums are then its requests."""

_ASKS = lazy_pattern(
    r"\b(?:how|what|when|which|between|from|to|in|until|till|before|since|ago|left|will|is|was"
    r"|are|does|do|it|convert)\b"
)
"""The words one of which every clock question whose only clue is "minutes" or "hours" says."""


def _clock_words(said: str) -> bool:
    for found in _CLUE.finditer(said):
        if found[0] not in ("minutes", "hours") or _ASKS.search(said) is not None:
            return True
    return False


CLOCK = StageGate("conversation", _clock_words, reads=normalize, follows=False, part="the clock")
"""The words without which `is_clock_question` claims nothing."""

SPELLING = StageGate("conversation", lazy_pattern("spell").search, follows=False, part="spelling")
"""The word without which `word_to_spell` finds nothing."""

_LINKS = lazy_pattern(
    r"\b(?:to|into|in|as|how many|amount of|number of|convert|change|go from|turn|conversion)\b"
)
_MARK = lazy_pattern(r"\"|'(?![a-z])|(?<![a-z])'")
"""A foot's or an inch's mark: a double quote, or a quote not inside a word (not "what's")."""
_RUN = lazy_pattern(r"[a-z]+")
_UNIT_WORDS = frozenset(max(runs, key=len) for n in _NAMES if (runs := _RUN.findall(n)))
"""For each unit's name, its longest run of letters ("pint" of "us pint", "km" of "km/h")."""


def _conversion_words(text: str) -> bool:
    if _LINKS.search(text) is None:
        return False
    if _MARK.search(text) is not None:
        return True
    for run in _RUN.findall(text):  # "5km"; "a", "an" or "one" may be glued on ("amile")
        if run in _UNIT_WORDS or any(
            run.startswith(glued) and run[len(glued) :] in _UNIT_WORDS
            for glued in ("a", "an", "one")
        ):
            return True
    return False


CONVERSION = StageGate("conversation", _conversion_words, follows=False, part="conversions")
"""The words without which `convert` reads no conversion."""

_OPERATOR = lazy_pattern(
    r"[-+*/^%×÷−√]|(?<![a-z])x(?![a-z])|per ?cent|\b(?:times|multipl|divi|over|plus|minus|take"
    r"|less|power|raised|squared|cubed|square|sqrt|cube|half|third|quarter|double|twice|triple"
    r"|add|sum|subtract|deduct|product|quotient|difference|split|average|mean|total)"
)
_NUMBER = lazy_pattern(
    r"\d|(?<![a-z])(?:" + "|".join(sorted(_VALUES, key=len, reverse=True)) + r")(?![a-z])"
    r"|" + "|".join(_SCALES)
)
"""A number, in digits or in the words `digits` writes in digits."""


def _sum_words(text: str) -> bool:
    return _OPERATOR.search(text) is not None and _NUMBER.search(text) is not None


SUM = StageGate("conversation", _sum_words, follows=False, part="sums")
"""The words without which `work_out` works nothing out."""

CHANCE_WORDS = StageGate.of(
    "conversation",
    r"coin",
    r"heads",
    r"dice",
    r"die\b",
    r"d\d",
    r"number",
    r"bored",
    r"entertain",
    r"nothing to do",
    follows=False,
    part="chance",
)
"""The words without which `chance_kind` finds no game and no boredom."""


def conversation_stage(runtime: Runtime) -> Any:
    """The stage (see the module docstring); its gated parts are its ``parts``."""
    from agent_system.routing.models import RouteDecision, RouteTarget
    from agent_system.understanding import split_clauses
    from roles.conversation._about import about_me
    from roles.conversation._acts import (
        DROPS_NOTHING,
        dialogue_act,
        nothing_done,
        question_pending,
    )
    from roles.conversation._again import wants_another_joke
    from roles.conversation._chance import chance_kind
    from roles.conversation._chitchat import chitchat_kind
    from roles.conversation._clock import is_clock_question
    from roles.conversation._feelings import feeling_kind
    from roles.conversation._follow import asked_again
    from roles.conversation._home import asks_home
    from roles.conversation._smalltalk import is_goodbye, is_meaning_of_life
    from roles.conversation._spelling import word_to_spell
    from tools._sums import work_out
    from tools._units import convert

    def plugin_does(tags: frozenset[str]) -> bool:
        """A plugin's tool has one of `tags`: requests for it are the plugin's."""
        from agent_system.deps import REGISTRY

        if not runtime.has(REGISTRY):
            return False
        return any(
            not spec.source.startswith(("tools.", "roles.", "agent_system."))
            and tags & set(spec.tags)
            for spec in runtime.get(REGISTRY)
        )

    def claim(reason: str) -> RouteDecision:
        return RouteDecision(
            target=RouteTarget.FAST_REPLY,
            role="conversation",
            confidence=0.95,
            reason=reason,
            scores={"conversation": 0.95},
        )

    def one_clause(text: str) -> bool:
        return len(split_clauses(text)) == 1

    def follow_up(request: RouteRequest) -> RouteDecision | None:
        if asked_again(request.text, list(request.history), runtime) is None:
            return None
        return claim("The question before, with one part changed.")  # "and in London?"

    def goodbye(request: RouteRequest) -> RouteDecision | None:
        if is_goodbye(request.text):  # a whole message of leave-taking, commas and all
            return claim("A goodbye.")
        if is_meaning_of_life(request.text) and one_clause(request.text):
            return claim("A question about the meaning of life.")
        return None

    def clock(request: RouteRequest) -> RouteDecision | None:
        if is_clock_question(request.text) and one_clause(request.text):
            return claim("A question about the time or the date.")
        return None

    def spelling(request: RouteRequest) -> RouteDecision | None:
        if word_to_spell(request.text) and one_clause(request.text):
            return claim("A question about how a word is spelled.")
        return None

    def conversion(request: RouteRequest) -> RouteDecision | None:
        if convert(request.text) is not None and not plugin_does(UNIT_TAGS):
            return claim("A sum or a unit conversion.")
        return None

    def sums(request: RouteRequest) -> RouteDecision | None:
        text = request.text  # a conversion a plugin takes over is no sum; a tip is a plugin's
        if work_out(text, tips=False) is not None and convert(text) is None:
            return None if plugin_does(SUM_TAGS) else claim("A sum or a unit conversion.")
        return None

    def another_joke(request: RouteRequest) -> RouteDecision | None:
        if wants_another_joke(request.text, list(request.history)):
            return claim("One more joke, right after a joke.")
        return None

    def act(request: RouteRequest) -> RouteDecision | None:
        said = dialogue_act(request.text)  # "ok", "that's wrong", "say that again"
        if said is None:
            return None
        if said not in ("repeat", "feedback") and question_pending(request.history):
            return None  # "yes" or "never mind" answers the question the assistant asked
        if said == "dismiss" and request.history and request.history[-1].role == "memory":
            return None  # "forget it" right after "remember ...": the memory's to read
        if said in DROPS_NOTHING and not nothing_done(request.history):
            return None  # "cancel" right after something was set or changed: that role's
        return claim("A whole message that keeps the conversation going.")

    def small_talk(request: RouteRequest) -> RouteDecision | None:
        if feeling_kind(request.text) is not None:  # "i'm sad", "do you like music"
            return claim("Small talk: a mood, the assistant's tastes, a story or a joke.")
        return None

    def about(request: RouteRequest) -> RouteDecision | None:
        if about_me(request.text) is not None:  # "what should i call you", "let me thank you"
            return claim("A question about the assistant itself, or thanks.")
        if asks_home(request.text):  # "where do i live", "what's my location"
            return claim("Asks where the user lives: the home the weather uses.")
        if chitchat_kind(request.text) is not None:  # "how's your day going", "i'm back"
            return claim("Chit-chat: the assistant's day, feelings, or seeing each other again.")
        return None

    def chance(request: RouteRequest) -> RouteDecision | None:
        if chance_kind(request.text) is not None:  # "flip a coin", "roll two dice", "i'm bored"
            return claim("A coin, dice or a number to pick, or boredom.")
        return None

    parts = (
        follow_up,
        goodbye,
        CLOCK.wrap(clock),
        SPELLING.wrap(spelling),
        CONVERSION.wrap(conversion),
        SUM.wrap(sums),
        another_joke,
        act,
        CHANCE_WORDS.wrap(chance),
        small_talk,
        about,
    )

    def stage(request: RouteRequest) -> RouteDecision | None:
        for part in parts:
            if (claimed := part(request)) is not None:
                return claimed
        return None

    stage.parts = parts  # type: ignore[attr-defined]
    return stage

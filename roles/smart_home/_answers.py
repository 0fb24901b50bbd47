"""Answers to the smart-home role's own questions, completing the request they answer.

"turn off the lights in here" ... "Which room do you mean?" ... "the kitchen" turns off the
kitchen's lights; "dim the light" ... "Which light do you mean: Kitchen light, Hall light?" ...
"the kitchen one" (or "Kitchen light", "kitchen", "all of them") dims that light. The router's
smart-home stage claims such an answer (`answers`): a bare name means nothing alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification
from roles.smart_home._looks import LOOK, look_answer
from roles.smart_home._other import other_said

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = [
    "HERE",
    "WHICH_LIGHT",
    "WHICH_ROOM",
    "answered",
    "answers",
    "ask_which_light",
    "here_said",
    "in_room",
]

WHICH_ROOM = "Which room do you mean?"
"""The question for "in here" when the request came from no particular room."""
WHICH_LIGHT = "Which light do you mean: "
"""The start of the question for "the light" said from no room in a home with several."""
HERE = lazy_pattern(
    r"\s*(?:\b(?:in|of|to|for|from)\s+)?\b(?:(?:my|this|the|our|a)\s+room\b(?!s)|here\b|"
    r"this area\b)|"
    r"(?:^|(?<=\bturn)|(?<=\bswitch)|(?<=\boff)|(?<=\bon))\s*\broom(?=\s+(?:lights?|lamps?)\b)",
    re.I,
)
"""A place that is the speaker's own room: "in here", "in this room", "my room", "the room",
"turn room lights off" (never "the living room" or "my son's room")."""
_ROOM_ANSWER = lazy_pattern(
    r"^(?:(?:in|on|at)\s+)?(?:the\s+|my\s+|our\s+)?(?P<room>[\w' -]{2,40})$"
)
_ALL = lazy_pattern(
    r"^(?:all|all of them|them all|every one|everything|both|both of them|all the lights|"
    r"all lights|every light|each of them)$"
)
_FILLER = frozenset(
    "the a an one ones in on at of please thanks that this my our light lights lamp lamp "
    "just i mean want it its it's room".split()
)
_NOT_AN_ANSWER = lazy_pattern(
    r"^(?:no|nope|cancel|stop|never\s*mind|forget\s+it|nothing|none|what|which|how|why|when|"
    r"where|who|is|are|do|does|can|could|will|would|turn|switch|set|make)\b"
)
_BARE_LIGHT = lazy_pattern(r"\b(?:(?:the|my|this|that|a|one|your)\s+)?(?:light|lamp|bulb)\b(?!s)")


def here_said(text: str) -> bool:
    """Whether `text` places itself "in here" / "in this room"."""
    return bool(HERE.search(text))


def ask_which_light(names: Sequence[str]) -> Clarification:
    """The question for "the light" when several lights could be meant."""
    return Clarification(f"{WHICH_LIGHT}{', '.join(names)}?", ("device",))


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def _light(answer: str, options: list[str]) -> str | None:
    """The light an answer picks among `options` ("the kitchen one" -> "Kitchen light")."""
    said = " ".join(_words(answer))
    if _ALL.match(said):
        return "all the lights"
    wanted = {w for w in said.split() if w not in _FILLER}
    if not wanted:
        return None
    exact = [o for o in options if " ".join(_words(o)) == said]
    if exact:
        return exact[0]
    fits = [o for o in options if wanted <= set(_words(o))]
    return fits[0] if len(fits) == 1 else None


def _room(text: str, earlier: str) -> str | None:
    answer = _ROOM_ANSWER.match(text.strip())
    if answer is None or len(answer["room"].split()) > 4 or not HERE.search(earlier):
        return None
    return in_room(earlier, answer["room"])


def in_room(text: str, room: str) -> str:
    """`text` with its own-room place ("in here", "my room") said as `room`."""

    def said(match: re.Match[str]) -> str:
        opening = match.group(0).strip().split()[0].lower()
        before = "in " if opening in ("in", "of", "to", "for", "from", "here") else ""
        return f" {before}the {room} "

    return " ".join(HERE.sub(said, text, count=1).split())


def answered(text: str, history: Sequence[Turn]) -> str | None:
    """The earlier request completed by `text`, when `text` answers the role's last question."""
    if not history or history[-1].role != "smart_home":
        return None
    said = text.strip().rstrip("?!. ")
    if _NOT_AN_ANSWER.match(said.lower()) or len(said.split()) > 6:
        return None
    question, earlier = history[-1].reply.strip(), history[-1].text.strip().rstrip("?!. ")
    if question == WHICH_ROOM:
        return _room(said, earlier)
    if question.startswith(LOOK):  # "What colour or brightness ...?" ... "blue"
        return look_answer(said, question)
    if question.startswith(WHICH_LIGHT) and question.endswith("?"):
        options = [o.strip() for o in question[len(WHICH_LIGHT) : -1].split(",") if o.strip()]
        light = _light(said, options)
        if light is not None and _BARE_LIGHT.search(earlier.lower()) is None:
            return other_said(light, history)  # "what about the other one?" ... "the bedroom one"
        if light is None or _BARE_LIGHT.search(earlier.lower()) is None:
            return None
        return _BARE_LIGHT.sub(f"the {light.lower()}", earlier.lower(), count=1)
    return None


def answers(text: str, history: Sequence[Turn]) -> bool:
    """Whether `text` answers the smart-home role's last question (for the router's stage)."""
    from datetime import datetime

    from roles.smart_home._later import time_answer  # "What time ...?" ... "at 11 pm"
    from roles.smart_home._sun import home_answer  # "Where do you live, ...?" ... "Paris"

    return (
        answered(text, history) is not None
        or home_answer(text, history) is not None
        or time_answer(text, history, datetime.now()) is not None
    )

"""Whether a short request follows up on the device the last turn used, for the route stage.

"is it on?", "is it still running", "what's it at?", "what is it set to" (a question about that
device); "set it to 21", "make it 50 percent", "turn it up", "a bit warmer", "colder", "faster",
"speed it up" after a fan (a change to it); "send it home", "dock it", "stop it" after the
vacuum. The frame (`agent_system.understanding._frame`) says what each one does; this only
claims the request for smart_home when the frame resolves it to smart_home calls, so a question
claimed here only reads.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from agent_system.understanding._device_frame import ROBOT_STEP, SPED, device_step
from agent_system.understanding._frame import is_question, last_call, resolve_follow_up
from agent_system.understanding._frame_parts import SAME_AGAIN
from agent_system.understanding._home_turns import CORRECTED, EXCEPT, UNDO
from agent_system.understanding._plural_frame import recent_devices
from agent_system.understanding._text import normalize

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = [
    "device_follow_up",
    "pointed_calls",
    "pointed_follow_up",
    "robot_follow_up",
    "robot_said",
]

_LEAD = r"^(?:(?:and|so|ok|okay|now|then|also|hey|please|but|can\s+you|could\s+you)\s+)*"
_IT = r"(?:it|that|this|they|them|the\s+\w+)"
_SHAPE = lazy_pattern(
    _LEAD + r"(?:"
    rf"(?:is|are|was)\s+{_IT}\s+(?:still\s+|now\s+)?(?:on|off|running|working|open|closed|locked"
    r"|unlocked|heating|cooling|playing|going)"
    rf"|(?:what|how)(?:'s|\s+is|s)?\s+(?:it|that)\s+(?:at|set\s+to|on|set|now|running\s+at)"
    rf"|(?:what|how)\s+(?:high|low|warm|fast|loud|bright|dim)\s+is\s+(?:it|that)"
    r"|(?:what|which)\s+colou?r\s+is\s+(?:it|that)(?:\s+(?:set\s+to|on))?"
    r"|what(?:'s|\s+is|s)\s+(?:the|its)\s+(?:brightness|colou?r|volume|level|speed)"
    rf"|(?:set|make|change|put|turn|bring)\s+(?:it|that|this|them)\s+(?:up|down|to\s+\d|\d)"
    r"|(?:turn|crank|bump|raise|lower)\s+(?:it|that|them)(?:\s+(?:up|down))?"
    r"|(?:speed|slow)\s+(?:it|that|them)\s+(?:up|down)"
    r"|(?:up|down)\s+a\s+(?:bit|little|notch)"
    r"|(?:(?:up\s+|down\s+)?to\s+)?\d{1,3}(?:\.\d)?"
    r"|(?:make\s+it\s+)?(?:a\s+(?:little\s+|tad\s+|bit\s+)?|a\s+bit\s+|bit\s+|little\s+|slightly\s+"
    r"|even\s+|much\s+)?(?:warmer|cooler|colder|hotter|faster|slower|higher|lower|more|less)"
    r")\b(?:\s+(?:please|again|still|now|then|instead|degrees?|percent|a\s+bit|\d+))*\s*[?.!]?$"
)
_SAME = lazy_pattern(_LEAD + rf"(?:{SAME_AGAIN})\s+\S")
""""do the same for the kitchen light", "same with the bedroom": the last action elsewhere."""
_READS = ("smart_home.get_state", "smart_home.get_temperature")
_POINTED = lazy_pattern(
    _LEAD + r"(?:(?:open|close|shut|lower|raise|lock|unlock)\s+(?:it|that|them|those|these)"
    r"|(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+ones?(?:\s+(?:too|as\s+well|also|instead|please))*$)"
)
""""close it", "lock them" (after a cover or a lock); "the kitchen one as well"."""


_SMALL_TALK = 2


def past_small_talk(history: Sequence[Turn]) -> list[Turn]:
    """`history` without the chat that ended it ("thanks", "cool").

    "turn on the kitchen light", "thanks", "turn it off" means the kitchen light.
    """
    turns = list(history)
    for _ in range(_SMALL_TALK):
        if turns and turns[-1].role == "conversation":
            turns.pop()
    return turns


_PRONOUN = lazy_pattern(r"\b(?:it|them|they|those|these|both)\b")
_MAX_POINTED = 8


def pointed_calls(text: str, history: Sequence[Turn], now: datetime) -> list[RoleCall] | None:
    """The calls of a command that points back at the devices just used, or None.

    "turn them off" or "turn it off" said as one clause of several ("turn them off and lock
    the door") is read the way the frame reads it as a turn of its own.
    """
    said = normalize(text).lower()
    if len(said.split()) > _MAX_POINTED or not _PRONOUN.search(said) or is_question(text):
        return None
    history = past_small_talk(history)
    previous = last_call(list(history))
    if previous is None or not previous.tool.startswith("smart_home."):
        return None
    resolved = resolve_follow_up(text, list(history), now)
    if resolved is None or resolved.question or resolved.refusal or not resolved.calls:
        return None
    used = [*recent_devices(history), _where(previous.arguments)]
    if not all(
        c.tool.startswith("smart_home.") and _where(c.arguments) in used and _where(c.arguments)
        for c in resolved.calls
    ):
        return None  # "pause it": no call on a device named "pause tv"
    return [RoleCall(c.tool, dict(c.arguments)) for c in resolved.calls]


def _where(arguments: dict[str, object]) -> dict[str, object]:
    return {k: arguments[k] for k in ("device", "area") if arguments.get(k)}


def pointed_follow_up(text: str, history: Sequence[Turn]) -> bool:
    """`text` (lower case) corrects, undoes or points back at the home command just done.

    "no, off", "actually the kitchen one", "undo that", "close them again", "the kitchen one too".
    """
    said = " ".join(re.findall(r"[a-z0-9%']+", text))
    if len(said.split()) > 10 or not (
        CORRECTED.match(said) or UNDO.match(said) or _POINTED.match(said) or EXCEPT.match(said)
    ):
        return False
    history = past_small_talk(history)
    previous = last_call(list(history))
    if previous is None or not previous.tool.startswith("smart_home."):
        return False
    resolved = resolve_follow_up(text, list(history), datetime.now(UTC))  # no day involved
    if resolved is None or resolved.question:
        return False
    return bool(resolved.refusal) or all(c.tool.startswith("smart_home.") for c in resolved.calls)


def device_follow_up(text: str, history: Sequence[Turn]) -> bool:
    """`text` (lower case) follows up on the smart_home call of the last turn or two."""
    if len(text.split()) > 10:
        return False
    if robot_said(text) and robot_follow_up(text, history) is not None:
        return True  # "send it home" after "start the vacuum"
    if not (_SHAPE.match(text) or _SAME.match(text)):
        return False
    previous = last_call(list(history))
    if previous is None or not previous.tool.startswith("smart_home."):
        return False
    resolved = resolve_follow_up(text, list(history), datetime.now(UTC))  # no day involved
    if resolved is None or not all(c.tool.startswith("smart_home.") for c in resolved.calls):
        return False
    if SPED.search(text) and any(c.tool != "smart_home.set_fan_speed" for c in resolved.calls):
        return False  # "speed it up" is a fan's (after the TV it names no device)
    return not resolved.question or all(c.tool in _READS for c in resolved.calls)


_ROBOT_SAID = lazy_pattern(_LEAD + rf"(?:{ROBOT_STEP})\s*[?.!]?$")


def robot_said(text: str) -> bool:
    """`text` (lower case, words only) is said to the vacuum or mower: "send it home"."""
    return bool(_ROBOT_SAID.match(text))


def robot_follow_up(text: str, history: Sequence[Turn]) -> RoleCall | None:
    """The vacuum's or mower's call for "send it home", "that's enough", "start it again".

    Only right after it was used (also as one clause of several); else None.
    """
    said = " ".join(re.findall(r"[a-z0-9']+", normalize(text).lower()))
    if not _ROBOT_SAID.match(said):
        return None
    previous = last_call(list(history))
    if previous is None or not previous.tool.startswith("smart_home."):
        return None
    step = device_step(previous, said, said, asking=False)
    if step is None or len(step.calls) != 1 or not step.calls[0].tool.endswith(_ROBOT_ENDS):
        return None
    return RoleCall(step.calls[0].tool, dict(step.calls[0].arguments))


_ROBOT_ENDS = ("_vacuum", "_mower")

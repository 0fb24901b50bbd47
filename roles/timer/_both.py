"""All of the ones the thread just set: "cancel both", "cancel them all", "stop both timers".

"set a timer for 5 minutes" ... "set a timer for 10 minutes" ... "cancel both" cancels those two
by their numbers, whatever else runs ("cancel the first one": the 5-minute one); "pause them
both", "resume all of them" pause or resume
them. The ones meant are those the thread's latest run of timer turns set (timers, alarms or
reminders), when there are two or more. With none set in a row, "stop both timers" is every
running timer of that kind ("all timers"): the reply says which ones were cancelled.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall, RolePlan
from agent_system.understanding import normalize

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["both_call"]

_LEAD = (
    r"^(?:(?:and|also|ok|okay|oh|um|uh|well|yes|yeah|then|so|please|actually|just|now|sorry"
    r"|can\s+you|could\s+you|would\s+you|go\s+ahead\s+and)\s+)*"
)
_TOOLS = (
    (r"cancel|delete|remove|stop|clear|kill|dismiss|end|turn\s+off|switch\s+off|get\s+rid\s+of"
     r"|scrap|drop|silence", "timer.cancel"),
    (r"pause|hold|freeze", "timer.pause"),
    (r"resume|unpause|continue|restart", "timer.resume"),
    (r"how\s+(?:much\s+(?:time\s+)?|long\s+)(?:is\s+)?(?:left|remaining|to\s+go)\s+(?:on|for)"
     r"|(?:check|show|status\s+of)", "timer.list"),
)  # fmt: skip
_KINDS = r"(?:alarms?|timers?|reminders?)"
_OWN = rf"(?:(?:the|my|those|these)\s+)?(?:(?:two|three|four|2|3|4)\s+)?{_KINDS}"
_WHICH = (
    rf"(?:(?:them\s+)?both(?:\s+(?:of\s+)?(?:them|{_OWN}))?"
    rf"|(?:them|these|those)(?:\s+(?:all|both|two|three|2|3))?"
    rf"|all(?:\s+of)?\s+(?:them|these|those)"
    rf"|all\s+(?:two|three|four|2|3|4)(?:\s+of\s+them)?"
    rf"|(?:the|those|these)\s+(?:two|three|four|2|3|4)(?:\s+{_KINDS})?"
    rf"|every\s*one(?:\s+of\s+them)?)"
)
_NTH = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "last": -1,
        "latest": -1}  # fmt: skip
_ONE = rf"(?:the\s+)?(?P<nth>{'|'.join(_NTH)})\s+(?:one|{_KINDS})"
_END = r"(?:\s+(?:too|as\s+well|also|please|then|now|for\s+me|right\s+now|off))*$"
_KIND = lazy_pattern(r"\b(alarm|timer|reminder)s?\b")
_SETS = ("timer.set", "timer.alarm", "timer.remind")
_TWO = lazy_pattern(r"\bboth\b|\b(?:two|2)\b")


def _order(said: str) -> tuple[str, str] | None:
    """The tool and the words naming which ones, when `said` is such an order."""
    for verbs, tool in _TOOLS:
        found = re.match(rf"{_LEAD}(?:{verbs})\s+(?P<which>{_WHICH}|{_ONE}){_END}", said)
        if found is not None:
            return tool, found["which"]
    return None


def _just_set(history: list[Turn], sets_of: tuple[str, ...]) -> list[str]:
    """The numbers of what the thread's latest timer turns in a row set, oldest first."""
    numbers: list[str] = []
    for turn in reversed(history):
        if turn.role != "timer":
            break
        sets = [c for c in turn.calls if c.get("tool") in sets_of and c.get("ref")]
        if not sets:
            if any(
                c.get("tool") not in _SETS for c in turn.calls
            ):  # a cancel or a question in between ends the run
                break
            continue  # a question the role asked ("How long should the timer run?")
        numbers[:0] = [str(c["ref"]) for c in sets]
    return numbers


def both_call(text: str, history: list[Turn]) -> RoleCall | RolePlan | None:
    """The calls "cancel both" / "pause them all" mean in `history`, or None.

    On what the thread just set when it set two or more; otherwise, for "both timers" (a kind
    said), every one of that kind.
    """
    said = normalize(text).strip(" ?.!,")
    if not said or len(said.split()) > 9 or (order := _order(said)) is None:
        return None
    tool, which = order
    numbers = _just_set(history, _SETS if tool == "timer.cancel" else ("timer.set",))
    if (nth := re.match(_ONE, which)) is not None:  # "cancel the first one" of those just set
        place = _NTH[nth["nth"]]
        return RoleCall(tool, {"target": numbers[place]}) if len(numbers) > max(place, 0) else None
    if tool == "timer.list":  # "how long is left on both": the timers running, each said
        return RoleCall(tool, {"kind": "timer"}) if len(numbers) >= 2 else None
    if len(numbers) >= 2 and not (_TWO.search(which) and len(numbers) != 2):
        return RolePlan(tuple(RoleCall(tool, {"target": number}) for number in numbers))
    if (kind := _KIND.search(which)) is not None:
        return RoleCall(tool, {"target": f"all {kind[1]}"})  # "stop both timers"
    return None

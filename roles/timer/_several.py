"""Several alarms in one request, one call per alarm.

"set an alarm for 7am and another for 8am", "wake me up at 6 and again at 6:15", "one alarm for
8am saturday and one for 9am sunday", "two alarms, one at 12 pm and the next at 1 pm". Each
later moment is read as an alarm of its own; the role answers with one call per alarm (a
`RolePlan`), or nothing here when a piece is not an alarm at a time. The role's first stage
claims such a request whole, so the compound rules do not split it.

Several alarms off at once likewise: "cancel the alarm at four am ten pm", "delete my alarms at 6
am and 7 am", "remove the six and seven thirty alarms" are one cancel per clock time said.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from agent_system.routing.slots import strip_when
from agent_system.understanding import normalize

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["several", "several_alarms", "several_cancels"]

_NAMES_ALARMS = lazy_pattern(
    r"\b(?:alarms?|wake\s+(?:me|us)(?:\s+up)?|get\s+(?:me|us)\s+up)\b", re.IGNORECASE
)
_NEXT = lazy_pattern(
    r"\s*(?:,\s*|\s+)(?:and\s+|then\s+|plus\s+)+(?:(?:then|also)\s+)?(?:another(?:\s+one)?|one(?:\s+more)?"
    r"|again|the\s+next(?:\s+one)?|a\s+second(?:\s+one)?|the\s+other(?:\s+one)?)?\s*"
    r"(?P<prep>for|at)\s+",
    re.IGNORECASE,
)
_COUNTED = lazy_pattern(
    r"\b(?:two|three|2|3)\s+alarms?\s*,?\s*(?:one|the\s+first(?:\s+one)?)\s+(?=for|at)", re.I
)
"""'two alarms, one at 12 pm': the first alarm's moment follows "one"."""
_SAID_CLOCK = (
    r"(?:(?:a\s+)?(?:quarter|half|\d{1,2}(?:\s+minutes)?)\s+(?:past|to|after|before|till?)\s+)?"
    r"(?:\d{1,2}(?::[0-5]\d)?|noon|midnight)(?!\s*(?::|minutes?|mins?|hours?|seconds?)\b)"
    r"(?:\s*[ap]\.?m\b\.?|\s+o'?clock\b)?|half\s+\d{1,2}\b"
)
_LISTED = lazy_pattern(
    rf"\b(?:for|at)\s+(?P<run>(?:{_SAID_CLOCK})(?:(?:\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+"
    rf"(?:(?:then|also)\s+)?)(?:{_SAID_CLOCK}))+)",
    re.IGNORECASE,
)
"""Clock times listed after one "for"/"at": "for quarter past 6 and half past 7", "at 6, 7, 8"."""
_EACH = lazy_pattern(rf"(?:{_SAID_CLOCK})", re.IGNORECASE)
_MERIDIEM = lazy_pattern(r"[ap]\.?m\b\.?$", re.IGNORECASE)


def several_alarms(
    text: str, interpret: Callable[[str], RoleCall | RolePlan | Clarification]
) -> RolePlan | None:
    """One `timer.alarm` call per moment said, when `text` asks for two or more alarms."""
    if _NAMES_ALARMS.search(text) is None:
        return None
    pieces = _NEXT.split(_COUNTED.sub("an alarm ", text))
    if len(pieces) < 3:
        return _listed(text, interpret)
    head, later = pieces[0], pieces[1:]
    calls = [interpret(head)]
    wake = re.search(r"\bwake|\bget\s+(?:me|us)\s+up\b", text, re.IGNORECASE) is not None
    for prep, moment in zip(later[::2], later[1::2], strict=True):
        if strip_when(f"{prep} {moment}").strip(" ,.!?").lower() not in ("", "please"):
            return None  # "... and at 8 turn on the lights": more than a moment
        said = f"wake me up {prep} {moment}" if wake else f"set an alarm {prep} {moment}"
        calls.append(interpret(said))
    if not all(isinstance(c, RoleCall) and c.tool == "timer.alarm" for c in calls):
        return None
    return RolePlan(tuple(c for c in calls if isinstance(c, RoleCall)))


def _listed(
    text: str, interpret: Callable[[str], RoleCall | RolePlan | Clarification]
) -> RolePlan | None:
    """One alarm per clock time listed after one "for"/"at", or None.

    "set alarms for quarter past 6 and half past 7 tomorrow" (the day said after the last one is
    each one's), "alarms at 6 and 7 am" (a last am/pm is each one's that says none).
    """
    said = normalize(text)
    found = _LISTED.search(said)
    if found is None:
        return None
    tail = said[found.end() :]
    if strip_when(tail).strip(" ,.!?").lower() not in ("", "please"):
        return None  # "alarms at 6 and 7 to feed the cat": more than moments
    times = [m.group(0).strip() for m in _EACH.finditer(found["run"])]
    last = _MERIDIEM.search(times[-1])
    head = re.sub(
        r"\b(?:(?:two|three|four|2|3|4)\s+)?alarms\b", "an alarm", said[: found.start("run")]
    )
    calls = []
    for time in times:
        if last is not None and _MERIDIEM.search(time) is None and re.match(r"^\d", time):
            time = f"{time} {last.group(0)}"  # "6 and 7 am": 6 am too
        calls.append(interpret(f"{head}{time}{tail}"))
    if not all(isinstance(c, RoleCall) and c.tool == "timer.alarm" for c in calls):
        return None
    return RolePlan(tuple(c for c in calls if isinstance(c, RoleCall)))


_CLOCK = (
    r"(?:[01]?\d|2[0-3])(?::[0-5]\d|\s+[0-5]\d(?!\s*(?:minutes?|hours?|mins?)\b))?"
    r"(?:\s*[ap]\.?m\b\.?)?"
)
_CLOCKS = lazy_pattern(
    rf"(?<![\d:])(?P<run>{_CLOCK}(?:\s*(?:,|and|&|or|\s)\s*{_CLOCK})+)(?![\d:])", re.IGNORECASE
)
"""Two or more clock times in a row: "4 am 10 pm", "6 am and 7 am", "6 and 7 30"."""
_ONE = lazy_pattern(rf"(?<![\d:]){_CLOCK}(?![\d:])", re.IGNORECASE)


def several_cancels(
    text: str, interpret: Callable[[str], RoleCall | RolePlan | Clarification]
) -> RolePlan | None:
    """One `timer.cancel` call per clock time, when `text` cancels alarms at two or more."""
    said = normalize(text)
    if re.search(r"\b(?:alarms?|wake[\s-]?ups?)\b", said, re.IGNORECASE) is None:
        return None
    found = _CLOCKS.search(said)
    if found is None:
        return None
    times = [m.group(0).strip() for m in _ONE.finditer(found["run"])]
    before = said[: found.start("run")].split()[-1:]
    if len(times) < 2 or not (
        re.search(r":|[ap]\.?m\b", found["run"], re.IGNORECASE)
        or before in (["at"], ["for"], ["the"], ["my"], ["both"])
    ):  # "cancel alarm 2 and 3" numbers alarms
        return None
    calls = []
    for time in times:
        clock = re.sub(r"^(\d{1,2})\s+(\d{2})", r"\1:\2", time)
        one = said[: found.start("run")] + clock + said[found.end("run") :]
        call = interpret(re.sub(r"\balarms\b", "alarm", one, flags=re.IGNORECASE))
        if not (isinstance(call, RoleCall) and call.tool == "timer.cancel"):
            return None
        calls.append(call)
    return RolePlan(tuple(calls))


def several(
    text: str, interpret: Callable[[str], RoleCall | RolePlan | Clarification]
) -> RolePlan | None:
    """Several alarms set, or several cancelled, in one request (one call each), or None."""
    return several_alarms(text, interpret) or several_cancels(text, interpret)

"""Several alarms in one request, one call per alarm.

"set an alarm for 7am and another for 8am", "wake me up at 6 and again at 6:15", "one alarm for
8am saturday and one for 9am sunday", "two alarms, one at 12 pm and the next at 1 pm". Each
later moment is read as an alarm of its own; the role answers with one call per alarm (a
`RolePlan`), or nothing here when a piece is not an alarm at a time. The role's first stage
claims such a request whole, so the compound rules do not split it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system.roles import Clarification, RoleCall, RolePlan
from agent_system.routing.slots import strip_when

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["several_alarms"]

_NAMES_ALARMS = re.compile(
    r"\b(?:alarms?|wake\s+(?:me|us)(?:\s+up)?|get\s+(?:me|us)\s+up)\b", re.IGNORECASE
)
_NEXT = re.compile(
    r"\s*(?:,\s*|\s+)(?:and\s+|then\s+|plus\s+)+(?:(?:then|also)\s+)?(?:another(?:\s+one)?|one(?:\s+more)?"
    r"|again|the\s+next(?:\s+one)?|a\s+second(?:\s+one)?|the\s+other(?:\s+one)?)?\s*"
    r"(?P<prep>for|at)\s+",
    re.IGNORECASE,
)
_COUNTED = re.compile(
    r"\b(?:two|three|2|3)\s+alarms?\s*,?\s*(?:one|the\s+first(?:\s+one)?)\s+(?=for|at)", re.I
)
"""'two alarms, one at 12 pm': the first alarm's moment follows "one"."""


def several_alarms(
    text: str, interpret: Callable[[str], RoleCall | RolePlan | Clarification]
) -> RolePlan | None:
    """One `timer.alarm` call per moment said, when `text` asks for two or more alarms."""
    if _NAMES_ALARMS.search(text) is None:
        return None
    pieces = _NEXT.split(_COUNTED.sub("an alarm ", text))
    if len(pieces) < 3:
        return None
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

"""Two reminders said with one verb: "remind me to call mom at 5 and dad at 6".

Each object gets the verb and its own time ("call mom" at 17:00, "call dad" at 18:00; it was
one reminder "call mom and dad" at 17:00). A second part that is its own action ("... and feed
the dog at 6") is a reminder of its own. Only when both read as reminders.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["two_reminders"]

_AT = r"(?:at|by|around)\s+(?:\d{1,2}(?::\d\d)?(?:\s*[ap]\.?m\.?)?|noon|midnight)"
_TWO = lazy_pattern(
    r"^(?P<lead>(?:(?:please|can\s+you|could\s+you)\s+)*remind\s+(?:me|us)\s+to\s+)"
    r"(?P<verb>[a-z]+(?:\s+(?:up|out|off|back|in|on|over))?)\s+"
    rf"(?P<a>[a-z][\w' ]*?)\s+(?P<ta>{_AT})\s*,?\s+and\s+(?:to\s+)?"
    rf"(?P<b>[a-z][\w' ]*?)\s+(?P<tb>{_AT})(?:\s+please)?$",
    re.I,
)
_SHARED = lazy_pattern(r"^(?:(?:the|my|his|her|our|their|a|an)\s+\w+|\w+)$", re.I)
"""An object that takes the first part's verb ("dad", "the dentist", "my sister")."""


def two_reminders(
    text: str, interpret: Callable[[str], RoleCall | RolePlan | Clarification]
) -> RolePlan | None:
    """The two reminders "remind me to call mom at 5 and dad at 6" means, or None."""
    found = _TWO.match(text.strip())
    if found is None:
        return None
    second = found["b"].strip()
    if found["verb"].lower() != second.split()[0].lower() and _SHARED.match(second):
        second = f"{found['verb']} {second}"
    calls = [
        interpret(f"{found['lead']}{found['verb']} {found['a']} {found['ta']}"),
        interpret(f"{found['lead']}{second} {found['tb']}"),
    ]
    if not all(isinstance(c, RoleCall) and c.tool == "timer.remind" for c in calls):
        return None
    return RolePlan(tuple(c for c in calls if isinstance(c, RoleCall)))

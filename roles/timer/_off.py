"""An order to turn one off, said short.

"alarm off", "all alarms off", "my 6 am alarm off", "timer off please" are "turn off the alarm"
and so on ("is my alarm off" only asks).
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = ["turned_off"]

_OFF_SAID = lazy_pattern(
    r"^\s*(?:(?:ok|okay|please)\s+)*(?!(?:is|are|was|were|has|have|did|does|do|why|how|when)\b)"
    r"(?P<which>(?P<own>(?:my|the|all(?:\s+my|\s+the)?)\s+)?(?:[\w:]+\s+){0,2}?"
    r"(?:alarms?|timers?|reminders?))\s+off(?:\s+please)?\s*[.!]?$",
    re.IGNORECASE,
)


def turned_off(text: str) -> str:
    """`text` as the plain order when it is one said short, else `text`."""
    found = _OFF_SAID.match(text)
    if found is None:
        return text
    return f"turn off {'' if found['own'] else 'the '}{found['which']}"

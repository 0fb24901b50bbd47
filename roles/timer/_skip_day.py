"""A day's ring skipped, said short after the thread set or read an alarm or a reminder.

"set an alarm for 7am every weekday" / "skip tomorrow's": tomorrow's alarm is skipped, the series
kept ("skip tomorrow's alarm", which the role reads). Only a day is read this way, never "the
next one" (a one-off's next ring is all of it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["skip_said"]

_SKIP = lazy_pattern(
    r"^(?:(?:and|but|ok|okay|please|actually|just|then|oh)\s+)*(?:skip|drop|miss)\s+"
    r"(?:the\s+one\s+(?:on|for)\s+)?(?P<day>today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri"
    r"|satur|sun)day)(?:'?s)?(?:\s+(?:one|ring))?(?:\s+(?:please|then|though))*[.!]?$"
)
_KINDS = {"timer.alarm": "alarm", "timer.remind": "reminder"}


def skip_said(text: str, history: list[Turn]) -> str | None:
    """What "skip tomorrow's" says right after an alarm ("skip tomorrow's alarm"), or None."""
    if not history or history[-1].role != "timer":
        return None
    found = _SKIP.match(normalize(text).strip())
    if found is None:
        return None
    kinds = [_KINDS[str(c.get("tool"))] for c in history[-1].calls if c.get("tool") in _KINDS]
    if not kinds:
        kind = str(next(iter(history[-1].calls), {}).get("arguments", {}).get("kind", ""))
        kinds = [kind] if kind in ("alarm", "reminder") else []
    if len(set(kinds)) != 1:
        return None
    day = found["day"]
    return (
        f"skip {day}'s {kinds[0]}" if not day.endswith("day") else f"skip the {kinds[0]} on {day}"
    )

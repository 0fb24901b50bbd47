"""Timer follow-ups that point back with "it": the timer, alarm or reminder the thread just made.

"cancel it", "actually delete that", "pause it", "resume it", "add 5 minutes to it", "how much
time is left on it", said right after one was set (or after one of these), act on that one by
its number, whatever else is running. Used by the timer part of `agent_system.understanding._frame`.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["pronoun_calls", "target_number"]

_LEAD = (
    r"^(?:(?:actually|ok|okay|no|oh|then|and|so|please|just|sorry|oops|never\s+mind|wait|now"
    r"|can\s+you|could\s+you)\s+)*"
)
_IT = r"(?:it|that|this|that\s+one)"
_END = (
    r"(?:\s+(?:please|then|after\s+all|instead|again|now|for\s+a\s+(?:bit|moment|sec(?:ond)?"
    r"|minute)))*$"
)
_ACTS = (
    (re.compile(rf"{_LEAD}(?:cancel|delete|remove|scrap|drop|stop|kill|turn\s+off"
                rf"|get\s+rid\s+of)\s+{_IT}{_END}"), "timer.cancel"),
    (re.compile(rf"{_LEAD}(?:pause|hold|freeze)\s+{_IT}{_END}"), "timer.pause"),
    (re.compile(rf"{_LEAD}(?:resume|unpause|continue|restart|start)\s+{_IT}(?:\s+(?:back\s+)?up)?"
                rf"{_END}"), "timer.resume"),
)  # fmt: skip
_MORE = re.compile(
    rf"{_LEAD}(?:add|give\s+(?:it|me))\s+(?P<by>(?:\w+\s+){{0,3}}?(?:seconds?|secs?|minutes?"
    rf"|mins?|hours?|hrs?))(?:\s+more)?(?:\s+(?:to|on)\s+{_IT})?{_END}"
)
_LEFT = re.compile(
    rf"{_LEAD}how\s+(?:much\s+(?:more\s+)?(?:time\s+)?|long\s+)(?:is\s+|has\s+it\s+got\s+)?"
    rf"(?:left|remaining|to\s+go)(?:\s+on\s+{_IT})?$"
)


def target_number(tool: str, arguments: dict[str, Any], ref: str | None) -> str | None:
    """The number of the timer a call made or acted on ("3"), or None."""
    if ref is not None:
        return ref
    target = str(arguments.get("target", ""))
    return target if tool.startswith("timer.") and target.isdigit() else None


def pronoun_calls(number: str, norm: str) -> list[tuple[str, dict[str, Any]]]:
    """The calls "cancel it" / "pause it" / "add 5 minutes to it" / "how long is left" mean for
    the timer numbered `number`; [] when `norm` says none of these."""
    said = norm.strip(" ?.!")
    for pattern, tool in _ACTS:
        if pattern.match(said):
            return [(tool, {"target": number})]
    if (more := _MORE.match(said)) is not None:
        return [("timer.extend", {"by": more["by"], "target": number})]
    if _LEFT.match(said):
        return [("timer.list", {"target": number})]
    return []

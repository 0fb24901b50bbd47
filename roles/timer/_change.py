"""Changing a timer, alarm or reminder by an amount, said the ways people say it.

Home Assistant's HassIncreaseTimer / HassDecreaseTimer ("add 5 minutes to the pizza timer",
"take 5 minutes off my timer", "decrease the 1 hour timer by 5 minutes") and their everyday
forms: "give the pasta timer five more minutes", "the tea timer needs another 2 minutes",
"make the tea timer 2 minutes shorter"; alarms and reminders moved by an amount: "push my alarm
back 10 minutes", "make my alarm 15 minutes earlier", "bring my 7am alarm forward half an hour",
"wake me up 10 minutes later". Later is `timer.extend`, earlier (or shorter) `timer.shorten`;
"forward", "up" and "sooner" are earlier, "back" later.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from agent_system.routing.slots import format_duration, parse_duration, strip_when
from agent_system.understanding import normalize
from roles.timer._which import timer_name

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["changed_by"]

_LEAD = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you|will\s+you|i\s+want\s+you\s+to|ok(?:ay)?"
    r"|and|now|just)\s+)+",
    re.IGNORECASE,
)
_ONE = r"(?:alarm|reminder|timer|wake[\s-]?up(?:\s+call)?)s?"
_NAMED = r"(?:\s+(?:in|for|called|named|on)\s+(?:the\s+)?[\w']+(?:\s+[\w']+){0,2}?)?"
_WHICH = rf"(?P<which>(?:[\w':]+\s+){{0,4}}?{_ONE}{_NAMED}|it|that|this\s+one)"
_TIMER = rf"(?P<which>(?:[\w':]+\s+){{0,4}}?timers?{_NAMED})"
_EXTRA = r"(?:(?:another|an?\s+extra|extra|a\s+further)\s+)?"
_MORE = r"(?:more|longer|extra|later)"
_LESS = r"(?:less|fewer|shorter|earlier|sooner)"

_SAID: tuple[tuple[re.Pattern[str], str], ...] = (
    # "add 5 minutes to the pizza timer", "put another 5 minutes on my alarm"
    (
        lazy_pattern(rf"^(?:add|put|stick|tack)\s+(?P<by>.+?)\s+(?:on\s*to|to|on)\s+{_WHICH}$"),
        "more",
    ),
    # "increase the pasta timer by 2 minutes", "decrease the 1 hour timer by 5 minutes"
    (
        lazy_pattern(rf"^(?:increase|extend|lengthen|bump\s+up)\s+{_TIMER}\s+by\s+(?P<by>.+)$"),
        "more",
    ),
    (
        lazy_pattern(rf"^(?:decrease|reduce|shorten|cut|trim)\s+{_TIMER}\s+by\s+(?P<by>.+)$"),
        "less",
    ),
    # "take 2 minutes off the tea timer", "knock a minute off my alarm" (earlier)
    (
        lazy_pattern(
            r"^(?:remove|take|subtract|knock|shave|cut|trim)\s+(?P<by>.+?)\s+(?:off\s+of|off|from)"
            rf"\s+{_WHICH}$"
        ),
        "less",
    ),
    # "give the pasta timer 5 more minutes", "give my tea timer an extra 2 minutes"
    (lazy_pattern(rf"^(?:give|allow)\s+{_TIMER}\s+{_EXTRA}(?P<by>.+?)(?:\s+{_MORE})?$"), "more"),
    # "the pasta timer needs 5 more minutes", "my tea timer could use another minute"
    (
        lazy_pattern(
            rf"^{_TIMER}\s+(?:needs?|could\s+(?:use|do\s+with)|wants?|should\s+(?:have|get))\s+"
            rf"{_EXTRA}(?P<by>.+?)(?:\s+(?P<dir>{_MORE}|{_LESS}))?$"
        ),
        "more",
    ),
    # "make my alarm 15 minutes earlier", "set the tea timer 2 minutes shorter"
    (
        lazy_pattern(
            rf"^(?:make|set|have|put|move|push|shift|change)\s+{_WHICH}\s+(?:go\s+off\s+|ring\s+"
            rf"|be\s+)?(?:by\s+)?(?P<by>.+?)\s+(?P<dir>{_MORE}|{_LESS}|back|forward)$"
        ),
        "",
    ),
    # "push my alarm back 10 minutes", "bring my 7am alarm forward by half an hour"
    (
        lazy_pattern(
            rf"^(?:move|push|bring|shift|put|set|pull)\s+{_WHICH}\s+(?P<dir>back|forward|up"
            r"|earlier|later)\s+(?:by\s+)?(?P<by>.+)$"
        ),
        "",
    ),
    # "wake me up 10 minutes earlier", "get me up half an hour later tomorrow"
    (
        lazy_pattern(
            r"^(?P<which>(?:wake|get)\s+(?:me|us)(?:\s+up)?)\s+(?P<by>.+?)\s+(?P<dir>earlier"
            r"|later|sooner)(?P<rest>\s+.*)?$"
        ),
        "",
    ),
)
_EARLIER = frozenset({"less", "fewer", "shorter", "earlier", "sooner", "forward", "up"})
_NAME_ONLY = lazy_pattern(r"\b(?:the|my|our|this|that|these|those|one)\b")


def _target(which: str, when: str) -> str:
    """What `which` names for the tools: "pasta timer", "gym alarm", "alarm", "" for it."""
    if re.match(r"^(?:wake|get)\b", which):
        return "alarm"
    if which in ("it", "that", "this one"):
        return ""
    if re.search(r"\btimers?\b", which):  # "the timer in the kitchen": the kitchen timer
        return " ".join(filter(None, (timer_name(which), "timer")))
    words = re.sub(r"(?<=\w)'s\b", "", which)  # "tomorrow's alarm"
    words = strip_when(words) if when else words
    words = re.sub(r"\bwake[\s-]?up(?:\s+call)?(s?)\b", r"alarm\1", words)
    return " ".join(_NAME_ONLY.sub(" ", words).split())


def changed_by(
    text: str, now: datetime, when_filter: Callable[[str, datetime], str]
) -> RoleCall | None:
    """timer.extend / timer.shorten for a request that changes one by an amount, or None.

    `when_filter` reads which one by the time it rings ("my 7am alarm" -> "07:00").
    """
    said = _LEAD.sub("", normalize(text.strip().rstrip("?!.")))
    for pattern, way in _SAID:
        found = pattern.match(said)
        if found is None:
            continue
        groups = found.groupdict()
        by = re.sub(r"\s+(?:more|extra|less|fewer)\b", "", found["by"])  # "5 more minutes"
        length = parse_duration(by) or parse_duration(f"a {by}")  # "another minute"
        if length is None or length <= timedelta(0):
            return None
        direction = groups.get("dir") or way
        which = found["which"]
        timer = re.search(r"\btimers?\b", which) is not None  # a countdown: no clock time
        when = "" if timer else when_filter(f"{which}{groups.get('rest') or ''}", now)
        arguments = {"by": format_duration(length), "target": _target(which, when)}
        if when:
            arguments["when"] = when  # "push my 7am alarm back 10 minutes": that one
        tool = "timer.shorten" if direction in _EARLIER else "timer.extend"
        return RoleCall(tool, arguments)
    return None

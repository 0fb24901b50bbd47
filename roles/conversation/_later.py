"""The time some hours or minutes from now or ago, and the date in a place, answered offline.

"what time will it be in 2 hours" ("It'll be 11:00."), "what will the time be in 45 minutes",
"what time is it going to be in half an hour", "what time is it plus 5 hours", "what time was it
3 hours ago" ("It was 06:00."); "what's the date in tokyo", "what day is it in australia right
now" ("It's Monday 5 January 2026 in Tokyo (18:00 JST)."). The request has been normalized
(number words as digits: "two and a half hours" -> "2.5 hours").
"""

from __future__ import annotations

import re
import zoneinfo
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding._when import parse_duration
from agent_system.understanding.locale import format_clock, format_long_date
from roles.conversation._zones import place_zone, written

if TYPE_CHECKING:
    from agent_system.config import Settings

__all__ = ["later_answer"]

_LENGTH = (
    r"(?:\d+(?:\.\d+)?|an?|half\s+an?)\s+(?:hours?|hrs?|minutes?|mins?)"
    r"(?:\s+and\s+(?:\d+(?:\.\d+)?|a\s+half)(?:\s+(?:minutes?|mins?))?)?"
)
_NOW = r"(?:\s+(?:now|right\s+now|today|currently))?"
_SHIFTED = lazy_pattern(
    r"^(?:what\s+time\s+(?:will\s+it\s+be|is\s+it\s+going\s+to\s+be|would\s+it\s+be|will\s+it\s+"
    r"show)|what\s+will\s+(?:the\s+)?(?:time|clock)\s+(?:be|say)|what\s+(?:is|will\s+be)\s+the\s+"
    rf"time)\s+in\s+(?P<later>{_LENGTH})(?:\s+from\s+now)?$"
    rf"|^what\s+(?:time\s+)?(?:is\s+it|is\s+the\s+time|time\s+is\s+it)\s+plus\s+(?P<plus>{_LENGTH})$"
    rf"|^what\s+time\s+(?:was\s+it|it\s+was|was)\s+(?P<ago>{_LENGTH})\s+ago$"
)
_DATE_THERE = lazy_pattern(
    r"^what(?:\s+is|\s+'s)?\s+(?:the\s+)?(?:date|day)(?:\s+is\s+it)?"
    rf"{_NOW}\s+in\s+(?P<place>[a-z][a-z .'-]{{1,40}}?){_NOW}$"
    r"|^what\s+(?:date|day)\s+is\s+it(?:\s+now|\s+right\s+now|\s+today)?\s+in\s+"
    rf"(?P<place2>[a-z][a-z .'-]{{1,40}}?){_NOW}$"
)


def _moment(now: datetime, at: datetime, settings: Settings | None) -> str:
    """The clock at `at`, with its day when that is not today."""
    clock = format_clock(at, settings)
    days = (at.date() - now.date()).days
    if days == 0:
        return clock
    named = {1: "tomorrow", -1: "yesterday"}.get(days, "")
    day = format_long_date(at.date(), settings)
    return f"{clock} {named}, {day}" if named else f"{clock} on {day}"


def later_answer(said: str, now: datetime, settings: Settings | None = None) -> str | None:
    """The reply to "what time will it be in 2 hours" or "what's the date in tokyo", else None."""
    if found := _SHIFTED.match(said):
        words = found["later"] or found["plus"] or found["ago"]
        length = parse_duration(re.sub(r"^half\s+an?\s+", "0.5 ", words))
        if length is None or length <= timedelta() or length > timedelta(days=7):
            return None
        if found["ago"]:
            return f"It was {_moment(now, now - length, settings)}."
        return f"It'll be {_moment(now, now + length, settings)}."
    if found := _DATE_THERE.match(said):
        place = (found["place"] or found["place2"]).strip()
        if (zone := place_zone(place)) is None:
            return None  # "what's the date in 10 days": a day from now, not a place
        there = now.astimezone(zoneinfo.ZoneInfo(zone))
        day = format_long_date(there.date(), settings)
        return f"It's {day} in {written(place)} ({format_clock(there, settings)} {there.tzname()})."
    return None

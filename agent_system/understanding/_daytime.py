"""Times of day the way people mean them for events: "dinner at 7", "between 2 and 4 pm".

`parse_when` keeps the timer and alarm conventions (an hour without am/pm is its next
occurrence). An event's hour is read by what the event is:

- meals and evening words ("dinner", "supper", "drinks", "party", "tonight", ...) make 5-11 pm;
- breakfast and morning words keep the morning;
- "lunch at 1" and a bare 1-6 are the afternoon ("meeting at 3" is 15:00);
- 7-11 with nothing else said stay as `parse_when` read them.

`day_window` narrows a listed day to the part asked about: "between 8 am and 5 pm", "at five"
(that hour), "this evening", "in the morning".
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern

if TYPE_CHECKING:
    from agent_system.understanding._slots import When

__all__ = ["day_window", "event_moment"]

_EVENING = lazy_pattern(
    r"\b(?:dinner|supper|drinks?|cocktails?|party|parties|date\s+night|movies?|cinema|concert|"
    r"gig|show|theat(?:er|re)|opera|ballet|bar|pub|club|evening|tonight|night|bbq|barbecue)\b",
    re.IGNORECASE,
)
_MORNING = lazy_pattern(r"\b(?:breakfast|brunch|morning|dawn|sunrise)\b", re.IGNORECASE)
_LUNCH = lazy_pattern(r"\blunch\b", re.IGNORECASE)


def _pm_meant(hour12: int, text: str) -> bool | None:
    """True for pm, False for am, None when the words say nothing (`hour12` in 1..11)."""
    if _MORNING.search(text):
        return False
    if _EVENING.search(text) and hour12 >= 5:
        return True
    if _LUNCH.search(text):
        return hour12 <= 5
    if 1 <= hour12 <= 6:
        return True
    return None


def event_moment(when: When, text: str, now: datetime) -> datetime:
    """`when.value`, with an hour said without am/pm read the way an event means it."""
    value = when.value
    if not (when.ambiguous and when.has_time):
        return value
    hour12 = value.hour % 12
    pm = _pm_meant(hour12, text) if hour12 else None
    if pm is None:
        return value
    moment = value.replace(hour=hour12 + (12 if pm else 0))
    if not when.has_date:  # no day named: the next time it happens
        day = now.replace(hour=moment.hour, minute=moment.minute, second=0, microsecond=0)
        moment = day if day > now else day + timedelta(days=1)
    return moment


_CLOCK = r"(?P<{n}h>\d{{1,2}})(?::(?P<{n}m>\d{{2}}))?\s*(?P<{n}ap>[ap])?\.?(?:m\b\.?)?"
_BETWEEN = lazy_pattern(
    r"\b(?:between|from)\s+"
    + _CLOCK.format(n="a")
    + r"\s*(?:and|to|until|till|-)\s*"
    + _CLOCK.format(n="b")
    + r"(?!\s*(?:minutes?|hours?|days?|weeks?|st|nd|rd|th)\b)",
    re.IGNORECASE,
)
_AT = lazy_pattern(
    r"\bat\s+" + _CLOCK.format(n="a") + r"(?!\s*(?:minutes?|hours?|st|nd|rd|th|[/.]\d)\b)",
    re.IGNORECASE,
)
_PARTS = (
    (lazy_pattern(r"\b(?:tonight|evening|night)\b", re.I), 18, 24),
    (lazy_pattern(r"\bafternoon\b", re.I), 12, 18),
    (lazy_pattern(r"\bmorning\b", re.I), 5, 12),
)


def _hour(raw: str, minute: str | None, ap: str | None, text: str) -> tuple[int, int] | None:
    hour = int(raw)
    if hour > 23 or (minute is not None and int(minute) > 59):
        return None
    if ap:
        if hour > 12:
            return None
        hour = hour % 12 + (12 if ap.lower() == "p" else 0)
    elif 1 <= hour <= 11 and _pm_meant(hour, text):
        hour += 12
    return hour, int(minute or 0)


def day_window(text: str, day: datetime) -> tuple[datetime, datetime] | None:
    """The part of `day` (its midnight) `text` asks about, or None for the whole day.

    `text` is normalized (number words as digits): "between 8 am and 5 pm", "at 5",
    "this evening".
    """
    if found := _BETWEEN.search(text):
        a_ap, b_ap = found["aap"], found["bap"]
        if b_ap and not a_ap and int(found["ah"]) <= int(found["bh"]):
            a_ap = b_ap  # "between 2 and 4 pm"
        first = _hour(found["ah"], found["am"], a_ap, text)
        last = _hour(found["bh"], found["bm"], b_ap or a_ap, text)
        if first and last and last > first:
            return _at(day, *first), _at(day, *last)
    if found := _AT.search(text):
        moment = _hour(found["ah"], found["am"], found["aap"], text)
        if moment:
            start = _at(day, *moment)
            return start, start + timedelta(hours=1)
    for pattern, begin, end in _PARTS:
        if pattern.search(text):
            return _at(day, begin, 0), _at(day, end, 0)
    return None


def _at(day: datetime, hour: int, minute: int) -> datetime:
    return day.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(
        hours=hour, minutes=minute
    )

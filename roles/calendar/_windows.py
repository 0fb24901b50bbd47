"""A part of a day asked about by its edges (`roles.calendar.role`, `roles.calendar._stage`).

"what's on after 5" (17:00 to midnight), "anything before noon tomorrow" (from midnight to
12:00), "what do i have from 4 to 6 tomorrow", "what have i got for the rest of the day" /
"what's left today" / "what do i have later" (from now to midnight, today only), "between 8 10
today" (8 to 10: two hours said with no "and"). Ranges and
parts of the day ("between 2 and 4 pm", "this evening") are `day_window`'s.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from agent_system._lazy import lazy_pattern
from agent_system.understanding._daytime import day_window

__all__ = ["WINDOW_ASKED", "asked_window", "asks_window"]

_CLOCK = r"(?:\d{1,2}(?::\d\d)?(?:\s*[ap]\s*m\b|\s+o'?\s*clock\b)?|noon|midday|midnight)"
_DAY = (
    r"(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening)|(?:on\s+)?(?:this\s+|next\s+)?"
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on\s+the\s+\d{1,2}(?:st|nd|rd"
    r"|th)?)"
)
_LATER = (
    r"(?:later(?:\s+on)?(?:\s+today|\s+tonight)?|for\s+the\s+rest\s+of\s+(?:the\s+|my\s+)?(?:day"
    r"|today)|(?:for\s+)?the\s+rest\s+of\s+(?:the\s+|my\s+)?(?:day|today)|left\s+(?:for\s+|on\s+)?today"
    r"|left\s+on\s+my\s+(?:calendar|schedule|agenda)\s+(?:for\s+)?today)"
)
_EDGE = (
    rf"(?:(?:after|past|from)\s+{_CLOCK}(?:\s+on(?:wards?)?)?|(?:before|until|till|by)\s+{_CLOCK}"
    rf"|(?:between|from)\s+{_CLOCK}\s+(?:(?:and|to|until|till|-)\s+)?{_CLOCK})"
)
WINDOW_ASKED = lazy_pattern(
    r"^(?:so\s+|and\s+)?(?:what\s+(?:is|do\s+i\s+have|have\s+i\s+got|do\s+we\s+have|am\s+i\s+doing"
    r"|(?:events?|meetings?|appointments?|plans?)\s+(?:do\s+i\s+have|have\s+i\s+got|are\s+there"
    r"|are\s+(?:going\s+to\s+(?:happen|be\s+on)|happening|on|scheduled|planned))|is\s+happening)"
    r"|(?:do|did)\s+i\s+have\s+anything|is\s+there\s+anything|have\s+i\s+got\s+anything|anything"
    r"|any\s+(?:events?|meetings?|appointments?|plans))"
    r"(?:\s+(?:else|on|going\s+on|happening|planned|scheduled|booked|coming\s+up|lined\s+up|"
    r"on\s+my\s+(?:calendar|schedule|agenda)))*"
    rf"(?:\s+(?:for\s+)?{_DAY})?\s+(?:{_EDGE}|{_LATER})(?:\s+(?:for\s+)?{_DAY})?$"
)
"""A question about one's plans in a window said by its edges (on the normalized request)."""
_AFTER = lazy_pattern(
    rf"\b(?:after|past)\s+(?P<a>{_CLOCK})|\bfrom\s+(?P<f>{_CLOCK})\s+on(?:wards?)?"
)
_BEFORE = lazy_pattern(rf"\b(?:before|until|till|by)\s+(?P<b>{_CLOCK})")
_PAIR = lazy_pattern(r"\bbetween\s+(?P<a>\d{1,2})\s+(?P<b>\d{1,2})(?P<ap>\s*[ap]\s*m\b)?")
"""Two bare hours with no "and" between them: "between 8 10 today", "between 2 4 pm"."""
_LATER_SAID = lazy_pattern(rf"\b{_LATER}|\bleft\b.*\btoday\b|\blater\b")


def asks_window(said: str) -> bool:
    """A question about a window of a day ("what's on after 5"; `said`: normalized)."""
    return WINDOW_ASKED.search(re.sub(r"\bwhat's\b", "what is", said)) is not None


def _clock(said: str, day: datetime, text: str) -> datetime | None:
    named = {"noon": (12, 0), "midday": (12, 0), "midnight": (0, 0)}
    if said in named:
        hour, minute = named[said]
    else:
        found = re.match(r"(\d{1,2})(?::(\d\d))?\s*(?:([ap])\s*m)?", said)
        if found is None:
            return None
        window = day_window(f"{text} at {found[0]}", day)  # the hour as an event means it
        if window is None:
            return None
        hour, minute = window[0].hour, window[0].minute
        if hour > 23 or minute > 59:
            return None
    midnight = day.replace(hour=0, minute=0, second=0, microsecond=0)
    return midnight + timedelta(hours=hour, minutes=minute)


def asked_window(said: str, day: datetime, now: datetime) -> tuple[datetime, datetime] | None:
    """The part of `day` (its midnight) `said` asks about by its edges, else None."""
    if (pair := _PAIR.search(said)) and (
        int(pair["a"]) < int(pair["b"]) <= 12 or int(pair["a"]) == 12 > int(pair["b"])
    ):  # "between 8 10", "between 12 2"
        ranged = f"between {pair['a']} and {pair['b']}{pair['ap'] or ''}"
        return day_window(said[: pair.start()] + ranged + said[pair.end() :], day)
    midnight = day.replace(hour=0, minute=0, second=0, microsecond=0)
    end_of_day = midnight + timedelta(days=1)
    if found := _AFTER.search(said):
        start = _clock(found["a"] or found["f"], day, said)
        if start is not None and not re.search(
            r"\b(?:to|and|until|till)\s+\d", said[found.end() :]
        ):
            return start, end_of_day
    if found := _BEFORE.search(said):
        if not re.search(r"\b(?:between|from)\s+\S+\s*$", said[: found.start()]):
            end = _clock(found["b"], day, said)
            if end is not None and end > midnight:
                return midnight, end
    if _LATER_SAID.search(said) and midnight <= now < end_of_day:
        return now, end_of_day
    return None

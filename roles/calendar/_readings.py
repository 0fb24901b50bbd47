"""Small readings for the calendar role (`roles.calendar.role`).

A series named whole, a title that names nothing, "for <hour>", a day after a removal, a yes/no
check's listing, a clock time said in words, how much of a moment was said, a length that is no
offset.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from agent_system.routing.slots import parse_when, strip_when
from agent_system.understanding import normalize
from agent_system.understanding._text import numbers_to_digits

if TYPE_CHECKING:
    from datetime import datetime

    from agent_system.understanding._slots import When

__all__ = [
    "ALL_OF",
    "NO_NAME",
    "SERIES",
    "checked_listing",
    "clocked",
    "day_after",
    "for_the_hour",
    "said_parts",
    "strip_time_range",
]

SERIES = lazy_pattern(
    r"\s*\b(?:series|(?:whole|entire)\s+series|(?:every|each)\s+(?:week|day|weekday|(?:mon|tues"
    r"|wednes|thurs|fri|satur|sun)day)s?|for\s+good|(?:all|every)\s+(?:of\s+)?(?:the\s+|my\s+)?"
    r"(?:repeats|occurrences|sessions|classes))\b",
    re.IGNORECASE,
)
"""A repeating event named as a whole: "my gym series", "gym every monday", "for good"."""
ALL_OF = lazy_pattern(
    r"(?:all|every\s+one)\s+(?:of\s+)?(?:the\s+|my\s+)?(?P<name>.+?)\s+(?:sessions|classes|lessons"
    r"|occurrences|repeats)",
    re.IGNORECASE,
)
"""Every occurrence of one event: "all the team sync sessions", "all my yoga classes"."""

NO_NAME = lazy_pattern(
    r"(?:some\s*thing|(?:an?|one|the)\s+(?:calendar\s+)?(?:event|entry|thing|appointment)"
    r"|(?:calendar\s+)?(?:event|entry)|it|one|that|this|them"
    r"|one\s+of\s+(?:my|the|our)\s+(?:calendar\s+)?(?:events|entries|appointments|plans))",
    re.IGNORECASE,
)
"""A title that names nothing: the event's name is still to ask."""


_FOR_HOUR = lazy_pattern(
    r"\bfor\s+(?=(?:\d{1,2}(?::\d{2})?|noon|midday|midnight)(?:\s*(?:[ap]\.?m\.?|o'?clock))?"
    r"(?:\s+(?:on|tomorrow|today|tonight|this|next|monday|tuesday|wednesday|thursday|friday"
    r"|saturday|sunday)\b|[\s.!?]*$))",
    re.IGNORECASE,
)


def for_the_hour(text: str, now: datetime) -> str:
    """`text` with "for <hour>" read as the time when nothing else names one.

    "on january twenty five set meeting for twelve", "book lunch with sam for 1 tomorrow"; not
    "for 2 hours" (a length) and not when a time is said elsewhere.
    """
    spoken = normalize(text)
    said = parse_when(spoken, now)
    if (said is not None and said.has_time) or not _FOR_HOUR.search(spoken):
        return text
    return _FOR_HOUR.sub("at ", spoken, count=1)


def day_after(words: str) -> str:
    """`words` when they say a day or a time and nothing else ("for tuesday"), else ""."""
    words = words.strip(" ,.?!")
    return f" {words}" if words and strip_when(words).strip() in ("", "for", "on", "at") else ""


def checked_listing(listing: RoleCall, event: str) -> RoleCall:
    """A yes/no check's listing, asking for the whole event named.

    "march 1 is susan's birthday, right" lists march 1 for "susan's birthday"; it never adds.
    """
    query = re.sub(r"^(?:the|my|our)\s+", "", event)
    return RoleCall(listing.tool, {**listing.arguments, "query": query, "check": True})


def clocked(reference: str) -> str:
    """`reference` with a clock time said in words as digits.

    "my ten thirty meeting" is the meeting at 10:30 ("my 10:30 meeting"), not one called "ten
    thirty".
    """
    spoken = numbers_to_digits(reference.lower())
    clock = re.compile(r"\d:\d\d")
    return spoken if clock.search(spoken) and not clock.search(reference) else reference


def said_parts(when: When | None) -> int:
    """How much of a moment was said: a day and a time (2), one of them (1), nothing (0)."""
    return 0 if when is None else int(when.has_date) + int(when.has_time)


def strip_time_range(text: str) -> str:
    """`text` without "in 20 minutes"-style offsets, so only a real length counts as duration."""
    return re.sub(r"\b(?:in|within|after)\s+\S+\s+\w+", " ", text, flags=re.IGNORECASE)

"""Days and hours in weather requests: "tomorrow", "on saturday", "this evening", "at 3pm".

Kept local to the weather role on purpose (the router's slot extractor is a separate component);
only what forecasts need is understood.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from agent_system._lazy import lazy_pattern

__all__ = ["WEEKDAYS", "parse_day", "parse_hour", "resolve_day", "weekend_days"]

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_SHORT = {name[:3]: name for name in WEEKDAYS} | {"tues": "tuesday", "thur": "thursday"}
_PARTS_OF_DAY = {
    "morning": 9,
    "noon": 12,
    "afternoon": 15,
    "evening": 19,
    "tonight": 21,
    "night": 21,
}

_ISO = lazy_pattern(r"\b(\d{4}-\d{2}-\d{2})\b")
_IN_DAYS = lazy_pattern(r"\bin (\d{1,2}|one|two|three|four|five|six|seven) days?\b")
_WEEKDAY = lazy_pattern(
    r"\b(?:(next|this|on)\s+)?("
    + "|".join([*WEEKDAYS, *sorted(_SHORT, key=len, reverse=True)])
    + r")\b(?!\s*(?:set|sets|setting|rise|rises|rising|up|down|goes|go|comes|come|will)\b)"
)
"""A weekday said ("saturday", "on sat"), not "the sun set" / "sun rise" / "sun goes down"."""
_CLOCK = lazy_pattern(
    r"\bat (\d{1,2})(?::(\d{2}))?\s*(am|pm)?\b|\b(\d{1,2})(?::\d{2})?\s*(am|pm)\b"
)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def parse_day(text: str) -> str | None:
    """The day a request is about, as a phrase `resolve_day` understands, or None.

    >>> parse_day("will it rain on Saturday?")
    'saturday'
    """
    lowered = text.lower()
    if match := _ISO.search(lowered):
        return match.group(1)
    if "day after tomorrow" in lowered:
        return "day after tomorrow"
    if re.search(r"\btomorrow(?:'?s)?\b|\btmrw\b", lowered):
        return "tomorrow"
    if match := _IN_DAYS.search(lowered):
        return f"in {match.group(1)} days"
    if "weekend" in lowered:
        return "next weekend" if re.search(r"\bnext\s+weekend\b", lowered) else "weekend"
    if re.search(r"\byesterday\b", lowered):
        return "yesterday"
    if match := _WEEKDAY.search(lowered):
        name = _SHORT.get(match.group(2), match.group(2))
        return f"next {name}" if match.group(1) == "next" else name
    if re.search(r"\b(today|tonight|this (morning|afternoon|evening))\b", lowered):
        return "today"
    return None


def parse_hour(text: str) -> int | None:
    """The hour (0-23) a request names ("at 3pm", "this evening", "tonight"), or None."""
    lowered = text.lower()
    if match := _CLOCK.search(lowered):
        hour = int(match.group(1) or match.group(4))
        suffix = match.group(3) or match.group(5)
        if suffix == "pm" and hour < 12:
            hour += 12
        elif suffix == "am" and hour == 12:
            hour = 0
        return hour if 0 <= hour <= 23 else None
    for word, hour in _PARTS_OF_DAY.items():
        if re.search(rf"\b{word}\b", lowered):
            return hour
    return None


def resolve_day(phrase: str, today: date) -> date:
    """The calendar date of a day phrase, relative to `today`.

    Args:
        phrase: "today", "yesterday", "tomorrow", "day after tomorrow", "in 3 days", a weekday
            name ("saturday", "next saturday") or an ISO date. "weekend" is a span: see
            `weekend_days`.
        today: The user's current date.

    Raises:
        ValueError: The phrase is not understood; the message lists what is.
    """
    text = " ".join(phrase.lower().strip().split())
    text = text.removeprefix("on ").removeprefix("this ")
    if text in ("", "today", "now", "tonight"):
        return today
    if text == "yesterday":
        return today - timedelta(days=1)
    if text == "tomorrow":
        return today + timedelta(days=1)
    if text == "day after tomorrow":
        return today + timedelta(days=2)
    if match := _IN_DAYS.fullmatch(text):
        raw = match.group(1)
        return today + timedelta(days=int(raw) if raw.isdigit() else _WORDS[raw])
    if _ISO.fullmatch(text):
        return date.fromisoformat(text)
    nxt = text.startswith("next ")
    name = _SHORT.get(text.removeprefix("next "), text.removeprefix("next "))
    if name in WEEKDAYS:
        ahead = (WEEKDAYS.index(name) - today.weekday()) % 7
        if nxt and ahead == 0:
            ahead = 7
        return today + timedelta(days=ahead)
    raise ValueError(
        f"I don't understand the day {phrase!r}; say 'today', 'tomorrow', a weekday such as "
        "'saturday', 'in 3 days' or a date such as '2026-01-10'."
    )


def weekend_days(phrase: str, today: date) -> tuple[date, ...] | None:
    """The days of "weekend" or "next weekend", or None for any other phrase.

    "weekend" is the coming Saturday and Sunday (on a Sunday, today); "next weekend" the one
    after it.
    """
    text = " ".join(phrase.lower().strip().split()).removeprefix("this ").removeprefix("the ")
    if text not in ("weekend", "next weekend"):
        return None
    saturday = today + timedelta(days=(5 - today.weekday()) % 7)
    if today.weekday() == 6:  # Sunday: this weekend is today
        saturday = today - timedelta(days=1)
    if text == "next weekend":
        saturday += timedelta(days=7)
    return tuple(d for d in (saturday, saturday + timedelta(days=1)) if d >= today)

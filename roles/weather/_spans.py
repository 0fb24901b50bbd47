"""Spans of days and hours said in weather requests, the way people say them.

- A span of days, answered day by day from today: "the ten day forecast", "a 5-day forecast",
  "over the next few days" (3), "the next couple of days" (2), "one week weather", "the next two
  weeks", "a fortnight". The forecast tool reads the same phrases (`span_days`), so a planner
  may pass them as said.
- A weekday within a week: "monday this week" is Monday, "friday next week" the Friday of the
  week after this one (not the whole week).
- "the day after" with no day of its own: the day after tomorrow.
- An hour from now: "this hour", "in an hour", "in 3 hours"; a clock hour with no am or pm ("at
  3"): the next one to come (15:00 at 9 in the morning, 03:00 at 1 in the morning).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from agent_system._lazy import lazy_pattern

__all__ = ["bare_hour", "day_after", "hours_ahead", "parse_span", "span_days", "weekday_of_week"]

_COUNT_WORDS = {
    "a": 1,
    "one": 1,
    "couple": 2,
    "a couple": 2,
    "a couple of": 2,
    "couple of": 2,
    "few": 3,
    "a few": 3,
    "several": 5,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
}
_COUNT = (
    r"\d{1,2}|a\s+couple(?:\s+of)?|couple(?:\s+of)?|a\s+few|few|several|an?|one|two|three|four"
    r"|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
)
_SPAN = lazy_pattern(
    rf"(?<!\bin\s)(?<!\bin\sthe\s)(?<!last\s)(?<!past\s)\b(?P<n>{_COUNT})[\s-]+(?P<unit>days?|weeks?)\b"
    r"(?!\s+(?:ago|from\s+now|later|back|before|after|earlier))"
    r"|\b(?P<fortnight>fortnight)\b",
    re.IGNORECASE,
)
"""A span of days or weeks: "10 day", "the next few days", "one week", "2 weeks"."""
_NEXT_SPAN = lazy_pattern(
    rf"\b(?:next|coming|following|upcoming|over\s+the|for\s+the|within\s+the)\s+(?:{_COUNT})"
    r"[\s-]+(?:days?|weeks?)\b",
    re.IGNORECASE,
)
"""A span said after "next"/"coming"/"over the": "in the next few days" is a span, not a day."""
_TOOL_SPAN = lazy_pattern(
    rf"^(?:(?:the|next|coming|following|upcoming|over|for|within)\s+)*(?P<n>{_COUNT})[\s-]+"
    r"(?P<unit>days?|weeks?)(?:\s+(?:forecast|ahead|from\s+today))?$"
    r"|^(?:(?:the|next|a)\s+)*(?P<fortnight>fortnight)$",
    re.IGNORECASE,
)


def _count(said: str) -> int:
    said = " ".join(said.lower().split())
    return int(said) if said.isdigit() else _COUNT_WORDS.get(said, 1)


def _phrase(n: int, unit: str) -> str:
    if unit.lower().startswith("week"):
        return f"{n} week" if n == 1 else f"{n} weeks"
    return f"{n} day" if n == 1 else f"{n} days"


def parse_span(text: str) -> str | None:
    """The span of days a request asks about, as the phrase `span_days` reads, or None.

    >>> parse_span("can i have the ten day forecast")
    '10 days'
    >>> parse_span("is it going to rain in the next few days in tucson")
    'few days'
    >>> parse_span("forecast for vienna in 3 days") is None
    True
    """
    lowered = text.lower()
    for found in (*_NEXT_SPAN.finditer(lowered), *_SPAN.finditer(lowered)):
        inner = _SPAN.search(found.group(0))
        if inner is None:
            continue
        if inner["fortnight"]:
            return "2 weeks"
        n = _count(inner["n"])
        if inner["unit"].lower().startswith("day") and n == 1:
            continue  # "one day" is a day, not a span
        vague = re.sub(r"^an?\s+", "", " ".join(inner["n"].lower().split()))
        if vague in ("few", "couple", "couple of", "several"):  # as said: "few days"
            unit = "weeks" if inner["unit"].lower().startswith("week") else "days"
            return f"{'couple of' if vague.startswith('couple') else vague} {unit}"
        return _phrase(n, inner["unit"])
    return None


def span_days(phrase: str, today: date) -> list[date] | None:
    """The days of a span phrase ("10 days", "next few days", "2 weeks"), from today.

    None for any other phrase.
    """
    found = _TOOL_SPAN.match(" ".join(phrase.strip().split()))
    if found is None:
        return None
    if found["fortnight"]:
        length = 14
    else:
        n = _count(found["n"])
        length = n * 7 if found["unit"].lower().startswith("week") else n
    return [today + timedelta(days=k) for k in range(max(1, length))]


_WEEKDAY_OF_WEEK = lazy_pattern(
    r"\b(?:on\s+)?(?P<day>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(?:of\s+)?"
    r"(?P<which>this|next|the\s+coming)\s+week\b"
    r"|\b(?P<which2>this|next)\s+week\s+(?:on\s+)?(?P<day2>monday|tuesday|wednesday|thursday"
    r"|friday|saturday|sunday)\b",
    re.IGNORECASE,
)
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def weekday_of_week(text: str, today: date) -> str | None:
    """A weekday named with its week ("monday this week", "next week on friday"), or None.

    This week's day is its name (the forecast reads the next one to come); next week's is the
    ISO date of that day in the week after this one.
    """
    found = _WEEKDAY_OF_WEEK.search(text)
    if found is None:
        return None
    name = (found["day"] or found["day2"]).lower()
    which = (found["which"] or found["which2"]).lower()
    if which == "this":
        return name
    monday = today - timedelta(days=today.weekday()) + timedelta(days=7)
    return (monday + timedelta(days=_WEEKDAYS.index(name))).isoformat()


_DAY_AFTER = lazy_pattern(
    r"\b(?:the\s+)?day\s+after(?!\s+(?:tomorrow|tmrw|the\b|that\b|this\b|my\b|our\b|\w+day\b"
    r"|\w+mas\b|new\b|next\b))\b|\bovermorrow\b",
    re.IGNORECASE,
)


def day_after(text: str) -> bool:
    """Whether "the day after" is said alone: "what will be the weather day after"."""
    return _DAY_AFTER.search(text) is not None


_HOURS_AHEAD = lazy_pattern(
    r"\b(?P<this>this|the\s+next|next|coming)\s+hour\b"
    r"|\bin\s+(?:(?P<n>\d{1,2}|an?|one|two|three|four|five|six)\s+|a\s+couple\s+of\s+)hours?\b"
    r"|\bin\s+half\s+an\s+hour\b"
    r"|\bin\s+(?P<minutes>\d{1,2}|a\s+few|a\s+couple\s+of|few|couple\s+of|ten|twenty|thirty"
    r"|five|fifteen|forty|forty-five)\s+min(?:ute)?s?\b",
    re.IGNORECASE,
)


_MINUTE_WORDS = {"ten": 10, "twenty": 20, "thirty": 30, "five": 5, "fifteen": 15, "forty": 40}
_MINUTE_WORDS |= {"forty-five": 45}


def hours_ahead(text: str) -> int | None:
    """Hours from now a request asks about: "this hour" 0, "in 2 hours" 2, "in 5 minutes" 0."""
    found = _HOURS_AHEAD.search(text)
    if found is None:
        return None
    if found["minutes"]:  # "in 2 minutes": this hour; "in 45 minutes": the next
        said = found["minutes"].lower()
        minutes = int(said) if said.isdigit() else _MINUTE_WORDS.get(said, 5)
        return 1 if minutes > 30 else 0
    if found["this"]:
        return 0 if found["this"].lower() == "this" else 1
    if found["n"] is None:
        return 0 if "half" in found.group(0).lower() else 2
    return _count(found["n"])


_BARE_CLOCK = lazy_pattern(
    r"\bat\s+(?P<h>\d{1,2})(?::(?P<m>\d{2}))?(?:\s*o'?\s*clock)?(?!\s*(?:am|pm|a\.m|p\.m|%|degrees|°))\b",
    re.IGNORECASE,
)
_LATE = lazy_pattern(r"\b(?:tonight|evening|afternoon|night)\b", re.IGNORECASE)
_EARLY = lazy_pattern(r"\b(?:morning|dawn)\b", re.IGNORECASE)


def bare_hour(text: str, now: datetime, day_named: bool) -> tuple[int, bool] | None:
    """A clock hour said with no am or pm ("at 3", "at 10 o'clock"), or None.

    The hour (0-23) and whether it is tomorrow's. "in the evening" / "tonight" / "this
    afternoon" make it pm, "morning" am; otherwise, with no day named, it is the next such hour
    to come ("at 3" at 9 am is 15:00), and with a day named 1 to 6 are in the afternoon. None
    when no such hour is said (or it is not an hour of a 12-hour clock).
    """
    found = _BARE_CLOCK.search(text)
    if found is None:
        return None
    hour = int(found["h"])
    if not 1 <= hour <= 12:
        return None
    if _LATE.search(text):
        return (hour % 12 + 12), False
    if _EARLY.search(text):
        return hour % 12, False
    if day_named:
        return (hour + 12 if hour <= 6 else hour % 24), False
    for candidate in (hour % 12, hour % 12 + 12):
        if candidate >= now.hour:
            return candidate, False
    return hour % 12, True

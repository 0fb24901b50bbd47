"""Date ranges for calendar listing ("this week", "the next 3 days", "in may")."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from agent_system._lazy import lazy_pattern
from agent_system.understanding._patterns import _DATE, _MONTH, _ORD, _RANGE
from agent_system.understanding._when import _at, _word_or_int, parse_when


def _one_day(text: str) -> bool:
    """One day said with a week or a month in it ("friday next week", "the end of this month",
    "the first monday of next month"): not that week or month."""
    return any(
        m["nth"] or m["edge"] or (m["wafter"] or "").lower().endswith("week")
        for m in _DATE.finditer(text)
    )


def parse_date_range(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    """A half-open [start, end) range for calendar listing, or None.

    "today", "tomorrow", "next monday", "on the 14th": that day. "this week": from today to the
    end of Sunday; "next week": next Monday to Sunday. "this weekend", "next month", "the next
    3 days", "upcoming" (the next 7 days) work too.
    """
    today = now.date()
    match = _RANGE.search(text)
    if match and _one_day(text):  # "friday next week", "the end of this month"
        match = None
    if match:
        if match["rest"]:
            return _day_start(today, now), _day_start(today + timedelta(days=7), now)
        if match["n"]:
            days = _word_or_int(match["n"].lower())
            return _day_start(today, now), _day_start(today + timedelta(days=days), now)
        which, unit = match["which"].lower(), match["unit"].lower()
        monday = today - timedelta(days=today.weekday())
        if unit == "week":
            if which == "this":
                return _day_start(today, now), _day_start(monday + timedelta(days=7), now)
            start = monday + timedelta(days=7)
            return _day_start(start, now), _day_start(start + timedelta(days=7), now)
        if unit == "weekend":
            saturday = monday + timedelta(days=5 if which == "this" else 12)
            first = max(saturday, today) if which == "this" else saturday
            return _day_start(first, now), _day_start(saturday + timedelta(days=2), now)
        first_next = (today.replace(day=28) + timedelta(days=4)).replace(day=1)
        if which == "this":
            return _day_start(today, now), _day_start(first_next, now)
        after = (first_next.replace(day=28) + timedelta(days=4)).replace(day=1)
        return _day_start(first_next, now), _day_start(after, now)
    if (month := _month_range(text, now)) is not None:
        return month
    found = parse_when(text, now)
    if found is None:
        return None
    day = found.value.date()
    return _day_start(day, now), _day_start(day + timedelta(days=1), now)


_FULL_MONTHS = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
)  # fmt: skip
_BARE_MONTH = lazy_pattern(
    rf"\b(?P<m>{'|'.join(m for m in _FULL_MONTHS if m != 'may')}"
    r"|(?<=\bin\s)may|(?<=\bof\s)may|(?<=\bfor\s)may)\b"
    r"(?:\s+(?P<y>\d{4})\b)?",
    re.IGNORECASE,
)
_MONTH_DAY = lazy_pattern(
    rf"\b(?:{_MONTH})\.?\s+(?:the\s+)?\d{{1,2}}(?!\d)|\b\d{{1,2}}{_ORD}?\s+(?:of\s+)?(?:{_MONTH})\b",
    re.IGNORECASE,
)


def _month_range(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    """A month named without a day ("my events for march", "in june 2027"): that whole month
    (the next one of that name; from today when it is this month)."""
    found = _BARE_MONTH.search(text)
    if found is None or _MONTH_DAY.search(text) or _one_day(text):
        return None
    today = now.date()
    month = _FULL_MONTHS.index(found["m"].lower()) + 1
    year = int(found["y"]) if found["y"] else today.year + (month < today.month)
    first = date(year, month, 1)
    after = date(year + month // 12, month % 12 + 1, 1)
    if week := _WEEK_OF.search(text):  # "the first week of march": its 1st to 7th
        nth = _NTH_WEEK[week["nth"].lower()]
        start = after - timedelta(days=7) if nth < 0 else first + timedelta(days=7 * nth)
        return _day_start(start, now), _day_start(min(start + timedelta(days=7), after), now)
    return _day_start(max(first, today), now), _day_start(after, now)


_NTH_WEEK = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3,
             "4th": 3, "last": -1, "final": -1}  # fmt: skip
_WEEK_OF = lazy_pattern(
    rf"\b(?P<nth>{'|'.join(_NTH_WEEK)})\s+week\s+(?:of|in)\s+(?:the\s+month\s+of\s+)?"
    rf"(?:{'|'.join(_FULL_MONTHS)})\b",
    re.IGNORECASE,
)
"""A week of a month by its place: "the first week of march" (1st-7th), "the last week of june"."""


def _day_start(day: date, now: datetime) -> datetime:
    return _at(day, 0, 0, now)

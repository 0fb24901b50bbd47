"""Days further off than a week: "in 3 weeks", "a week from today", "next autumn", "this winter".

The role reads them (`far_day`): a count of weeks, months or years from today is that one day
(an ISO date); a month, a season or a year is a period the forecast tool reads as a span of days
(`period_days`). Forecasts reach only so far, so most of these get a plain "too far ahead"
answer from the tool; a period that starts within reach is answered day by day as far as the
forecasts go. Seasons are the meteorological ones of the northern hemisphere (winter is
December to February).
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from agent_system._lazy import lazy_pattern

__all__ = ["far_day", "period_days"]

_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "couple of": 2,
    "a few": 3, "few": 3,
}  # fmt: skip
_N = (
    r"\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
    r"|(?:a\s+)?couple\s+of|(?:a\s+)?few"
)
_AHEAD = lazy_pattern(
    rf"\bin\s+(?P<n>{_N})\s+(?P<unit>weeks?|months?|years?)\b"
    rf"|\b(?P<n2>{_N})\s+(?P<unit2>weeks?|months?|years?)\s+from\s+(?:now|today)\b",
    re.IGNORECASE,
)
"""One day some weeks, months or years from today: "in 3 weeks", "a month from now"."""
_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
_PERIOD = lazy_pattern(
    r"\b(?P<which>next|this|coming|the\s+coming|in\s+the|during\s+the|over\s+the|in)\s+"
    r"(?P<season>spring|summer|autumn|fall|winter)(?:\s+(?P<year>(?:19|20)\d\d))?\b"
    r"(?!\s+(?:river|city|creek|valley|lake|hills?|park|street|road))"
    r"|(?<!\bof\s)\b(?P<which2>next|this|coming|the\s+coming|the\s+rest\s+of\s+the|rest\s+of\s+the)\s+"
    r"(?P<unit>month|year)\b",
    re.IGNORECASE,
)
"""A season, month or year as a whole: "next autumn", "in the spring", "this month"."""
_PAST = lazy_pattern(
    r"\blast\s+(?P<what>week|month|year|spring|summer|autumn|fall|winter)\b", re.IGNORECASE
)
"""A past period: "what was the weather like last month"."""
_TOOL_PERIOD = lazy_pattern(
    r"^(?P<which>this|next)\s+(?P<what>spring|summer|autumn|fall|winter|month|year)$"
    r"|^(?P<season>spring|summer|autumn|fall|winter)\s+(?P<year>\d{4})$",
    re.IGNORECASE,
)


def _count(said: str) -> int:
    said = " ".join(said.lower().split())
    return int(said) if said.isdigit() else _NUMBERS.get(said, 1)


def _months_later(day: date, months: int) -> date:
    """The same day of the month `months` later (the month's last day when it is shorter)."""
    index = day.year * 12 + day.month - 1 + months
    year, month = index // 12, index % 12 + 1
    for last in (day.day, 30, 29, 28):
        try:
            return date(year, month, min(day.day, last))
        except ValueError:
            continue
    return date(year, month, 28)


def far_day(text: str, today: date) -> str | None:
    """The day or period a request names beyond the next days, as the forecast tool reads it.

    "in 3 weeks" -> the ISO date 21 days ahead; "a month from now" -> the ISO date a month
    ahead; "next autumn" -> "next autumn"; "this month" -> "this month"; None for anything else.

    >>> far_day("weather in 3 weeks in paris", date(2026, 1, 5))
    '2026-01-26'
    >>> far_day("will it snow next autumn", date(2026, 1, 5))
    'next autumn'
    """
    if found := _AHEAD.search(text):
        n, unit = _count(found["n"] or found["n2"]), (found["unit"] or found["unit2"]).lower()
        if unit.startswith("week"):
            return (today + timedelta(days=7 * n)).isoformat()
        return _months_later(today, n * (12 if unit.startswith("year") else 1)).isoformat()
    if found := _PAST.search(text):  # "last month": the tool says it has no such past
        return f"last {'autumn' if found['what'].lower() == 'fall' else found['what'].lower()}"
    found = _PERIOD.search(text)
    if found is None:
        return None
    which = " ".join((found["which"] or found["which2"] or "").lower().split())
    if found["season"]:
        season = "autumn" if found["season"].lower() == "fall" else found["season"].lower()
        if found["year"]:
            return f"{season} {found['year']}"
        return f"{'next' if which == 'next' else 'this'} {season}"
    return f"{'next' if which == 'next' else 'this'} {found['unit'].lower()}"


def _season(name: str, year: int) -> tuple[date, date]:
    """The first and last day of the season `name` beginning in `year`."""
    start = date(year, _SEASONS[name], 1)
    return start, _months_later(start, 3) - timedelta(days=1)


def period_days(phrase: str, today: date) -> tuple[date, date] | None:
    """The first and last day of a period phrase, from today at the earliest.

    "this month" (today to its end), "next month", "this year", "next year", "this autumn" (the
    current autumn, or the next one to come), "next autumn" (the next autumn that is not the
    current one), "winter 2028". None for any other phrase.
    """
    found = _TOOL_PERIOD.match(" ".join(phrase.lower().split()))
    if found is None:
        return None
    if found["season"]:
        name = "autumn" if found["season"] == "fall" else found["season"]
        return _season(name, int(found["year"]))
    which, what = found["which"], "autumn" if found["what"] == "fall" else found["what"]
    if what == "month":
        first = _months_later(today.replace(day=1), 0 if which == "this" else 1)
        return max(first, today), _months_later(first, 1) - timedelta(days=1)
    if what == "year":
        first = date(today.year + (which == "next"), 1, 1)
        return max(first, today), date(first.year, 12, 31)
    start, end = _season(what, today.year - (what == "winter" and today.month < 3))
    current = start <= today <= end
    if end < today:
        start, end = _season(what, start.year + 1)
    if which == "next" and current:
        start, end = _season(what, start.year + 1)
    return max(start, today), end

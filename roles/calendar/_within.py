"""An event to add said with a period and no day: "add new year with family next week".

"add birthday with mom for next month", "put the team offsite in this week": the role asks
"Which day next week is 'New year with family'?" and the answer ("tuesday", "the 12th"), joined
to the request, is that day within the period said (`within_period`), not the next one.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import parse_date_range

__all__ = ["within_period"]

_PERIOD = lazy_pattern(
    r"\s*\b(?:for\s+|in\s+|during\s+|sometime\s+|some\s+time\s+)?(?P<p>(?:this|next)\s+"
    r"(?:week|weekend|month))\b",
    re.IGNORECASE,
)
_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = lazy_pattern(rf"\b(?:on\s+)?(?P<d>{'|'.join(_DAYS)})\b", re.IGNORECASE)
_NTH = lazy_pattern(r"\b(?:on\s+)?the\s+(?P<n>\d{1,2})(?:st|nd|rd|th)?\b", re.IGNORECASE)


def within_period(text: str, now: datetime) -> tuple[str, str] | None:
    """(the period said, `text` with it made a day when one is said too, else left out), or None.

    "add new year with family next week on tuesday" -> ("next week", "add new year with family
    on March 10"); "add birthday with mom for next month" -> ("next month", "add birthday with
    mom"). None when no period is said.
    """
    found = _PERIOD.search(text)
    if found is None or (span := parse_date_range(found["p"], now)) is None:
        return None
    period = found["p"].lower()
    rest = re.sub(r"\s{2,}", " ", f"{text[: found.start()]} {text[found.end() :]}").strip()
    begin, end = span[0].date(), span[1].date()
    if (day := _WEEKDAY.search(rest)) is not None:
        wanted = _DAYS.index(day["d"].lower())
        dates = [begin + timedelta(days=i) for i in range((end - begin).days)]
        hit = next((d for d in dates if d.weekday() == wanted), None)
        if hit is not None:
            return period, f"{rest[: day.start()]}on {hit:%B} {hit.day}{rest[day.end() :]}"
    if (nth := _NTH.search(rest)) is not None and period.endswith("month"):
        number = int(nth["n"])
        if 1 <= number <= 28 or (begin.replace(day=28) + timedelta(days=number - 28)).month == (
            begin.month
        ):
            return period, f"{rest[: nth.start()]}on {begin:%B} {number}{rest[nth.end() :]}"
    return period, rest

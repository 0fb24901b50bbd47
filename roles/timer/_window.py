"""Windows a question about alarms and reminders names: days of the week and "between".

"what alarms do i have on weekdays" (`when` "weekdays"), "any alarms at weekends", "which
reminders are on mondays" ("mon"), "do i have any alarms between 6 and 8 tomorrow" (that
morning's or that evening's two hours: am or pm was not said), "alarms between 6 am and 9 am"
("06:00/09:00"). `roles.timer._which.when_filter` asks these first.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import parse_when
from roles.timer._repeat import repeat_in

__all__ = ["between", "days_of_week"]

_PLURAL_DAYS = lazy_pattern(
    r"\b(?:on|at|for|during)\s+(?:the\s+)?(?:week\s*days|weekends|work\s*days|working\s+days)\b"
    r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bweekdays\b|\bweekends\b"
    r"|\b(?:week\s*day|weekend)\s+(?=alarms?\b|wake)"
)


def days_of_week(spoken: str) -> str:
    """The days of the week a question names, as a rule ("weekdays", "mon"), or "".

    "my weekday alarm" names the alarm that repeats on weekdays: "every weekdays".
    """
    if (found := _PLURAL_DAYS.search(spoken)) is None:
        return ""
    if re.match(r"week\s*day\s", found[0]):
        return "every weekdays"  # "my weekday alarm": the one that repeats on weekdays
    if found[0].startswith("weekend "):
        return "every weekends"
    rule, _ = repeat_in(spoken)
    return rule if rule not in ("", "daily", "hourly", "weekly") else ""


_BETWEEN = lazy_pattern(
    r"\bbetween\s+(?P<a>\d{1,2}(?::\d{2})?(?:\s*[ap]\.?m\b)?|noon|midnight)\s+and\s+"
    r"(?P<b>\d{1,2}(?::\d{2})?(?:\s*[ap]\.?m\b)?|noon|midnight)"
)
_HALF = lazy_pattern(r"[ap]\.?m\b")


def _twelve(hour: int) -> int:
    """An hour said without am/pm on a 12-hour clock: 1-12."""
    return hour % 12 or 12


def between(spoken: str, now: datetime) -> str:
    """timer.list's `when` for "between 6 and 8 (tomorrow)", or ""."""
    found = _BETWEEN.search(spoken)
    if found is None:
        return ""
    first, last = found["a"], found["b"]
    if (half := _HALF.search(last)) and not _HALF.search(first) and first[0].isdigit():
        first = f"{first} {half[0]}"  # "between 6 and 8 pm": both in the evening
    start, end = parse_when(f"at {first}", now), parse_when(f"at {last}", now)
    if start is None or end is None or not (start.has_time and end.has_time):
        return ""
    rest = f"{spoken[: found.start()]} {spoken[found.end() :]}"
    day = parse_when(rest, now)
    spans = []
    for shift in (0, 12) if start.ambiguous and end.ambiguous else (0,):
        low = (_twelve(start.value.hour) + shift if start.ambiguous else start.value.hour) % 24
        high = (_twelve(end.value.hour) + shift if end.ambiguous else end.value.hour) % 24
        clocks = f"{low:02d}:{start.value.minute:02d}", f"{high:02d}:{end.value.minute:02d}"
        if day is None or not day.has_date:
            spans.append("/".join(clocks))
            continue
        midnight = day.value.replace(hour=0, minute=0, second=0, microsecond=0)
        begin = midnight + timedelta(hours=low, minutes=start.value.minute)
        until = midnight + timedelta(hours=high, minutes=end.value.minute)
        if until <= begin:
            until += timedelta(days=1)  # "between 11 pm and 1 am"
        spans.append(f"{begin.isoformat()}/{until.isoformat()}")
    return " or ".join(spans)

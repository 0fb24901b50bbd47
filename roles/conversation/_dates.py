"""The date of a day named relative to today, looking back as well as ahead.

"what's the date tomorrow", "what date is next friday", "what day will it be in 3 days", "what
was the date last monday", "tomorrow's date". Scheduling reads every day as a coming one; a
question about the date also looks back ("yesterday", "last monday", "a week ago"), and counts
from today ("a week from today").
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from agent_system._lazy import lazy_pattern
from agent_system.understanding._slots import parse_when

__all__ = ["calendar_answer", "day_asked", "next_weekend"]

_LEAD = (
    r"^(?:(?:please|so|and|hey|ok|okay|olly|alexa)\s+)*(?:(?:can|could)\s+you\s+)?"
    r"(?:(?:tell|show|give)\s+me|let\s+me\s+know|i\s+(?:need|want|would\s+like)\s+to\s+know"
    r"|do\s+you\s+know)?\s*"
)
_ASKED = lazy_pattern(
    _LEAD + r"(?:"
    r"what(?:\s+is|'s|\s+was)\s+(?P<g>the\s+day\s+(?:after\s+tomorrow|before\s+yesterday))|"
    r"what(?:\s+is|'s)?\s+(?:the\s+)?(?:date|day)(?:\s+and\s+(?:date|day))?\s+(?:going\s+to\s+be\s+"
    r"|will\s+it\s+be\s+|will\s+be\s+|was\s+it\s+|is\s+it\s+)?(?P<a>.+?)"
    r"|(?:what|which)\s+(?:date|day)\s+(?:is|was|will)\s+it(?:\s+be|\s+going\s+to\s+be)?\s+(?P<b>.+?)"
    r"|what\s+will\s+(?:the\s+date|the\s+day|it)\s+be\s+(?P<c>.+?)"
    r"|what\s+(?:will\s+be|was|is\s+going\s+to\s+be)\s+the\s+(?:date|day)\s+(?P<d>.+?)"
    r"|(?:what(?:\s+is|'s|\s+was)\s+)?(?P<e>tomorrow|yesterday)(?:'s|s)?\s+date"
    r"|(?:the\s+)?date\s+(?:for\s+)?(?P<f>tomorrow|yesterday|.+?\s+(?:from\s+(?:now|today)|ago|back)"
    r"|(?:in|after)\s+\d+\s+(?:days?|weeks?))"
    r")(?:\s+please)?$"
)
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_UNITS = {"day": 1, "days": 1, "week": 7, "weeks": 7}
_COUNT = r"(?P<n>\d+|a|an|one)\s+(?P<unit>days?|weeks?)"
_FROM_NOW = lazy_pattern(rf"^(?:in\s+|after\s+)?{_COUNT}(?:\s+time|\s+from\s+(?:now|today))?$")
_AGO = lazy_pattern(rf"^{_COUNT}\s+(?:ago|back|before|earlier)$")
_LAST = lazy_pattern(r"^(?:on\s+)?(?:last|past|previous)\s+(?P<wd>" + "|".join(_WEEKDAYS) + ")$")
_FILLER = lazy_pattern(r"\b(?:on|the|this|coming|of)\b")
_NOT_A_DAY = lazy_pattern(
    r"\b(?:my|your|our|for|meeting|appointment|event|party|game|match|flight|holiday|"
    r"christmas|easter|birthday|anniversary)\b"
    r"|\bof\b(?!\s+(?:(?:the|this|next)\s+(?:month|week)|january|february|march|april|may|june"
    r"|july|august|september|october|november|december)\b)"
)
"""Days named by an event ("the date of my meeting", "of christmas") belong elsewhere."""


def _count(found: re.Match[str]) -> int:
    n = found["n"]
    return (int(n) if n.isdigit() else 1) * _UNITS[found["unit"]]


def _day(words: str, today: date, now: datetime) -> date | None:
    """The day `words` names, looking back as well as ahead, or None."""
    words = re.sub(r"^(?:on|for)\s+", "", words.strip())
    fixed = {
        "today": 0,
        "tomorrow": 1,
        "yesterday": -1,
        "the day after tomorrow": 2,
        "the day before yesterday": -2,
    }
    if words in fixed:
        return today + timedelta(days=fixed[words])
    if found := _FROM_NOW.match(words):
        return today + timedelta(days=_count(found))
    if found := _AGO.match(words):
        return today - timedelta(days=_count(found))
    if found := _LAST.match(words):
        back = (today.weekday() - _WEEKDAYS.index(found["wd"])) % 7 or 7
        return today - timedelta(days=back)
    when = parse_when(words, now)
    if when is None or not when.has_date or when.has_time:
        return None
    left = words
    for start, end in sorted(when.spans, reverse=True):
        left = left[:start] + " " + left[end:]
    # every word is the day's ("next friday", "the 15th"), nothing else ("friday's game")
    return None if _FILLER.sub(" ", left).strip() else when.value.date()


def day_asked(said: str, now: datetime) -> date | None:
    """The day a normalized date question names ("what's the date next friday"), or None."""
    found = _ASKED.match(said)
    if found is None:
        return None
    words = next(found[g] for g in "abcdefg" if found[g])
    words = re.sub(r"^(?:is|was|will\s+be)\s+", "", words)  # "what date is the 1st monday in may"
    if _NOT_A_DAY.search(words) or words in ("today", "now", "currently", "right now"):
        return None
    return _day(words, now.date(), now)


_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_ASK = (
    r"^(?:(?:please|so|and|hey|ok|okay|olly|alexa)\s+)*(?:(?:can|could)\s+you\s+)?"
    r"(?:(?:tell|show|give)\s+me|do\s+you\s+know)?\s*"
)
_MONTH_OR_YEAR = lazy_pattern(
    _ASK + r"(?:(?:what|which)\s+(?P<unit>month|year)\s+(?:is\s+it|is\s+this|are\s+we(?:\s+in)?|"
    r"is\s+it\s+(?:now|today|currently))"
    r"|what(?:\s+is|'s)\s+the\s+(?:current\s+)?(?P<unit2>month|year))(?:\s+(?:now|today|please))?$"
)
"""'which month are we in', 'what year is it'."""
_MONTH_DAYS = lazy_pattern(
    _ASK + r"(?:how\s+many\s+days\s+(?:are\s+(?:there\s+)?|is\s+there\s+|does\s+)?in\s+"
    r"(?P<month>" + "|".join(_MONTHS) + r")(?:\s+have)?"
    r"|does\s+(?P<month2>" + "|".join(_MONTHS) + r"|this\s+month)\s+have\s+(?P<n>\d+)\s+days)"
    r"(?P<next>\s+next\s+year)?(?:\s+this\s+year|\s+(?P<year>\d{4}))?$"
)
"""'how many days are in february', 'does this month have 31 days'."""
_IS_IT = lazy_pattern(
    _ASK + r"is\s+(?:it|today)\s+(?:a\s+)?(?P<day>" + "|".join(_WEEKDAYS) + r"|the\s+weekend|"
    r"weekend|a\s+weekday|weekday)(?:\s+today)?$"
)
"""'is it friday today', 'is it the weekend'."""


_NTH = r"(?P<n{0}>\d{{1,2}})(?:st|nd|rd|th)(?:\s+day)?"
_IN_MONTH = (
    r"(?P<month{0}>" + "|".join(_MONTHS) + r"|(?:this|next|the|the\s+current)\s+month)"
    r"(?P<year{0}>\s+\d{{4}}|\s+(?:this|next)\s+year)?"
)
_HAS_DAY = lazy_pattern(
    _ASK + r"(?:(?:(?:is|was|will)\s+there(?:\s+be)?|do\s+(?:we|you|i)\s+have|have\s+we\s+got"
    r"|does\s+(?:it|there)\s+have)\s+(?:a\s+|an\s+|the\s+|any\s+)?"
    + _NTH.format(1)
    + r"(?:\s+(?:in|on|of|for|during)\s+|\s+)"
    + _IN_MONTH.format(1)
    + r"|does\s+"
    + _IN_MONTH.format(2)
    + r"\s+(?:have|get|contain)\s+(?:a\s+|an\s+|the\s+"
    r"|any\s+)?"
    + _NTH.format(2)
    + r"(?:\s+this\s+year)?"
    + r"|(?:is|was)\s+(?:there\s+)?(?:a\s+)?"
    + _NTH.format(3)
    + r"\s+(?:in|of)\s+"
    + _IN_MONTH.format(3)
    + r")(?:\s+please)?$"
)
"""'is there a 31st in november', 'does february have a 29th', 'do we have 31st day this month'."""


_QUARTER = lazy_pattern(
    _ASK + r"(?:what|which)\s+(?:fiscal\s+|financial\s+)?quarter(?:\s+of\s+the\s+year)?\s+"
    r"(?:is\s+it|is\s+this|are\s+we\s+in|are\s+we|is\s+it\s+(?:now|currently))(?:\s+now)?$"
)
"""'what quarter are we in', 'which quarter of the year is it'."""
_WEEKS_LEFT = lazy_pattern(
    _ASK + r"how\s+many\s+(?:more\s+)?weeks\s+(?:are\s+)?(?:there\s+)?(?:left|remaining|to\s+go)\s+"
    r"(?:in\s+|of\s+|until\s+the\s+end\s+of\s+)?(?:this|the)\s+(?P<span>year|month)$"
)
"""'how many weeks are left this year'."""
_NTHS = ("first", "second", "third", "fourth")


def _next_month(today: date) -> date:
    return (today.replace(day=1) + timedelta(days=32)).replace(day=1)


def _has_day(found: re.Match[str], today: date) -> str:
    """Yes and the day's date, or no and how many days that month has."""
    which = next(k for k in "123" if found[f"n{k}"])
    name, said_year = found[f"month{which}"], (found[f"year{which}"] or "").strip()
    if name in _MONTHS:
        month = _MONTHS.index(name) + 1
        year = today.year + (month < today.month and not said_year)
    else:
        month, year = today.month, today.year
        if name.startswith("next"):
            month, year = (1, year + 1) if month == 12 else (month + 1, year)
    if not said_year and found.string.endswith("this year"):
        said_year = "this year"  # "does february have a 29th this year"
    if said_year.isdigit():
        year = int(said_year)
    elif said_year:
        year = today.year + said_year.startswith("next")
    days, nth = _month_days(year, month), int(found[f"n{which}"])
    if 1 <= nth <= days:
        return f"Yes, {date(year, month, nth).strftime('%A %-d %B %Y')}."
    return f"No, {date(year, month, 1).strftime('%B %Y')} has {days} days."


def _month_days(year: int, month: int) -> int:
    first = date(year, month, 1)
    return ((first + timedelta(days=32)).replace(day=1) - first).days


def calendar_answer(said: str, today: date, long_date: str) -> str | None:
    """The reply to a question about this month or year, a month's length or today's weekday.

    None when `said` is none of those. `long_date` is today written out ("Monday 5 January 2026").
    """
    if found := _MONTH_OR_YEAR.match(said):
        unit = found["unit"] or found["unit2"]
        return f"It's {today.strftime('%B %Y') if unit == 'month' else today.year}."
    if found := _MONTH_DAYS.match(said):
        name = found["month"] or found["month2"]
        month = today.month if name == "this month" else _MONTHS.index(name) + 1
        year = int(found["year"]) if found["year"] else today.year + bool(found["next"])
        days = _month_days(year, month)
        answer = f"{date(year, month, 1).strftime('%B %Y')} has {days} days."
        if found["n"]:
            answer = f"{'Yes' if int(found['n']) == days else 'No'}, {answer}"
        return answer
    if _QUARTER.match(said):
        quarter = (today.month - 1) // 3 + 1
        return f"It's the {_NTHS[quarter - 1]} quarter of {today.year} (Q{quarter})."
    if found := _WEEKS_LEFT.match(said):
        end = date(today.year + 1, 1, 1) if found["span"] == "year" else _next_month(today)
        weeks, days = divmod((end - today).days - 1, 7)
        units = ((weeks, "week"), (days, "day"))
        parts = [f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in units]
        left = " and ".join(part for part in parts if not part.startswith("0 ")) or "0 days"
        return f"{left.capitalize()} left in this {found['span']} after today."
    if found := _HAS_DAY.match(said):
        return _has_day(found, today)
    if found := _IS_IT.match(said):
        asked = found["day"].removeprefix("the ").removeprefix("a ")
        weekday = today.weekday()
        if asked == "weekend":
            yes = weekday >= 5
        elif asked == "weekday":
            yes = weekday < 5
        else:
            yes = _WEEKDAYS.index(asked) == weekday
        return f"{'Yes' if yes else 'No'}, today is {long_date}."
    return None


def next_weekend(today: date) -> date:
    """The Saturday of this weekend (today when it is the weekend)."""
    return today if today.weekday() >= 5 else today + timedelta(days=5 - today.weekday())

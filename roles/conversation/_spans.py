"""Spans of the clock asked the everyday way, answered offline.

Days since a day ("how many days has it been since new year's day", "how long ago was the 4th
of july", "how many weeks since march 1st"), days between two days ("how many days between
march 3 and april 10", "how many weeks from today to june 1st"), the time left until a clock
time ("how many hours until 5pm", "how long till midnight", "minutes left until 6:30"), and
whether today is a holiday ("is today a holiday", "what holiday is it today"). Each day or time
must be the whole of its words (a day of the user's own, "my flight", belongs to their calendar
or timers). The request has been normalized (lowercase, number words as digits).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding._slots import parse_when
from agent_system.understanding.locale import format_clock, format_long_date
from roles.conversation._holidays import holiday_named, holidays_between

if TYPE_CHECKING:
    from agent_system.config import Settings

__all__ = ["span_answer"]

_LEAD = (
    r"^(?:(?:please|so|and|hey|ok|okay|olly|alexa|um)\s+)*(?:(?:can|could)\s+you\s+)?"
    r"(?:(?:tell|show|give)\s+me|let\s+me\s+know|i\s+(?:need|want|would\s+like)\s+to\s+know"
    r"|do\s+you\s+know|i\s+wonder|work\s+out|figure\s+out|count)?\s*"
)
_UNIT = r"(?P<unit>days|weeks|months|hours|minutes|sleeps)"
_SINCE = lazy_pattern(
    _LEAD + r"(?:"
    rf"how\s+(?:many\s+{_UNIT}|long)\s+(?:(?:has\s+it\s+been|have\s+(?:passed|gone\s+by)|"
    r"is\s+it|it\s+has\s+been|it\s+is|has\s+passed)\s+)?since\s+(?P<day>.+?)"
    rf"|how\s+(?:many\s+{_UNIT.replace('unit', 'unit2')}\s+|long\s+)ago\s+(?:was|is|did)\s+"
    r"(?P<day2>.+?)(?:\s+happen)?"
    rf"|{_UNIT.replace('unit', 'unit3')}\s+(?:since|that\s+have\s+passed\s+since)\s+"
    r"(?P<day3>.+?)"
    r")(?:\s+(?:so\s+far|until\s+(?:now|today)|till\s+(?:now|today)))?$"
)
_BETWEEN = lazy_pattern(
    _LEAD + r"(?:how\s+many\s+" + _UNIT + r"\s+(?:are\s+there\s+|is\s+it\s+|are\s+)?|"
    r"(?:the\s+)?(?:number\s+of\s+)?" + _UNIT.replace("unit", "unit2") + r"\s+)"
    r"(?:between|from)\s+(?P<a>.+?)\s+(?:and|to|until|till|through)\s+(?P<b>.+?)"
    r"(?:\s+inclusive)?$"
)
_UNTIL_TIME = lazy_pattern(
    _LEAD + r"how\s+(?:many\s+(?P<unit>hours|minutes|mins|hrs)|much\s+time|long)\s+"
    r"(?:(?:is\s+it|are\s+there|do\s+i\s+have|do\s+we\s+have|is\s+there|have\s+i\s+got|is|"
    r"left|more|remaining)"
    r"\s+)*(?:left\s+)?(?:until|till|to|before)\s+(?P<time>.+?)(?:\s+(?:today|tonight))?$"
)
_HOLIDAY_TODAY = lazy_pattern(
    _LEAD + r"(?:is\s+(?:today|it|this)\s+(?:a\s+|an\s+)?(?:public\s+|bank\s+|national\s+|"
    r"federal\s+|official\s+)?holiday(?:\s+today)?"
    r"|(?:what|which)\s+holiday\s+(?:is\s+(?:it\s+)?today|is\s+it|are\s+we\s+celebrating)"
    r"(?:\s+today)?"
    r"|(?:is\s+there\s+)?(?:a|any)\s+holidays?\s+today|what\s+(?:are\s+we|do\s+we)\s+"
    r"celebrat(?:e|ing)\s+today|today\s+is\s+(?:a|what)\s+holiday)$"
)
_NEXT_TO = lazy_pattern(
    _LEAD + r"(?:what(?:\s+is|\s+was)?\s+(?:the\s+)?(?:date|day)\s+of\s+|(?:what|which)\s+(?:date|"
    r"day)\s+(?:is|was)\s+|what(?:\s+is|\s+was)\s+)?the\s+day\s+(?P<way>after|before)\s+(?P<day>.+?)(?:\s+this\s+year)?$"
)
_WEEKEND_DAY = lazy_pattern(
    _LEAD + r"(?:is|does|will)\s+(?P<day>.+?)\s+(?:fall\s+|be\s+)?(?:on\s+)?(?:a|in\s+the)\s+"
    r"(?P<kind>weekend|week\s*day|working\s+day|work\s+day|business\s+day|school\s+day)$"
)
_FILLER = lazy_pattern(r"\b(?:on|the|this|of|at|o'clock|oclock|now|today)\b")
_FIXED = {"today": 0, "now": 0, "yesterday": -1, "tomorrow": 1}


def _whole_when(words: str, now: datetime) -> tuple[datetime, bool, bool] | None:
    """(moment, has a date, has a time) when every word of `words` is the moment's."""
    when = parse_when(words, now)
    if when is None:
        return None
    left = words
    for start, end in sorted(when.spans, reverse=True):
        left = left[:start] + " " + left[end:]
    if _FILLER.sub(" ", left).strip():
        return None  # "my flight at 5", "friday's game": not a bare day or time
    return when.value, when.has_date, when.has_time


def _a_day(words: str, now: datetime, *, past: bool) -> date | None:
    """The day `words` names: a holiday, today/yesterday/tomorrow, or a date (said whole)."""
    words = re.sub(r"^(?:on|the\s+day\s+of)\s+", "", words.strip())
    if words in _FIXED:
        return now.date() + timedelta(days=_FIXED[words])
    if (holiday := holiday_named(words, now.date())) is not None:
        day = holiday[1]
    elif (found := _whole_when(words, now)) is not None and found[1] and not found[2]:
        day = found[0].date()
    else:
        return None
    if past and day > now.date() and not re.search(r"\b\d{4}\b", words):
        day = _last_years(day)  # "since march 1st" is the last one, not the coming one
    return day


def _last_years(day: date) -> date:
    try:
        return day.replace(year=day.year - 1)
    except ValueError:  # 29 February
        return day.replace(year=day.year - 1, day=28)


def _count(days: int, unit: str | None) -> str:
    if unit == "weeks":
        weeks, rest = divmod(days, 7)
        text = f"{weeks} week{'s' if weeks != 1 else ''}"
        return text + (f" and {rest} day{'s' if rest != 1 else ''}" if rest else "")
    return f"{days} day{'s' if days != 1 else ''}"


def _length(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    parts = [f"{hours} hour{'s' if hours != 1 else ''}"] if hours else []
    if rest or not hours:
        parts.append(f"{rest} minute{'s' if rest != 1 else ''}")
    return " and ".join(parts)


def span_answer(said: str, now: datetime, settings: Settings | None = None) -> str | None:
    """The reply to a span question (`said`: normalized), or None when it is not one."""
    today = now.date()
    if _HOLIDAY_TODAY.match(said):
        found = holidays_between(today, today + timedelta(days=1))
        if found:
            return f"Today is {found[0][0]}."
        return f"Today is no holiday that I know of ({format_long_date(today, settings)})."
    if (next_to := _NEXT_TO.match(said)) is not None:  # "what's the day after christmas"
        day = _a_day(next_to["day"], now, past=False)
        if day is None:
            return None
        day += timedelta(days=1 if next_to["way"] == "after" else -1)
        return f"It's {format_long_date(day, settings)}."
    if (weekend := _WEEKEND_DAY.match(said)) is not None:  # "is the 30th a weekend"
        if holiday_named(weekend["day"], today) is not None:
            return None  # "is christmas on a weekend": the seasons' answer names the holiday
        day = _a_day(weekend["day"], now, past=False)
        if day is None:
            return None
        yes = (day.weekday() >= 5) == (weekend["kind"] == "weekend")
        kind = "the weekend" if day.weekday() >= 5 else "a weekday"
        return f"{'Yes' if yes else 'No'}, {format_long_date(day, settings)} is {kind}."
    if (since := _SINCE.match(said)) is not None:
        words = since["day"] or since["day2"] or since["day3"]
        day = _a_day(words, now, past=True)
        if day is None or day > today:
            return None
        unit = since["unit"] or since["unit2"] or since["unit3"]
        if unit in ("hours", "minutes"):
            return None
        count = _count((today - day).days, unit)
        return f"{count} ago: it was {format_long_date(day, settings)}."
    if (between := _BETWEEN.match(said)) is not None:
        first = _a_day(between["a"], now, past=False)
        last = _a_day(between["b"], now, past=False)
        if first is None or last is None:
            return None
        unit = between["unit"] or between["unit2"]
        count = _count(abs((last - first).days), unit)
        start, end = format_long_date(first, settings), format_long_date(last, settings)
        return f"{count} from {start} to {end}."
    if (until := _UNTIL_TIME.match(said)) is not None:
        words = re.sub(r"^(?:midnight|the\s+end\s+of\s+the\s+day)$", "12 am", until["time"])
        said_when = _whole_when(words, now)
        if said_when is None or not said_when[2] or said_when[1]:
            return None  # a clock time alone, no day: "until 5pm"
        moment = said_when[0]
        if moment <= now:
            moment += timedelta(days=1)  # "until 8am" said at 9am: tomorrow's
        minutes = int((moment - now).total_seconds() // 60)
        length = _length(minutes)
        if until["unit"] in ("minutes", "mins") and minutes >= 60:
            length += f" ({minutes} minutes)"
        return f"{length} to go: it's {format_clock(now, settings)} now."
    return None

"""The time and the date, asked the everyday way, answered offline.

"what time is it", "tell me the current time in Tokyo", "look up the time in Lima", "new york
time", "what's the date", "what day is it today", "what day of the week is june 27th", "is march
6th a saturday".
`is_clock_question` is the conversation role's first stage (it claims these before the
classifier); `clock_answer` is the reply: the time here or in a place (IANA time zones, with
the common countries, states and cities that are not zone names), the date, or a day's weekday.
"""

from __future__ import annotations

import contextlib
import re
import zoneinfo
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize
from agent_system.understanding._patterns import HOLIDAYS
from agent_system.understanding._slots import parse_date_range, parse_when
from agent_system.understanding.locale import format_clock, format_long_date
from roles.conversation._asked import in_zone, plainly
from roles.conversation._dates import _day, calendar_answer, day_asked, next_weekend
from roles.conversation._daylight import daylight_answer
from roles.conversation._differences import difference_answer
from roles.conversation._holidays import (
    holiday_named,
    holiday_reply,
    holidays_between,
    next_holiday,
)
from roles.conversation._later import later_answer
from roles.conversation._seasons import season_answer
from roles.conversation._spans import span_answer
from roles.conversation._zones import known, place_zone, written

if TYPE_CHECKING:
    from agent_system.config import Settings

__all__ = ["clock_answer", "is_clock_question", "place_asked", "place_zone"]

_LEAD = (
    r"(?:(?:hey|hello|hi|ok|okay|so|uh|um|please|olly|alexa|just)\s+)*"
    r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?"
    r"(?:(?:tell|give|show|get)\s+me|let\s+me\s+know|may\s+i\s+(?:know|have|get)|"
    r"can\s+i\s+(?:have|get|know)|i\s+(?:want|need|would\s+like)(?:\s+to\s+know)?|"
    r"do\s+you\s+know|provide|display|show|give|check|find\s+out|look\s+up|search\s+for|google)?"
    r"\s*"
)
_NOW = r"(?:\s+(?:now|right\s+now|at\s+the\s+moment|currently|please|today))*"


def _in(n: int) -> str:
    return rf"(?:\s+(?:in|at|for)\s+(?P<place{n}>[a-z][a-z .'-]{{1,40}}?))?"


_TIME = lazy_pattern(
    rf"^{_LEAD}(?:"
    rf"what(?:\s+is|'s|s)?\s+(?:the\s+)?(?:current\s+|correct\s+|exact\s+|local\s+)?time"
    rf"(?:\s+is\s+it|\s+it\s+is|\s+i\s+sit|\s+of\s+day\s+is\s+it)?{_NOW}{_in(1)}{_NOW}"
    rf"|what\s+time\s+(?:is\s+it|it\s+is|is){_in(2)}{_NOW}"
    rf"|(?:the\s+)?(?:current\s+|correct\s+|exact\s+|local\s+)?time(?:\s+and\s+date)?{_NOW}{_in(3)}{_NOW}"
    rf"|what\s+time\s+it\s+is{_in(4)}{_NOW}"
    r"|how\s+late\s+is\s+it(?:\s+(?:now|right\s+now|already))?|(?:do\s+you\s+have|have\s+you\s+got|you\s+got|got)\s+the\s+time"
    r"|what\s+time\s+(?:do\s+you\s+have|have\s+you\s+got)|(?:the\s+)?clock(?:\s+please)?"
    r"|(?:check|read)\s+the\s+clock|(?:be|act\s+as|work\s+as)\s+(?:my|a|the)\s+(?:clock|watch)"
    r"|what\s+(?:does|do)\s+(?:the|your|my)\s+(?:clock|watch)\s+(?:say|read|show)"
    r"|is\s+it\s+(?:the\s+)?(?:morning|afternoon|evening|night|am|pm|a\s*m|p\s*m|daytime|"
    r"nighttime|day(?=\s+or\b))(?:\s+or\s+(?:the\s+)?(?:morning|afternoon|evening|night|am|pm|"
    r"a\s*m|p\s*m|daytime|nighttime|day))?(?:\s+(?:now|yet|"
    r"right\s+now|here|already))?"
    r"|time\s+check(?:\s+please)?"
    rf"|(?P<named>[a-z][a-z .'-]{{1,30}}?)(?:'s|s)?\s+(?:current\s+|local\s+)?time{_NOW}"
    rf")$",
)
_DATE = lazy_pattern(
    rf"^{_LEAD}(?:"
    r"what(?:\s+is|'s|s)?\s+(?:the\s+|today's\s+|todays\s+)?(?:current\s+)?(?:date|day)"
    r"(?:\s+and\s+(?:time|month|year))?(?:\s+is\s+(?:it|currently|today))?"
    r"(?:\s+(?:today|for\s+today|of\s+today|now|please))*"
    r"|(?:the\s+|today's\s+|todays\s+)?(?:current\s+)?date(?:\s+and\s+time)?(?:\s+(?:of|for)\s+"
    r"today|\s+today|\s+please)*"
    r"|what(?:\s+is|'s)?\s+today(?:'s\s+date)?|what\s+date\s+is\s+(?:it|today)(?:\s+today)?"
    r"|what\s+day\s+(?:is\s+it|it\s+is)(?:\s+today)?|(?:the\s+)?date\s+today"
    r"|what(?:\s+is|'s)\s+it\s+today|today'?s?\s+date(?:\s+please)?"
    r"|what(?:\s+is|'s)\s+the\s+(?:week|day|month|year)\s+today"
    r"|what\s+(?:is|'s)\s+the\s+month\s+day\s+and\s+year"
    r"|what\s+(?:does|is)\s+the\s+current\s+date(?:\s+happen\s+to\s+be)?"
    r"|time\s+and\s+date(?:\s+(?:of|for)\s+today)?"
    r"|what\s+day\s+are\s+we(?:\s+today)?|today\s+is\s+what\s+(?:day|date)"
    r"|which\s+date\s+(?:is\s+)?today|today'?s?\s+day|(?:the\s+)?day\s+today"
    r"|what\s+(?:time\s+and\s+date|date\s+and\s+time)\s+is\s+it(?:\s+now)?"
    r"|(?:what(?:\s+is|'s)\s+)?(?:the\s+|today's\s+)?(?:date\s+and\s+day|day\s+and\s+date)(?:\s+today)?"
    r"|what(?:\s+is|'s)\s+the\s+day\s+of\s+the\s+week(?:\s+today)?"
    r"|what\s+day\s+of\s+the\s+(?:month|week)\s+is\s+(?:it|today)(?:\s+today)?"
    r")$",
)
_WEEKDAY = lazy_pattern(
    r"^(?:what|which)\s+(?:day|date)(?:\s+of\s+the\s+week)?\s+(?:is|will\s+be|was|does)\s+(?!it\b)"
    r"(?P<day>.+?)(?:\s+(?:on|fall\s+on|falls?\s+on))?(?:\s+this\s+year)?$"
    r"|^(?:what|which)\s+day\s+(?:will\s+)?(?:be\s+)?on\s+(?P<day2>.+)$"
    r"|^is\s+(?P<day3>.+?)\s+(?:a|on\s+a)\s+(?P<wd>monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)$"
    r"|^(?P<day4>.+?)\s+(?:is|comes|falls)\s+on\s+what\s+day(?:\s+of\s+the\s+week)?$"
    r"|^what(?:\s+is|'s)\s+the\s+(?:date|day)\s+(?:of|on|for)\s+(?P<day5>.+)$"
    r"|^what\s+will\s+be\s+(?:the\s+)?day\s+on\s+(?P<day6>.+)$"
    r"|^what\s+day(?:\s+of\s+the\s+(?:week|month))?\s+is\s+it\s+on\s+(?P<day7>.+)$"
    r"|^what\s+day\s+of\s+the\s+month\s+is\s+(?P<day8>.+)$"
    r"|^(?:on\s+)?what\s+date\s+is\s+(?P<day9>.+?)(?:\s+this\s+year)?$"
    r"|^what(?:\s+is|'s)\s+the\s+date\s+(?P<day10>.+?)\s+falls\s+on$"
    r"|^is\s+today\s+(?P<today>.+)$"
    r"|^(?:what|which)\s+(?:day|date)(?:\s+of\s+the\s+week)?\s+will\s+(?P<day11>.+?)\s+(?:be|fall)"
    r"(?:\s+on)?$"
    r"|^(?:is|does)\s+(?:there\s+)?(?P<day12>.+?)\s+(?:on|fall\s+on|falls\s+on|on\s+the|fall\s+on"
    r"\s+the)\s+(?:the\s+)?(?P<nth>\d{1,2})(?:st|nd|rd|th)(?:\s+this\s+year)?$",
)
_CLUE = lazy_pattern(
    r"\b(?:time|timezone|date|day|today|until|till|left|before|when|holidays?|week|month|year|"
    r"late|clock|hours?|weekend|weekday|countdown|spring|summer|autumn|fall|winter|solstice|"
    r"equinox|leap|longest|shortest|morning|afternoon|evening|daytime|night|nighttime|since|ago|"
    r"days|weeks|\d+(?:st|nd|rd|th)|ahead|behind|quarter|"
    r"minutes|noon|midnight|daylight|dst|clocks|season|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|\bit\s+(?:am|pm)\b|\d\s*(?:am|pm)\b"
)
_ZONE_TIME = lazy_pattern(
    r"\b(?:the\s+)?(?:current\s+)?(?P<zone>central|eastern|pacific|mountain|atlantic)"
    r"(?:\s+standard)?\s+time\b"
)
"""'the central time' is the time in a zone ('what is the current eastern time')."""
_LEAD_Q = (
    r"^(?:(?:please|so|and|hey|ok|okay)\s+)*(?:(?:can|could)\s+you\s+)?(?:(?:tell|show|give)\s+me"
    r"|let\s+me\s+know|i\s+(?:need|want|would\s+like)\s+to\s+know|do\s+you\s+know|find\s+out"
    r"(?:\s+for\s+me)?|look\s+up|check)?\s*"
)
_CALENDAR_COUNT = lazy_pattern(
    _LEAD_Q
    + r"(?:(?:how\s+many\s+days\s+(?:(?:are\s+|is\s+)?(?:there\s+)?(?P<left>left\s+)?in|does)"
    r"\s+(?:this|the)\s+(?P<span>month|year)(?:\s+have)?)"
    r"|(?:(?:what|which)\s+(?:week(?:\s+number)?|number\s+week)(?:\s+of\s+the\s+year)?\s+is\s+"
    r"(?:it|this)|what\s+is\s+the\s+(?:current\s+)?week\s+number)(?:\s+today|\s+now)?(?P<week>)"
    r"|what\s+day\s+of\s+the\s+year\s+is\s+(?:it|today)(?P<yday>))$"
)
"""Counts of the calendar: days in (or left in) this month or year, the week number, the day
of the year."""
_ZONE_Q = lazy_pattern(
    _LEAD_Q + r"(?:(?:i\s+)?(?:would\s+like|want)\s+to\s+(?:see|know)\s+)?(?:"
    r"what(?:'s|\s+is)\s+(?:my|the|our)\s+(?:current\s+|local\s+)?time\s*zone"
    r"|(?:what|which)\s+time\s*zone\s+(?:am\s+i|are\s+we|is\s+this|is\s+it)(?:\s+in)?"
    r"|what(?:'s|\s+is)\s+the\s+time\s*zone\s+(?:here|where\s+i\s+am)"
    r"|(?:my\s+|the\s+|our\s+)?(?:current\s+|local\s+)?time\s*zone)(?:\s+please)?$"
)
"""A question about the user's own time zone ("what time zone am i in")."""
_NEXT_HOLIDAY = lazy_pattern(
    r"\b(?:next|upcoming|coming|closest|nearest)\s+(?:\w+\s+){0,2}holiday\b"
    r"|\bholidays?\s+(?:is\s+|are\s+|comes\s+)?(?:next|coming\s+up|up\s+next|coming)\b"
)
_NEXT_HOLIDAY_Q = lazy_pattern(
    _LEAD_Q + r"(?:when|what|which|how\s+(?:soon|long|many)|(?:is|are)\s+there|any|the|next"
    r"|upcoming)\b"
)
_NOT_PUBLIC = lazy_pattern(r"\b(?:my|mine|i|me|our|we|us|booked|vacation|off)\b")
_NAMED_HOLIDAY = lazy_pattern(
    _LEAD_Q + r"(?:when(?:\s+is|\s+was|\s+will\s+be)|what\s+(?:day|date)\s+(?:is|was|will\s+be)"
    r"|when\s+(?:does|did|will))\s+(?P<name>.+?)(?:\s+(?:fall(?:\s+on)?|falls(?:\s+on)?|be|come|"
    r"start|happen|celebrated|on))?(?P<year>\s+(?:this|next)\s+year)?$"
)
_HOLIDAY_SPAN = lazy_pattern(
    _LEAD_Q + r"(?:(?:is|are)\s+there|any|do\s+we\s+have|does\s+(?P<month>\w+)\s+have)\s+"
    r"(?:any\s+|a\s+)?(?:public\s+|bank\s+|national\s+|federal\s+)?holidays?"
    r"(?:\s+(?P<span>.+?))?$"
)
_NOT_A_PLACE = lazy_pattern(
    r"\b(?:timer|alarm|meeting|appointment|event|party|game|match|movie|show|flight|train|bus|"
    r"sunset|sunrise|dinner|lunch|concert|class|my|your|it|the\s+(?:next|last))\b"
)


_DAY_THERE = lazy_pattern(
    r"^(?P<place>.+?)\s+(?:on\s+|for\s+)?(?P<day>tomorrow|tonight|today|the\s+day\s+after"
    r"\s+tomorrow|(?:next\s+|this\s+|on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day)$"
)
"""A day said after the place ("what time is it in tokyo tomorrow"): the place, and the day."""


def _place(said: str) -> str | None:
    """None: not a time question; "": the time here; else the place asked about."""
    return _place_day(said)[0]


def _place_day(said: str) -> tuple[str | None, str | None]:
    """The place a time question asks about (as `_place`) and a day said after it, if any."""
    found = _TIME.match(said)
    if found is None:
        return None, None
    if found["named"]:  # "new york time": only a name that is a known place, whole
        name = found["named"].strip()
        return (name if known(name) else None), None
    place = next((found[f"place{n}"] for n in range(1, 5) if found[f"place{n}"]), "").strip()
    day = None
    if (there := _DAY_THERE.match(place)) is not None and known(there["place"]):
        place, day = there["place"], there["day"]
    if _NOT_A_PLACE.search(place):
        return None, None
    return ("" if re.match(r"(?:this|my|our|here)\b", place) else place), day


def _other_day(said_day: str | None, there: datetime) -> date | None:
    """The day `said_day` names, counted from the date `there`, when it is not that date."""
    if said_day is None or said_day in ("today", "tonight"):
        return None
    day = _day(said_day, there.date(), there)
    return None if day is None or day == there.date() else day


def place_asked(text: str) -> str | None:
    """The place a time question asks about ("tokyo"); "" for here, None for no such question."""
    return _place(_said(text))


def _said(text: str) -> str:
    """The normalized question, said the usual way ("the hour" is the time)."""
    said = _ZONE_TIME.sub(r"time in \g<zone>", in_zone(normalize(text)))
    said = re.sub(r"[\s,]+(?:olly|alexa|siri)$", "", said)  # "the time please olly"
    said = re.sub(r"\b(?:over|out|down|up)(?:\s+there)?\s+in\b", "in", said)  # "over in paris"
    said = re.sub(r"^is\s+it\s+still\s+", "is it ", said)  # "is it still monday"
    said = re.sub(
        r"^(is\s+(?:it|today)\s+\S.*?)\s+(?:yet|already)$", r"\1", said
    )  # "... friday yet"
    said = re.sub(r"^(what|which)\s+weekday\b", r"\1 day of the week", said)
    said = re.sub(r"^how\s+me\b", "show me", said)  # a dropped letter: "how me the time"
    said = re.sub(  # "i want the date of next friday" asks "what is the date of next friday"
        r"^(?:(?:can|could)\s+you\s+)?(?:(?:tell|show|give|get)\s+me|let\s+me\s+know|do\s+you"
        r"\s+know|i\s+(?:want|need|would\s+like)(?:\s+to\s+know)?)\s+(?=the\s+(?:date|day)\s+"
        r"(?:of|for|on)\s)",
        "what is ",
        said,
    )
    said = re.sub(  # "what time is it where you are", "the time back home": the time here
        r"(?<=\btime)(\s+(?:is\s+it|it\s+is))?\s+(?:where\s+(?:you|i|we)\s+(?:are|am)|back\s+home"
        r"|at\s+home|here)$",
        r"\1",
        said,
    )
    said = re.sub(r"\b(?:time\s+and\s+date|date\s+and\s+time)\s+in\b", "time in", said)
    said = re.sub(r"\btime\s+and\s+(?:the\s+)?date\b", "date and time", said)  # both, here
    said = re.sub(r"\b(?:the\s+)?current\s+hour\b", "the current time", said)
    said = re.sub(r"\bwhat\s+hour\s+is\s+it\b", "what time is it", _HOUR.sub("the time", said))
    return plainly(said)  # "how late is it in hong kong", "march 3rd is what day of the week"


_HOUR = lazy_pattern(r"(?<=\bwhat is )the\s+hour\b|(?<=\bwhat's )the\s+hour\b")


def is_clock_question(text: str) -> bool:
    """A question about the current time or date, or a day's weekday."""
    said = _said(text)
    if _CLUE.search(said) is None:  # most requests: one cheap search
        return False
    now = datetime.now(UTC)
    return (
        _place(said) is not None
        or bool(_CALENDAR_COUNT.match(said) or _ZONE_Q.match(said))
        or bool(_DATE.match(said))
        or _weekday_day(said, now) is not None
        or day_asked(said, now) is not None
        or calendar_answer(said, now.date(), "") is not None
        or _until(said, now) is not None
        or _holiday_answer(said, now.date()) is not None
        or season_answer(said, now.date()) is not None
        or difference_answer(said, now) is not None
        or later_answer(said, now) is not None
        or span_answer(said, now) is not None
        or daylight_answer(said, now) is not None
    )


def _holiday_answer(said: str, today: date) -> tuple[str, list[tuple[str, date]]] | None:
    """What a holiday question asks about, or None.

    ("named", [(name, day)]) for "when is thanksgiving", ("next", [...]) for "when is the next
    holiday", ("span", [...every one]) for "are there any holidays this month".
    """
    if "holiday" in said and not _NOT_PUBLIC.search(said):
        if found := _HOLIDAY_SPAN.match(said):
            words = found["month"] or found["span"] or "this month"
            words = re.sub(r"\b(?:coming\s+up|upcoming|soon)\b", "", words).strip()
            now = datetime.combine(today, datetime.min.time(), tzinfo=UTC)
            if words and (span := parse_date_range(words, now)) is not None:
                return "span", holidays_between(span[0].date(), span[1].date())
        if _NEXT_HOLIDAY.search(said) and _NEXT_HOLIDAY_Q.match(said):
            return "next", [next_holiday(today)]
    if (found := _NAMED_HOLIDAY.match(said)) and (
        named := holiday_named(found["name"] + (found["year"] or ""), today)
    ):
        return "named", [named]
    return None


_UNTIL = lazy_pattern(
    r"^(?:how\s+(?:many|long)\s+(?:more\s+)?(?P<unit>days|weeks|sleeps)?\s*(?:are\s+)?(?:is\s+it\s+)?"
    r"(?:left\s+)?|(?P<unit2>days|weeks|sleeps)\s+(?:left\s+)?|countdown\s+)"
    r"(?:until|till|to|before|for)\s+(?P<day>.+?)(?:\s+this\s+year)?$"
)


_ITS_DAY = lazy_pattern(r"\s(?:on|is\s+on|which\s+is(?:\s+on)?|,)\s+(?P<day>[^,]+)$")


_A_HOLIDAY = lazy_pattern(r"\b(?:" + "|".join(HOLIDAYS) + r")\b")


def _day_named(text: str, now: datetime) -> date | None:
    if "holiday" in text and _NEXT_HOLIDAY.search(text) and not _NOT_PUBLIC.search(text):
        return next_holiday(now.date())[1]
    if _NOT_A_PLACE.search(text):
        return None
    if (holiday := holiday_named(text, now.date())) is not None:
        return holiday[1]
    if re.fullmatch(r"(?:the\s+)?(?:next\s+)?weekend", text):
        return next_weekend(now.date())
    if _A_HOLIDAY.search(text):
        return None  # "christmas on next year": the holidays' own answer names it
    when = parse_when(text, now)
    return when.value.date() if when is not None and when.has_date and not when.has_time else None


def _weekday_day(said: str, now: datetime) -> tuple[date, str | None] | None:
    """(the day asked about, the weekday the question names) of "what day is june 27th"."""
    found = _WEEKDAY.match(said)
    if found is None:
        return None
    if found["today"]:  # "is today march sixth"
        day = _day_named(found["today"], now)
        return None if day is None else (day, "today")
    names = ("day", *(f"day{n}" for n in range(2, 13)))
    text = next((found[n] for n in names if found[n]), "")
    day = _day_named(text, now)
    if day is not None and day.year > now.year and re.search(r"\bthis\s+year\b", said):
        with contextlib.suppress(ValueError):  # "july 4th this year" is past: this year's
            day = day.replace(year=now.year)
    return None if day is None else (day, found["wd"] or found["nth"])


def _until(said: str, now: datetime) -> tuple[str, date] | None:
    """("42 days", the day) of "how many days until christmas"."""
    found = _UNTIL.match(said)
    day = _day_named(found["day"], now) if found else None
    if found and day is None and (on := _ITS_DAY.search(found["day"])):
        day = _day_named(on["day"], now)  # "until my birthday on june 3rd": the day said
    if found is None or day is None or day < now.date():
        return None
    days = (day - now.date()).days
    count = f"{days} day{'s' if days != 1 else ''}"
    if (found["unit"] or found["unit2"]) == "weeks":
        weeks, rest = divmod(days, 7)
        count = f"{weeks} week{'s' if weeks != 1 else ''}" + (
            f" and {rest} day{'s' if rest != 1 else ''}" if rest else ""
        )
    return count, day


def clock_answer(text: str, now: datetime, settings: Settings) -> str | None:
    """The reply to a time or date question, or None when `text` is not one."""
    said = _said(text)
    if counted := _CALENDAR_COUNT.match(said):
        return _count_reply(counted, now.date())
    if (difference := difference_answer(said, now, settings)) is not None:
        return difference
    if (later := later_answer(said, now, settings)) is not None:
        return later  # "what time will it be in 2 hours", "what's the date in tokyo"
    if _ZONE_Q.match(said):
        mine = settings.timezone or str(now.tzinfo or "UTC")
        return f"Your time zone is {mine}; it's {format_clock(now, settings)} ({now.tzname()})."
    place, said_day = _place_day(said)
    if place:
        zone = place_zone(place)
        if zone is None:
            here = format_clock(now, settings)
            return f"I don't know the time zone of {written(place)}; here it's {here}."
        there = now.astimezone(zoneinfo.ZoneInfo(zone))
        if (other := _other_day(said_day, there)) is not None:  # "... in tokyo tomorrow"
            told = f"{said_day} is" if said_day and "tomorrow" in said_day else "that's"
            return (
                f"In {written(place)}, {told} {format_long_date(other, settings)}; "
                f"it's {format_clock(there, settings)} there now ({there.tzname()})."
            )
        day = "" if there.date() == now.date() else f", {format_long_date(there.date(), settings)}"
        return f"It's {format_clock(there, settings)}{day} in {written(place)} ({there.tzname()})."
    if place is not None:
        return f"It's {format_clock(now, settings)} ({now.tzname() or 'local time'})."
    if (asked := _weekday_day(said, now)) is not None:
        on, named = asked
        if named == "today":
            yes = "Yes" if on == now.date() else "No"
            return f"{yes}, today is {format_long_date(now.date(), settings)}."
        answer = "It's"
        if named:
            same = named in (on.strftime("%A").lower(), str(on.day))  # "is christmas on the 22nd"
            answer = "Yes, it's" if same else "No, it's"
        if on < now.date():
            answer = answer.replace("it's", "it was").replace("It's", "It was")
        return f"{answer} {format_long_date(on, settings)}."
    if counted_day := calendar_answer(said, now.date(), format_long_date(now.date(), settings)):
        return counted_day
    if (named_day := day_asked(said, now)) is not None:  # "what's the date tomorrow"
        tense = "It was" if named_day < now.date() else "It's"
        return f"{tense} {format_long_date(named_day, settings)}."
    if (until := _until(said, now)) is not None:
        count, on = until
        return f"{count} to go: it's {format_long_date(on, settings)}."
    if (daylight := daylight_answer(said, now, settings)) is not None:
        return daylight  # "when do the clocks go back", "what season is it"
    if (span := span_answer(said, now, settings)) is not None:
        return span  # "how many days since new year's day", "how many hours until 5pm"
    if (holiday := _holiday_answer(said, now.date())) is not None:
        return holiday_reply(holiday, now.date(), settings)
    if (season := season_answer(said, now.date(), settings)) is not None:
        return season
    if _DATE.match(said):
        today = f"Today is {format_long_date(now.date(), settings)}"
        if "time" in said:
            return f"{today}, {format_clock(now, settings)}."
        return f"{today}."
    return None


def _count_reply(found: re.Match[str], today: date) -> str:
    """The answer to a calendar count ("how many days are left in this month")."""
    if found["week"] is not None:
        return f"It's week {today.isocalendar().week} of {today.isocalendar().year}."
    if found["yday"] is not None:
        return f"Today is day {today.timetuple().tm_yday} of {today.year}."
    if found["span"] == "month":
        first = today.replace(day=1)
        nxt = (first + timedelta(days=32)).replace(day=1)
        span, total, name = "this month", (nxt - first).days, today.strftime("%B")
        left = (nxt - today).days - 1
    else:
        total = (date(today.year + 1, 1, 1) - date(today.year, 1, 1)).days
        span, name = "this year", str(today.year)
        left = (date(today.year + 1, 1, 1) - today).days - 1
    if found["left"]:
        return f"{left} day{'s' if left != 1 else ''} left in {span} after today."
    return f"{name} has {total} days."

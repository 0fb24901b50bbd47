"""Slot extraction for time: durations, moments, date ranges and labels, offline and fast.

Hand-written patterns answer the common phrasings in microseconds ("two and a half minutes",
"an hour and a half", "1h30", "tomorrow at 3", "next monday at 9", "half past seven"). They
also cover what `dateparser` gets wrong: word numbers, "and a half", a bare hour after "at"
(dateparser reads "at 8" as August and "tomorrow at 3" as 09:00), and "<weekday> at <hour>"
(dateparser returns September for "on monday at 9"). `dateparser` (imported lazily: the import
costs ~100 ms) is asked only when the patterns find nothing but the text looks like a date
("march 3rd 2027", "12/03", "in 2 weeks from tomorrow").

Conventions, all in the zone of the ``now`` passed in:

- a time without a date is the next time it happens (today, else tomorrow);
- an hour without am/pm picks the next occurrence of h or h+12 today; on another day 1-6 means
  the afternoon ("tomorrow at 3" is 15:00), 7-12 the morning;
- "<weekday>", "on <weekday>", "next <weekday>": the coming one, never today;
  "this <weekday>": the one in this week, today included;
- "the 14th": this month if not past, else next month;
- "the first monday in may", "the last friday of the month": that weekday of that month (a
  named month: the next one whose day is not past); "monday after next": a week after the
  coming Monday; "friday next week": the Friday of the week after this one (weeks start on
  Monday); "the end of the month", "the start of next month": its last or first day;
- "a week from friday", "2 days before the 14th": that day moved by the count, which is then
  no length ("lunch a week from friday at 1pm" lasts the default hour).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from agent_system.understanding._text import ungroup_digits
from agent_system.understanding.locale import format_clock, format_date

__all__ = [
    "When",
    "extract",
    "extract_label",
    "format_day",
    "format_duration",
    "format_moment",
    "invalid_time",
    "parse_date_range",
    "parse_datetime",
    "parse_duration",
    "parse_when",
    "strip_when",
]

_UNITS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
]  # fmt: skip
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90}
_WORD_VALUES = {word: value for value, word in enumerate(_UNITS)} | _TENS
_DIGIT_WORD = "one|two|three|four|five|six|seven|eight|nine"
_WORD_NUM = rf"(?:(?:{'|'.join(_TENS)})(?:[- ](?:{_DIGIT_WORD}))?|{'|'.join(reversed(_UNITS))})"
_FRACTIONS = {"half": 0.5, "quarter": 0.25, "third": 1 / 3, "1/2": 0.5, "1/4": 0.25, "1/3": 1 / 3}
_UNIT_SECONDS = {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1}
_LONG_UNIT = r"weeks?|days?|hours?|hrs?|minutes?|mins?|seconds?|secs?"
_ANY_UNIT = rf"{_LONG_UNIT}|wks?|[wdhms]"

_FRACTION = r"half|quarter|third|1/2|1/4|1/3"
_PIECE = re.compile(
    rf"(?:(?<![\d./])(?P<digits>\d+(?:\.\d+)?)"
    rf"(?:\s+and\s+(?:a\s+)?(?P<dfrac>{_FRACTION}))?\s*-?\s*(?P<unit>{_ANY_UNIT})(?![a-z])"
    rf"|\b(?P<words>{_WORD_NUM}|a\s+couple\s+of|an?)"
    rf"(?:\s+and\s+(?:a\s+)?(?P<frac>{_FRACTION}))?[\s-]+(?P<wunit>{_LONG_UNIT})\b)"
    rf"(?:\s+and\s+a\s+(?P<frac2>half|quarter|1/2|1/4))?"
    rf"|(?:\bhalf|(?<![\d/])1/2)(?:\s+an?|-)?\s*(?P<half_unit>hour|minute|day)\b"
    rf"|\b(?P<quarters>three\s+quarters|(?:a\s+)?quarter)\s+(?:of\s+)?(?:an\s+)?hour\b",
    re.IGNORECASE,
)
_JOIN = re.compile(r"^[\s,]*(?:and)?[\s,]*$", re.IGNORECASE)
_TRAILING = re.compile(
    rf"^\s*(\d{{1,2}})\b(?![.:]\d|\s*(?:{_ANY_UNIT}|st|nd|rd|th|am|pm|a\.m|p\.m)(?![a-z]))",
    re.IGNORECASE,
)
_ISO_DURATION = re.compile(
    r"^\s*p(?:(\d+)w)?(?:(\d+)d)?(?:t(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?)?\s*$",
    re.IGNORECASE,
)


def _number(text: str) -> float:
    text = text.lower()
    if text[0].isdigit():
        return float(text)
    if text in ("a", "an"):
        return 1.0
    if text.startswith("a"):  # "a couple of"
        return 2.0
    return float(sum(_WORD_VALUES[part] for part in re.split(r"[- ]", text)))


def _piece_seconds(match: re.Match[str]) -> float:
    if match["half_unit"]:
        return 0.5 * _UNIT_SECONDS[match["half_unit"][0].lower()]
    if match["quarters"]:
        return 2700.0 if match["quarters"].lower().startswith("three") else 900.0
    if match["digits"]:
        amount, unit = float(match["digits"]), match["unit"]
    else:
        amount, unit = _number(match["words"]), match["wunit"]
    fraction = match["frac"] or match["frac2"] or match["dfrac"] or ""
    amount += _FRACTIONS.get(fraction.lower(), 0.0)
    return amount * _UNIT_SECONDS[unit[0].lower()]


def _find_duration(text: str, pos: int = 0) -> tuple[timedelta, int, int] | None:
    """The first run of duration pieces ("5 min 30 s", "1h30") from `pos`: value and span.

    A count of days or weeks that moves a day ("a week from friday", "2 days before the 14th")
    is no length of its own: the run after it is found instead.
    """
    total, start, end, last_unit = 0.0, -1, -1, ""
    for match in _PIECE.finditer(text, pos):
        if start >= 0 and not _JOIN.match(text[end : match.start()]):
            break
        if start < 0:
            start = match.start()
        total += _piece_seconds(match)
        end = match.end()
        last_unit = (match["unit"] or match["wunit"] or "").lower()[:1]
    if start < 0:
        return None
    if last_unit in ("d", "w") and (link := _DAY_LINK.match(text, end)):
        if _DATE.match(text, link.end()):
            return _find_duration(text, end)
    trailing = _TRAILING.match(text[end:]) if last_unit in ("h", "m") else None
    if trailing:  # "1h30" is 1 h 30 min, "5 min 30" is 5 min 30 s
        total += int(trailing[1]) * (60 if last_unit == "h" else 1)
        end += trailing.end()
    return timedelta(seconds=total), start, end


_DAY_LINK = re.compile(r"\s+(?:from|after|before)\s+", re.IGNORECASE)


def parse_duration(text: str) -> timedelta | None:
    """A duration in `text`: "10 minutes", "90 sec", "an hour and a half", "1h30", "PT10M".

    Consecutive pieces add up ("5 min 30 s"). A bare number has no unit and gives None.
    """
    text = ungroup_digits(text)
    iso = _ISO_DURATION.match(text)
    if iso and any(iso.groups()):
        weeks, days, hours, minutes, seconds = (float(g) if g else 0.0 for g in iso.groups())
        return timedelta(weeks=weeks, days=days, hours=hours, minutes=minutes, seconds=seconds)
    found = _find_duration(text)
    return found[0] if found else None


_NEGATIVE = re.compile(
    r"(?:^|\s)(?:-|minus\s+|negative\s+)\s*\d+(?:\.\d+)?\s*(?:h|hours?|hrs?|m|mins?|minutes?|"
    r"s|secs?|seconds?|days?)\b",
    re.IGNORECASE,
)
_CLOCK = re.compile(  # not inside "12:50:26" (an ISO time's minutes:seconds)
    r"(?<!:)\b(?P<h>\d{1,2}):(?P<m>\d{2})\s*(?P<ap>[ap]\.?m\b)?", re.IGNORECASE
)
_BAD_MERIDIEM = re.compile(  # not the minutes of "7:15am"
    r"(?<![:.])\b(?P<h>1[3-9]|2\d|0)\s*(?P<ap>[ap])\.?m\b", re.IGNORECASE
)


def invalid_time(text: str) -> str | None:
    """Why `text` names a duration or clock time that cannot exist, or None."""
    if found := _NEGATIVE.search(text):
        return f"{found[0].strip()} is a negative length of time"
    for clock in _CLOCK.finditer(text):
        hour, minute = int(clock["h"]), int(clock["m"])
        if minute > 59 or hour > 23 or (clock["ap"] and not 1 <= hour <= 12):
            return f"{clock[0].strip()} is not a time of day"
    if found := _BAD_MERIDIEM.search(text):
        return f"{found[0].strip()} is not a time of day"
    return None


# --- moments ----------------------------------------------------------------------------------
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = (
    "jan(?:uary)?", "feb(?:ruary)?", "mar(?:ch)?", "apr(?:il)?", "may", "june?", "july?",
    "aug(?:ust)?", "sep(?:t(?:ember)?)?", "oct(?:ober)?", "nov(?:ember)?", "dec(?:ember)?",
)  # fmt: skip
_MONTH = "|".join(_MONTHS)
_ORD = r"(?:st|nd|rd|th)"
_PART_OF_DAY = r"in\s+the\s+(?:morning|afternoon|evening)|at\s+night|tonight"
_CLOCK_AFTER = rf"[ap]\.?m\b|o'?clock|[:.]\d|{_PART_OF_DAY}"
"""What follows an hour, never a day of the month: "the 5 pm alarm", "the 4 in the afternoon"."""
_NTH_VALUES = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4}
_NTH_VALUES |= {"fourth": 4, "5th": 5, "fifth": 5, "last": -1}
_DATE = re.compile(
    rf"\b(?:on\s+)?(?:"
    rf"(?:the\s+)?(?P<nth>{'|'.join(_NTH_VALUES)})\s+(?P<nwd>{'|'.join(_WEEKDAYS)})\s+(?:in|of)\s+"
    rf"(?:(?P<nm>{_MONTH})(?:\s+(?P<ny>\d{{4}}))?|(?P<nwhich>this|next)\s+month|the\s+month)"
    rf"|(?:the\s+)?(?P<edge>end|start|beginning)\s+of\s+(?P<ewhich>the|this|next)\s+month"
    rf"|(?P<rel>(?:the\s+)?day\s+after\s+tomorrow|tomorrow|tmrw?|today|tonight)"
    rf"|(?:(?P<wmod>this\s+coming|coming|next|this)\s+)?(?P<wd>{'|'.join(_WEEKDAYS)})"
    rf"(?:\s+(?P<wafter>after\s+next|(?:of\s+)?next\s+week|(?:of\s+)?this\s+week))?"
    rf"|(?P<iy>\d{{4}})-(?P<im>\d{{2}})-(?P<id>\d{{2}})(?:[t ](?P<ih>\d{{2}}):(?P<imin>\d{{2}}))?"
    rf"|(?P<m1>{_MONTH})\.?\s+(?:the\s+)?(?P<d1>\d{{1,2}}){_ORD}?(?:,?\s+(?P<y1>\d{{4}}))?"
    rf"|(?:the\s+)?(?P<d2>\d{{1,2}}){_ORD}?\s+(?:of\s+)?(?P<m2>{_MONTH})(?:,?\s+(?P<y2>\d{{4}}))?"
    rf"|the\s+(?P<d3>\d{{1,2}})(?:{_ORD}|(?!\s*(?:{_CLOCK_AFTER})))|(?P<d4>\d{{1,2}}){_ORD}"
    rf")\b",
    re.IGNORECASE,
)
_HOUR_WORD = "twelve|eleven|ten|nine|eight|seven|six|five|four|three|two|one"
_TIME = re.compile(
    rf"\b(?:at\s+|by\s+|around\s+)?(?:"
    rf"(?P<h1>\d{{1,2}}|{_HOUR_WORD})(?:[:.]?(?P<m1>[0-5]\d))?\s*(?P<ap>[ap])\.?m\b\.?"
    rf"|(?P<h2>\d{{1,2}}):(?P<m2>\d{{2}})\b"
    rf"|(?P<frac>half|(?:a\s+)?quarter)\s+(?P<dir>past|to)\s+(?P<h3>\d{{1,2}}|{_HOUR_WORD})\b"
    rf"|(?<!from\s)(?<!between\s)(?P<mins>[1-5]?\d|{_WORD_NUM})(?:\s+minutes?)?\s+(?:past|after)\s+"
    rf"(?P<h7>\d{{1,2}}|{_HOUR_WORD})\b(?:\s*(?P<ap7>[ap])\.?m\b)?(?!\s*(?:[:.]\d|{_ORD}"
    rf"|{_ANY_UNIT}))"
    rf"|(?:(?<=at\s)|(?<=by\s)|(?<=for\s))(?P<tmins>5|10|20|25|five|ten|twenty(?:[- ]five)?)"
    rf"(?:\s+minutes)?\s+to\s+"
    rf"(?P<h8>\d{{1,2}}|{_HOUR_WORD})\b(?:\s*(?P<ap8>[ap])\.?m\b)?(?!\s*(?:[:.]\d|{_ORD}"
    rf"|{_ANY_UNIT}))"
    rf"|(?P<named>noon|midday|midnight)"
    rf"|(?P<h4>\d{{1,2}}|{_HOUR_WORD})\s+o'?clock"
    rf"|(?P<h6>\d{{1,2}}|{_HOUR_WORD})(?:[:.](?P<m6>\d{{2}}))?(?=\s+(?:{_PART_OF_DAY})\b)"
    rf")"
    rf"|\bat\s+(?P<h5>\d{{1,2}}|{_HOUR_WORD})(?:\s+(?P<m5>{_WORD_NUM}|oh\s+(?:{_DIGIT_WORD})))?"
    rf"\b(?!\s*(?:{_ANY_UNIT}|{_ORD}|[:/.]\d)(?![a-z]))",
    re.IGNORECASE,
)
_PERIOD = re.compile(
    r"\b(?:in\s+the\s+|this\s+)?(?P<p>morning|afternoon|evening)\b|\b(?:at\s+)?(?P<n>night)\b"
    r"|\b(?P<t>tonight)\b",
    re.IGNORECASE,
)
_PERIOD_HOURS = {"morning": 9, "afternoon": 15, "evening": 18, "night": 20}
_OFFSET = re.compile(
    rf"\b(?P<n>\d{{1,3}}|an?|{_WORD_NUM})\s+(?P<unit>days?|weeks?)\s+(?P<dir>from|after|before)\s+$",
    re.IGNORECASE,
)
"""A count of days or weeks just before a day: "a week from friday", "2 days before the 14th"."""
_RELATIVE = re.compile(r"\b(?:in|within|after)\s+$", re.IGNORECASE)
_FROM_NOW = re.compile(r"^\s*(?:from\s+now|later)\b", re.IGNORECASE)
_DATEISH = re.compile(
    rf"\d{{1,4}}[/.]\d{{1,2}}|\b(?:weeks?|months?|years?|fortnight|weekend)\b|\b(?:{_MONTH})\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class When:
    """A moment found in text."""

    value: datetime
    has_date: bool
    has_time: bool
    """False when only a day was named ("next tuesday"): `value` is then midnight."""
    spans: tuple[tuple[int, int], ...] = ()
    """Where in the text the moment was said."""
    ambiguous: bool = False
    """True when an hour without am/pm was read by the conventions above ("at 7")."""


def _word_or_int(text: str) -> int:
    return int(text) if text[0].isdigit() else int(_number(text))


def _month_index(text: str) -> int:
    return next(i for i, pat in enumerate(_MONTHS, 1) if re.fullmatch(pat, text, re.IGNORECASE))


def _day_of_month(today: date, day: int) -> date | None:
    year, month = today.year, today.month
    for _ in range(13):
        try:
            candidate = date(year, month, day)
        except ValueError:
            candidate = None
        if candidate and candidate >= today:
            return candidate
        month, year = (1, year + 1) if month == 12 else (month + 1, year)
    return None


def _month_after(day: date, months: int) -> date:
    """The first day of the month `months` after `day`'s."""
    index = day.year * 12 + day.month - 1 + months
    return date(index // 12, index % 12 + 1, 1)


def _nth_weekday(first: date, nth: int, weekday: int) -> date | None:
    """The nth (-1: last) `weekday` of `first`'s month, or None ("the 5th monday" it lacks)."""
    if nth < 0:
        last = _month_after(first, 1) - timedelta(days=1)
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    day = first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (nth - 1))
    return day if day.month == first.month else None


def _resolve_nth(match: re.Match[str], today: date) -> date | None:
    """ "the first monday in may", "the last friday of the month", "the 2nd tuesday of next
    month": a named month is the next one whose day is not past."""
    nth, weekday = _NTH_VALUES[match["nth"].lower()], _WEEKDAYS.index(match["nwd"].lower())
    this_month = today.replace(day=1)
    if not match["nm"]:
        months = 1 if (match["nwhich"] or "").lower() == "next" else 0
        return _nth_weekday(_month_after(this_month, months), nth, weekday)
    month = _month_index(match["nm"])
    if match["ny"]:
        return _nth_weekday(date(int(match["ny"]), month, 1), nth, weekday)
    found = _nth_weekday(date(today.year, month, 1), nth, weekday)
    if found is None or found < today:
        found = _nth_weekday(date(today.year + 1, month, 1), nth, weekday)
    return found


def _resolve_edge(match: re.Match[str], today: date) -> date:
    """ "the end of the month" (its last day), "the start of next month" (its first)."""
    first = _month_after(today.replace(day=1), int(match["ewhich"].lower() == "next"))
    if match["edge"].lower() == "end":
        return _month_after(first, 1) - timedelta(days=1)
    return first


def _resolve_date(match: re.Match[str], today: date) -> date | None:
    try:
        if match["nth"]:
            return _resolve_nth(match, today)
        if match["edge"]:
            return _resolve_edge(match, today)
        if match["rel"]:
            rel = match["rel"].lower()
            offset = 2 if "after" in rel else 0 if rel in ("today", "tonight") else 1
            return today + timedelta(days=offset)
        if match["wd"]:
            target = _WEEKDAYS.index(match["wd"].lower())
            after = (match["wafter"] or "").lower()
            if after.endswith("week"):  # "friday next week", "monday of this week"
                monday = today - timedelta(days=today.weekday())
                return monday + timedelta(days=target + (7 if "next" in after else 0))
            ahead = (target - today.weekday()) % 7
            if ahead == 0 and (match["wmod"] or "").lower() != "this":
                ahead = 7
            return today + timedelta(days=ahead + (7 if after else 0))  # "monday after next"
        if match["iy"]:
            return date(int(match["iy"]), int(match["im"]), int(match["id"]))
        if match["m1"] or match["m2"]:
            month = _month_index(match["m1"] or match["m2"])
            day, year = int(match["d1"] or match["d2"]), match["y1"] or match["y2"]
            if year:
                return date(int(year), month, day)
            candidate = date(today.year, month, day)
            return candidate if candidate >= today else date(today.year + 1, month, day)
        return _day_of_month(today, int(match["d3"] or match["d4"]))
    except ValueError:  # "february 30"
        return None


def _resolve_time(match: re.Match[str]) -> tuple[int, int, bool] | None:
    """(hour, minute, ambiguous) where ambiguous means the hour could be am or pm."""
    if match["named"]:
        return (0, 0, False) if match["named"].lower() == "midnight" else (12, 0, False)
    if match["h1"]:
        hour, minute = _word_or_int(match["h1"]) % 12, int(match["m1"] or 0)
        return (hour + (12 if match["ap"].lower() == "p" else 0), minute, False)
    if match["h2"]:
        hour, minute = int(match["h2"]), int(match["m2"])
        return (hour, minute, 1 <= hour <= 12 and not match["h2"].startswith("0"))
    if match["h3"]:
        hour = _word_or_int(match["h3"])
        minute = 30 if match["frac"].lower() == "half" else 15
        if match["dir"].lower() == "to":
            hour, minute = hour - 1, 60 - minute
        return (hour % 24, minute, True)
    if match["h7"] or match["h8"]:  # "twenty past five", "10 minutes after 6", "ten to eight"
        hour = _word_or_int(match["h8"] or match["h7"])
        if half := match["ap8"] or match["ap7"]:  # "ten to twelve pm" is 11:50
            hour = hour % 12 + (12 if half.lower() == "p" else 0)
        if match["h8"]:
            hour, minute = hour - 1, 60 - _word_or_int(match["tmins"])
        else:
            minute = _word_or_int(match["mins"])
        return (hour % 24, minute, not half)
    if match["h6"]:  # "4 in the afternoon": the part of the day says am or pm
        return (_word_or_int(match["h6"]), int(match["m6"] or 0), True)
    raw_hour, raw_minute = match["h4"] or match["h5"], match["m5"] or ""
    minute = _word_or_int(raw_minute.lower().removeprefix("oh").strip()) if raw_minute else 0
    return (_word_or_int(raw_hour), minute, True)


def _said_to(match: re.Match[str]) -> bool:
    """A time said before an hour ("quarter to seven", "ten to eight")."""
    return bool(match["h8"] or (match["h3"] and match["dir"].lower() == "to"))


def _valid(hour: int, minute: int) -> bool:
    return 0 <= hour <= 23 and 0 <= minute <= 59


def _at(day: date, hour: int, minute: int, now: datetime) -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=now.tzinfo)


def parse_when(text: str, now: datetime) -> When | None:
    """The moment `text` names, with what it named (day, time) and where, or None."""
    stripped = text.strip()
    if re.match(r"^\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}", stripped, re.IGNORECASE):
        try:
            value = datetime.fromisoformat(stripped)
        except ValueError:
            pass
        else:
            value = value.replace(tzinfo=now.tzinfo) if value.tzinfo is None else value
            return When(value.astimezone(now.tzinfo), True, True, ((0, len(text)),))
    today = now.date()
    relative = _relative(text, now)
    found_dates = list(_DATE.finditer(text))
    dates = [m for m in found_dates if _resolve_date(m, today) is not None]
    if not dates and any(m["nth"] for m in found_dates) and relative is None:
        return None  # "the 5th monday of december": no such day
    date_match = dates[0] if dates else None
    taken: tuple[tuple[int, int], ...] = (date_match.span(),) if date_match else ()
    if date_match and date_match["wd"] and len(dates) > 1:
        exact = dates[1]  # "wednesday the 14th": the day of the month says which wednesday
        if not (exact["wd"] or exact["rel"]) and exact.start() - date_match.end() <= 2:
            date_match, taken = exact, (date_match.span(), exact.span())
    time_match = next(
        (
            m
            for m in _TIME.finditer(text)
            if not any(s <= m.start() < e for s, e in taken)
            and (parsed := _resolve_time(m)) is not None
            and _valid(parsed[0] % 24, parsed[1])
        ),
        None,
    )
    period_match = _PERIOD.search(text)
    if relative and not (relative[0] >= timedelta(days=1) and time_match):
        return When(now + relative[0], True, True, (relative[1],))
    if relative:
        day: date | None = (now + relative[0]).date()
        taken = (relative[1],)
    else:
        day = _resolve_date(date_match, today) if date_match else None
        if day is not None and date_match is not None:
            shifted = _OFFSET.search(text[: date_match.start()])
            if shifted is not None:  # "a week from friday", "2 days before the 14th"
                n = 1 if shifted["n"].lower() in ("a", "an") else _word_or_int(shifted["n"])
                days = n * (7 if shifted["unit"].startswith("week") else 1)
                day += timedelta(days=-days if shifted["dir"] == "before" else days)
                taken = ((shifted.start(), date_match.end()), *taken[1:])
    if day is None and time_match is None and period_match is None:
        return _dateparser_fallback(text, now)
    spans = [*taken, *(m.span() for m in (time_match, period_match) if m)]
    period = (period_match["p"] or period_match["n"] or "night").lower() if period_match else ""
    if time_match is None and not period:
        assert day is not None
        return When(_at(day, 0, 0, now), True, False, tuple(spans))
    if time_match is None:
        hour, minute, ambiguous = _PERIOD_HOURS[period], 0, False
    else:
        hour, minute, ambiguous = _resolve_time(time_match) or (0, 0, False)
    if ambiguous and hour < 12:
        if period in ("afternoon", "evening", "night"):
            hour, ambiguous = hour + 12, False
        elif period == "morning":
            ambiguous = False
    if day is not None and day != today:
        said = hour + 1 if time_match is not None and _said_to(time_match) else hour
        if ambiguous and 1 <= said <= 6:  # "quarter to seven" is said 7: in the morning
            hour += 12
        return When(_at(day, hour % 24, minute, now), True, True, tuple(spans), ambiguous)
    candidates = [_at(today, hour % 24, minute, now)]
    if ambiguous and hour < 12:
        candidates.append(_at(today, hour + 12, minute, now))
    upcoming = next((c for c in candidates if c > now), None)
    if upcoming is None:
        upcoming = candidates[0] if day == today else candidates[0] + timedelta(days=1)
    return When(upcoming, day is not None, True, tuple(spans), ambiguous)


def _relative(text: str, now: datetime) -> tuple[timedelta, tuple[int, int]] | None:
    found = _find_duration(text)
    while found:
        value, start, end = found
        before = _RELATIVE.search(text[:start])
        if before:
            return value, (before.start(), end)
        after = _FROM_NOW.match(text[end:])
        if after:
            return value, (start, end + after.end())
        rest = _find_duration(text[end:])
        found = (rest[0], rest[1] + end, rest[2] + end) if rest else None
    return None


_DATEPARSER: Any = None


def _dateparser_fallback(text: str, now: datetime) -> When | None:
    hint = _DATEISH.search(text)
    if hint is None or _RANGE.search(text):  # "this week" is a range, not a moment
        return None
    global _DATEPARSER
    if _DATEPARSER is None:
        import dateparser

        _DATEPARSER = dateparser
    settings = {
        "PREFER_DATES_FROM": "future",
        "RELATIVE_BASE": now.replace(tzinfo=None),
        "RETURN_AS_TIMEZONE_AWARE": False,  # local wall time; `now`'s zone is attached below
    }
    for start in dict.fromkeys((0, max(0, hint.start() - 3))):
        chunk = text[start:].strip()
        value = _DATEPARSER.parse(chunk, languages=["en"], settings=settings)
        if value is not None:
            local = value.replace(tzinfo=now.tzinfo)
            return When(local, True, local.time() != time(0), ((start, len(text)),))
    return None


def parse_datetime(text: str, now: datetime) -> datetime | None:
    """The moment `text` names, tz-aware in `now`'s zone ("tomorrow at 3pm", "in 20 minutes").

    A day without a time ("next tuesday") gives that day at midnight; use `parse_when` to tell.
    """
    found = parse_when(text, now)
    return found.value if found else None


# --- date ranges --------------------------------------------------------------------------
_RANGE = re.compile(
    r"\b(?P<which>this|next|coming)\s+(?P<unit>week|weekend|month)\b"
    r"|\b(?:the\s+)?(?:next|coming)\s+(?P<n>\d+|" + _WORD_NUM + r")\s+days\b"
    r"|\b(?P<rest>rest\s+of\s+the\s+week|upcoming|coming\s+up)\b",
    re.IGNORECASE,
)


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
_BARE_MONTH = re.compile(
    rf"\b(?P<m>{'|'.join(m for m in _FULL_MONTHS if m != 'may')}"
    r"|(?<=\bin\s)may|(?<=\bof\s)may|(?<=\bfor\s)may)\b"
    r"(?:\s+(?P<y>\d{4})\b)?",
    re.IGNORECASE,
)
_MONTH_DAY = re.compile(
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
    return _day_start(max(first, today), now), _day_start(after, now)


def _day_start(day: date, now: datetime) -> datetime:
    return _at(day, 0, 0, now)


# --- labels -------------------------------------------------------------------------------
_LABEL_PATTERNS = (
    re.compile(r"\b(?:called|named|label+ed|titled)\s+(?P<label>.+)$", re.IGNORECASE),
    re.compile(r"\b(?:to|about|that)\s+(?P<label>.+)$", re.IGNORECASE),
    re.compile(r"\bfor\s+(?:the|my|our)\s+(?P<label>.+)$", re.IGNORECASE),
    re.compile(r"\btimer\s+for\s+(?P<label>[a-z][\w' -]*)$", re.IGNORECASE),  # "timer for pizza"
    re.compile(
        r"\b(?:a|an|the|my)\s+(?P<label>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+(?:timer|alarm|reminder)",
        re.IGNORECASE,
    ),
)
_NOT_LABELS = re.compile(
    rf"^(?:go\s+off|ring|beep|alert\s+me|remind\s+me|new|another|second|quick|countdown|all|"
    rf"minute|hour|second|timer|alarm|it|{_WORD_NUM}|\d+\w*)$",
    re.IGNORECASE,
)
_SPAN_PREFIX = re.compile(r"(?:\b(?:for|in|at|on|by|from|after|within|until)\s+)+$", re.IGNORECASE)


def _when_spans(text: str) -> list[tuple[int, int]]:
    """Every duration, date, time and period phrase in `text`, with its leading preposition."""
    spans: list[tuple[int, int]] = []
    offset = 0
    while (found := _find_duration(text[offset:])) is not None:
        spans.append((found[1] + offset, found[2] + offset))
        offset += found[2]
        after = _FROM_NOW.match(text[offset:])
        if after:
            spans[-1] = (spans[-1][0], offset + after.end())
    for pattern in (_DATE, _TIME, _PERIOD):
        spans.extend(m.span() for m in pattern.finditer(text))
    for m in _DATE.finditer(text):  # "2 days before the 14th": the count goes with the day
        if shifted := _OFFSET.search(text[: m.start()]):
            spans.append((shifted.start(), m.start()))
    widened = []
    for start, end in spans:
        prefix = _SPAN_PREFIX.search(text[:start])
        widened.append((prefix.start() if prefix else start, end))
    return sorted(widened)


def strip_when(text: str) -> str:
    """`text` without its durations, dates and times ("call mom at 5pm" -> "call mom")."""
    out, cursor = [], 0
    for start, end in _when_spans(text):
        if start >= cursor:
            out.append(text[cursor:start])
        cursor = max(cursor, end)
    out.append(text[cursor:])
    cleaned = re.sub(r"\s+", " ", "".join(out)).strip(" ,.;:!?")
    return re.sub(r"\s+(?:and|,)$", "", cleaned).strip()


def extract_label(text: str) -> str | None:
    """What a timer or reminder is for: "to take the bread out", "called pasta", "pasta timer"."""
    for pattern in _LABEL_PATTERNS:
        for match in pattern.finditer(text):
            label = strip_when(match["label"]).strip(" \"'")
            label = re.sub(r"\s+(?:timer|alarm|reminder)$", "", label, flags=re.IGNORECASE)
            bare = re.sub(r"^(?:(?:the|my|our|a|an|this|that|it)\b\s*)+", "", label, flags=re.I)
            if bare and not _NOT_LABELS.match(bare):
                return label
    return None


def extract(text: str, now: datetime) -> dict[str, Any]:
    """Time slots of `text`: ``duration`` (timedelta), ``datetime``, ``label`` when present."""
    slots: dict[str, Any] = {}
    duration = parse_duration(text)
    if duration is not None:
        slots["duration"] = duration
    when = parse_when(text, now)
    if when is not None:
        slots["datetime"] = when.value
    label = extract_label(text)
    if label:
        slots["label"] = label
    return slots


# --- formatting ---------------------------------------------------------------------------
def format_duration(value: timedelta) -> str:
    """ "10 minutes", "1 hour 30 minutes", "45 seconds" (parseable by `parse_duration`)."""
    seconds = round(value.total_seconds())
    parts = []
    for name, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        amount, seconds = divmod(seconds, size)
        if amount:
            parts.append(f"{amount} {name}{'s' if amount != 1 else ''}")
    return " ".join(parts) or "0 seconds"


def format_moment(value: datetime, now: datetime) -> str:
    """A moment as a person says it: "at 09:10", "tomorrow at 07:30", "on Fri 9 Jan at 10:00"."""
    local = value.astimezone(now.tzinfo)
    clock = format_clock(local)
    days = (local.date() - now.date()).days
    if days == 0:
        return f"at {clock}"
    if days == 1:
        return f"tomorrow at {clock}"
    if days == -1:
        return f"yesterday at {clock}"
    return f"on {format_day(local.date())} at {clock}"


def format_day(day: date) -> str:
    """ "Fri 9 Jan", or in the date order of the call being run (`Settings.date_order`)."""
    return format_date(day)

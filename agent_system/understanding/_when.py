"""Moments said in words: dates, clock times and days counted by a rule, offline and fast.

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

from agent_system.understanding._durations import (
    _find_duration,
    _number,
)
from agent_system.understanding._memo import per_request
from agent_system.understanding._patterns import (
    _DATE,
    _DATEISH,
    _FROM_NOW,
    _ISO_DURATION,
    _MONTHS,
    _NTH_VALUES,
    _OFFSET,
    _PERIOD,
    _PERIOD_HOURS,
    _RANGE,
    _RELATIVE,
    _TIME,
    _WEEKDAYS,
    HOLIDAYS,
)
from agent_system.understanding._text import ungroup_digits


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


def _holiday(said: str, today: date) -> date | None:
    """The next day of the fixed-date holiday `said` ("christmas eve"), today included."""
    for spoken, (month, day) in HOLIDAYS.items():
        if re.fullmatch(spoken, said, re.IGNORECASE):
            on = date(today.year, month, day)
            return on if on >= today else date(today.year + 1, month, day)
    return None


def _resolve_date(match: re.Match[str], today: date) -> date | None:
    try:
        if match["nth"]:
            return _resolve_nth(match, today)
        if match["edge"]:
            return _resolve_edge(match, today)
        if match["hol"]:
            return _holiday(match["hol"], today)
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
    if owned := [m for m in dates if text[m.end() :][:2] == "'s"]:  # "friday's meeting"
        dates = [m for m in dates if m not in owned] or dates  # another day says when
    if len(dates) > 1:  # "the christmas dinner on friday": the day said plainly says when
        dates = [m for m in dates if not m["hol"]] or dates
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


@per_request
def parse_duration(text: str) -> timedelta | None:
    """A duration in `text`: "10 minutes", "90 sec", "an hour and a half", "1h30", "PT10M".

    Consecutive pieces add up ("5 min 30 s"). A bare number has no unit and gives None. Read
    once per request (`per_request`): the router's stages and the role ask alike.
    """
    text = ungroup_digits(text)
    iso = _ISO_DURATION.match(text)
    if iso and any(iso.groups()):
        weeks, days, hours, minutes, seconds = (float(g) if g else 0.0 for g in iso.groups())
        return timedelta(weeks=weeks, days=days, hours=hours, minutes=minutes, seconds=seconds)
    found = _find_duration(text)
    return found[0] if found else None

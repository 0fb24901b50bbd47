"""How planned arguments read as words, and whether a slot value is among them.

`args_text` renders planned arguments the way people say them (ISO dates as weekday, month
and day, clock times as "7 pm", spans as the part of the day, repeat rules as words);
`slot_found` says whether every content word of an annotated slot value is among those words,
numbers read as digits on both sides. `evals.scoring` builds its readings of meaning on these.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import date, datetime, timedelta
from typing import Any

__all__ = ["ISO", "args_text", "slot_found", "words"]

_NUMBERS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
_NUMBERS.update({"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60"})
_NUMBERS.update({"seventy": "70", "eighty": "80", "ninety": "90"})  # "volume to ninety"
_NUMBERS.update(
    {
        w: str(i)
        for i, w in enumerate(
            "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
            "twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth "
            "twentieth".split()
        )
    }
)
_NUMBERS.update({"thirtieth": "30", "twelveth": "12"})
_TENS = frozenset({"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"})
_NUMBERS.update({"noon": "12 pm", "midday": "12 pm", "midnight": "12 am"})
_STOP = frozenset(
    "a an the my me i to for of in on at by is it this that please o clock oclock and with up "
    "next coming upcoming rest "
    "from list s th st nd rd percent per cent".split()
)
"""Words a slot value may hold that no argument needs: "10 percent" is a brightness of 10."""
_CLOCK = re.compile(r"(?<![\d:T-])(\d{1,2}):(\d{2})(?::\d{2})?(?![\d:])")
"""A bare clock time ("06:00", "18:30") that is not part of an ISO date-time."""
ISO = re.compile(r"\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:[+-]\d{2}:\d{2}|Z)?)?")


def words(text: str) -> list[str]:
    text = text.lower().replace("'", "").replace("a.m.", "am").replace("p.m.", "pm")
    text = re.sub(r"(\d)(am|pm)\b", r"\1 \2", text)
    out: list[str] = []
    tens = False
    for raw in re.findall(r"[a-z]+|\d+", text):
        word = _NUMBERS.get(raw, raw)
        for part in word.split():
            part = part.lstrip("0") or part if part.isdigit() else part
            if part in _STOP:
                continue
            if len(part) > 3 and part.endswith("s") and not part.endswith("ss"):
                part = part[:-1]
            if part.isdigit() and len(part) == 1 and tens and raw in _NUMBERS:
                out[-1] = str(int(out[-1]) + int(part))  # "twenty second" is 22
                tens = False
                continue
            tens = raw in _TENS
            out.append(part)
    return out


def _render_iso(value: str, today: date) -> str:
    """Words a person would use for an ISO date/time: weekday, month day, 7 pm, 19 00, ..."""
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return value
    day = moment.date()
    words = [moment.strftime("%A %B %b"), str(day.day), f"{day.day}th"]
    # the year as people say it: "2027", "twenty twenty seven" (20 27), "two thousand and
    # seventeen" (2 thousand 17)
    words.append(f"{day.year} {day.year // 100} {day.year % 100} {day.year // 1000} thousand")
    if day == today:
        words.append("today tonight")
    elif day == today + timedelta(days=1):
        words.append("tomorrow")
    elif day == today - timedelta(days=1):
        words.append("yesterday")
    if "T" in value:
        hour12 = moment.hour % 12 or 12
        words.append(
            f"{hour12} {moment.hour} {moment.minute} {'pm' if moment.hour >= 12 else 'am'}"
        )
        if moment.minute == 0:
            words.append("hundred")  # "eight hundred am" is 8:00
        part = "morning" if moment.hour < 12 else "afternoon" if moment.hour < 18 else "evening"
        words.append(part + (" night" if moment.hour >= 20 else ""))
        if moment.hour == 17:
            words.append("evening")  # "five o'clock this evening"
    if moment.weekday() >= 5:
        words.append("weekend")
    return " ".join(words)


def _render_clock(match: re.Match[str]) -> str:
    """ "18:30" as people say it too: "18 30 6 pm"."""
    hour, minute = int(match[1]), int(match[2])
    if hour > 23:
        return match[0]
    return f"{hour} {minute} {hour % 12 or 12} {'pm' if hour >= 12 else 'am'}"


def _hour_words(hour: int) -> str:
    part = "morning" if hour < 12 else "afternoon" if hour < 18 else "evening"
    night = " night tonight" if hour >= 20 else ""
    return f"{hour % 12 or 12} {'pm' if hour >= 12 else 'am'} {part}{night}"


_SPAN = re.compile(
    r"^(?:\d{4}-\d{2}-\d{2}T)?(?P<h1>\d{2}):(?P<m1>\d{2})[^/]*/(?:\d{4}-\d{2}-\d{2}T)?(?P<h2>\d{2})"
    r":(?P<m2>\d{2})"
)
"""A span of two clock times or date-times ("04:00/12:00", timer.list's `when`)."""


def _part_of_span(value: str) -> str:
    """The part of the day a span covers, by its middle: "04:00/12:00" is the morning."""
    found = _SPAN.match(value)
    if found is None:
        return ""
    start = int(found["h1"]) * 60 + int(found["m1"])
    end = int(found["h2"]) * 60 + int(found["m2"])
    if end <= start:
        end += 24 * 60
    middle = (start + end) // 2 // 60 % 24
    part = "morning" if 4 <= middle < 12 else "afternoon" if 12 <= middle < 17 else "evening"
    return part + (" night tonight" if middle >= 20 or middle < 4 else "")


def args_text(arguments: Iterable[Mapping[str, Any]], today: date) -> str:
    """Every planned argument value as text (ISO dates also as the words people use)."""
    parts: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, Mapping):
            for key, item in value.items():
                if key == "hour" and isinstance(item, int) and 0 <= item <= 23:
                    parts.append(_hour_words(item))  # weather's hour=15 is "3 pm, afternoon"
                if key == "repeat" and isinstance(item, str):
                    parts.append(_repeat_words(item))  # "daily" is "every day", "everyday"
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)
        elif value is not None:
            parts.append(_part_of_span(str(value)))
            text = ISO.sub(lambda m: _render_iso(m.group(0), today), str(value))
            parts.append(_CLOCK.sub(_render_clock, text))

    for args in arguments:
        walk(dict(args))
        parts.append(_span_words(args))
    return " ".join(p for p in parts if p)


_RULE_WORDS = {
    "daily": "daily every day everyday",
    "weekdays": "every weekday weekdays work day workday",
    "weekends": "every weekend weekends",
    "hourly": "hourly every hour",
    "weekly": "weekly every week",
}
_DAY_NAMES = dict(
    zip(
        "mon tue wed thu fri sat sun".split(),
        "monday tuesday wednesday thursday friday saturday sunday".split(),
        strict=True,
    )
)


def _repeat_words(rule: str) -> str:
    """A repeat rule as people say it: "daily" is "every day", "mon,thu" "every monday thursday"."""
    if rule in _RULE_WORDS:
        return _RULE_WORDS[rule]
    days = [_DAY_NAMES[d] for d in rule.split(",") if d in _DAY_NAMES]
    return f"every {' '.join(days)} weekly" if days else rule


def _span_words(args: Mapping[str, Any]) -> str:
    """ "week", "month", "weekend" for a start/end pair of ISO dates that spans one (two
    arguments, or one "START/END" span)."""
    moments = []
    pieces = [p for v in args.values() if isinstance(v, str) for p in v.split("/")]  # "A/B" too
    for value in pieces:
        if ISO.fullmatch(value):
            try:
                moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
                moments.append(moment.replace(tzinfo=None))  # a date and a datetime may mix
            except ValueError:
                continue
    if len(moments) != 2:
        return ""
    days = abs((moments[1] - moments[0]).total_seconds()) / 86400
    if days <= 1.01:
        return ""
    first, last = min(moments), max(moments)
    words = []
    if days <= 3.01 and first.weekday() >= 4:
        words.append("weekend")
    words.append("week" if days <= 8.01 else "month" if days <= 31.01 else "year")
    if last.day == 1 and last.hour == 0 and days <= 31.01:  # up to the end of a month
        words.append("month")
    return " ".join(words)


def slot_found(value: str, text: str) -> bool:
    """Every content word of a slot value (numbers as digits) is among the argument words."""
    wanted = words(value)
    if not wanted:
        return True
    have = set(words(text))
    return all(w in have for w in wanted)

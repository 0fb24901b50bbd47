"""Scoring helpers: Wilson intervals, tool patterns, slot matching, tallies and confusion tables."""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from fnmatch import fnmatchcase
from typing import Any

from agent_system.routing.slots import parse_duration

__all__ = [
    "ACTION_ROLES",
    "SCORED_SLOTS",
    "Rate",
    "Tally",
    "args_text",
    "slot_found",
    "slot_in",
    "tool_matches",
    "wilson",
]

ACTION_ROLES = frozenset({"timer", "calendar", "lists", "smart_home"})
"""Roles whose tools change or read the user's own data: out-of-scope requests must not reach
them (intent_actions.json, role_map.json)."""

SCORED_SLOTS = frozenset(
    {
        "date",
        "time",
        "timeofday",
        "place_name",
        "house_place",
        "device_type",
        "event_name",
        "list_name",
        "person",
        "color_type",
        "definition_word",
        "change_amount",
        "food_type",
    }
)
"""SLURP/HWU64 slot types whose value must show up in the planned arguments (durations, times,
dates, places, devices, rooms, titles, list items)."""


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score 95 % interval of a proportion (0, 1) when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Rate:
    """hits out of n, with its Wilson interval."""

    hits: int = 0
    n: int = 0

    def add(self, ok: bool) -> None:
        self.n += 1
        self.hits += bool(ok)

    @property
    def value(self) -> float:
        return self.hits / self.n if self.n else float("nan")

    def cell(self) -> str:
        """``0.912 [0.88, 0.94] (n=300)`` or ``-`` when nothing was counted."""
        if not self.n:
            return "-"
        low, high = wilson(self.hits, self.n)
        return f"{self.value:.3f} [{low:.2f}, {high:.2f}] (n={self.n})"

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson(self.hits, self.n)
        return {"hits": self.hits, "n": self.n, "value": self.value, "ci95": [low, high]}


@dataclass
class Tally:
    """Named rates, per group (data set, role or intent), plus a confusion table and misses."""

    rates: dict[str, dict[str, Rate]] = field(default_factory=lambda: defaultdict(dict))
    confusion: Counter[tuple[str, str]] = field(default_factory=Counter)
    misses: list[dict[str, Any]] = field(default_factory=list)

    def add(self, group: str, measure: str, ok: bool) -> None:
        self.rates[group].setdefault(measure, Rate()).add(ok)

    def rate(self, group: str, measure: str) -> Rate:
        return self.rates.get(group, {}).get(measure, Rate())


def tool_matches(tool: str, patterns: Iterable[str]) -> bool:
    """``tool`` matches one of `patterns` (shell-style: ``role.*`` is any tool of the role) and
    none of the ``!``-prefixed ones (``!smart_home.get_*``)."""
    patterns = list(patterns)
    if any(fnmatchcase(tool, p[1:]) for p in patterns if p.startswith("!")):
        return False
    return any(fnmatchcase(tool, p) for p in patterns if not p.startswith("!"))


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
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:[+-]\d{2}:\d{2}|Z)?)?")


def _words(text: str) -> list[str]:
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
            text = _ISO.sub(lambda m: _render_iso(m.group(0), today), str(value))
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
        if _ISO.fullmatch(value):
            try:
                moments.append(datetime.fromisoformat(value.replace("Z", "+00:00")))
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
    wanted = _words(value)
    if not wanted:
        return True
    have = set(_words(text))
    return all(w in have for w in wanted)


_AMOUNTS = ((re.compile(r"\bhalf\b"), "50"), (re.compile(r"\b(?:max|maximum|full)\b"), "100"))
"""A change_amount said as a word with one meaning: "to half" is 50 (%), "to max" 100."""
_WHOLE_HOME = re.compile(r"^(?:(?:the|my|our|whole|entire|all)\s+)*(?:house|home|apartment|flat)$")
_EVERY = re.compile(r"^(?:all|every)\b|^(?:the\s+)?(?:robot\s+)?(?:vacuum|roomba|cleaner)")


def _whole_home(arguments: Iterable[Mapping[str, Any]]) -> bool:
    """Some planned call addresses the whole home: every device of a kind ("all lights") or the
    vacuum, with no area, floor or nearby room."""
    return any(
        isinstance(args.get("device"), str)
        and _EVERY.match(args["device"].lower())
        and not any(args.get(k) for k in ("area", "floor", "near"))
        for args in arguments
    )


_SMALL_AMOUNT = re.compile(
    r"^(?:a |by a )?(?:little |tiny |wee )?(?:bit|tad|touch|notch|little)(?: bit| more| less)?$|"
    r"^(?:slightly|a little bit)$"
)
"""A vague small amount: found when a call changes a level by a small step (`_small_step`)."""
_LOWEST = re.compile(
    r"^(?:to )?(?:the )?(?:lowest|minimum|min)(?: level| setting| possible| brightness| volume)?$"
)
_LEVEL_WORDS = re.compile(r"\b(?:power|levels?|setting|intensity)\b")


def _small_step(arguments: Iterable[Mapping[str, Any]]) -> bool:
    return any(
        isinstance(args.get("change"), int | float) and 0 < abs(args["change"]) <= 10
        for args in arguments
    )


def _lowest(arguments: Iterable[Mapping[str, Any]]) -> bool:
    return any(
        isinstance(args.get(key), int | float) and 0 <= args[key] <= 1
        for args in arguments
        for key in ("brightness", "volume")
    )


_RELATIVE = re.compile(r"^(?:in|after|within)\s|\b(?:from\s+now|later|from\s+today)$")
"""A moment said from now: "in ten minutes", "five minutes from now", "two hours later"."""


def _moments(item: str) -> list[datetime]:
    found = []
    for said in _ISO.findall(item):
        try:
            found.append(datetime.fromisoformat(said.replace("Z", "+00:00")))
        except ValueError:
            continue
    return found


def _from_now(value: str, arguments: Sequence[Mapping[str, Any]], planned_at: datetime) -> bool:
    """A planned call rings that long after the plan was made (to two minutes), or lasts it."""
    said = value.lower().strip()
    length = parse_duration(said) if _RELATIVE.search(said) else None
    if length is None or length <= timedelta(0):
        return False
    for args in arguments:
        for item in (v for v in args.values() if isinstance(v, str)):
            if not _ISO.search(item) and parse_duration(item) == length:
                return True  # a timer of that length
            for moment in _moments(item):
                base = planned_at
                if (moment.tzinfo is None) != (base.tzinfo is None):
                    moment, base = moment.replace(tzinfo=None), base.replace(tzinfo=None)
                if abs(moment - (base + length)) <= timedelta(minutes=2):
                    return True
    return False


def slot_in(
    kind: str,
    value: str,
    arguments: Sequence[Mapping[str, Any]],
    text: str,
    planned_at: datetime | None = None,
) -> bool:
    """`slot_found` for one annotated slot of `kind`, with readings of meaning over words:
    a ``house_place`` that is the whole home ("the house", "home") is found when a call
    addresses every device of a kind with no area (`_whole_home`); a ``change_amount`` of
    "half" / "max" / "full" is the level it names (50, 100), "a bit" / "slightly" a small step
    (a change of at most 10), "lowest" / "minimum" a level of 0-1, and "power" / "level" say
    nothing more ("full power" is 100, "two levels" 2); a moment said from now ("five minutes
    from now", "in ten minutes") is found when a planned moment lies that long after
    `planned_at`, when the plan was made (to two minutes), or a planned length equals it."""
    if planned_at is not None and _from_now(value, arguments, planned_at):
        return True
    if kind == "house_place" and _WHOLE_HOME.match(value.lower().strip()):
        return slot_found(value, text) or _whole_home(arguments)
    if kind == "change_amount":
        said = " ".join(value.lower().split())
        if _SMALL_AMOUNT.match(said):
            return slot_found(value, text) or _small_step(arguments)
        if _LOWEST.match(said):
            return slot_found(value, text) or _lowest(arguments)
        for pattern, level in _AMOUNTS:
            value = pattern.sub(level, value.lower())
        value = _LEVEL_WORDS.sub(" ", value)
    return slot_found(value, text)

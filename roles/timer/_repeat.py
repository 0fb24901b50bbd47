"""Recurring alarms and reminders: "every monday at 9", "every day at 7am", "on weekdays".

A rule is stored as one word: ``daily``, ``weekdays``, ``weekends``, ``hourly``, or the days it
rings on (``mon``, ``mon,thu``). `repeat_in` reads one from a request and says it the way the
moment parser reads ("every monday at 9" -> "on monday at 9"); `first_due` moves a first ring
onto a day of the rule; `next_due` is the ring after one that fired (same wall-clock time, in the
user's zone, whatever the daylight-saving change in between); `describe` says it back.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, tzinfo

from agent_system._lazy import lazy_pattern
from agent_system.errors import ToolExecutionError
from agent_system.understanding._format import said_together

__all__ = [
    "describe",
    "first_due",
    "next_due",
    "normalize_rule",
    "repeat_in",
    "rule_days",
    "soonest",
]

_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_DAY_WORD = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"
_NAMED = {"daily": range(7), "weekdays": range(5), "weekends": range(5, 7)}
_WEEKDAYS = lazy_pattern(
    r"\b(?:every|each|on)\s+(?:week\s*days?|work\s*days?|working\s+days?)\b"
    r"|\bweekdays\b|\bmonday\s+(?:to|through|thru|-)\s+friday\b",
    re.I,
)
_WEEKENDS = lazy_pattern(r"\b(?:every|each|on)\s+(?:the\s+)?weekends?\b|\bweekends\b", re.I)
_DAILY = lazy_pattern(
    r"\b(?:each|every|any)\s+(?:single\s+)?day\s+of\s+the\s+week\b"
    r"|\b(?:every|each)\s+(?:single\s+)?(?:day|morning|evening|night|afternoon)\b|\bdaily\b"
    r"|\beveryday\b|\bevery\s*day\b|\b(?:for\s+|on\s+)?all\s+(?:the\s+)?days\b"
    r"|\b(?:seven|7)\s+days\s+a\s+week\b",
    re.I,
)
_HOURLY = lazy_pattern(r"\b(?:every|each)\s+hour\b|\bhourly\b", re.I)
_ON_DAYS = lazy_pattern(
    rf"\b(?:(?:every|each)\s+(?P<d1>{_DAY_WORD}(?:\s*(?:,|and|&)\s*(?:every\s+)?{_DAY_WORD})*)"
    rf"|(?:on\s+)?(?P<d2>{_DAY_WORD}s(?:\s*(?:,|and|&)\s*{_DAY_WORD}s)*))\b",
    re.I,
)
_WEEKLY = lazy_pattern(r"\b(?:every|each)\s+week\b|\bweekly\b|\bonce\s+a\s+week\b", re.I)


def _day_index(word: str) -> int:
    return _DAYS.index(word.lower()[:3])


def repeat_in(text: str) -> tuple[str, str]:
    """(rule, text said for the moment parser) for a request; ("", text) when none repeats.

    "every monday at 9" -> ("mon", "on monday at 9"); "every day at 7am" -> ("daily", " at
    7am"); "every week" -> ("weekly", ...) (the tool fixes the day: that of the first ring).
    """
    for pattern, rule in ((_WEEKDAYS, "weekdays"), (_WEEKENDS, "weekends"), (_HOURLY, "hourly")):
        if found := pattern.search(text):
            return rule, _cut(text, found)
    if found := _ON_DAYS.search(text):
        listed = found["d1"] or found["d2"]
        days = sorted({_day_index(w) for w in re.findall(_DAY_WORD, listed, re.I)})
        first = _NAMES[days[0]].lower()
        rule = ",".join(_DAYS[d] for d in days)
        return rule, f"{text[: found.start()]}on {first}{text[found.end() :]}"
    for pattern, rule in ((_DAILY, "daily"), (_WEEKLY, "weekly")):
        if found := pattern.search(text):
            part = re.search(r"morning|evening|night|afternoon", found[0], re.I)
            return rule, _cut(text, found, f"in the {part[0]}" if part else "")
    return "", text


def _cut(text: str, found: re.Match[str], instead: str = "") -> str:
    return " ".join(f"{text[: found.start()]} {instead} {text[found.end() :]}".split())


def normalize_rule(rule: str, first: datetime) -> str:
    """The stored form of `rule` ("weekly" becomes the day of `first`); a plain error else."""
    said = rule.strip().lower().replace(" ", "")
    if said in ("", "none", "no", "once"):
        return ""
    if said in (*_NAMED, "hourly"):
        return said
    if said == "weekly":
        return _DAYS[first.weekday()]
    days = [d for d in said.split(",") if d]
    if days and all(d[:3] in _DAYS for d in days):
        return ",".join(_DAYS[i] for i in sorted({_day_index(d) for d in days}))
    raise ToolExecutionError(
        f"I couldn't read {rule!r} as how often it repeats; say 'daily', 'weekdays', "
        "'weekends', 'hourly', 'weekly' or days like 'mon,thu'."
    )


def rule_days(rule: str) -> set[int]:
    """The weekdays (Monday 0) a stored rule rings on ("weekdays" -> 0-4); every day if hourly."""
    return set(range(7)) if rule == "hourly" else _days(rule)


def _days(rule: str) -> set[int]:
    if rule in _NAMED:
        return set(_NAMED[rule])
    return {_day_index(d) for d in rule.split(",")}


def _on_day(day: datetime, clock: datetime, zone: tzinfo | None) -> datetime:
    """`clock`'s wall-clock time on `day`'s date, in `zone`."""
    wall = datetime.combine(day.date(), clock.time().replace(tzinfo=None))
    return wall.replace(tzinfo=zone)


def first_due(due: datetime, rule: str) -> datetime:
    """The first ring of `rule` at or after `due` (a weekday rule set on a Saturday waits)."""
    if not rule or rule == "hourly":
        return due
    days = _days(rule)
    for ahead in range(8):
        candidate = _on_day(due + timedelta(days=ahead), due, due.tzinfo)
        if candidate.weekday() in days:
            return candidate
    return due


def soonest(value: datetime, rule: str, now: datetime) -> datetime:
    """The first ring of `rule` after `now` at `value`'s time of day.

    "every monday at 9" said on a Monday at 8: today at 9, not next week as "on monday" reads.
    """
    if not rule or rule in ("hourly", "weekly"):
        return value
    days = _days(rule)
    for ahead in range(8):
        candidate = _on_day(now + timedelta(days=ahead), value.astimezone(now.tzinfo), now.tzinfo)
        if candidate.weekday() in days and candidate > now:
            return candidate
    return value


def next_due(due: datetime, rule: str, after: datetime) -> datetime:
    """The ring of `rule` after `due` that is later than `after` (its zone: `due`'s)."""
    if rule == "hourly":
        steps = max(1, int((after - due) // timedelta(hours=1)) + 1)
        return due + timedelta(hours=steps)
    days = _days(rule)
    candidate = due
    for ahead in range(1, 7 * 60):
        candidate = _on_day(due + timedelta(days=ahead), due, due.tzinfo)
        if candidate.weekday() in days and candidate > after:
            return candidate
    return candidate


def describe(rule: str) -> str:
    """How a reply says `rule`: "every day", "every weekday", "every Monday and Thursday"."""
    if rule in ("daily", "hourly"):
        return {"daily": "every day", "hourly": "every hour"}[rule]
    if rule in ("weekdays", "weekends"):
        return f"every {rule[:-1]}"
    names = [_NAMES[_day_index(d)] for d in rule.split(",")]
    return f"every {said_together(names)}"

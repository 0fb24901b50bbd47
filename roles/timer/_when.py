"""Which timers ring when: the `when` filter of timer.list / timer.cancel / timer.move.

`when` is an ISO date (that day), an ISO date-time (that minute), a clock time "HH:MM" (that
time on any day), a span "START/END" of two ISO date-times or two clock times ("05:00/12:00":
mornings, any day; "2026-01-10T18:00/2026-01-11T04:00": that night), or alternatives joined by
" or " ("06:30 or 18:30": "my 6:30 alarm" when am or pm was not said), or days of the week
as a repeat rule ("weekdays", "weekends", "mon,thu": those ringing on one of them, by their
next ring or their own rule; "every weekdays": only those whose own rule rings then).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, time

from agent_system._lazy import lazy_pattern
from agent_system.errors import ToolExecutionError
from roles.timer._repeat import rule_days
from roles.timer.store import Timer

__all__ = ["due_matches"]

_CLOCK = lazy_pattern(r"^(\d{1,2}):(\d{2})$")
_Test = Callable[[datetime], bool]


def _clock(text: str) -> time | None:
    found = _CLOCK.match(text.strip())
    if found is None:
        return None
    hour, minute = int(found[1]), int(found[2])
    if hour > 23 or minute > 59:
        raise ToolExecutionError(f"{text.strip()!r} is not a time of day; use 00:00 to 23:59.")
    return time(hour, minute)


def _moment(text: str, now: datetime) -> datetime:
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ToolExecutionError(
            f"I couldn't read {text.strip()!r} as a day or a time; use a date like 2026-01-10, "
            "a time like 07:30, or both."
        ) from None
    return moment.replace(tzinfo=now.tzinfo) if moment.tzinfo is None else moment


def _span(start: str, end: str, now: datetime) -> _Test:
    first, last = _clock(start), _clock(end)
    if first is not None and last is not None:
        if first <= last:
            return lambda due: first <= due.astimezone(now.tzinfo).time() < last
        return lambda due: not last <= due.astimezone(now.tzinfo).time() < first  # past midnight
    low, high = _moment(start, now), _moment(end, now)
    return lambda due: low <= due < high


def _one(when: str, now: datetime) -> _Test:
    if "/" in when:
        start, _, end = when.partition("/")
        return _span(start, end, now)
    if (clock := _clock(when)) is not None:
        return lambda due: (
            due.astimezone(now.tzinfo).time().replace(second=0, microsecond=0) == clock
        )
    moment = _moment(when, now)
    if "T" not in when and " " not in when.strip():
        return lambda due: due.astimezone(now.tzinfo).date() == moment.date()
    return lambda due: abs((due - moment).total_seconds()) < 60


_RULE = lazy_pattern(
    r"^(?:every\s+)?(?:weekdays|weekends|(?:mon|tue|wed|thu|fri|sat|sun)"
    r"(?:,(?:mon|tue|wed|thu|fri|sat|sun))*)$"
)
"""Days of the week, as a repeat rule: "weekdays", "mon,thu" (`roles.timer._repeat`)."""


def _on_days(rule: str, now: datetime) -> Callable[[Timer], bool]:
    """Rings on one of the days of `rule`: its next ring, or any ring of its own rule."""
    repeating = rule.startswith("every ")  # "my weekday alarm": the one that repeats then
    days = rule_days(rule.removeprefix("every ").strip())

    def test(timer: Timer) -> bool:
        if timer.repeat and rule_days(timer.repeat) & days:
            return True
        if repeating or timer.due_at is None:
            return False
        return timer.due_at.astimezone(now.tzinfo).weekday() in days

    return test


def due_matches(timers: list[Timer], when: str, now: datetime) -> list[Timer]:
    """The timers that ring at `when` (every one when `when` is empty)."""
    choices = [part.strip() for part in re.split(r"\s+or\s+", when.strip()) if part.strip()]
    if not choices:
        return timers
    ruled = [_on_days(choice.lower(), now) for choice in choices if _RULE.match(choice.lower())]
    tests = [_one(choice, now) for choice in choices if not _RULE.match(choice.lower())]
    return [
        t
        for t in timers
        if any(test(t) for test in ruled)
        or (t.due_at is not None and any(test(t.due_at) for test in tests))
    ]

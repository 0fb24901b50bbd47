"""Durations said in words or digits ("two and a half minutes", "1h30"), and clock times
that cannot be (the parts of `agent_system.understanding._slots`)."""

from __future__ import annotations

import re
from datetime import timedelta

from agent_system._lazy import lazy_pattern
from agent_system.understanding._patterns import (
    _DATE,
    _DAY_LINK,
    _FRACTIONS,
    _JOIN,
    _PIECE,
    _TRAILING,
    _UNIT_SECONDS,
    _WORD_VALUES,
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


_NEGATIVE = lazy_pattern(
    r"(?:^|\s)(?:-|minus\s+|negative\s+)\s*\d+(?:\.\d+)?\s*(?:h|hours?|hrs?|m|mins?|minutes?|"
    r"s|secs?|seconds?|days?)\b",
    re.IGNORECASE,
)
_CLOCK = lazy_pattern(  # not inside "12:50:26" (an ISO time's minutes:seconds)
    r"(?<!:)\b(?P<h>\d{1,2}):(?P<m>\d{2})\s*(?P<ap>[ap]\.?m\b)?", re.IGNORECASE
)
_BAD_MERIDIEM = lazy_pattern(  # not the minutes of "7:15am"
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

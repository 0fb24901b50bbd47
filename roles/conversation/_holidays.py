"""Named holidays and the next one, answered offline.

"when is thanksgiving", "what day is memorial day this year", "when is the next holiday",
"are there any holidays this month": the widely celebrated holidays (the United States' federal
ones, the British bank holidays around Easter and Christmas, and the everyday ones: Valentine's
Day, Halloween, Mother's and Father's Day), each by its rule: a fixed date, the n-th weekday of a
month, or a day counted from Easter.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding.locale import format_long_date

if TYPE_CHECKING:
    from agent_system.config import Settings

__all__ = ["holiday_named", "holiday_reply", "holidays_between", "next_holiday"]

_MON, _THU, _SUN = 0, 3, 6
_RULES: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    # (name, pattern of its spoken names, rule): (month, day) fixed; (month, weekday, n) the
    # n-th weekday (n = -1: the last); (offset,) days after Easter Sunday.
    ("New Year's Day", r"new\s*years?(?:\s+day)?", (1, 1)),
    ("Martin Luther King Jr. Day", r"(?:martin\s+luther\s+king(?:\s+jr)?|mlk)(?:\s+jr)?\s+day",
     (1, _MON, 3)),
    ("Valentine's Day", r"(?:saint\s+|st\s+)?valentines?(?:\s+day)?", (2, 14)),
    ("Presidents' Day", r"presidents?(?:\s+day)|washingtons?\s+birthday", (2, _MON, 3)),
    ("St Patrick's Day", r"(?:saint|st)\s+patricks?(?:\s+day)?|paddys\s+day", (3, 17)),
    ("Good Friday", r"good\s+friday", (-2,)),
    ("Easter Sunday", r"easter(?:\s+sunday)?", (0,)),
    ("Easter Monday", r"easter\s+monday", (1,)),
    ("Mother's Day", r"mothers?\s+day", (5, _SUN, 2)),
    ("Memorial Day", r"memorial\s+day", (5, _MON, -1)),
    ("Father's Day", r"fathers?\s+day", (6, _SUN, 3)),
    ("Juneteenth", r"juneteenth", (6, 19)),
    ("Independence Day", r"independence\s+day|(?:the\s+)?(?:fourth|4th)\s+of\s+july|july\s+"
     r"(?:fourth|4th|4)", (7, 4)),
    ("Labor Day", r"labou?r\s+day", (9, _MON, 1)),
    ("Columbus Day", r"columbus\s+day|indigenous\s+peoples?\s+day", (10, _MON, 2)),
    ("Halloween", r"hallowe?en", (10, 31)),
    ("Veterans Day", r"veterans?\s+day|armistice\s+day|remembrance\s+day", (11, 11)),
    ("Thanksgiving", r"thanksgiving(?:\s+day)?", (11, _THU, 4)),
    ("Christmas Eve", r"christmas\s+eve|xmas\s+eve", (12, 24)),
    ("Christmas Day", r"christmas(?:\s+day)?|xmas(?:\s+day)?", (12, 25)),
    ("Boxing Day", r"boxing\s+day", (12, 26)),
    ("New Year's Eve", r"new\s*years?\s+eve", (12, 31)),
)  # fmt: skip
_NAMES = [(name, lazy_pattern(rf"(?:the\s+)?(?:{spoken})")) for name, spoken, _ in _RULES]
_RULE = {name: rule for name, _, rule in _RULES}


def _easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    r = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * r) // 451
    month, day = divmod(h + r - 7 * m + 114, 31)
    return date(year, month, day + 1)


def _on(name: str, year: int) -> date:
    """The day `name` falls on in `year`."""
    rule = _RULE[name]
    if len(rule) == 1:
        return _easter(year) + timedelta(days=rule[0])
    if len(rule) == 2:
        return date(year, rule[0], rule[1])
    month, weekday, n = rule
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _spoken(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^a-z0-9 ]", "", text.lower().replace("'", ""))).strip()


def holiday_named(text: str, today: date) -> tuple[str, date] | None:
    """(name, day) of the holiday `text` names, whole ("thanksgiving", "labor day next year").

    This year's day when it is still to come (today included), else next year's.
    """
    said = _spoken(text)
    said = re.sub(r"^(?:the\s+)?(?:next\s+|coming\s+|upcoming\s+)?", "", said)
    year = today.year
    if found := re.search(r"\s+(?:this|next|in)\s+(?P<which>year|\d{4})$", said):
        said = said[: found.start()]
        which = found["which"]
        year = today.year + 1 if which == "year" and "next" in found[0] else year
        year = int(which) if which.isdigit() else year
    for name, pattern in _NAMES:
        if pattern.fullmatch(said):
            day = _on(name, year)
            if found is None and day < today:
                day = _on(name, year + 1)
            return name, day
    return None


def holidays_between(start: date, end: date) -> list[tuple[str, date]]:
    """Every holiday from `start` up to (not including) `end`, in date order."""
    found = [
        (name, day)
        for year in range(start.year, end.year + 1)
        for name, _, _ in _RULES
        if start <= (day := _on(name, year)) < end
    ]
    return sorted(found, key=lambda pair: pair[1])


def next_holiday(today: date, *, after: bool = False) -> tuple[str, date]:
    """The next holiday from `today` (today's own when `after` is False)."""
    start = today + timedelta(days=1) if after else today
    return holidays_between(start, start + timedelta(days=400))[0]


def holiday_reply(
    found: tuple[str, list[tuple[str, date]]], today: date, settings: Settings
) -> str:
    """The reply to a holiday question: every holiday of a span, the next one, or a named one."""
    kind, days = found
    if kind == "span":
        if not days:
            return "No, there are no holidays that I know of then."
        listed = ", ".join(f"{name} on {format_long_date(on, settings)}" for name, on in days)
        return f"Yes: {listed}."
    name, on = days[0]
    if kind == "next":
        when = "today" if on == today else f"on {format_long_date(on, settings)}"
        return f"The next holiday is {name}, {when}."
    if on == today:
        return f"{name} is today, {format_long_date(on, settings)}."
    verb = "was" if on < today else "is"
    return f"{name} {verb} on {format_long_date(on, settings)}."

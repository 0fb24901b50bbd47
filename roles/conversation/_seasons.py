"""More calendar questions the clock answers: seasons, leap years, formats, weekends.

Seasons, leap years, the date in a format, and whether a day falls on a weekend or a weekday:

"when does summer start", "when is the first day of spring next year", "what week of the year
does the summer season start", "when is the winter solstice", "is it a leap year", "is 2028 a
leap year", "when is the next leap year", "what's today's date in american format", "does
christmas fall on a weekend this year", "is christmas on a sunday next year". The seasons are
the astronomical ones of the northern hemisphere (equinoxes and solstices by Meeus' mean
formulas, right to the day).
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding.locale import format_long_date
from roles.conversation._holidays import holiday_named

if TYPE_CHECKING:
    from agent_system.config import Settings

__all__ = ["season_answer"]

_LEAD = (
    r"^(?:(?:please|so|and|hey|ok|okay)\s+)*(?:(?:can|could)\s+you\s+)?(?:(?:tell|show|give)\s+me"
    r"|let\s+me\s+know|i\s+(?:need|want|would\s+like)\s+to\s+know|do\s+you\s+know|find\s+out)?\s*"
)
_YEAR = r"(?:\s+(?P<year>this\s+year|next\s+year|in\s+\d{4}|\d{4}))?"
_SEASON = lazy_pattern(
    _LEAD + r"(?:"
    r"when\s+(?:is|does|will)\s+(?:the\s+)?(?:(?:first|1st)\s+day\s+of\s+|start\s+of\s+|beginning\s+of\s+)?"
    r"(?P<s1>spring|summer|autumn|fall|winter)(?:\s+season)?(?:\s+(?:start|begin|come|arrive|be))?"
    r"|(?:what|which)\s+(?:day|date|week(?:\s+of\s+the\s+year)?)\s+(?:is|does|will)\s+(?:the\s+)?"
    r"(?:(?:first|1st)\s+day\s+of\s+|start\s+of\s+)?(?P<s2>spring|summer|autumn|fall|winter)(?:\s+season)?"
    r"(?:\s+(?:start|begin|be|fall\s+on))?"
    r"|(?:when\s+is|what\s+(?:day|date)\s+is)\s+(?:the\s+)?(?P<event>summer\s+solstice|winter\s+"
    r"solstice|(?:spring|vernal|autumn|autumnal|fall)\s+equinox|longest\s+day|shortest\s+day)"
    r"(?:\s+of\s+the\s+year)?"
    r")" + _YEAR + r"$"
)
_LEAP = lazy_pattern(
    _LEAD + r"(?:is\s+(?P<which>it|this\s+year|next\s+year|last\s+year|(?:the\s+year\s+)?\d{4})"
    r"\s+a\s+leap\s+year|(?:when\s+is|what\s+is)\s+the\s+next\s+leap\s+year"
    r"|(?:is\s+there|does\s+(?:this\s+)?(?:year|february)\s+have)\s+(?:a\s+)?(?:february\s+29|"
    r"leap\s+day)(?:\s+this\s+year)?)$"
)
_FORMAT = lazy_pattern(
    _LEAD + r"(?:what\s+is\s+)?(?:the\s+|today's\s+|todays\s+)?(?:current\s+)?date(?:\s+today)?"
    r"\s+in\s+(?:the\s+)?(?P<style>american|us|u\s*s|usa|european|british|uk|u\s*k|iso|"
    r"international|numeric|number)\s+(?:date\s+)?format$"
)
_WEEKEND = lazy_pattern(
    r"^(?:is|does|will)\s+(?P<day>.+?)\s+(?:fall\s+|be\s+)?on\s+a\s+(?P<wd>weekend|weekday|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?P<year>\s+(?:this|next)\s+year)?$"
)
_STARTS = {"spring": (3, 0), "summer": (6, 1), "autumn": (9, 2), "fall": (9, 2), "winter": (12, 3)}
_EVENTS = {
    "summer solstice": "summer",
    "longest day": "summer",
    "winter solstice": "winter",
    "shortest day": "winter",
}
_MEEUS = (
    (2451623.80984, 365242.37404, 0.05169, -0.00411, -0.00057),
    (2451716.56767, 365241.62603, 0.00325, 0.00888, -0.00030),
    (2451810.21715, 365242.01767, -0.11575, 0.00337, 0.00078),
    (2451900.05952, 365242.74049, -0.06223, -0.00823, 0.00032),
)
"""Mean March equinox, June solstice, September equinox, December solstice (Meeus, ch. 27)."""


def season_start(season: str, year: int) -> date:
    """The day (UTC) a northern-hemisphere season starts in `year`."""
    y = (year - 2000) / 1000
    a, b, c, d, e = _MEEUS[_STARTS[season][1]]
    jde = a + b * y + c * y**2 + d * y**3 + e * y**4
    moment = datetime(2000, 1, 1, 12, tzinfo=UTC) + timedelta(days=jde - 2451545.0)
    return moment.date()


def _year(words: str | None, today: date) -> int | None:
    if not words:
        return None
    if digits := re.search(r"\d{4}", words):
        return int(digits[0])
    return today.year + 1 if "next" in words else today.year


def _is_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _season_reply(found: re.Match[str], today: date, settings: Settings | None) -> str:
    season = found["s1"] or found["s2"]
    event = found["event"]
    if event:
        event = re.sub(r"\s+of\s+the\s+year$", "", event)
        season = _EVENTS.get(event) or ("spring" if re.match(r"spring|vernal", event) else "autumn")
    year = _year(found["year"], today)
    on = season_start(season, year or today.year)
    if year is None and on < today:
        on = season_start(season, today.year + 1)
    verb = "started" if on < today else "starts"
    said = "Autumn" if season in ("autumn", "fall") else season.capitalize()
    if event:  # "the winter solstice is on ...", "the longest day is on ..."
        return f"The {event} {'was' if on < today else 'is'} on {format_long_date(on, settings)}."
    if "week" in found[0]:
        return (
            f"{said} {verb} in week {on.isocalendar().week}, on {format_long_date(on, settings)}."
        )
    return f"{said} {verb} on {format_long_date(on, settings)}."


def _leap_reply(found: re.Match[str], today: date) -> str:
    which = found["which"]
    if which is None:  # "when is the next leap year", "is there a february 29 this year"
        if "next" in found[0]:
            year = next(y for y in range(today.year + 1, today.year + 9) if _is_leap(y))
            return f"The next leap year is {year}."
        which = "this year"
    year = _year(which, today) or today.year
    year = today.year - 1 if "last" in which else year
    if "it" == which or "this" in which:
        if _is_leap(today.year):
            return f"Yes, {today.year} is a leap year: February has 29 days."
        nxt = next(y for y in range(today.year + 1, today.year + 9) if _is_leap(y))
        return f"No, {today.year} is not a leap year; the next one is {nxt}."
    verb = "was" if year < today.year else "is"
    return f"Yes, {year} {verb} a leap year." if _is_leap(year) else f"No, {year} {verb} not."


def _weekend_reply(found: re.Match[str], today: date, settings: Settings | None) -> str | None:
    named = holiday_named(found["day"] + (found["year"] or ""), today)
    if named is None:
        return None
    name, on = named
    wd = found["wd"]
    weekday = on.strftime("%A")
    if wd == "weekend":
        yes = on.weekday() >= 5
    elif wd == "weekday":
        yes = on.weekday() < 5
    else:
        yes = weekday.lower() == wd
    verb = "was" if on < today else "is"
    return f"{'Yes' if yes else 'No'}, {name} {verb} on {format_long_date(on, settings)}."


def _format_reply(found: re.Match[str], today: date) -> str:
    style = re.sub(r"\s+", "", found["style"])
    if style in ("american", "us", "usa"):
        return f"Today is {today.month:02d}/{today.day:02d}/{today.year}."
    if style in ("european", "british", "uk"):
        return f"Today is {today.day:02d}/{today.month:02d}/{today.year}."
    return f"Today is {today.isoformat()}."


def season_answer(said: str, today: date, settings: Settings | None = None) -> str | None:
    """The reply to a season, leap-year, date-format or weekend question (`said` normalized)."""
    if found := _SEASON.match(said):
        return _season_reply(found, today, settings)
    if found := _LEAP.match(said):
        return _leap_reply(found, today)
    if found := _FORMAT.match(said):
        return _format_reply(found, today)
    if found := _WEEKEND.match(said):
        return _weekend_reply(found, today, settings)
    return None

"""Daylight saving time and the season we are in, asked the everyday way, answered offline.

"is it daylight saving time", "are we on summer time", "when do the clocks change", "when do
the clocks go forward", "when does daylight saving end" (the user's own time zone: the
`timezone` setting, else the clock's; its next change from the time zone database), "what
season is it", "which season are we in" (the northern hemisphere's astronomical seasons, as the
season starts are answered). The request has been normalized.
"""

from __future__ import annotations

import zoneinfo
from datetime import date, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding.locale import format_long_date
from roles.conversation._seasons import season_start

if TYPE_CHECKING:
    from agent_system.config import Settings

__all__ = ["daylight_answer"]

_LEAD = (
    r"^(?:(?:please|so|and|hey|ok|okay|olly|alexa)\s+)*(?:(?:can|could)\s+you\s+)?"
    r"(?:(?:tell|show|give)\s+me|let\s+me\s+know|i\s+(?:need|want|would\s+like)\s+to\s+know"
    r"|do\s+you\s+know)?\s*"
)
_DST = r"(?:daylight\s+sav(?:ing|ings)(?:\s+time)?|dst|summer\s+time|winter\s+time)"
_IN_DST = lazy_pattern(
    _LEAD + rf"(?:is\s+it|are\s+we\s+(?:on|in)|is\s+(?:it\s+)?(?:currently|now))\s+{_DST}"
    r"(?:\s+(?:now|right\s+now|yet|already|today|here))?$"
)
_CHANGE = lazy_pattern(
    _LEAD + r"(?:when\s+(?:do|will|does)\s+(?:the\s+)?clocks?\s+(?:change|go\s+(?:forward|back|"
    r"backward|ahead)|spring\s+forward|fall\s+back)"
    rf"|when\s+(?:does|will|is)\s+(?:the\s+)?(?:next\s+)?(?:{_DST}|time\s+change|clock\s+change)"
    r"(?:\s+(?:start|begin|end|finish|happen|change))?"
    r"|when\s+do\s+we\s+(?:change|turn|set)\s+the\s+clocks?(?:\s+(?:forward|back))?)"
    r"(?:\s+(?:this|next)\s+year)?$"
)
_WAY = lazy_pattern(
    r"\b(?:(?P<forward>forward|ahead|spring\s+forward|start|begin)|back|backward|end|finish)\b"
)
_SEASON_NOW = lazy_pattern(
    _LEAD + r"(?:what|which)\s+season\s+(?:is\s+it|are\s+we\s+in|is\s+this|is\s+it\s+now)"
    r"(?:\s+(?:now|right\s+now|currently|today))?$"
)
_SEASONS = ("spring", "summer", "autumn", "winter")


def _zone(now: datetime, settings: Settings | None) -> tuple[str, tzinfo]:
    name = (settings.timezone if settings else None) or str(now.tzinfo or "UTC")
    try:
        return name, zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return "UTC", zoneinfo.ZoneInfo("UTC")


def _next_change(now: datetime, zone: tzinfo) -> datetime | None:
    """The first moment within a year from `now` when the zone's offset changes."""
    here = now.astimezone(zone)
    offset = here.utcoffset()
    day = here
    for _ in range(370):
        later = (day + timedelta(days=1)).astimezone(zone)
        if later.utcoffset() != offset:
            moment = day
            for _ in range(25):  # the hour it changes
                step = (moment + timedelta(hours=1)).astimezone(zone)
                if step.utcoffset() != offset:
                    return step
                moment = step
            return later
        day = later
    return None


def _season_now(today: date, settings: Settings | None) -> str:
    starts = [
        (season_start(season, year), season)
        for year in (today.year - 1, today.year)
        for season in _SEASONS
    ]
    current = max((on, season) for on, season in starts if on <= today)[1]
    following = _SEASONS[(_SEASONS.index(current) + 1) % 4]
    year = today.year if season_start(following, today.year) > today else today.year + 1
    starts_on = format_long_date(season_start(following, year), settings)
    return f"It's {current}; {following} starts on {starts_on}."


def daylight_answer(said: str, now: datetime, settings: Settings | None = None) -> str | None:
    """The reply to a daylight-saving or current-season question (`said`: normalized)."""
    if _SEASON_NOW.match(said):
        return _season_now(now.date(), settings)
    asked_now = bool(_IN_DST.match(said))
    if not asked_now and not _CHANGE.match(said):
        return None
    name, zone = _zone(now, settings)
    here = now.astimezone(zone)
    change = _next_change(now, zone)
    if change is None:
        return f"Your time zone ({name}) has no daylight saving time."
    on = format_long_date(change.date(), settings)
    if asked_now:
        if here.dst():
            return f"Yes, daylight saving time is on until {on} ({name})."
        return f"No, daylight saving time is off until {on} ({name})."
    wanted = _WAY.search(said)
    ahead = (change.utcoffset() or timedelta()) > (here.utcoffset() or timedelta())
    if wanted and (wanted["forward"] is not None) != ahead:  # "go back" asked, forward comes first
        change = _next_change(change, zone) or change
        on, ahead = format_long_date(change.date(), settings), not ahead
    way = "forward" if ahead else "back"
    return f"The clocks go {way} an hour on {on} ({name})."

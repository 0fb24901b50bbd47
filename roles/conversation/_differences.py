"""Time zones of places, differences between them, and a time said in one read in another.

"what time zone is tokyo in", "what's the time difference between london and new york", "how
many hours ahead is tokyo from here", "if it's 9 pm in california what time is it in new york",
"8 am manila time is what in eastern time", "convert 3 pm est to pst". "here" is the user's own
zone. The request has been normalized (number words as digits: "nine pm" -> "9 pm").
"""

from __future__ import annotations

import re
import zoneinfo
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding.locale import format_clock
from roles.conversation._zones import place_zone, written

if TYPE_CHECKING:
    from agent_system.config import Settings

__all__ = ["difference_answer"]

_PLACE = r"[a-z][a-z .'-]{0,40}?"
_HERE = lazy_pattern(r"^(?:here|home|my\s+(?:place|time|zone|time\s*zone)|where\s+i\s+am|local)$")
_ZONE_OF = lazy_pattern(
    rf"^(?:what|which)\s+time\s*zone\s+(?:is|are)\s+(?P<p1>{_PLACE})\s+in$"
    rf"|^(?:what|which)\s+is\s+the\s+time\s*zone\s+(?:of|in|for)\s+(?P<p2>{_PLACE})$"
    rf"|^(?:what|which)\s+time\s*zone\s+(?:does|do)\s+(?P<p3>{_PLACE})\s+use$"
)
_DIFFERENCE = lazy_pattern(
    r"^(?:what\s+is\s+)?(?:the\s+)?(?:time\s+(?:difference|gap|offset)|difference\s+in\s+time"
    rf"|time\s*zone\s+(?:difference|gap|offset)|hours?\s+difference)\s+(?:between|from)\s+(?P<a>{_PLACE})\s+(?:and|to)\s+"
    rf"(?P<b>{_PLACE})$"
    rf"|^how\s+many\s+hours?\s+(?:ahead|behind|difference)\s+(?:is|are)\s+(?P<a2>{_PLACE})\s+"
    rf"(?:from|of|than|to)\s+(?P<b2>{_PLACE})$"
    rf"|^how\s+many\s+hours?\s+(?:difference\s+)?(?:is\s+there\s+)?between\s+(?P<a3>{_PLACE})\s+"
    rf"and\s+(?P<b3>{_PLACE})$"
    rf"|^how\s+far\s+(?:ahead|behind)\s+(?:is|are)\s+(?P<a4>{_PLACE})\s+(?:from|of)\s+"
    rf"(?P<b4>{_PLACE})$"
)
_T = (
    r"(?P<{0}h>\d{{1,2}})(?::(?P<{0}m>\d{{2}}))?\s*(?P<{0}ap>a\s?m|p\s?m)?"
    r"|(?P<{0}noon>noon|midday|midnight)"
)
_CONVERT = lazy_pattern(
    r"^(?:(?:if|when|given)\s+)?(?:it\s+is|its|the\s+time\s+is)\s+(?:" + _T.format("a") + r")"
    rf"\s+(?:(?:(?:here\s+)?in|on|at)\s+(?:the\s+)?(?P<from1>{_PLACE})|(?P<here>here))\s*,?\s*"
    r"(?:then\s+)?"
    r"what\s+time\s+(?:is\s+it|will\s+it\s+be|would\s+it\s+be|is\s+that)\s+(?:now\s+)?in\s+"
    rf"(?:the\s+)?(?P<to1>{_PLACE})(?:\s+now)?$"
    r"|^(?:what\s+is\s+|convert\s+)?(?:" + _T.format("b") + r")\s+(?:in\s+)?"
    rf"(?P<from2>{_PLACE})(?:\s+time)?\s+(?:is\s+what\s+(?:time\s+)?in|in|to)\s+"
    rf"(?P<to2>{_PLACE})(?:\s+time)?$"
)


def _zone(place: str, settings: Settings | None, now: datetime) -> tuple[str, str] | None:
    """(IANA zone, the place as written) of `place`; "here" is the user's own zone."""
    place = re.sub(r"\s+(?:time|time\s*zone|timezone)$", "", place.strip())
    place = re.sub(
        r"^(?:the\s+)?time\s+in\s+", "", place
    )  # "eastern time" said as "time in eastern"
    if _HERE.match(place):
        mine = (settings.timezone if settings else None) or str(now.tzinfo or "UTC")
        return mine, "here"
    zone = place_zone(place)
    return None if zone is None else (zone, written(place))


def _offset(zone: str, now: datetime) -> timedelta:
    return now.astimezone(zoneinfo.ZoneInfo(zone)).utcoffset() or timedelta()


def _hours(delta: timedelta) -> str:
    hours = abs(delta.total_seconds()) / 3600
    text = f"{hours:g}"
    return f"{text} hour{'s' if hours != 1 else ''}"


def _clock(found: re.Match[str], key: str, base: datetime) -> datetime:
    if noon := found[f"{key}noon"]:
        hour, minute = (0, 0) if noon == "midnight" else (12, 0)
    else:
        hour, minute = int(found[f"{key}h"]) % 24, int(found[f"{key}m"] or 0)
        half = (found[f"{key}ap"] or "").replace(" ", "")
        hour = hour % 12 + (12 if half == "pm" else 0) if half else hour
    return base.replace(hour=hour, minute=minute, second=0, microsecond=0)


def difference_answer(said: str, now: datetime, settings: Settings | None = None) -> str | None:
    """The reply to a zone, difference or conversion question (`said` normalized), or None."""
    if found := _ZONE_OF.match(said):
        place = found["p1"] or found["p2"] or found["p3"]
        if (zone := _zone(place, settings, now)) is None or zone[1] == "here":
            return None
        there = now.astimezone(zoneinfo.ZoneInfo(zone[0]))
        clock = format_clock(there, settings)
        return f"{zone[1]} is on {zone[0]} time ({there.tzname()}); it's {clock} there."
    if found := _DIFFERENCE.match(said):
        a = _zone(found["a"] or found["a2"] or found["a3"] or found["a4"], settings, now)
        b = _zone(found["b"] or found["b2"] or found["b3"] or found["b4"], settings, now)
        if a is None or b is None:
            return None
        delta = _offset(a[0], now) - _offset(b[0], now)
        first = a[1][:1].upper() + a[1][1:]
        if not delta:
            return f"{first} and {b[1]} are on the same time."
        side = "ahead of" if delta > timedelta() else "behind"
        return f"{first} is {_hours(delta)} {side} {b[1]}."
    if found := _CONVERT.match(said):
        key = "a" if found["from1"] or found["here"] else "b"
        a = _zone(found["from1"] or found["here"] or found["from2"], settings, now)
        b = _zone(found["to1"] or found["to2"], settings, now)
        if a is None or b is None:
            return None
        said_at = _clock(found, key, now.astimezone(zoneinfo.ZoneInfo(a[0])))
        there = said_at.astimezone(zoneinfo.ZoneInfo(b[0]))
        day = {1: " the next day", -1: " the day before"}.get(
            (there.date() - said_at.date()).days, ""
        )
        where = {name: "here" if name == "here" else f"in {name}" for name in (a[1], b[1])}
        return (
            f"When it's {format_clock(said_at, settings)} {where[a[1]]}, it's "
            f"{format_clock(there, settings)}{day} {where[b[1]]}."
        )
    return None

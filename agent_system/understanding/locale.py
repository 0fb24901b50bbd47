"""Home location, units, clock and date order: the user's locale, honoured by every reply.

- The home location is the `location` setting (``agent-system config set location "Paris"``, or
  ``"48.85,2.35"``), overridden per user by what they said ("I live in Lyon", kept in memory).
  Weather uses it when no place is named.
- `Settings.units` ("metric": °C and km/h; "imperial": °F and mph), `Settings.clock` ("24h" or
  "12h"), `Settings.date_order` ("dmy", "mdy" or "ymd") and `Settings.timezone` shape how times,
  days, temperatures and speeds are written: `format_clock`, `format_date`, `format_temperature`,
  `format_speed`. Without explicit settings they use those of the tool call being run
  (`locale_scope`), so every tool's reply honours them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime, time
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern

if TYPE_CHECKING:
    from langgraph.store.base import BaseStore

    from agent_system.config import Settings

__all__ = [
    "COORDINATES",
    "format_clock",
    "format_date",
    "format_long_date",
    "format_speed",
    "format_temperature",
    "home_fact",
    "home_location",
    "home_statement",
    "locale_scope",
]

COORDINATES = lazy_pattern(
    r"^\s*(?P<lat>-?\d{1,2}(?:\.\d+)?)\s*,\s*(?P<lon>-?\d{1,3}(?:\.\d+)?)\s*$"
)
_HOME = lazy_pattern(
    r"^(?:(?:please\s+)?(?:remember|note)\s+(?:that\s+)?)?(?:"
    r"i\s+(?:now\s+)?(?:live|reside|stay)\s+in|i(?:'m|\s+am)\s+(?:now\s+)?(?:living|based|located)"
    r"\s+in|i(?:'ve|\s+have)?\s+moved\s+to|my\s+(?:home|house|flat|apartment)\s+is\s+in"
    r"|my\s+(?:home\s+)?(?:city|town|location)\s+is|home\s+is"
    r"|set\s+my\s+(?:home|location|city|home\s+location|home\s+town)\s+to"
    r"|(?:change|update)\s+my\s+(?:home|location|city)\s+to)\s+(?P<place>.+?)[.!]?$",
    re.IGNORECASE,
)
_TRAILING = lazy_pattern(
    r"\s+(?:now|these\s+days|at\s+the\s+moment|currently|please|thanks)$", re.IGNORECASE
)
_FACT = lazy_pattern(r"^i\s+live\s+in\s+(?P<place>.+?)\.?$", re.IGNORECASE)


def home_statement(text: str) -> str | None:
    """The place in "I live in Lyon" / "set my home to Paris, France", title-cased, or None."""
    match = _HOME.match(text.strip().replace("\u2019", "'"))
    if match is None:
        return None
    place = _TRAILING.sub("", match["place"].strip(" ,.!?")).strip(" ,.!?")
    if not place or len(place.split()) > 5 or re.search(r"\b(?:and|but|then)\b", place, re.I):
        return None
    if COORDINATES.match(place):
        return place.replace(" ", "")
    words = re.sub(r"^(?:the\s+)?(?:city\s+of\s+)?", "", place, flags=re.IGNORECASE)
    return ", ".join(
        " ".join(w if w.isupper() else w.capitalize() for w in part.split())
        for part in words.split(",")
        if part.strip()
    )


def home_fact(place: str) -> str:
    """The memory fact that records a home: "I live in Lyon"."""
    return f"I live in {place}"


async def home_location(settings: Settings, store: BaseStore | None, user: str | None) -> str:
    """The user's home: the latest "I live in ..." they told us, else the `location` setting."""
    if store is not None:
        from tools.memory import namespace_for

        found: list[tuple[str, str]] = []
        offset = 0
        while True:
            page = await store.asearch(namespace_for(user), limit=100, offset=offset)
            for item in page:
                fact = str(item.value.get("fact", ""))
                if match := _FACT.match(fact.strip()):
                    found.append((str(item.value.get("created_at", "")), match["place"]))
            if len(page) < 100:
                break
            offset += 100
        if found:
            return max(found)[1]
    return (settings.location or "").strip()


# --- formatting -------------------------------------------------------------------------------
_CURRENT: ContextVar[Settings | None] = ContextVar("agent_system_locale", default=None)


@contextmanager
def locale_scope(settings: Settings) -> Iterator[None]:
    """Format with `settings` inside the block (the executor wraps every tool call in one)."""
    token = _CURRENT.set(settings)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def _setting(settings: Settings | None, name: str, default: str) -> str:
    settings = settings if settings is not None else _CURRENT.get()
    value: Any = getattr(settings, name, None) if settings is not None else None
    return str(value) if value else default


def format_clock(value: datetime | time, settings: Settings | None = None) -> str:
    """ "19:05" on a 24-hour clock, "7:05 PM" on a 12-hour one."""
    if _setting(settings, "clock", "24h") == "12h":
        hour = value.hour % 12 or 12
        return f"{hour}:{value.minute:02d} {'AM' if value.hour < 12 else 'PM'}"
    return f"{value.hour:02d}:{value.minute:02d}"


def format_date(day: date, settings: Settings | None = None) -> str:
    """ "Fri 9 Jan" (day first), "Fri Jan 9" (month first) or "Fri 2026-01-09" (year first)."""
    order = _setting(settings, "date_order", "dmy")
    weekday, month = day.strftime("%a"), day.strftime("%b")
    if order == "mdy":
        return f"{weekday} {month} {day.day}"
    if order == "ymd":
        return f"{weekday} {day.isoformat()}"
    return f"{weekday} {day.day} {month}"


def format_long_date(day: date, settings: Settings | None = None, *, year: bool = True) -> str:
    """ "Monday 5 January 2026", "Monday, January 5, 2026" or "Monday 2026-01-05"."""
    order = _setting(settings, "date_order", "dmy")
    weekday, month = day.strftime("%A"), day.strftime("%B")
    if order == "mdy":
        return f"{weekday}, {month} {day.day}" + (f", {day.year}" if year else "")
    if order == "ymd":
        return (
            f"{weekday} {day.isoformat()}" if year else f"{weekday} {day.month:02d}-{day.day:02d}"
        )
    return f"{weekday} {day.day} {month}" + (f" {day.year}" if year else "")


def format_temperature(celsius: float, settings: Settings | None = None) -> str:
    """ "21°C" or "70°F" by `Settings.units`."""
    if _setting(settings, "units", "metric") == "imperial":
        return f"{celsius * 9 / 5 + 32:.0f}°F"
    return f"{celsius:.0f}°C"


def format_speed(kmh: float, settings: Settings | None = None) -> str:
    """ "14 km/h" or "9 mph" by `Settings.units`."""
    if _setting(settings, "units", "metric") == "imperial":
        return f"{kmh / 1.609344:.0f} mph"
    return f"{kmh:.0f} km/h"

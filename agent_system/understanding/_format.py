"""Durations, moments and days as replies say them (parseable back by the parsers)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta

from agent_system.understanding.locale import format_clock, format_date


def said_together(items: Iterable[str], last: str = "and") -> str:
    """Names as a sentence joins them: "milk", "milk and eggs", "apples, pears and plums".

    `last` is the word before the last one ("or": "the first, the second or the third"). Every
    reply that names several things in a sentence joins them here.
    """
    names = list(items)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def format_duration(value: timedelta) -> str:
    """ "10 minutes", "1 hour 30 minutes", "45 seconds" (parseable by `parse_duration`)."""
    seconds = round(value.total_seconds())
    parts = []
    for name, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        amount, seconds = divmod(seconds, size)
        if amount:
            parts.append(f"{amount} {name}{'s' if amount != 1 else ''}")
    return " ".join(parts) or "0 seconds"


def format_moment(value: datetime, now: datetime) -> str:
    """A moment as a person says it: "at 09:10", "tomorrow at 07:30", "on Fri 9 Jan at 10:00"."""
    local = value.astimezone(now.tzinfo)
    clock = format_clock(local)
    days = (local.date() - now.date()).days
    if days == 0:
        return f"at {clock}"
    if days == 1:
        return f"tomorrow at {clock}"
    if days == -1:
        return f"yesterday at {clock}"
    return f"on {format_day(local.date())} at {clock}"


def format_day(day: date) -> str:
    """ "Fri 9 Jan", or in the date order of the call being run (`Settings.date_order`)."""
    return format_date(day)

"""iCalendar (RFC 5545) import and export of a user's events, with the `icalendar` library.

Export writes timed events in UTC and all-day events as dates, a repeating event once with its
RRULE (and an EXDATE per day taken off it). Import updates events whose UID
is already known (so importing the same file twice changes nothing), reads floating times in
the clock's zone, keeps a simple rule (daily, or weekly on plain days, every 1-4, its UNTIL or
COUNT; with its EXDATEs) as a repeating event, and takes the first occurrence of any other
recurring event (the result lists those events so the caller can say so).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from agent_system.errors import ErrorCode, ToolExecutionError
from roles.calendar._ends import last_of
from roles.calendar._repeats import occurrence_on, read_repeat, rrule_of

if TYPE_CHECKING:
    from roles.calendar.store import CalendarStore

__all__ = ["ImportResult", "export_ics", "import_ics"]

PRODID = "-//agent-system//calendar//EN"


@dataclass
class ImportResult:
    """What an import did."""

    added: int = 0
    updated: int = 0
    skipped: list[str] = field(default_factory=list)
    """Events left out, with the reason."""
    recurring: list[str] = field(default_factory=list)
    """Recurring events imported as their first occurrence only."""

    @property
    def display(self) -> str:
        """One sentence for the user."""
        text = f"Imported {self.added} new and {self.updated} updated event(s)"
        if self.skipped:
            text += f"; skipped {len(self.skipped)} ({'; '.join(self.skipped[:3])})"
        if self.recurring:
            text += f"; {len(self.recurring)} recurring event(s) kept as their first occurrence"
        return text + "."


async def export_ics(store: CalendarStore, user: str) -> str:
    """Every event of `user` as an iCalendar document."""
    import icalendar

    calendar = icalendar.Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    stamp = store.clock.now().astimezone(UTC)
    for event in await store.all_events(user):
        item = icalendar.Event()
        item.add("uid", event.uid)
        item.add("dtstamp", stamp)
        item.add("summary", event.title)
        if event.all_day:
            item.add("dtstart", event.start.date())
            item.add("dtend", event.end.date())
        else:
            item.add("dtstart", event.start.astimezone(UTC))
            item.add("dtend", event.end.astimezone(UTC))
        if event.repeat:  # stored once: one VEVENT with its rule and the days taken off
            item.add("rrule", rrule_of(event))
            for day in event.skipped:
                skipped = occurrence_on(replace(event, skipped=()), date.fromisoformat(day))
                if skipped is not None:
                    item.add(
                        "exdate",
                        skipped.start.date() if event.all_day else skipped.start.astimezone(UTC),
                    )
        if event.location:
            item.add("location", event.location)
        if event.notes:
            item.add("description", event.notes)
        calendar.add_component(item)
    ics: bytes = calendar.to_ical()
    return ics.decode("utf-8")


def _moment(value: Any, store: CalendarStore) -> tuple[datetime, bool]:
    """(aware datetime, all_day) for a decoded DTSTART/DTEND."""
    tz = store.clock.now().tzinfo
    if isinstance(value, datetime):
        aware = value.replace(tzinfo=tz) if value.tzinfo is None else value
        return aware.astimezone(tz), False
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=tz), True
    raise ValueError(f"unsupported date value {value!r}")


async def import_ics(store: CalendarStore, text: str, user: str) -> ImportResult:
    """Add or update `user`'s events from an iCalendar document."""
    import icalendar

    try:
        calendar = icalendar.Calendar.from_ical(text)
    except ValueError as exc:
        raise ToolExecutionError(
            f"This is not a valid iCalendar (.ics) file: {exc}. Export it again from your "
            "calendar application.",
            code=ErrorCode.NEEDS_INPUT,
        ) from exc
    result = ImportResult()
    for item in calendar.walk("VEVENT"):
        title = str(item.get("summary", "")).strip() or "(untitled)"
        try:
            start, all_day = _moment(item.decoded("dtstart"), store)
            if "dtend" in item:
                end, _ = _moment(item.decoded("dtend"), store)
            elif "duration" in item:
                end = start + item.decoded("duration")
            else:
                end = start + (timedelta(days=1) if all_day else timedelta(hours=1))
        except (KeyError, ValueError) as exc:
            result.skipped.append(f"{title!r}: no usable start or end ({exc})")
            continue
        if end <= start:
            result.skipped.append(f"{title!r}: ends before it starts")
            continue
        repeat, interval = _repeat_of(item.get("rrule"))
        repeat = read_repeat(repeat, start) if repeat else ""  # "weekly": the day it starts
        if "rrule" in item and not repeat:
            result.recurring.append(title)  # a rule we cannot keep: its first occurrence
        fields: dict[str, Any] = {
            "title": title,
            "start": start,
            "end": end,
            "all_day": all_day,
            "location": str(item.get("location", "")),
            "notes": str(item.get("description", "")),
            "repeat": repeat or "",
            "interval": interval,
            "until": _end_of(item.get("rrule"), repeat, interval, start, end, store),
        }
        skipped = _skipped(item.get("exdate"), store) if repeat else ()
        uid = str(item.get("uid", "")) or None
        existing = await store.by_uid(user, uid) if uid else None
        if existing is not None:
            await store.update(existing.id, **fields, skipped=skipped)
            result.updated += 1
        else:
            added = await store.add(user, uid=uid, **fields)
            if skipped:
                await store.update(added.id, skipped=skipped)
            result.added += 1
    return result


_DAY_CODES = {"MO": "mon", "TU": "tue", "WE": "wed", "TH": "thu", "FR": "fri", "SA": "sat"}
_DAY_CODES["SU"] = "sun"


def _repeat_of(rule: Any) -> tuple[str, int]:
    """(the rule to keep, interval) of a simple RRULE, or ("", 1) (its first occurrence).

    Simple: daily, or weekly on plain days, every 1 to 4 (its end, UNTIL or COUNT: `_end_of`).
    """
    if not rule or any(k in rule for k in ("BYMONTHDAY", "BYSETPOS")):
        return "", 1
    freq = str((rule.get("FREQ") or [""])[0]).upper()
    interval = int((rule.get("INTERVAL") or [1])[0])
    days = [str(d).upper() for d in rule.get("BYDAY") or []]
    if interval > 4 or any(d not in _DAY_CODES for d in days):
        return "", 1
    if freq == "DAILY" and not days:
        return "daily", interval
    if freq == "WEEKLY":
        return (",".join(_DAY_CODES[d] for d in days) or "weekly"), interval
    return "", 1


def _end_of(
    rule: Any, repeat: str, interval: int, start: datetime, end: datetime, store: CalendarStore
) -> str:
    """The last day (ISO) a kept RRULE comes: its UNTIL, or the day of its COUNT-th one; or ""."""
    if not repeat or not rule:
        return ""
    if rule.get("UNTIL"):
        last, _ = _moment(rule["UNTIL"][0], store)
        return last.date().isoformat()
    if rule.get("COUNT"):
        from roles.calendar.store import Event

        probe = Event(0, "", "", "", start, end, repeat=repeat, interval=interval)
        return last_of(probe, int(rule["COUNT"][0]))
    return ""


def _skipped(exdate: Any, store: CalendarStore) -> tuple[str, ...]:
    """The days an EXDATE takes off (one property or several)."""
    found: list[str] = []
    for prop in exdate if isinstance(exdate, list) else [exdate] if exdate else []:
        for value in getattr(prop, "dts", []):
            moment, _ = _moment(value.dt, store)
            found.append(moment.date().isoformat())
    return tuple(found)

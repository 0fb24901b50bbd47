"""iCalendar (RFC 5545) import and export of a user's events, with the `icalendar` library.

Export writes timed events in UTC and all-day events as dates, a repeating event once with its
RRULE (and an EXDATE per day taken off it). Import updates events whose UID
is already known (so importing the same file twice changes nothing), reads floating times in
the clock's zone, and takes the first occurrence of a recurring event (recurrence is not
expanded; the result lists those events so the caller can say so).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from agent_system.errors import ErrorCode, ToolExecutionError
from roles.calendar._repeats import occurrence_on, rrule_of

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
        if "rrule" in item:
            result.recurring.append(title)
        fields: dict[str, Any] = {
            "title": title,
            "start": start,
            "end": end,
            "all_day": all_day,
            "location": str(item.get("location", "")),
            "notes": str(item.get("description", "")),
        }
        uid = str(item.get("uid", "")) or None
        existing = await store.by_uid(user, uid) if uid else None
        if existing is not None:
            await store.update(existing.id, **fields)
            result.updated += 1
        else:
            await store.add(user, uid=uid, **fields)
            result.added += 1
    return result

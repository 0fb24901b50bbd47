"""Calendar events on the application's repository, per user.

Each event is a record of the ``calendar`` collection (its number is the key), owned by its
user. Start and end are UTC epoch seconds (overlap checks are two comparisons); each event has a
stable ``uid`` so ICS import updates instead of duplicating. An event that repeats is stored
once with its rule (`roles.calendar._repeats`); `between` gives each of its occurrences.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from agent_system.repository import Record, Repository
from roles.calendar._repeats import occurrences

if TYPE_CHECKING:
    from agent_system.runtime import Clock

__all__ = ["CalendarStore", "Event"]

COLLECTION = "calendar"
_FIELDS = (
    "title",
    "start",
    "end",
    "all_day",
    "location",
    "notes",
    "repeat",
    "interval",
    "skipped",
    "until",
)


@dataclass(frozen=True)
class Event:
    """One calendar event; `end` is exclusive."""

    id: int
    user: str
    uid: str
    title: str
    start: datetime
    end: datetime
    all_day: bool = False
    location: str = ""
    notes: str = ""
    repeat: str = ""
    """How it repeats ("mon", "weekdays", "daily"; `roles.calendar._repeats`), or ""."""
    interval: int = 1
    """Weeks (days, when daily) between occurrences: 2 is "every other week"."""
    skipped: tuple[str, ...] = ()
    """Days (ISO dates) taken off a repeating event ("cancel gym next monday")."""
    until: str = ""
    """The last day (ISO date) a repeating event may come ("every monday until june"), or ""."""
    occurrence: bool = False
    """One dated occurrence of a repeating event (its start and end are that day's)."""

    def overlaps(self, start: datetime, end: datetime) -> bool:
        """True when the event shares any time with [start, end)."""
        return self.start < end and start < self.end

    def as_data(self) -> dict[str, Any]:
        """JSON-friendly fields for tool results."""
        return {
            "id": self.id,
            "title": self.title,
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
            "all_day": self.all_day,
            "location": self.location,
        } | (
            {"repeat": self.repeat, "interval": self.interval}
            | ({"until": self.until} if self.until else {})
            if self.repeat
            else {}
        )


class CalendarStore:
    """Events on a `Repository` (tools, ICS import/export, the CLI)."""

    def __init__(self, repository: Repository, clock: Clock) -> None:
        self.repository = repository
        self.clock = clock

    def _event(self, record: Record) -> Event:
        tz = self.clock.now().tzinfo
        body = record.body
        return Event(
            id=int(record.key),
            user=body.get("user", ""),
            uid=body["uid"],
            title=body["title"],
            start=datetime.fromtimestamp(body["start_at"], UTC).astimezone(tz),
            end=datetime.fromtimestamp(body["end_at"], UTC).astimezone(tz),
            all_day=bool(body.get("all_day")),
            location=body.get("location", ""),
            notes=body.get("notes", ""),
            repeat=body.get("repeat", ""),
            interval=int(body.get("interval", 1) or 1),
            skipped=tuple(body.get("skipped", ())),
            until=str(body.get("until", "") or ""),
        )

    async def add(
        self,
        user: str,
        title: str,
        start: datetime,
        end: datetime,
        *,
        all_day: bool = False,
        location: str = "",
        notes: str = "",
        uid: str | None = None,
        repeat: str = "",
        interval: int = 1,
        until: str = "",
    ) -> Event:
        """Create an event; raises ValueError when it ends before it starts."""
        if end <= start:
            raise ValueError(f"The event must end after it starts ({start} to {end}).")
        body = {
            "user": user,
            "uid": uid or f"{uuid.uuid4()}@agent-system",
            "title": title,
            "start_at": start.timestamp(),
            "end_at": end.timestamp(),
            "all_day": all_day,
            "location": location,
            "notes": notes,
            "created_at": self.clock.now().timestamp(),
        } | ({"repeat": repeat, "interval": max(1, interval)} if repeat else {})
        body |= {"until": until} if repeat and until else {}
        return self._event(await self.repository.insert(COLLECTION, body, user))

    async def get(self, event_id: int, user: str | None = None) -> Event | None:
        """One event by id (only the user's own when `user` is given)."""
        if user is not None:
            record = await self.repository.get(COLLECTION, str(event_id), user)
        else:
            record = await self.repository.lookup(COLLECTION, str(event_id))
        return None if record is None else self._event(record)

    async def by_uid(self, user: str, uid: str) -> Event | None:
        """The user's event with this ICS uid."""
        return next((e for e in await self.all_events(user) if e.uid == uid), None)

    async def between(self, user: str, start: datetime, end: datetime) -> list[Event]:
        """The user's events overlapping [start, end), earliest first (repeats: each one)."""
        found: list[Event] = []
        for event in await self.all_events(user):
            if event.repeat:
                found.extend(occurrences(event, start, end))
            elif event.start < end and event.end > start:
                found.append(event)
        found.sort(key=lambda e: (e.start, e.id))
        return found

    async def all_events(self, user: str) -> list[Event]:
        """Every event of the user, earliest first."""
        events = [self._event(r) for r in await self.repository.records(COLLECTION, user)]
        events.sort(key=lambda e: (e.start, e.id))
        return events

    async def conflicts(
        self, user: str, start: datetime, end: datetime, exclude: int | None = None
    ) -> list[Event]:
        """Timed events overlapping [start, end), other than `exclude`."""
        found = await self.between(user, start, end)
        return [e for e in found if e.id != exclude and not e.all_day]

    async def find(self, user: str, title: str) -> list[Event]:
        """Events whose title matches: exact (case-insensitive), else containing every word."""
        wanted = title.strip().lower()
        events = await self.all_events(user)
        exact = [e for e in events if e.title.lower() == wanted]
        if exact:
            return exact
        words = re.findall(r"\w+", wanted)
        return [e for e in events if words and all(w in e.title.lower() for w in words)]

    async def update(self, event_id: int, **changes: Any) -> Event:
        """Change fields (title, start, end, all_day, location, notes) of an event."""
        unknown = set(changes) - set(_FIELDS)
        if unknown:
            raise ValueError(f"Unknown event fields: {sorted(unknown)}")
        current = await self.get(event_id)
        if current is None:
            raise ValueError(f"Event #{event_id} does not exist.")
        start = changes.get("start", current.start)
        end = changes.get("end", current.end)
        if end <= start:
            raise ValueError(f"The event must end after it starts ({start} to {end}).")
        new = {
            "title": changes.get("title", current.title),
            "start_at": start.timestamp(),
            "end_at": end.timestamp(),
            "all_day": bool(changes.get("all_day", current.all_day)),
            "location": changes.get("location", current.location),
            "notes": changes.get("notes", current.notes),
            "repeat": changes.get("repeat", current.repeat),
            "interval": changes.get("interval", current.interval),
            "skipped": list(changes.get("skipped", current.skipped)),
            "until": changes.get("until", current.until),
        }

        def change(body: dict[str, Any] | None) -> dict[str, Any] | None:
            return None if body is None else {**body, **new}

        record = await self.repository.update(COLLECTION, str(event_id), change, current.user)
        if record is None:
            raise ValueError(f"Event #{event_id} does not exist.")
        return self._event(record)

    async def skip(self, event: Event) -> Event:
        """One occurrence of a repeating event taken off (its day); the rest stay."""
        day = event.start.date().isoformat()
        series = await self.get(event.id)
        if series is None:
            raise ValueError(f"Event #{event.id} does not exist.")
        return await self.update(event.id, skipped=(*series.skipped, day))

    async def delete(self, event_id: int) -> bool:
        """Remove an event; False if it did not exist."""
        current = await self.get(event_id)
        if current is None:
            return False
        return await self.repository.delete(COLLECTION, str(event_id), current.user)

    async def free_slots(
        self, user: str, start: datetime, end: datetime, minimum: timedelta
    ) -> list[tuple[datetime, datetime]]:
        """Gaps of at least `minimum` between the user's timed events within [start, end)."""
        slots: list[tuple[datetime, datetime]] = []
        cursor = start
        for event in await self.conflicts(user, start, end):
            if event.start - cursor >= minimum:
                slots.append((cursor, event.start))
            cursor = max(cursor, event.end)
        if end - cursor >= minimum:
            slots.append((cursor, end))
        return slots

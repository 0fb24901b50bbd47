"""Calendar events in the application database, per user.

Start and end are stored as UTC epoch seconds (overlap checks are two comparisons); each event
has a stable ``uid`` so ICS import updates instead of duplicating.
"""

from __future__ import annotations

import re
import sqlite3
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent_system.runtime import Clock
    from agent_system.storage import Database

__all__ = ["CalendarStore", "Event"]

_DDL = """
CREATE TABLE IF NOT EXISTS calendar_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL DEFAULT '',
    uid TEXT NOT NULL,
    title TEXT NOT NULL,
    start_at REAL NOT NULL,
    end_at REAL NOT NULL,
    all_day INTEGER NOT NULL DEFAULT 0,
    location TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    created_at REAL NOT NULL,
    UNIQUE (user_id, uid)
);
CREATE INDEX IF NOT EXISTS calendar_events_range ON calendar_events(user_id, start_at, end_at);
"""
_FIELDS = ("title", "start", "end", "all_day", "location", "notes")


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
        }


class CalendarStore:
    """Data operations on the ``calendar_events`` table (tools, ICS import/export, the CLI)."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock
        db.ensure_schema("calendar", _DDL)

    def _event(self, row: sqlite3.Row) -> Event:
        tz = self.clock.now().tzinfo
        return Event(
            id=row["id"],
            user=row["user_id"],
            uid=row["uid"],
            title=row["title"],
            start=datetime.fromtimestamp(row["start_at"], UTC).astimezone(tz),
            end=datetime.fromtimestamp(row["end_at"], UTC).astimezone(tz),
            all_day=bool(row["all_day"]),
            location=row["location"],
            notes=row["notes"],
        )

    def add(
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
    ) -> Event:
        """Create an event; raises ValueError when it ends before it starts."""
        if end <= start:
            raise ValueError(f"The event must end after it starts ({start} to {end}).")
        cursor = self.db.execute(
            "INSERT INTO calendar_events (user_id, uid, title, start_at, end_at, all_day,"
            " location, notes, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
            (
                user,
                uid or f"{uuid.uuid4()}@agent-system",
                title,
                start.timestamp(),
                end.timestamp(),
                int(all_day),
                location,
                notes,
                self.clock.now().timestamp(),
            ),
        )
        event = self.get(int(cursor.lastrowid or 0))
        assert event is not None
        return event

    def get(self, event_id: int, user: str | None = None) -> Event | None:
        """One event by id (only the user's own when `user` is given)."""
        rows = self.db.query("SELECT * FROM calendar_events WHERE id = ?", (event_id,))
        if not rows or (user is not None and rows[0]["user_id"] != user):
            return None
        return self._event(rows[0])

    def by_uid(self, user: str, uid: str) -> Event | None:
        """The user's event with this ICS uid."""
        rows = self.db.query(
            "SELECT * FROM calendar_events WHERE user_id = ? AND uid = ?", (user, uid)
        )
        return self._event(rows[0]) if rows else None

    def between(self, user: str, start: datetime, end: datetime) -> list[Event]:
        """The user's events overlapping [start, end), earliest first."""
        rows = self.db.query(
            "SELECT * FROM calendar_events WHERE user_id = ? AND start_at < ? AND end_at > ?"
            " ORDER BY start_at, id",
            (user, end.timestamp(), start.timestamp()),
        )
        return [self._event(row) for row in rows]

    def all_events(self, user: str) -> list[Event]:
        """Every event of the user, earliest first."""
        rows = self.db.query(
            "SELECT * FROM calendar_events WHERE user_id = ? ORDER BY start_at, id", (user,)
        )
        return [self._event(row) for row in rows]

    def conflicts(
        self, user: str, start: datetime, end: datetime, exclude: int | None = None
    ) -> list[Event]:
        """Timed events overlapping [start, end), other than `exclude`."""
        return [e for e in self.between(user, start, end) if e.id != exclude and not e.all_day]

    def find(self, user: str, title: str) -> list[Event]:
        """Events whose title matches: exact (case-insensitive), else containing every word."""
        wanted = title.strip().lower()
        events = self.all_events(user)
        exact = [e for e in events if e.title.lower() == wanted]
        if exact:
            return exact
        words = re.findall(r"\w+", wanted)
        return [e for e in events if words and all(w in e.title.lower() for w in words)]

    def update(self, event_id: int, **changes: Any) -> Event:
        """Change fields (title, start, end, all_day, location, notes) of an event."""
        unknown = set(changes) - set(_FIELDS)
        if unknown:
            raise ValueError(f"Unknown event fields: {sorted(unknown)}")
        current = self.get(event_id)
        if current is None:
            raise ValueError(f"Event #{event_id} does not exist.")
        start = changes.get("start", current.start)
        end = changes.get("end", current.end)
        if end <= start:
            raise ValueError(f"The event must end after it starts ({start} to {end}).")
        self.db.execute(
            "UPDATE calendar_events SET title = ?, start_at = ?, end_at = ?, all_day = ?,"
            " location = ?, notes = ? WHERE id = ?",
            (
                changes.get("title", current.title),
                start.timestamp(),
                end.timestamp(),
                int(changes.get("all_day", current.all_day)),
                changes.get("location", current.location),
                changes.get("notes", current.notes),
                event_id,
            ),
        )
        event = self.get(event_id)
        assert event is not None
        return event

    def delete(self, event_id: int) -> bool:
        """Remove an event; False if it did not exist."""
        cursor = self.db.execute("DELETE FROM calendar_events WHERE id = ?", (event_id,))
        return cursor.rowcount == 1

    def free_slots(
        self, user: str, start: datetime, end: datetime, minimum: timedelta
    ) -> list[tuple[datetime, datetime]]:
        """Gaps of at least `minimum` between the user's timed events within [start, end)."""
        slots: list[tuple[datetime, datetime]] = []
        cursor = start
        for event in self.conflicts(user, start, end):
            if event.start - cursor >= minimum:
                slots.append((cursor, event.start))
            cursor = max(cursor, event.end)
        if end - cursor >= minimum:
            slots.append((cursor, end))
        return slots

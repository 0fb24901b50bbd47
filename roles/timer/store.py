"""Timers, alarms and reminders in the application database, per user.

Times are stored as UTC epoch seconds so the due check is one indexed comparison and works the
same from every process sharing the file. A running timer has ``due_at``; a paused one has
``remaining_s`` instead. Firing is a guarded update (``state = 'running'``), so a timer fires
exactly once even when two services tick at the same moment.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from agent_system.runtime import Clock
    from agent_system.storage import Database

__all__ = ["ACTIVE", "Timer", "TimerKind", "TimerState", "TimerStore"]

TimerKind = Literal["timer", "alarm", "reminder"]
TimerState = Literal["running", "paused", "fired", "cancelled"]
ACTIVE: tuple[TimerState, ...] = ("running", "paused")

_DDL = """
CREATE TABLE IF NOT EXISTS timers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL DEFAULT '',
    thread_id TEXT,
    kind TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL,
    created_at REAL NOT NULL,
    duration_s REAL,
    due_at REAL,
    remaining_s REAL,
    fired_at REAL,
    late INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS timers_due ON timers(state, due_at);
CREATE INDEX IF NOT EXISTS timers_user ON timers(user_id, state);
"""


@dataclass(frozen=True)
class Timer:
    """One timer, alarm or reminder."""

    id: int
    user: str
    kind: TimerKind
    label: str
    message: str
    state: TimerState
    created_at: datetime
    due_at: datetime | None
    """When it goes off; None while paused."""
    remaining_paused: timedelta | None
    """Time left when it was paused; None unless paused."""
    duration: timedelta | None
    """The length asked for (countdown timers only)."""
    fired_at: datetime | None
    late: bool
    thread_id: str | None

    def remaining(self, now: datetime) -> timedelta:
        """Time left at `now` (zero once due)."""
        if self.remaining_paused is not None:
            return self.remaining_paused
        if self.due_at is None:
            return timedelta(0)
        return max(self.due_at - now, timedelta(0))

    @property
    def name(self) -> str:
        """How to refer to it: its label, or its number."""
        return self.label or f"#{self.id}"


def _ts(value: datetime) -> float:
    return value.timestamp()


def _dt(value: float | None, now: datetime) -> datetime | None:
    return None if value is None else datetime.fromtimestamp(value, UTC).astimezone(now.tzinfo)


class TimerStore:
    """Data operations on the ``timers`` table (the tools, the service and the CLI use it)."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock
        db.ensure_schema("timers", _DDL)

    def _row(self, row: sqlite3.Row) -> Timer:
        now = self.clock.now()
        remaining = row["remaining_s"]
        duration = row["duration_s"]
        return Timer(
            id=row["id"],
            user=row["user_id"],
            kind=row["kind"],
            label=row["label"],
            message=row["message"],
            state=row["state"],
            created_at=_dt(row["created_at"], now) or now,
            due_at=_dt(row["due_at"], now),
            remaining_paused=None if remaining is None else timedelta(seconds=remaining),
            duration=None if duration is None else timedelta(seconds=duration),
            fired_at=_dt(row["fired_at"], now),
            late=bool(row["late"]),
            thread_id=row["thread_id"],
        )

    def add(
        self,
        *,
        user: str,
        kind: TimerKind,
        due: datetime,
        label: str = "",
        message: str = "",
        duration: timedelta | None = None,
        thread_id: str | None = None,
    ) -> Timer:
        """Create a running timer due at `due`."""
        cursor = self.db.execute(
            "INSERT INTO timers (user_id, thread_id, kind, label, message, state, created_at,"
            " duration_s, due_at) VALUES (?,?,?,?,?,'running',?,?,?)",
            (
                user,
                thread_id,
                kind,
                label,
                message,
                _ts(self.clock.now()),
                duration.total_seconds() if duration is not None else None,
                _ts(due),
            ),
        )
        timer = self.get(int(cursor.lastrowid or 0))
        assert timer is not None
        return timer

    def get(self, timer_id: int, user: str | None = None) -> Timer | None:
        """One timer by id (only the user's own when `user` is given)."""
        rows = self.db.query("SELECT * FROM timers WHERE id = ?", (timer_id,))
        if not rows or (user is not None and rows[0]["user_id"] != user):
            return None
        return self._row(rows[0])

    def list_timers(self, user: str | None, states: tuple[TimerState, ...] = ACTIVE) -> list[Timer]:
        """Timers in `states`, soonest first (paused ones last); every user's when None."""
        marks = ",".join("?" for _ in states)
        sql = f"SELECT * FROM timers WHERE state IN ({marks})"
        params: list[object] = list(states)
        if user is not None:
            sql += " AND user_id = ?"
            params.append(user)
        rows = self.db.query(sql + " ORDER BY due_at IS NULL, due_at, id", params)
        return [self._row(row) for row in rows]

    def due(self, now: datetime) -> list[Timer]:
        """Running timers whose time has come."""
        rows = self.db.query(
            "SELECT * FROM timers WHERE state = 'running' AND due_at <= ? ORDER BY due_at, id",
            (_ts(now),),
        )
        return [self._row(row) for row in rows]

    def mark_fired(self, timer_id: int, fired_at: datetime, *, late: bool) -> bool:
        """Mark a running timer fired; False if it was no longer running (fired elsewhere)."""
        cursor = self.db.execute(
            "UPDATE timers SET state = 'fired', fired_at = ?, late = ?"
            " WHERE id = ? AND state = 'running'",
            (_ts(fired_at), int(late), timer_id),
        )
        return cursor.rowcount == 1

    def cancel(self, timer_id: int) -> Timer:
        """Cancel an active timer."""
        self._update(timer_id, "state = 'cancelled'", (), ACTIVE)
        return self._must(timer_id)

    def pause(self, timer_id: int) -> Timer:
        """Stop the countdown, keeping the time left."""
        now = _ts(self.clock.now())
        self._update(
            timer_id,
            "state = 'paused', remaining_s = MAX(due_at - ?, 0), due_at = NULL",
            (now,),
            ("running",),
        )
        return self._must(timer_id)

    def resume(self, timer_id: int) -> Timer:
        """Restart a paused countdown with the time it had left."""
        now = _ts(self.clock.now())
        self._update(
            timer_id,
            "state = 'running', due_at = ? + remaining_s, remaining_s = NULL",
            (now,),
            ("paused",),
        )
        return self._must(timer_id)

    def extend(self, timer_id: int, by: timedelta) -> Timer:
        """Add time to an active timer (to its time left when paused)."""
        seconds = by.total_seconds()
        self._update(
            timer_id,
            "due_at = due_at + ?, remaining_s = remaining_s + ?,"
            " duration_s = COALESCE(duration_s + ?, duration_s)",
            (seconds, seconds, seconds),
            ACTIVE,
        )
        return self._must(timer_id)

    def delete_finished(self, user: str | None = None) -> int:
        """Forget fired and cancelled timers; returns how many."""
        sql = "DELETE FROM timers WHERE state IN ('fired', 'cancelled')"
        if user is None:
            return self.db.execute(sql).rowcount
        return self.db.execute(sql + " AND user_id = ?", (user,)).rowcount

    def _update(
        self,
        timer_id: int,
        assignments: str,
        params: tuple[object, ...],
        states: tuple[TimerState, ...],
    ) -> None:
        marks = ",".join("?" for _ in states)
        cursor = self.db.execute(
            f"UPDATE timers SET {assignments} WHERE id = ? AND state IN ({marks})",
            (*params, timer_id, *states),
        )
        if cursor.rowcount != 1:
            current = self.get(timer_id)
            state = current.state if current else "missing"
            raise ValueError(f"Timer #{timer_id} is {state}, not {' or '.join(states)}.")

    def _must(self, timer_id: int) -> Timer:
        timer = self.get(timer_id)
        if timer is None:
            raise ValueError(f"Timer #{timer_id} does not exist.")
        return timer

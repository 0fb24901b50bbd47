"""The calendar role: events in the application database, free time, ICS import and export."""

from __future__ import annotations

from roles.calendar.ics import ImportResult, export_ics, import_ics
from roles.calendar.role import ROLE, CalendarRole
from roles.calendar.store import CalendarStore, Event

__all__ = [
    "ROLE",
    "CalendarRole",
    "CalendarStore",
    "Event",
    "ImportResult",
    "export_ics",
    "import_ics",
]

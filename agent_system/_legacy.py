"""Rows of the tables older versions kept in the SQLite file, as repository records.

Timers (``timers``), calendar events (``calendar_events``) and the simulated home's device
state (``smart_home_devices``) had tables of their own before they moved onto
`agent_system.repository`. The records keep their ids as keys, so ``timer #3`` stays #3.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from typing import Any

__all__ = ["legacy_records"]

LegacyRecord = tuple[str, str, str, dict[str, Any]]
"""(collection, owner, key, body)."""


def legacy_records(conn: sqlite3.Connection, tables: set[str]) -> Iterator[LegacyRecord]:
    """Every row of the legacy tables that exist, as a record."""
    conn.row_factory = sqlite3.Row
    if "timers" in tables:
        for row in conn.execute("SELECT * FROM timers ORDER BY id"):
            body = timer_body(dict(row))
            yield "timers", body["user"], str(row["id"]), body
    if "calendar_events" in tables:
        for row in conn.execute("SELECT * FROM calendar_events ORDER BY id"):
            body = {
                "user": row["user_id"] or "",
                "uid": row["uid"],
                "title": row["title"],
                "start_at": row["start_at"],
                "end_at": row["end_at"],
                "all_day": bool(row["all_day"]),
                "location": row["location"] or "",
                "notes": row["notes"] or "",
                "created_at": row["created_at"],
            }
            yield "calendar", body["user"], str(row["id"]), body
    if "smart_home_devices" in tables:
        for row in conn.execute("SELECT * FROM smart_home_devices"):
            body = {"state": row["state"], "attributes": json.loads(row["attributes"] or "{}")}
            yield "devices", "", str(row["id"]), body


def timer_body(row: dict[str, Any]) -> dict[str, Any]:
    """A timer's record body from its old row."""
    body: dict[str, Any] = {
        "user": row["user_id"] or "",
        "thread_id": row["thread_id"],
        "kind": row["kind"],
        "label": row["label"] or "",
        "message": row["message"] or "",
        "state": row["state"],
        "created_at": row["created_at"],
        "duration_s": row["duration_s"],
        "due_at": row["due_at"],
        "remaining_s": row["remaining_s"],
        "fired_at": row["fired_at"],
        "late": bool(row["late"]),
    }
    if row["state"] == "running" and row["due_at"] is not None:
        body["_due"] = row["due_at"]
    return body

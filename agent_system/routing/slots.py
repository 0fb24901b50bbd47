"""Slot extraction for time: the implementation is `agent_system.understanding._slots`.

This module keeps the historical import path (``from agent_system.routing.slots import
parse_when``) for roles and plugins; new code imports from ``agent_system.understanding._slots``.
"""

from __future__ import annotations

from agent_system.understanding._slots import (
    When,
    extract,
    extract_label,
    format_day,
    format_duration,
    format_moment,
    invalid_time,
    parse_date_range,
    parse_datetime,
    parse_duration,
    parse_when,
    strip_when,
)

__all__ = [
    "When",
    "extract",
    "extract_label",
    "format_day",
    "format_duration",
    "format_moment",
    "invalid_time",
    "parse_date_range",
    "parse_datetime",
    "parse_duration",
    "parse_when",
    "strip_when",
]

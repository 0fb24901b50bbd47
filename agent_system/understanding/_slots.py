"""Slot extraction for time: durations, moments, date ranges and labels, offline and fast.

The implementation lives in five modules: `_durations` (numbers and durations, invalid clock
times), `_when` (dates, times and `parse_duration`: the conventions are in its docstring),
`_date_range` (ranges for listing), `_labels` (labels, `strip_when`, `extract`) and `_format`
(durations, moments and days as replies say them). Import from here.
"""

from __future__ import annotations

from agent_system.understanding._date_range import parse_date_range
from agent_system.understanding._durations import invalid_time
from agent_system.understanding._format import format_day, format_duration, format_moment
from agent_system.understanding._labels import extract, extract_label, strip_when
from agent_system.understanding._when import When, parse_datetime, parse_duration, parse_when

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

"""A command opened the way a next turn is: "and cancel the timer", "ok now add milk".

The words that tie a turn to the one before ("and", "also", "then", "ok now") are not part of
the command: a timer called "and cancel the timer" was looked for, and "milk to the shopping
list" was added to no list. They are dropped before a role reads the command, only when a
command verb follows (a follow-up such as "and the kitchen?" or "and tomorrow?" keeps them).
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = ["without_opener"]

_OPENER = lazy_pattern(
    r"^(?:(?:and|also|then|so|ok|okay|now|oh|right|alright|plus|and\s+also|and\s+then)"
    r"[\s,]+)+(?=(?:please\s+)?(?:cancel|add|set|turn|switch|remind|put|create|delete|remove|"
    r"make|start|stop|pause|resume|play|lock|unlock|open|close|book|schedule|move|change|show|"
    r"list|tell|check|clear|mark|take|dim|brighten|increase|decrease|raise|lower|wake|snooze|"
    r"note|remember|forget|search|look|find|give|read|notify|summarize|summarise|define|spell|"
    r"convert|text|send)\b)",
    re.IGNORECASE,
)


def without_opener(text: str) -> str:
    """`text` without the joining words before its command verb ("and cancel the timer")."""
    stripped = _OPENER.sub("", text, count=1)
    return stripped if stripped.strip() else text

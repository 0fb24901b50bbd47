"""What a timer or reminder is for, and the text without its time phrases."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.understanding._durations import _find_duration
from agent_system.understanding._patterns import (
    _DATE,
    _FROM_NOW,
    _OFFSET,
    _PERIOD,
    _TIME,
    _WORD_NUM,
)
from agent_system.understanding._when import parse_duration, parse_when

# --- labels -------------------------------------------------------------------------------
_LABEL_PATTERNS = (
    lazy_pattern(r"\b(?:called|named|label+ed|titled)\s+(?P<label>.+)$", re.IGNORECASE),
    lazy_pattern(r"\b(?:to|about|that)\s+(?P<label>.+)$", re.IGNORECASE),
    lazy_pattern(r"\bfor\s+(?:the|my|our)\s+(?P<label>.+)$", re.IGNORECASE),
    lazy_pattern(  # "an alarm for tomorrow's meeting at 7": the meeting
        r"\bfor\s+(?:today|tomorrow|tonight|this|(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
        r"(?:\s+(?:morning|afternoon|evening|night))?'?s\s+(?P<label>[a-z].*)$",
        re.IGNORECASE,
    ),
    lazy_pattern(  # "a timer for 8 minutes for pasta"
        r"\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\s+for\s+(?P<label>[a-z][\w' -]*)$",
        re.IGNORECASE,
    ),
    lazy_pattern(r"\btimer\s+for\s+(?P<label>[a-z][\w' -]*)$", re.IGNORECASE),  # "timer for pizza"
    lazy_pattern(
        r"\b(?:a|an|the|my)\s+(?P<label>[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)\s+(?:timer|alarm|reminder)",
        re.IGNORECASE,
    ),
)
_NOT_LABELS = lazy_pattern(
    rf"^(?:go\s+off|ring|beep|alert\s+me|remind\s+me|new|another|second|quick|countdown|all|"
    rf"minute|hour|second|timer|alarm|it|now|me|us|you|later|today|tonight|tomorrow|"
    rf"{_WORD_NUM}|\d+\w*)$",
    re.IGNORECASE,
)
_SPAN_PREFIX = lazy_pattern(
    r"(?:\b(?:for|in|at|on|by|from|after|within|until)\s+)+$", re.IGNORECASE
)


_HOUR_SAID = rf"(?:\d{{1,2}}(?::\d{{2}})?|{_WORD_NUM}(?:\s+(?:thirty|fifteen|forty[- ]five))?)"
_CLOCK_RANGE = lazy_pattern(
    rf"\b(?P<lead>(?:from|between)\s+)?{_HOUR_SAID}\s*(?P<ap>[ap]\.?m\.?)?\s*"
    rf"(?P<join>-|–|to|until|till|through|and)\s*{_HOUR_SAID}"
    r"(?:\s*(?P<bp>[ap]\.?m\.?(?![a-z])|o'?clock\b))?",
    re.IGNORECASE,
)
"""A clock range: "from 8 am to 12 pm", "2-3pm", "between nine and ten thirty am" (not "5 to
6": 5:54)."""


def _clock_ranges(text: str) -> list[tuple[int, int]]:
    """The spans of the clock ranges of `text`, each one whole ("meeting from 8 to 12 pm")."""
    spans = []
    for m in _CLOCK_RANGE.finditer(text):
        lead = (m["lead"] or "").strip().lower()
        if m["join"].lower() == "and" and lead != "between":
            continue  # "and" joins the ends only after "between"
        if lead or m["ap"] or m["bp"] or ":" in m[0]:
            spans.append(m.span())
    return spans


def _when_spans(text: str) -> list[tuple[int, int]]:
    """Every duration, date, time and period phrase in `text`, with its leading preposition."""
    spans: list[tuple[int, int]] = []
    offset = 0
    while (found := _find_duration(text[offset:])) is not None:
        spans.append((found[1] + offset, found[2] + offset))
        offset += found[2]
        after = _FROM_NOW.match(text[offset:])
        if after:
            spans[-1] = (spans[-1][0], offset + after.end())
    for pattern in (_DATE, _TIME, _PERIOD):  # "tonight's game" names the game: it stays
        spans.extend(m.span() for m in pattern.finditer(text) if text[m.end() :][:2] != "'s")
    spans.extend(_clock_ranges(text))  # "from 8 am to 12 pm" goes whole, not leaving "to"
    for m in _DATE.finditer(text):  # "2 days before the 14th": the count goes with the day
        if shifted := _OFFSET.search(text[: m.start()]):
            spans.append((shifted.start(), m.start()))
    widened = []
    for start, end in spans:
        prefix = _SPAN_PREFIX.search(text[:start])
        widened.append((prefix.start() if prefix else start, end))
    return sorted(widened)


def only_when(text: str) -> bool:
    """`text` names a day, a time or a span and nothing else ("on friday", "at 8pm",
    "tomorrow at 7am", "in 10 minutes"): what is left beside it is at most a preposition."""
    left = strip_when(text)
    return left != text.strip(" ,.;:!?") and left.strip(" ?,.!") in (
        "",
        "at",
        "on",
        "in",
        "for",
        "by",
    )


def strip_when(text: str) -> str:
    """`text` without its durations, dates and times ("call mom at 5pm" -> "call mom")."""
    out, cursor = [], 0
    for start, end in _when_spans(text):
        if start >= cursor:
            out.append(text[cursor:start])
        cursor = max(cursor, end)
    out.append(text[cursor:])
    cleaned = re.sub(r"\s+", " ", "".join(out)).strip(" ,.;:!?")
    return re.sub(r"\s+(?:and|,)$", "", cleaned).strip()


def extract_label(text: str) -> str | None:
    """What a timer or reminder is for: "to take the bread out", "called pasta", "pasta timer"."""
    for pattern in _LABEL_PATTERNS:
        for match in pattern.finditer(text):
            label = strip_when(match["label"]).strip(" \"'")
            label = re.sub(r"[\s,]+(?:please|thanks|thank\s+you)$", "", label, flags=re.I)
            label = re.sub(r"\s+(?:timer|alarm|reminder)$", "", label, flags=re.IGNORECASE)
            bare = re.sub(r"^(?:(?:the|my|our|a|an|this|that|it)\b\s*)+", "", label, flags=re.I)
            if bare and not _NOT_LABELS.match(bare):
                return label
    return None


def extract(text: str, now: datetime) -> dict[str, Any]:
    """Time slots of `text`: ``duration`` (timedelta), ``datetime``, ``label`` when present."""
    slots: dict[str, Any] = {}
    duration = parse_duration(text)
    if duration is not None:
        slots["duration"] = duration
    when = parse_when(text, now)
    if when is not None:
        slots["datetime"] = when.value
    label = extract_label(text)
    if label:
        slots["label"] = label
    return slots

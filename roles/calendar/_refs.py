"""Which event a delete or an update names.

A number ("12", "#12"), (part of) a title, and the day or the hour said with it: "the 5 pm
meeting", "my 2 o'clock", "tomorrow's dentist appointment", "the standup on friday". The hour
and the day narrow the events whose title matches; a bare hour ("my 2 o'clock") matches 02:00 or
14:00; "next" picks the earliest still to come ("my next event", "the next dentist visit").
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.understanding._slots import When, parse_when, strip_when
from roles.calendar._repeats import occurrence_on, occurrences

if TYPE_CHECKING:
    from collections.abc import Callable

    from roles.calendar.store import CalendarStore, Event

__all__ = ["on_its_day", "resolve_event"]

_STOP_WORDS = frozenset(
    "the my a an our event appointment meeting call with on at to from for in calendar "
    "thing one everything all plans events schedule agenda day".split()
)
_NEXT = lazy_pattern(r"\b(?:next|upcoming|coming)\b", re.IGNORECASE)
_THE_CLOCK = lazy_pattern(
    r"\b(?:the|my|our)\s+(?=\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\b|o'?\s*clock\b))"
)


def _said(reference: str, now: datetime) -> tuple[str, date | None, set[tuple[int, int]]]:
    """(the title words, the day said, the (hour, minute) pairs said) of a reference."""
    text = _THE_CLOCK.sub("", reference.strip())  # "the 5 pm meeting": not the 5th
    when = parse_when(text, now)
    if when is None:
        return text, None, set()
    day = when.value.date() if when.has_date else None
    moments: set[tuple[int, int]] = set()
    if when.has_time:
        hour, minute = when.value.hour, when.value.minute
        moments = {(hour, minute)}
        if when.ambiguous:
            moments.add(((hour + 12) % 24, minute))
    words = re.sub(r"^'s\b|\s'?s\b(?=\s|$)", "", strip_when(text)).strip()
    return words, day, moments


def _dated(events: list[Event], day: date | None, soon: bool, now: datetime) -> list[Event]:
    """`events` with each repeating one dated: its occurrence on `day`, or its next one.

    None that day: left out; its next one when `soon` ("my next gym", "the 7am gym"), else the
    series itself.
    """
    dated: list[Event] = []
    for event in events:
        if not event.repeat:
            dated.append(event)
        elif day is not None:
            dated.extend([one] if (one := occurrence_on(event, day)) else [])
        elif soon:
            dated.extend(occurrences(event, now, now + timedelta(days=400))[:1])
        else:
            dated.append(event)
    return dated


def _at(events: list[Event], day: date | None, moments: set[tuple[int, int]]) -> list[Event]:
    """The events on `day` at one of `moments` (either left out when not said)."""
    return [
        e
        for e in events
        if (day is None or e.start.date() == day)
        and (not moments or (e.start.hour, e.start.minute) in moments)
    ]


async def resolve_event(
    store: CalendarStore,
    user: str,
    reference: str,
    now: datetime,
    when: Callable[[Event], str],
) -> Event:
    """The one event `reference` names, else a `ToolExecutionError` that says how to name it."""
    text = reference.strip().lstrip("#")
    if not text:
        raise ToolExecutionError(
            "Say which event: its title or its number.", code=ErrorCode.NEEDS_INPUT
        )
    if text.isdigit():
        event = await store.get(int(text), user)
        if event is None:
            raise ToolExecutionError(
                f"There is no event #{text} in your calendar.", code=ErrorCode.NEEDS_INPUT
            )
        return event
    first = _NEXT.search(text) is not None  # "my next meeting": the earliest still to come
    title, day, moments = _said(_NEXT.sub(" ", text), now)
    words = [w for w in re.findall(r"\w{3,}", title.lower()) if w not in _STOP_WORDS]
    if words:
        matches = await store.find(user, title) or [
            e for e in await store.all_events(user) if any(w in e.title.lower() for w in words)
        ]
        matches = _at(_dated(matches, day, first or bool(moments), now), day, moments)
    else:  # "the 5 pm meeting", "my 2 o'clock": the hour or the day names it
        everything = _dated(await store.all_events(user), day, first or bool(moments), now)
        kinds = [w for w in re.findall(r"[a-z]{4,}", title.lower()) if w in _STOP_WORDS]
        named = [e for e in everything if any(k in e.title.lower() for k in kinds)]
        matches = _at(named, day, moments)
        if not matches and (day is not None or moments or first):
            matches = _at(everything, day, moments)  # "my next event": any event
    upcoming = [e for e in matches if e.end > now or (e.repeat and not e.occurrence)]
    matches = upcoming or matches
    if first and upcoming:
        matches = [min(upcoming, key=lambda e: e.start)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise ToolExecutionError(
            f"No event in your calendar matches {reference!r}.", code=ErrorCode.NEEDS_INPUT
        )
    listed = "; ".join(f"#{e.id} {e.title!r} {when(e)}" for e in matches[:5])
    raise ToolExecutionError(
        f"{len(matches)} events match {reference!r} ({listed}); say which one by its number.",
        code=ErrorCode.NEEDS_INPUT,
    )


_BARE_CLOCK = lazy_pattern(
    r"(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven"
    r"|twelve",
    re.IGNORECASE,
)


def on_its_day(start: str, day: date, now: datetime, near: int | None = None) -> When | None:
    """A bare clock time ("11", "9:30", "three") as a new start on the event's own `day`.

    The hour follows the shared rule for a day that is not today (1-6 the afternoon, 7-12 the
    morning), unless the other half of the day is nearer the event's own hour `near` ("make
    that 8" for a 7pm book club: 20:00; "move it to 11" for a 3pm dentist: 11:00); anything
    else is None.
    """
    if not _BARE_CLOCK.fullmatch(start.strip()):
        return None
    found = parse_when(f"{day:%B} {day.day} at {start.strip()}", now)
    if found is None or near is None or not 1 <= found.value.hour % 12 <= 11:
        return found
    other = (found.value.hour + 12) % 24
    if abs(other - near) < abs(found.value.hour - near):
        return replace(found, value=found.value.replace(hour=other))
    return found

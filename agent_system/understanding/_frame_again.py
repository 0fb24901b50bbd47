"""The calendar's "another one": after adding an event, "add another one at 3", "and one more at
5pm", "book another on friday at 10" add the same event again (its title and place) at the time
and day said; with no day said, on the day of the one just added. A bare hour ("at 3") is read
near the first one's time (after a 2pm event, 15:00).
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

from agent_system._lazy import lazy_pattern
from agent_system.understanding._frame_parts import Call
from agent_system.understanding._slots import (
    format_duration,
    parse_duration,
    parse_when,
    strip_when,
)

__all__ = ["another_one", "length_change", "reminded_before", "skipped_once"]

_ANOTHER = lazy_pattern(
    r"^(?:(?:and|also|then|ok|okay|oh|please|can\s+you|could\s+you)\s+)*"
    r"(?:(?:add|book|put|schedule|make|set\s+up|create|pencil\s+in|do)\s+)?(?:me\s+)?"
    r"(?:another|one\s+more|a\s+second)(?:\s+(?:one|event|session|slot|of\s+(?:them|those|these)))?"
    r"\s+(?P<when>.+?)(?:\s+(?:too|as\s+well|also|please))*[\s.!]*$"
)
_BARE = lazy_pattern(r"(?:at\s+)?(?P<h>[01]?\d|2[0-3])(?:[:.](?P<m>[0-5]\d))?")


def _first_start(previous: Call) -> datetime | None:
    try:
        return datetime.fromisoformat(str(previous.arguments.get("start", "")))
    except ValueError:
        return None


def _near(hour: int, minute: int, first: datetime) -> time:
    """A bare hour read near the first event's time: 3 after a 2pm event is 15:00."""
    if hour >= 12 or hour == 0:
        return time(hour, minute)
    late = hour + 12
    return time(late if abs(late - first.hour) < abs(hour - first.hour) else hour, minute)


def another_one(previous: Call, norm: str, now: datetime) -> Call | None:
    """The same event added again at the time (and day) `norm` says, or None."""
    found = _ANOTHER.match(norm)
    first = _first_start(previous)
    if found is None or first is None or previous.arguments.get("repeat"):
        return None
    said = found["when"]
    when = parse_when(said, now)
    if when is None or strip_when(said).strip(" ,.") not in ("", "on", "at", "the"):
        return None
    day = when.value.date() if when.has_date else first.date()
    if bare := _BARE.fullmatch(said):
        moment = _near(int(bare["h"]), int(bare["m"] or 0), first)
    elif when.has_time:
        moment = when.value.timetz().replace(tzinfo=None)
    else:
        moment = first.timetz().replace(tzinfo=None)  # "another on friday": the same time
    start = datetime.combine(day, moment, tzinfo=first.tzinfo)
    arguments = {k: v for k, v in previous.arguments.items() if k not in ("start", "end")}
    if "end" in previous.arguments and "duration" not in arguments:
        ended = _first_end(previous, first)
        if ended is not None:
            arguments["duration"] = f"{int(ended.total_seconds() // 60)} minutes"
    return Call("calendar.create", arguments | {"start": start.isoformat()})


def _first_end(previous: Call, first: datetime) -> timedelta | None:
    try:
        end = datetime.fromisoformat(str(previous.arguments.get("end", "")))
    except ValueError:
        return None
    length = end - first
    return length if length > timedelta(0) else None


_IT_NOW = (
    r"(?:it|(?:that|this)(?:\s+(?:one|event|meeting|appointment))?"
    r"|the\s+(?:event|meeting|appointment))"
)
_LENGTH = (
    r"(?:(?:an?|one|two|three|four|half\s+an?|another|\d+(?:\.\d+)?)\s*"
    r"(?:hours?|hrs?|minutes?|mins?)(?:\s+and\s+a\s+half)?)"
)
_LONGER = lazy_pattern(
    r"^(?:(?:actually|ok|okay|no|oh|and|so|please|can\s+you|could\s+you)\s+)*"
    rf"(?:(?:make|keep)\s+{_IT_NOW}\s+(?P<by>{_LENGTH})\s+(?P<way>longer|shorter)"
    rf"|(?:extend|lengthen)\s+{_IT_NOW}\s+(?:by\s+)?(?P<more>{_LENGTH})"
    rf"|(?:shorten|cut)\s+{_IT_NOW}\s+(?:by\s+)?(?P<less>{_LENGTH})"
    rf"|(?:make\s+{_IT_NOW}|{_IT_NOW}\s+should|have\s+{_IT_NOW})\s+(?:last\s+|run\s+(?:for\s+)?)?"
    rf"(?P<to>{_LENGTH})(?:\s+long)?"
    r")(?:\s+(?:please|instead|then))*[\s.!]*$"
)


def length_change(norm: str) -> str | None:
    """The update's duration when `norm` lengthens "it": "make it an hour longer" ("+1 hour"),
    "cut it by 15 minutes" ("-15 minutes"), "make it last 2 hours" ("2 hours"); else None."""
    found = _LONGER.match(norm)
    if found is None:
        return None
    if found["to"]:
        length = parse_duration(found["to"])
        return None if length is None else format_duration(length)
    said = found["by"] or found["more"] or found["less"]
    length = parse_duration(re.sub(r"^another\b", "an", said))
    if length is None:
        return None
    shorter = found["way"] == "shorter" or bool(found["less"])
    return ("-" if shorter else "+") + format_duration(length)


_REMIND = lazy_pattern(
    r"^(?:(?:and|also|then|ok|okay|please|can\s+you|could\s+you)\s+)*"
    r"(?:(?P<remind>remind\s+me|give\s+me\s+a\s+(?:reminder|heads\s+up)|ping\s+me|notify\s+me)"
    r"|(?P<alarm>set\s+(?:an?\s+)?alarm|wake\s+me(?:\s+up)?))"
    r"(?:\s+(?:about|of|for)\s+(?:it|that|this))?\s+(?P<length>" + _LENGTH + r")\s+"
    r"(?:before|ahead(?:\s+of)?|early|earlier)(?:\s+(?:it|then|the\s+(?:event|meeting"
    r"|appointment)|it\s+starts|(?:the\s+)?start))?(?:\s+(?:please|too|as\s+well))*[\s.!]*$"
)


def reminded_before(previous: Call, norm: str) -> Call | None:
    """A reminder (or an alarm) a length before the event just added, or None.

    "and remind me 15 minutes before" (`calendar.remind_before`, the event named by its title);
    "set an alarm an hour before it": an alarm. "... before that" is the timer's anchor
    (`roles/timer`), left to it.
    """
    found = _REMIND.match(norm)
    title = str(previous.arguments.get("title") or "")
    if found is None or not title:
        return None
    arguments: dict[str, object] = {"event": title, "before": found["length"]}
    return Call("calendar.remind_before", arguments | ({"alarm": True} if found["alarm"] else {}))


_SKIP = lazy_pattern(
    r"^(?:(?:and|but|actually|ok|okay|please|oh|can\s+you|could\s+you)\s+)*"
    r"(?:skip|cancel|drop|delete|remove|scrap|miss)\s+(?:it|that|this|that\s+one|the\s+one)\s+"
    r"(?P<day>(?:on\s+|this\s+|next\s+|for\s+)?(?:today|tonight|tomorrow|monday|tuesday|wednesday"
    r"|thursday|friday|saturday|sunday|the\s+\d{1,2}(?:st|nd|rd|th)?))"
    r"(?:\s+(?:only|please|just))*[\s.!]*$"
)


def skipped_once(previous: Call, norm: str) -> Call | None:
    """One day of the repeating event just added taken off, or None.

    "skip it tomorrow", "cancel it next monday" after "add school run every weekday at 8am": the
    delete names it with that day, as "cancel school run tomorrow" does.
    """
    found = _SKIP.match(norm)
    title = str(previous.arguments.get("title") or "")
    if found is None or not title or not previous.arguments.get("repeat"):
        return None
    day = found["day"].removeprefix("for ").removeprefix("on ")
    return Call("calendar.delete", {"event": f"{title} {day}"})

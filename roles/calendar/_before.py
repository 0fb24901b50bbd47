"""A reminder or an alarm a length before an event on the calendar (issue 15).

"remind me 15 minutes before my meeting", "remind me one hour before the meeting i have tomorrow
morning", "set an alarm two hours before the dance class", "remind me to print the slides half
an hour before the team review": the timer reads "<length> before <something>"
(`roles.timer._anchor`); when the words give the something no time and it is an event, it plans
`calendar.remind_before`, which finds the event (the next one the words name, on the day said)
and sets the reminder or the alarm through the timer's own tools: one mechanism, the timer's.
No such event: one plain sentence asking for the time.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.roles import RoleCall
from agent_system.routing.slots import parse_date_range, parse_duration, strip_when
from agent_system.understanding._daytime import day_window
from roles.calendar._unnamed import THING

if TYPE_CHECKING:
    from roles.calendar.store import CalendarStore, Event

__all__ = ["before_event", "event_before"]

_LENGTH = (
    r"(?:(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|ten|fifteen|twenty|thirty|forty\s*five"
    r"|a\s+couple\s+of|a\s+few)\s+(?:and\s+a\s+half\s+)?(?:minutes?|mins?|hours?|hrs?)"
    r"|half\s+an?\s+hour|(?:a\s+)?quarter\s+(?:of\s+)?an\s+hour)"
)
_BEFORE = lazy_pattern(
    rf"\b(?P<length>{_LENGTH})\s+(?:before|ahead\s+of|prior\s+to|early\s+for)\s+"
    rf"(?P<what>(?:(?:my|the|our|this|that|tomorrow's|today's|\w+'s)\s+)?(?:next\s+)?"
    rf"(?:[\w']+\s+){{0,2}}?(?:{THING}|event)(?:\s+.*)?)$",
    re.IGNORECASE,
)
_BEFORE_IT = lazy_pattern(
    rf"\b(?P<length>{_LENGTH})\s+(?:before|ahead\s+of|prior\s+to)\s+(?P<what>(?:the\s+)?(?:time"
    r"|start|it|that))\s*[?.!]*$",
    re.IGNORECASE,
)
_POINTS = lazy_pattern(
    r"(?:the\s+)?(?:time|start|it|that)|(?:the|that|this)\s+(?:meeting|event|appointment|class)",
    re.IGNORECASE,
)
"""An anchor that only points at the event named elsewhere ("before the meeting", "before time")."""
_NOT_EVENTS = lazy_pattern(
    r"\b(?:flights?|trains?|bus|plane|departure|boarding|sunset|sunrise|dinner\s+is\s+ready"
    r"|timer|alarm|it|that|then)\b",
    re.IGNORECASE,
)
_FILLER = lazy_pattern(
    r"\b(?:my|the|our|next|upcoming|that|which|i|we|have|had|got|am|is|are|starts?|begins?"
    r"|going\s+to|on|at|in|for|of|to)\b",
    re.IGNORECASE,
)
_GENERIC = frozenset({"meeting", "meetings", "event", "events", "appointment", "appointments"})
_KINDS = _GENERIC | frozenset(
    "class classes lesson lessons session sessions practice practices call calls appt".split()
)
"""Words naming what kind of event it is, not which one ("class" in "my yoga class")."""
_CLOCK = lazy_pattern(r"\d|o'?clock\b|\bnoon\b|\bmidnight\b", re.IGNORECASE)


def before_event(text: str, message: str, alarm: bool) -> RoleCall | None:
    """`calendar.remind_before` for "<length> before <an event>" in `text`, or None.

    `message`: what to remind of, when said ("print the slides"); `alarm`: an alarm, not a
    reminder. A flight, a bus, the sunset or "that" are not events on the calendar. When the
    event is named in the message and the anchor only points at it ("remind me about my monday
    meeting with peter fifteen minutes before the meeting", "... before time"), the message is
    the event.
    """
    found = _BEFORE.search(text) or _BEFORE_IT.search(text)
    if found is None:
        return None
    what = found["what"].strip(" ?.!,")
    if _POINTS.fullmatch(what) and re.search(rf"\b{THING}\b", message, re.IGNORECASE):
        what, message = re.sub(r"^(?:about|of|for)\s+", "", message, flags=re.IGNORECASE), ""
    elif found.re.pattern == _BEFORE_IT.pattern or _NOT_EVENTS.search(what) or _CLOCK.search(what):
        return None  # "before my flight", "before that", "before my 3pm meeting": the timer's
    length = parse_duration(found["length"])
    if length is None or not timedelta(0) < length <= timedelta(days=1):
        return None
    arguments: dict[str, object] = {"event": what, "before": found["length"]}
    arguments |= ({"text": message} if message else {}) | ({"alarm": True} if alarm else {})
    return RoleCall("calendar.remind_before", arguments)


async def event_before(store: CalendarStore, user: str, said: str, now: datetime) -> Event:
    """The next event `said` names, on the day (and part of it) said.

    "my meeting", "the dance class", "the meeting i have tomorrow morning"; none: a NEEDS_INPUT
    question.
    """
    span = parse_date_range(said, now)
    if span is not None:
        window = day_window(said, span[0]) if span[1] - span[0] <= timedelta(days=1) else None
        span = window or span
    begin, end = span or (now, now + timedelta(days=365))
    words = [w.lower() for w in re.findall(r"[\w']{3,}", _FILLER.sub(" ", strip_when(said)))]
    named = [w for w in words if w not in _KINDS]  # "yoga" in "my yoga class"
    kinds = [w for w in words if w in _KINDS and w not in _GENERIC]
    events = [e for e in await store.between(user, max(begin, now), end) if e.start > now]
    for wanted in (named, kinds):
        if wanted:
            events = [e for e in events if any(w.rstrip("s") in e.title.lower() for w in wanted)]
    if not named and not kinds:  # "my meeting", "my next event": a meeting, else any event
        meetings = [e for e in events if any(w.rstrip("s") in e.title.lower() for w in words)]
        events = meetings or [e for e in events if not e.all_day]
    if not events:
        thing = re.sub(r"^(?:my|our)\b", "your", said.strip(), flags=re.IGNORECASE)
        raise ToolExecutionError(
            f"I can't find {thing} on your calendar; what time is it?",
            code=ErrorCode.NEEDS_INPUT,
        )
    return events[0]

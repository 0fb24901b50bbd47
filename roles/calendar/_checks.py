"""Yes/no checks on the calendar and plans said with someone, by family.

A check asks whether an event is on a day; it is answered from the calendar and never adds:
"march one is susan's birthday right", "tomorrow is jo's party, isn't it", "the dentist is on
thursday right", "is mary's birthday party tonight". A plan said with someone and a day, with no
verb, is one to add: "church with mom and dad on sunday", "golf with jim tomorrow at 9". They
read the normalized request (`agent_system.understanding.normalize`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.understanding._slots import parse_when, strip_when
from roles.calendar._shapes import EVENT

if TYPE_CHECKING:
    from datetime import datetime

__all__ = ["TAG", "checked_event", "plan_with_someone"]

TAG = lazy_pattern(
    r"[\s,]+(?:right|correct|is\s+(?:not\s+it|it\s+not|that\s+(?:right|correct))|yes|yeah|yep"
    r"|true|am\s+i\s+right)\s*[?.!]*$"
)
"""A tag that makes a statement a question: "..., right", "..., isn't it" (normalized)."""
_OWNED = lazy_pattern(r"^(?:the|my|our|(?:my\s+)?[a-z]+'s)\s+[a-z][\w' ]*$")
"""An event said as someone's or the: "susan's birthday", "the team dinner", "my dentist"."""
_NOT_OURS = lazy_pattern(
    r"\b(?:timers?|alarms?|reminders?|lists?|weather|forecast|flights?|trains?|bus|store|shop"
    r"|bank|restaurant|pharmacy|library|museum|holiday|sunset|sunrise|news|game|match|bill)\b"
)


_NOT_NAMED = lazy_pattern(r"\w+ing|open|closed|ready|done|over|on|off|free|busy|available|due|late")
"""An end that says a state, not an event's name: "the vacuum running", "the store open"."""
_EVENTISH = lazy_pattern(
    rf"\b\w+'s\b|\b(?:{EVENT}|birthday|anniversary|club|service|mass|church|game\s+night)\b"
)
"""Said without a tag, an "is ..." check names someone's event or an event."""


def _a_day(words: str, now: datetime) -> bool:
    """Whether `words` say a day (or a time) and nothing else: "march 1", "on friday", "tonight"."""
    return parse_when(words, now) is not None and strip_when(words).strip() in ("", "on", "the")


def _split_day(text: str, now: datetime) -> tuple[str, str] | None:
    """(the words before, the day) when `text` ends with a day: the longest such ending."""
    words = text.split()
    for k in range(min(6, len(words) - 1), 0, -1):
        day = " ".join(words[-k:])
        if _a_day(day, now):
            head = re.sub(r"\s+(?:still|on|for|at)$", "", " ".join(words[:-k]))
            head = re.sub(r"\s+(?:still|on|for|at)$", "", head)
            return head, day
    return None


def checked_event(said: str, now: datetime) -> tuple[str, str] | None:
    """(the event, the day) a yes/no check asks about, or None.

    "march 1 is susan's birthday right" -> ("susan's birthday", "march 1"); "is the dentist on
    friday, right" -> ("the dentist", "friday"). Without a tag, only the "is ..." shape is a
    question: "friday is jo's party" is a plan said plainly.
    """
    tagged = TAG.search(said)
    body = re.sub(r"^(?:so|and)\s+", "", (said[: tagged.start()] if tagged else said).strip(" ,?"))
    if _NOT_OURS.search(body):
        return None
    found: tuple[str, str] | None = None
    if body.startswith("is "):  # "is mary's birthday party tonight"
        found = _split_day(body[3:], now)
    elif tagged and " is " in body:
        before, after = body.split(" is ", 1)
        if _a_day(before, now):  # "march 1 is susan's birthday, right"
            found = after, before
        elif _a_day(after, now):  # "the dentist is on thursday, right"
            found = before, after
    if found is None or not _OWNED.match(found[0]) or parse_when(found[0], now) is not None:
        return None  # "today is the 5th, right": no event named
    last = found[0].split()[-1]
    if (_NOT_NAMED.fullmatch(last) and not re.fullmatch(EVENT, last)) or not (
        tagged or _EVENTISH.search(found[0])
    ):
        return None  # "is the vacuum running at 9am": a state, not an event
    return found


_VERB = (
    r"(?:what|when|where|which|who|whose|why|how|is|are|am|was|were|do|does|did|can|could|would"
    r"|will|should|have|has|i|we|you|it|let|let's|please|add|put|set|book|schedule|make|create"
    r"|cancel|delete|remove|move|change|show|list|find|check|tell|give|remind|call|text|email"
    r"|send|play|turn|open|close|start|stop|get|buy|order|no|not|any|all|every|meet|go|going|take)"
)
_WITH_SOMEONE = lazy_pattern(
    r"^(?:(?:ok|okay|so|hey)\s+)*(?:(?:a|an|my|our)\s+)?"
    rf"(?!{_VERB}\b)(?P<what>[a-z][\w']*(?:\s+(?!with\b)[a-z][\w']*)?)\s+with\s+"
    r"(?:(?:my|the|our)\s+)?[a-z][\w']*(?:\s+(?:and|&)\s+(?:(?:my|the|our)\s+)?[a-z][\w']*)*$"
)


def plan_with_someone(said: str, now: datetime) -> bool:
    """A plan said with someone and a day, and no verb: one to add.

    "church with mom and dad on sunday", "golf with jim tomorrow at 9", "coffee with the
    neighbours on saturday morning"; not a question, a request with a verb, or anything the
    calendar does not own ("flights with delta on sunday").
    """
    if _NOT_OURS.search(said):
        return False
    when = parse_when(said, now)
    if when is None or not when.has_date:
        return False
    rest = re.sub(r"\s+(?:on|at|for|this|next|in\s+the)(?=\s|$)", " ", strip_when(said))
    return _WITH_SOMEONE.match(" ".join(rest.split())) is not None

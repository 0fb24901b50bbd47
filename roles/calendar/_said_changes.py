"""Moves and removals of an event said the way people say them at home (issue 15).

Each family is read on the normalized request (courtesy stripped) and said again in the role's
own words, which `roles.calendar.role` already reads:

- a move asked or told: "can we shift lunch with jo to 1:30", "postpone the plumber until
  wednesday", "change the time of my massage to 5pm", "bring the meeting with sam forward to
  2pm", "the book club is now at 8pm", "the dentist moved to the 15th", "my haircut has been
  moved to monday at 11" -> "move <event> to <when>";
- a move by a length: "make the doctor's appointment half an hour later" -> "push <event> back
  30 minutes" (and "earlier" -> "bring ... forward");
- an event that is off: "the vet appointment isn't happening anymore", "i can't make the
  doctor's appointment", "lunch with jo is no longer on" -> "cancel <event>".

The words after "to" must say a day or a time and nothing else, and the event must be one people
put on a calendar (or any non-travel, non-money thing for "postpone"/"reschedule"): "move my
money to savings", "the package moved to the depot" stay others'.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import strip_when
from agent_system.understanding._frame_calendar import event_shift
from roles.calendar._unnamed import THING

__all__ = ["said_change"]

_NOT_OURS = lazy_pattern(
    r"\b(?:timers?|alarms?|remind(?:er|ers)?|lists?|songs?|music|playlists?|money|payments?"
    r"|pay\s*day|paycheck|bills?|flights?|trains?|bus|car|oil|tv|deliver(?:y|ies)|package|parcel"
    r"|order|subscription|account|savings|checking|lights?|thermostat|heating|volume|temperature"
    r"|funds|files?|folder|photos?|emails?|messages?)\b"
)
_WHAT = r"(?P<what>(?:(?:my|our|the|this|that|\w+'s)\s+)?[\w']+(?:\s+[\w':]+){0,6}?)"
_WHEN = r"(?P<when>.+?)"
_MOVES = (
    # "can we shift lunch with jo to 1:30", "postpone the plumber until wednesday"
    lazy_pattern(
        r"^(?P<lead>(?:can|could|shall|should|would)\s+(?:we|i)\s+(?:please\s+)?|let(?:'s|\s+us)\s+)?"
        r"(?P<verb>shift|move|push|bump|postpone|delay|put\s+off|push\s+back|switch|reschedule)\s+"
        rf"{_WHAT}\s+(?:back\s+|forward\s+|over\s+)?(?P<to>to|until|till|til)\s+{_WHEN}$"
    ),
    # "change the time of my massage to 5pm", "update the date for the dentist to the 15th"
    lazy_pattern(
        r"^(?:(?:can|could|would)\s+you\s+)?(?P<verb>change|update|switch|move)\s+the\s+"
        r"(?:start\s+)?(?:time|day|date)\s+(?:of|for|on)\s+"
        rf"{_WHAT}\s+to\s+{_WHEN}$"
    ),
    # "bring the meeting with sam forward to 2pm"
    lazy_pattern(
        r"^(?:(?:can|could|would)\s+you\s+)?(?P<verb>bring)\s+"
        rf"{_WHAT}\s+(?:forward|back|up|earlier)\s+to\s+{_WHEN}$"
    ),
    # "the dentist moved to the 15th", "my haircut has been moved to monday at 11"
    lazy_pattern(
        rf"^{_WHAT}\s+"
        r"(?:is\s+now\s+|has\s+now\s+been\s+|has\s+been\s+|have\s+been\s+|was\s+|got\s+"
        r"|is\s+being\s+|is\s+|are\s+being\s+|has\s+)?"
        r"(?P<verb>moved|rescheduled|changed|pushed(?:\s+back)?|postponed|put\s+back|switched"
        r"|bumped|shifted)\s+(?:to|until|till)\s+"
        rf"{_WHEN}$"
    ),
    # "the book club is now at 8pm", "lunch with jo is now on friday"
    lazy_pattern(rf"^{_WHAT}\s+is\s+now\s+(?:at\s+|on\s+|for\s+)?(?P<verb>){_WHEN}$"),
)
_PERIOD = lazy_pattern(r"(?:next|this|the)\s+(?:week|weekend|month)|the\s+week\s+after")
_OWNED = lazy_pattern(r"^(?:my|our|the|this|that|\w+'s)\s")
_CLOCK = lazy_pattern(
    r"(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?(?:\s*[ap]\s*m)?|one|two|three|four|five|six|seven|eight"
    r"|nine|ten|eleven|twelve|noon|midday"
)
_BY_LENGTH = lazy_pattern(
    r"^(?:(?:can|could|would)\s+you\s+)?(?:make|have)\s+"
    rf"{_WHAT}\s+(?P<how>(?:an?|one|two|three|half\s+an?|\d+(?:\.\d+)?)\s+"
    r"(?:hours?|hrs?|minutes?|mins?|days?))\s+(?P<way>later|earlier|sooner)$"
)
_OFF = (
    # "the vet appointment isn't happening anymore", "lunch with jo is no longer on"
    lazy_pattern(
        rf"^{_WHAT}\s+(?:is|are)\s+(?:not|no\s+longer)\s+(?:happening|on|going\s+ahead|taking\s+place)"
        r"(?:\s+(?:any\s*more|any\s+longer|after\s+all))?$"
    ),
    lazy_pattern(
        rf"^{_WHAT}\s+(?:will\s+not|won't)\s+(?:be\s+)?(?:happen(?:ing)?|go(?:ing)?\s+ahead"
        r"|take\s+place)(?:\s+(?:any\s*more|after\s+all))?$"
    ),
    # "i can't make the doctor's appointment", "we can't make dinner with the smiths on friday"
    lazy_pattern(
        r"^(?:(?:so|sorry|unfortunately|oh)\s+)*(?:i|we)\s+(?:can\s+not|cannot|can't|will\s+not"
        r"|won't\s+be\s+able\s+to|will\s+not\s+be\s+able\s+to|am\s+not\s+able\s+to|are\s+not\s+able"
        rf"\s+to)\s+make\s+(?!it\b){_WHAT}(?:\s+(?:any\s*more|after\s+all))?$"
    ),
)
_CANCEL_IT = lazy_pattern(
    r"[\s,.;]+(?:and\s+|so\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:cancel|delete"
    r"|remove|scrap|drop|take\s+off)\s+(?:it|that)(?:\s+(?:please|for\s+me))?$"
)
"""A removal said after the event it is about: "..., cancel it", "... so please delete it"."""


def _eventful(what: str, verb: str) -> bool:
    if _NOT_OURS.search(what):
        return False
    if re.search(rf"\b{THING}\b", what):
        return True
    return verb in ("postpone", "reschedule", "rescheduled", "postponed") and bool(
        _OWNED.match(what)
    )


def _only_when(words: str) -> bool:
    """Whether `words` say a day or a time and nothing else ("7pm", "thursday at 5")."""
    words = words.strip(" ,.?!")
    if _CLOCK.fullmatch(words):
        return True
    if _PERIOD.fullmatch(words):
        return True  # "till next week"
    left = strip_when(words).strip(" ,.?!")
    return left in ("", "at", "on", "for", "the") and strip_when(words) != words


def _said_otherwise(found: re.Match[str]) -> bool:
    """Whether a move is said other than "<verb> <event> to <when>", which the role reads."""
    return bool(found["lead"]) or found["to"] != "to" or found["verb"] in ("postpone", "delay")


def said_change(said: str) -> str | None:
    """The move or removal `said` (normalized) tells, in the role's own words, or None.

    "can we shift lunch with jo to 1:30" -> "move lunch with jo to 1:30"; "the vet appointment
    isn't happening anymore" -> "cancel the vet appointment".
    """
    said = said.strip(" .!?")
    if (off := _CANCEL_IT.search(said)) is not None:
        said = said[: off.start()]  # "i can't make the doctor's appointment, cancel it"
    for shape in _MOVES:
        found = shape.match(said)
        if found and _eventful(found["what"], found["verb"]) and _only_when(found["when"]):
            if shape is _MOVES[0] and not _said_otherwise(found):
                return None  # "move the dentist to 4pm": the role's own words, kept as said
            return f"move {found['what']} to {found['when']}"
    if (shifted := event_shift(said)) is not None and _eventful(shifted[0], "move"):
        return said  # "put the gym back an hour": the role reads the shift
    if (found := _BY_LENGTH.match(said)) and _eventful(found["what"], "reschedule"):
        way = "back" if found["way"] == "later" else "forward"
        verb = "push" if way == "back" else "bring"
        return f"{verb} {found['what']} {way} {found['how']}"
    for shape in _OFF:
        found = shape.match(said)
        if found and _eventful(found["what"], "") and not _only_when(found["what"]):
            return f"cancel {found['what']}"
    if off is not None and _OWNED.match(said) and _eventful(said, ""):
        return f"cancel {said}"  # "the dentist on friday, cancel it"
    return None

"""The calendar said without a calendar word, by family (issue 15).

An event-like noun or an activity people book ("piano", "yoga", "dentist", "lesson", "class",
"practice") with a calendar verb, each family a shape of verbs x events x days:

- the next one: "what's my next piano lesson", "when is my next yoga", "when do i have my next
  guitar class" (`calendar.list`, the next one, looked for over the coming year);
- a move to a day or a time: "reschedule yoga to 7pm", "move piano to thursday", "push my
  swimming lesson to 5", "bump karate to saturday at 10" (the words after "to" say a day or a
  time and nothing else: "move my money to savings" is not ours);
- a repeat stopped: "stop piano every monday", "no more yoga on fridays", "quit my guitar
  lessons on tuesdays" (the series goes); one skipped: "skip yoga tomorrow", "skip piano this
  monday", "cancel karate on saturday" (that day's occurrence).

They read the normalized request with any courtesy stripped; requests about timers, songs,
money, travel or cars are not the calendar's (`roles.calendar._shapes`).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from agent_system.routing.slots import strip_when
from roles.calendar._shapes import DAY, EVENT

__all__ = ["THING", "changed_unnamed", "next_one", "next_thing", "role_words", "unnamed_calendar"]

ACTIVITY = (
    r"(?:piano|guitar|violin|cello|drums?|flute|singing|voice|swim(?:ming)?|karate|judo"
    r"|taekwondo|jiu\s*jitsu|dance|dancing|ballet|choir|spin|crossfit|zumba|boot\s*camp"
    r"|tutoring|tutor|therapist|counsell?ing|counsell?or|physio(?:therapy)?|chiro(?:practor)?"
    r"|orthodontist|optician|dermatologist|hair\s*dresser|barber|manicure|pedicure|facial"
    r"|book\s+club|bible\s+study|band\s+practice|run\s+club|climbing|bouldering|swim\s+team)"
)
"""Activities people book as events, said alone ("stop piano every monday")."""
THING = rf"(?:{EVENT}|{ACTIVITY})"
_KIND = r"(?:\s+(?:lessons?|class(?:es)?|sessions?|practices?|appointments?|appts?))?"
_WEEKDAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend)"
_OWNED = r"(?:(?:my|our|the|this\s+week's|\w+'s)\s+)?"
_NOT_OURS = lazy_pattern(
    r"\b(?:timers?|alarms?|remind(?:er|ers)?|lists?|songs?|music|playlists?|money|payments?"
    r"|pay\s*day|paycheck|bills?|flights?|trains?|bus|car|oil|tv|game|match|deliver(?:y|ies)"
    r"|package|order|subscription|account|savings|checking)\b"
)
_NEXT = lazy_pattern(
    r"^(?:what|when|what\s+time|what\s+day|which\s+day)\s+(?:is|are)\s+(?:my|our|the)\s+next\s+"
    rf"(?P<thing>(?:[\w']+\s+){{0,2}}?{THING}{_KIND}(?:\s+with\s+[\w' ]+?)?)$"
    r"|^(?:when|what\s+time|what\s+day|which\s+day)\s+do\s+(?:i|we)\s+have\s+(?:my|our|the)\s+next\s+"
    rf"(?P<had>(?:[\w']+\s+){{0,2}}?{THING}{_KIND})$"
)
_MOVE = lazy_pattern(
    r"^(?:(?:can|could|would)\s+you\s+)?(?P<verb>reschedule|move|push|shift|bump|postpone|switch"
    rf"|change)\s+{_OWNED}(?P<what>(?:[\w']+\s+){{0,2}}?{THING}{_KIND}(?:\s+with\s+[\w']+)?"
    r"|[\w']+(?:\s+[\w']+){0,2}?)"
    r"\s+(?:back\s+|forward\s+)?to\s+(?P<when>.+)$"
)
_STOP = lazy_pattern(
    r"^(?:stop|quit|end|discontinue|drop|cancel|scrap|delete|remove|no\s+more)\s+(?:going\s+to\s+)?"
    rf"{_OWNED}(?P<what>(?:[\w']+\s+){{0,2}}?{THING}{_KIND})\s+"
    rf"(?:(?:every|each)\s+{_WEEKDAY}s?|on\s+{_WEEKDAY}s|for\s+good|from\s+now\s+on|altogether)$"
)
_SKIP = lazy_pattern(
    r"^(?:skip|miss|cancel|scrap|drop|no)\s+"
    rf"{_OWNED}(?P<what>(?:[\w']+\s+){{0,2}}?{THING}{_KIND})\s+(?P<day>{DAY})$"
)


_CLOCK = lazy_pattern(
    r"(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven"
    r"|twelve|noon|midday"
)


def _plain(said: str) -> str:
    said = re.sub(r"\bwhats\b", "what is", said)
    return re.sub(r"\b(what|when)'s\b", r"\1 is", said).strip(" ?.!")


def _only_when(words: str) -> bool:
    """Whether `words` say a day or a time and nothing else ("7pm", "thursday at 5")."""
    if _CLOCK.fullmatch(words.strip(" ,.?!")):
        return True  # "move dinner to 8"
    left = strip_when(words).strip(" ,.?!")
    return left in ("", "at", "on", "for") and strip_when(words) != words


def next_thing(said: str) -> str | None:
    """The event "what's my next piano lesson" asks about ("piano lesson"), or None."""
    said = _plain(said)
    found = _NEXT.match(said)
    if found is None or _NOT_OURS.search(said):
        return None
    return found["thing"] or found["had"]


def next_one(said: str, now: datetime) -> RoleCall | None:
    """The listing of the next event "what's my next piano lesson" names, over a year, or None."""
    if (thing := next_thing(said)) is None:
        return None
    end = now + timedelta(days=365)
    return RoleCall(
        "calendar.list",
        {"start": now.isoformat(), "end": end.isoformat(), "limit": 1, "query": thing},
    )


def changed_unnamed(said: str, *, moves: bool = True) -> str | None:
    """The change said in the calendar's own words, or None.

    "stop piano every monday" -> "delete the piano series"; "skip yoga
    tomorrow" -> "cancel yoga tomorrow"; "reschedule yoga to 7pm" -> "move yoga to 7pm".
    """
    said = _plain(said)
    if _NOT_OURS.search(said):
        return None
    if (stop := _STOP.match(said)) is not None:
        return f"delete the {stop['what']} series"
    if (skip := _SKIP.match(said)) is not None:
        return f"cancel {skip['what']} {skip['day']}"
    moved = _MOVE.match(said) if moves else None  # the role reads a move as said
    if moved is not None and _only_when(moved["when"]):
        if moved["verb"] != "reschedule" and not re.search(rf"\b{THING}\b", moved["what"]):
            return None  # "move the couch to 7pm" is nobody's event
        return f"move {moved['what']} to {moved['when']}"
    return None


def role_words(text: str, said: str) -> str | None:
    """`text` in the words the role reads, when a family here says it otherwise, or None.

    "stop piano every monday" -> "delete the piano series"; "bump karate to sunday at 11" ->
    "move karate to sunday at 11" (the words as said, so "4pm" stays "4pm").
    """
    if (changed := changed_unnamed(said, moves=False)) is not None:
        return changed
    if changed_unnamed(said) is None:
        return None
    verbs = r"\b(?:bump|shift|switch|change)\b"
    return re.sub(verbs, "move", text, count=1, flags=re.IGNORECASE)


def unnamed_calendar(said: str) -> bool:
    """A calendar request in one of these families (`said`: normalized, courtesy stripped)."""
    return next_thing(said) is not None or changed_unnamed(said) is not None

"""The calendar's follow-ups: what "cancel it", "move it to 3pm", "and on friday?" mean after a
calendar call (see `agent_system.understanding._frame`).

- after adding or moving an event, "cancel it" / "move it to 2pm" / "make that friday instead"
  change that event (its id, `Call.ref`);
- after a listing that named one event ("when is my dentist appointment", "what's my next
  meeting": the one event found is the call's ref) or asked about one by name, they change that
  event; after a listing of several events nothing is resolved (the role asks which one);
- "and on friday?", "what about the day after?", "what about next week?" list another day or span;
- after adding an event, "and on sunday too" adds it again on that day;
- "and invite Ben", "ask sara and tom to join", "add ben to it", "ben is coming too" add people
  to that event (`calendar.update` with `invite`);
- "when is it", "where is it", "who is coming", "how long is it", "what time does it end" read
  that event (`calendar.list` with `event` and `detail`, `_frame_event`).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from agent_system._lazy import lazy_pattern
from agent_system.understanding._daytime import day_window
from agent_system.understanding._frame_again import (
    another_one,
    length_change,
    reminded_before,
    skipped_once,
)
from agent_system.understanding._frame_event import asked_about_event, still_when
from agent_system.understanding._frame_parts import (
    CHANGE,
    CORRECTION,
    DAY_WORDS,
    PART_OF_DAY,
    Call,
    day_bounds,
    new_day,
    previous_day,
)
from agent_system.understanding._slots import (
    format_duration,
    parse_date_range,
    parse_duration,
    parse_when,
    strip_when,
)

__all__ = ["calendar_follow_up", "changes_the_event", "event_named", "event_shift", "invited"]

_LEAD = r"^(?:(?:actually|ok|okay|no|oh|then|and|so|please|just|sorry|oops|never\s+mind|wait)\s+)*"
_THAT_EVENT = (
    r"(?:it|that|this|that\s+one|this\s+one"
    r"|(?:the|this|that)\s+(?:calendar\s+)?(?:event|entry|appointment|meeting))"
)
_GONE = r"(?:removed|deleted|cancell?ed|gone|taken\s+off|erased)"
_CANCEL_IT = lazy_pattern(
    _LEAD + r"(?:(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?"
    r"(?:cancel|delete|remove|scrap|drop|call\s+off|get\s+rid\s+of|erase|clear)\s+"
    + _THAT_EVENT
    + r"|(?:take|knock|cross|strike)\s+"  # "take that off my calendar"
    + _THAT_EVENT
    + r"(?=\s+off\b)"
    + r"|(?:(?:i|we)\s+(?:want|wish|need|would\s+like)|(?:i|we)'d\s+like)\s+"  # "i want it removed"
    + _THAT_EVENT
    + r"\s+(?:to\s+be\s+)?"
    + _GONE
    + r"|"
    + _THAT_EVENT
    + r"\s+(?:should|must|needs\s+to|has\s+to|can)\s+be\s+"  # "this event should be deleted"
    + _GONE
    + r")(?:\s+(?:off|please|then|after\s+all|instead|again|now|for\s+me"
    r"|(?:from|on|off|in|out\s+of)\s+(?:my|the)\s+(?:calendar|schedule|agenda|diary)))*$"
)
_MOVE_IT = lazy_pattern(
    r"\b(?:make|change|set|put|move|push|reschedule|postpone|shift|bump|switch)\s+(?:it|that|this"
    r"|that\s+one|the\s+event)(?:\s+(?:back|forward|over))?\s+(?:to\s+|for\s+|at\s+|till\s+|until\s+)?"
)
_SHIFT = lazy_pattern(
    r"\b(?P<verb>push|move|bump|shift|put|bring|delay|postpone)\s+(?P<what>.*?)\s*\b"
    r"(?P<how>(?:(?:back|forward|up|ahead|later|earlier|out)\s+)?(?:by\s+)?(?:an?|one|two|three|half"
    r"\s+an?|\d+(?:\.\d+)?)\s+(?:hours?|hrs?|minutes?|mins?|days?|weeks?)"
    r"(?:\s+(?:later|earlier|back|forward|sooner))?)[\s.!?]*$"
)


_NAME = (
    r"(?!(?:it|that|this|them|him|her|everyone|everybody|someone|a|an|the|my|me|us|to|too|also"
    r"|along|over|please|as|and|in|on)\b)[a-z][\w']*"
)
_ONE = rf"(?:my\s+)?{_NAME}(?:\s+{_NAME})?"
_PEOPLE = rf"{_ONE}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){_ONE})*"
_TO_IT = (
    r"(?:to|on|in|into)\s+(?:it|that|this|that\s+one|the\s+(?:calendar\s+)?(?:event|entry|meeting"
    r"|appointment|invite|invitation|guest\s+list)"
    r"|the\s+(?!(?:calendar|schedule|diary|agenda|list|\w+\s+list)\b)\w+)"
)
_INVITE = lazy_pattern(
    _LEAD + r"(?:(?:(?:can|could|would|will)\s+you\s+|also\s+|please\s+|let's\s+|let\s+us\s+)*"
    rf"(?:invite\s+(?P<invited>{_PEOPLE})(?:\s+{_TO_IT}|\s+(?:along|over))?"
    rf"|ask\s+(?P<asked>{_PEOPLE})\s+(?:along|to\s+(?:join|come)(?:\s+(?:us|me|along))?)"
    rf"|(?:add|include|put)\s+(?P<added>{_PEOPLE})\s+{_TO_IT}"
    rf"|send\s+(?:an?\s+)?(?:invite|invitation)s?\s+to\s+(?P<sent>{_PEOPLE})"
    rf"|send\s+(?P<sent_to>{_PEOPLE})\s+an?\s+(?:invite|invitation)"
    rf"|(?P<coming>{_PEOPLE})\s+(?:is|are|will\s+be|will)\s+(?:coming|joining|come|join)"
    r"(?:\s+(?:us|me|along))?))"
    r"(?:\s+(?:too|as\s+well|also|please|then|for\s+me))*[\s.!?]*$"
)


def invited(text: str) -> str | None:
    """The people `text` (normalized) adds to the event just named ("and invite ben too":
    "ben"), or None."""
    found = _INVITE.match(text)
    if found is None:
        return None
    return next(v for v in found.groupdict().values() if v)


def event_shift(text: str) -> tuple[str, str] | None:
    """(the event named, the signed shift) when `text` (normalized) moves an event by a length:
    "push it back an hour" ("it", "1 hour"), "bring the review forward 30 minutes" ("the review",
    "-30 minutes"); else None. Back, later, out (and push, delay, postpone) are later."""
    found = _SHIFT.search(text)
    if found is None or (length := parse_duration(found["how"])) is None:
        return None
    said_which_way = re.search(
        r"\b(?:back|forward|up|ahead|later|earlier|out|sooner|by)\b", found["how"]
    )
    if said_which_way is None and found["verb"] not in ("push", "delay", "postpone", "bump"):
        return None  # "put standup on my calendar at 9:30 for 15 minutes": a length, not a move
    earlier = re.search(r"\b(?:forward|up|earlier|sooner|ahead)\b", found["how"]) is not None
    if found["verb"] in ("push", "delay", "postpone") and "forward" not in found["how"]:
        earlier = False
    return found["what"], ("-" if earlier else "") + format_duration(length)


_ASKS_TO = lazy_pattern(r"^(?:(?:and|so|ok|okay|actually)\s+)*(?:can|could|would|will)\s+you\b")
_SPAN_WORDS = lazy_pattern(r"\b(?:week|weekend|month)\b")
_IT = lazy_pattern(r"(?:it|that|this|that\s+one|the\s+event)?")
_GENERIC = lazy_pattern(
    r"(?:(?:the|my|a|an|any|next)\s+)*(?:meetings?|appointments?|events?|appts?)"
)
_CHANGED_BY = ("calendar.create", "calendar.update")
_DATED = lazy_pattern(r"\b\d{1,2}(?:st|nd|rd|th)\b")
"""A day of the month said ("and on the 21st?"): a day, like "friday"."""
_BARE_HOUR = lazy_pattern(r"(?:[01]?\d|2[0-3])(?:[:.][0-5]\d)?")
"""A clock time with no am/pm ("move it to 3"): the update keeps the event's day and reads it
near the event's own time."""


def event_named(previous: Call) -> str | None:
    """The event the earlier calendar call made, changed or named, as calendar.delete and
    calendar.update take it (its number, else the title a listing asked about), or None."""
    if previous.tool in _CHANGED_BY or previous.tool == "calendar.list":
        if previous.ref is not None:
            return str(previous.ref)
    if previous.tool == "calendar.list" and previous.arguments.get("event"):
        return str(previous.arguments["event"])  # "is it still on monday?" ... "is it at 3?"
    if previous.tool == "calendar.list":
        query = str(previous.arguments.get("query") or "").strip()
        if query and not _GENERIC.fullmatch(query):
            return query  # "when is the wedding" found none or several: the tool says which
    return None


_NOT_A_THING = lazy_pattern(
    r"(?:(?:and|or|also|what|about|how|then|so|at|on|in|the|my|a|an|any|anything|something"
    r"|nothing|else|from|to|until|till|between|before|after|around|about|meetings?|events?"
    r"|appointments?|plans?|morning|afternoon|evening|night|later|earlier|there|free|busy)\s*)*"
)


_DAY_FILLER = lazy_pattern(
    r"\b(?:too|as\s+well|again|please|same(?:\s+time)?|instead|(?:the\s+)?(?:next\s+)?day"
    r"(?:\s+(?:after|before))?|following|previous)\b"
)


def _only_a_day(rest: str) -> bool:
    """Whether a follow-up to an add says only a day: "and on sunday too", "the day after"; not
    "and drinks after at 10" (another event, for the role)."""
    left = _DAY_FILLER.sub(" ", strip_when(rest)).strip(" ,.!?")
    return _NOT_A_THING.fullmatch(" ".join(left.split())) is not None


def _names_a_thing(rest: str, now: datetime) -> bool:
    """Whether a follow-up names something with its time ("and lunch at 1"), not only a time or
    part of the day ("and at 8", "what about the evening")."""
    left = strip_when(rest).strip(" ,.!?")
    timed = parse_when(rest, now) is not None
    return bool(left) and timed and _NOT_A_THING.fullmatch(left) is None


def _still_on(norm: str, now: datetime) -> dict[str, str] | None:
    """ "is it still on monday?": the day to check the event just named against (its bounds);
    "is that still at 3?": no day, the event's own time is told; else None."""
    said = still_when(norm) or ""
    said = f"at {said}" if said[:1].isdigit() else said  # "is that still at 8"
    found = parse_when(said, now) if said else None
    if found is None or strip_when(said).strip(" ,.") not in ("", "on", "at", "the"):
        return None
    if not found.has_date:
        return {"detail": "when"}
    start, end = day_bounds(found.value.date(), now)
    return {"start": start, "end": end}


_IS_ON = lazy_pattern(
    r"^(?P<what>it|(?:the|my|our)\s+[\w' ]+?|[\w']+(?:\s+[\w']+)?)\s*(?:'s|\s+is)\s+"
    r"(?:actually\s+|really\s+)?(?:on|at|for)\s+(?P<when>.+?)[\s.!]*$"
)


def _corrected_day(previous: Call, norm: str, now: datetime) -> str | None:
    """The new start when a correction says the event just added is elsewhere: "actually, the
    dentist is on thursday", "sorry, it's at 4" (only after "actually"/"no"/"sorry", and only
    about that event: a word of its title, or "it")."""
    lead = CORRECTION.match(norm)
    found = _IS_ON.match(norm[lead.end() :].strip(" ,")) if lead else None
    if found is None or previous.tool not in _CHANGED_BY:
        return None
    title = str(previous.arguments.get("title") or "").lower().split()
    what = re.sub(r"^(?:the|my|our)\s+", "", found["what"]).split()
    if found["what"] != "it" and not set(what) & set(title):
        return None
    said = found["when"]
    said = f"at {said}" if said[:1].isdigit() else said
    when = parse_when(said, now)
    if when is None or strip_when(said).strip(" ,.") not in ("", "on", "at", "the"):
        return None
    return found["when"]


def changes_the_event(text: str) -> bool:
    """True when `text` (normalized) only cancels or moves "it" ("cancel it", "move it to 3",
    "push it back an hour")."""
    shifted = event_shift(text)
    return (
        _CANCEL_IT.match(text) is not None
        or _MOVE_IT.search(text) is not None
        or (shifted is not None and _IT.fullmatch(shifted[0]) is not None)
    )


def _change(event: str, norm: str, now: datetime) -> list[Call]:
    """ "cancel it", "move it to 3pm", "make that friday" for `event`."""
    if _CANCEL_IT.match(norm):
        return [Call("calendar.delete", {"event": event})]
    if (length := length_change(norm)) is not None:  # "make it an hour longer"
        return [Call("calendar.update", {"event": event, "duration": length})]
    if (shifted := event_shift(norm)) and _IT.fullmatch(shifted[0]):
        return [Call("calendar.update", {"event": event, "shift": shifted[1]})]
    moved = _MOVE_IT.search(norm)
    if moved is None and not CHANGE.search(norm):
        return []
    said = CORRECTION.sub("", (norm[moved.end() :] if moved else norm).strip(" ?.!"))
    said = re.sub(r"^(?:to|for|at|on|till|until)\s+", "", said)
    said = re.sub(r"\s+(?:please|instead|for\s+me)$", "", said)
    found = parse_when(f"at {said}" if said[:1].isdigit() else said, now) if said else None
    if _BARE_HOUR.fullmatch(said):
        return [Call("calendar.update", {"event": event, "start": said})]
    if found is None or strip_when(said).strip(" ,.") not in ("", "instead", "please", "the"):
        return []  # "the" of "move it to the afternoon"
    return [Call("calendar.update", {"event": event, "start": said})]


def calendar_follow_up(
    previous: Call, norm: str, rest: str, asking: bool, now: datetime
) -> list[Call]:
    """The calls a follow-up to the calendar call `previous` means (`norm`: the follow-up
    normalized, `rest`: without its "and"/"what about"), or []."""
    event = event_named(previous)
    if event is not None and (detail := asked_about_event(norm)) is not None:
        return [Call("calendar.list", {"event": event, "detail": detail})]  # "where is it"
    if event is not None and (checked := _still_on(norm, now)) is not None:
        return [Call("calendar.list", {"event": event, "check": True} | checked)]
    if previous.tool in _CHANGED_BY and (before := reminded_before(previous, norm)) is not None:
        return [before]  # "and remind me 15 minutes before"
    if previous.tool == "calendar.create" and (skipped := skipped_once(previous, norm)):
        return [skipped]  # "skip it tomorrow" after a repeating add
    if event is not None and (who := invited(norm)) is not None:
        return [Call("calendar.update", {"event": event, "invite": who})]
    if event is not None and (not asking or _ASKS_TO.match(norm)):
        if changed := _change(event, norm, now):
            return changed
        if (moved := _corrected_day(previous, norm, now)) is not None:
            return [Call("calendar.update", {"event": event, "start": moved})]
    if previous.tool == "calendar.list" and _SPAN_WORDS.search(rest):
        span = parse_date_range(rest, now)  # "what about next week?": the whole week
        if span is not None and span[1] - span[0] > timedelta(days=1):
            query = (
                {"query": previous.arguments["query"]} if previous.arguments.get("query") else {}
            )
            start, end = (moment.isoformat() for moment in span)
            return [Call("calendar.list", {"start": start, "end": end} | query)]
    day = new_day(previous, rest, now)
    if day is not None and not (
        DAY_WORDS.search(PART_OF_DAY.sub(" ", rest)) or _DATED.search(rest)
    ):
        day = None  # "and in the evening?": the evening of the day listed, not today's
    if previous.tool in ("calendar.list", "calendar.free_time") or (
        asking and previous.tool != "calendar.free_time"
    ):
        if changes_the_event(norm) and not asking:
            return []  # "cancel it" after several events: the role asks which one
        base = day or previous_day(previous) or now.date()
        midnight = datetime.combine(base, datetime.min.time(), tzinfo=now.tzinfo)
        window = day_window(rest, midnight) if previous.tool == "calendar.list" else None
        if not asking and previous.tool == "calendar.list" and _names_a_thing(rest, now):
            return []  # "and lunch at 1" after a day listed: one to add on that day (the role)
        if day is None and window is None:  # "what about at 8?" narrows the day listed
            if previous.tool == "calendar.list" or not asking:
                return []
        day = base
        if previous.tool == "calendar.free_time":
            return [Call(previous.tool, {**previous.arguments, "date": day.isoformat()})]
        start, end = (w.isoformat() for w in window) if window else day_bounds(day, now)
        query = {"query": previous.arguments["query"]} if previous.arguments.get("query") else {}
        return [Call("calendar.list", {"start": start, "end": end} | query)]
    if previous.tool == "calendar.create" and (again := another_one(previous, norm, now)):
        return [again]  # "add another one at 3": the same event again, at 3 that day
    if previous.tool == "calendar.create" and day is not None and _only_a_day(rest):
        start = str(previous.arguments.get("start", ""))
        moved = day.isoformat() + start[10:] if len(start) > 10 else day.isoformat()
        return [Call("calendar.create", {**previous.arguments, "start": moved})]
    return []

"""Several events in one calendar request (`roles.calendar.role`).

Two events each said with its own day or time are two events to add: "add dentist tomorrow at
3pm and gym friday at 7am", "put lunch with sam on thursday at 1 and drinks with jo at 6" (a side
naming only a time takes the other side's day). Each event named in a removal is one to delete:
"cancel my 3pm and 5pm meetings", "delete the dentist and the gym", "scrap my 10am, 2pm and 4pm".

Titles that hold an "and" stay one event: "add dinner with jo and sam tomorrow at 7" (the left
side says no time), "cancel drinks and dinner" (no side is named as an event of its own).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from agent_system.routing.slots import parse_when
from agent_system.understanding import normalize

if TYPE_CHECKING:
    from agent_system.understanding._slots import When

__all__ = ["several_added", "several_removed"]

_JOIN = lazy_pattern(r"\s*,\s*(?:and\s+(?:also\s+)?)?|\s+(?:and\s+also|and|also|plus)\s+", re.I)
"""Where a second event may start: ", ", " and ", ", and also "."""
_OTHER_ACT = lazy_pattern(
    r"^(?:please\s+)?(?:invite|ask|remind|tell|notify|let|send|set|text|call\s+me|email|move|"
    r"cancel|delete|remove|what|when|where|how|is|are|do|does|can|could)\b",
    re.IGNORECASE,
)
"""A second clause that is no event of its own ("and invite ben", "and remind me ...")."""
_NUMBER_GOES_ON = lazy_pattern(r"\b(?:hundred|thousand)$", re.IGNORECASE)


def _when(text: str, now: datetime) -> When | None:
    said = [w for w in (parse_when(text, now), parse_when(normalize(text), now)) if w is not None]
    return max(said, key=lambda w: int(w.has_date) + int(w.has_time)) if said else None


def _on_day(arguments: dict[str, object], day: date) -> dict[str, object]:
    """`arguments` with their start (and end) moved to `day`, the clock times kept."""
    moved = dict(arguments)
    for key in ("start", "end"):
        value = moved.get(key)
        if isinstance(value, str) and "T" in value:
            moment = datetime.fromisoformat(value)
            moved[key] = moment.replace(year=day.year, month=day.month, day=day.day).isoformat()
    return moved


def several_added(
    text: str, now: datetime, create: Callable[[str], RoleCall | Clarification]
) -> RolePlan | None:
    """Two or more events to add, else None.

    Every side of an "and" must be an event with its own day or time and a name (`create` reads
    one side).
    """
    for join in _JOIN.finditer(text):
        left, right = text[: join.start()].strip(), text[join.end() :].strip(" .!?")
        if not left or not right or _OTHER_ACT.match(right) or _NUMBER_GOES_ON.search(left):
            continue  # "at one hundred and twenty three main": one number
        left_when, right_when = _when(left, now), _when(right, now)
        if left_when is None or right_when is None:
            continue
        if not (left_when.has_time or left_when.has_date) or not right_when.has_time:
            continue
        first = create(left)
        rest = several_added(right, now, create) or create(right)
        if not isinstance(first, RoleCall) or first.tool != "calendar.create":
            continue
        calls = rest.calls if isinstance(rest, RolePlan) else (rest,)
        later = [
            dict(c.arguments)
            for c in calls
            if isinstance(c, RoleCall) and c.tool == "calendar.create"
        ]
        if len(later) != len(calls):
            continue
        first_args = dict(first.arguments)
        if left_when.has_date and not right_when.has_date:  # "... and gym at 7am": that day
            day = date.fromisoformat(str(first_args["start"])[:10])
            later = [_on_day(a, day) for a in later]
        elif right_when.has_date and not left_when.has_date and left_when.has_time:
            day = date.fromisoformat(str(later[0]["start"])[:10])  # "drinks at 6 and dinner ..."
            first_args = _on_day(first_args, day)
        return RolePlan(tuple(RoleCall("calendar.create", a) for a in [first_args, *later]))
    return None


_CLOCK = r"(?:\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?|o'?clock)|\d{1,2}:\d{2}|noon|midday)"
_KIND = r"(?:events?|meetings?|appointments?|appts?|calls?|sessions?|classes|class|plans?)"
_CLOCKED = lazy_pattern(
    rf"^(?:the\s+|my\s+|our\s+)?(?P<clock>{_CLOCK})(?:\s+(?P<kind>{_KIND}))?(?P<tail>\s+.+)?$",
    re.IGNORECASE,
)
"""One event named by its hour: "3pm", "the 5 pm meetings", "10:30 call tomorrow"."""
_BARE_HOUR = lazy_pattern(r"^(?:the\s+|my\s+|our\s+)?(?P<hour>\d{1,2}(?::\d{2})?)$", re.IGNORECASE)
"""An hour said without its half of the day, before one said with it: the "3" of "the 3 and 5 pm
meetings"."""
_BARE_KINDED = lazy_pattern(
    rf"^(?:the\s+|my\s+|our\s+)?(?P<hour>\d{{1,2}}(?::\d{{2}})?)\s+(?P<rest>{_KIND}\b.*)$",
    re.IGNORECASE,
)
"""The last of several hours said bare, with what they are: "5 meetings", "6 calls tomorrow"."""
_MERIDIEM = lazy_pattern(r"\s*(?P<half>[ap]\.?m\.?|o'?clock)$", re.IGNORECASE)
_NAMED = lazy_pattern(r"^(?:the|my|our|that|this)\s+\S", re.IGNORECASE)
_PLURAL = {"classes": "class", "plans": "plan"}


def several_removed(reference: str) -> tuple[str, ...]:
    """The events a removal names, when it names two or more, else ().

    "3pm and 5pm meetings" is a 3pm meeting and a 5pm meeting; "the dentist and the gym" two.
    """
    parts = [p.strip(" ,.!?") for p in _JOIN.split(reference) if p.strip(" ,.!?")]
    if len(parts) < 2:
        return ()
    clocked = [_CLOCKED.match(p) for p in _shared_half(parts)]
    if all(c is not None for c in clocked):
        last = clocked[-1]
        assert last is not None
        kind = (last["kind"] or "event").lower()
        kind = _PLURAL.get(kind, kind[:-1] if kind.endswith("s") else kind)
        tail = last["tail"] or ""  # "... meetings tomorrow": every one of them tomorrow
        return tuple(
            f"{c['clock']} {kind}{c['tail'] or tail}".strip() for c in clocked if c is not None
        )
    if all(_NAMED.match(p) for p in parts[1:]) and not re.search(r"\bwith\s*$", parts[0]):
        return tuple(parts)  # "the dentist and the gym", "my yoga and my 3pm"
    return ()


def _shared_half(parts: list[str]) -> list[str]:
    """`parts` with the last one's half of the day given to the bare hours before it.

    "3", "5 pm meetings" is "3 pm", "5 pm meetings"; an hour past the last one's ("10", "11",
    "2 pm appointments") or a last one said bare ("the 3 and 5 meetings") is "o'clock": either
    half of the day.
    """
    if not all(_BARE_HOUR.match(p) for p in parts[:-1]):
        return parts
    last = _CLOCKED.match(parts[-1])
    if last is None and (bare := _BARE_KINDED.match(parts[-1])) is not None:
        last = _CLOCKED.match(f"{bare['hour']} o'clock {bare['rest']}")
    if last is None:
        return parts
    half = _MERIDIEM.search(last["clock"])
    hour = int(re.split(r"\D", last["clock"].strip())[0] or 0)
    shared = []
    for part in parts[:-1]:
        said = _BARE_HOUR.match(part)
        assert said is not None
        early = half is not None and int(said["hour"].split(":")[0]) <= hour
        shared.append(f"{said['hour']} " + (half["half"] if half and early else "o'clock"))
    return [*shared, last.string]

"""Moving an alarm or reminder to another time, or a countdown timer to a new time left.

"move my reminder to 5pm", "change my 7am alarm to 8am", "reschedule the dentist reminder for
friday"; "change the pasta timer to 10 minutes".

`move_call` reads the request (the role's part); `timer.move` is the tool. A new time without a
day keeps the day the alarm or reminder had ("change it to 7" moves a 6:30 alarm to 7:00 that
morning); a new day without a time keeps its time of day.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.roles import Clarification, RoleCall
from agent_system.routing.slots import format_duration, invalid_time, parse_duration, parse_when
from agent_system.understanding import normalize
from agent_system.understanding._format import said_together
from roles.timer._find import duration_of, resolve, timer_store
from roles.timer._words import _as_data, _describe, _ringing, _when
from roles.timer.store import ACTIVE

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["move", "move_call", "replaced"]

_MOVE = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you|i\s+want\s+to|i'?d\s+like\s+to|i\s+need"
    r"\s+to|and|now|ok(?:ay)?)\s+)*(?P<verb>change|move|reschedule|push(?:\s+back)?|update"
    r"|modify|edit|adjust|shift|postpone|delay|put\s+off|bring\s+forward|reset)\s+"
    r"(?P<which>(?:[\w':]+\s+){0,4}?(?:alarm|reminder|timer|wake[\s-]?up(?:\s+call)?)s?|it|that)"
    r"(?P<rest>(?:\s+.*)?)$",
    re.IGNORECASE,
)
_TO = lazy_pattern(r"\s+(?:to|for|until|till|at|by)\s+(?!(?:call|buy|pick|take|get)\b)", re.I)
_LATER = lazy_pattern(r"\b(?:later|back|by)\b", re.IGNORECASE)
_KIND = lazy_pattern(r"\b(alarm|reminder|timer)s?\b", re.IGNORECASE)


_KINDS = r"(?:alarm|reminder|wake[\s-]?up(?:\s+call)?)"
_REPLACED = (
    # "remove my 8 pm alarm and set it to 7 pm"
    lazy_pattern(
        r"^(?:please\s+)?(?:remove|delete|cancel|clear|drop|turn\s+off)\s+(?P<old>(?:[\w':]+\s+)"
        rf"{{1,4}}?{_KINDS})\s+and\s+(?:set|make|change|move|put|reset)\s+(?:it|that|one)\s+"
        r"(?:(?:to|for|at)\s+)?(?P<new>\S.*)$",
        re.IGNORECASE,
    ),
    # "add a 5 am alarm in place of my 9 pm alarm", "set an alarm for 6 instead of my 7am alarm"
    lazy_pattern(
        r"^(?:please\s+)?(?:add|set|make|create|put|have)\s+(?:(?:a|an|one|the)\s+)?"
        rf"(?P<new1>[\w': ]*?)\s*{_KINDS}(?:\s+(?:for|at)\s+(?P<new2>.+?))?\s+"
        rf"(?:in\s+place\s+of|instead\s+of)\s+(?P<old>.*{_KINDS}.*)$",
        re.IGNORECASE,
    ),
    # "replace my 7am alarm with one at 8"
    lazy_pattern(
        rf"^(?:please\s+)?(?:replace|swap)\s+(?P<old>.+?{_KINDS})\s+(?:with|for)\s+(?:one|an?\s+"
        rf"(?:new\s+)?{_KINDS})?\s*(?:(?:at|for)\s+)?(?P<new>\S.*)$",
        re.IGNORECASE,
    ),
)


def replaced(text: str) -> str | None:
    """The request that replaces an alarm or reminder, said as "change <old one> to <time>".

    "remove my 8 pm alarm and set it to 7 pm", "add a 5 am alarm in place of my 9 pm alarm",
    "replace my 7am alarm with one at 8"; None for any other request.
    """
    said = normalize(text.strip().rstrip("?!."))
    for pattern in _REPLACED:
        if (found := pattern.match(said)) is None:
            continue
        groups = found.groupdict()
        new = (groups.get("new") or groups.get("new2") or groups.get("new1") or "").strip()
        new = re.sub(r"(?:\s+(?:instead|please|then|now))+$", "", new)  # "make it 7 instead"
        if new and re.search(r"\d|\b(?:noon|midnight)\b", new):
            return f"change {found['old']} to {new}"
    return None


def move_call(
    text: str, now: datetime, when_filter: Callable[[str, datetime], str]
) -> RoleCall | Clarification | None:
    """timer.move (or timer.extend for "push my alarm back 10 minutes") for `text`, or None.

    `when_filter` reads which one by the time it rings ("my 7am alarm" -> "07:00").
    """
    said = replaced(text) or normalize(text.strip().rstrip("?!."))
    match = _MOVE.match(said)
    if match is None:
        return None
    if match["verb"].lower() == "reset" and not match["rest"].strip():
        return None  # "reset the timer" cancels it
    kind = _KIND.search(match["which"])
    target = kind[1].lower() if kind else ""
    if re.search(r"wake[\s-]?up", match["which"], re.IGNORECASE):
        target = "alarm"
    rest = match["rest"].strip()
    parts = _TO.split(f" {rest}", maxsplit=1)
    new = parts[-1].strip() if len(parts) > 1 else rest
    new = _clock_said(new)  # "change my alarm to 7"
    head = f"{match['which']} {parts[0]}" if len(parts) > 1 else match["which"]
    arguments: dict[str, str] = {"target": target}
    if ringing := when_filter(head, now):
        arguments["when"] = ringing  # "change my 7am alarm to 8am"
    length = parse_duration(new)
    if length is not None and (
        _LATER.search(said) or match["verb"].lower() in ("delay", "postpone")
    ):
        return RoleCall("timer.extend", {"by": format_duration(length), "target": target})
    if not new or (parse_when(new, now) is None and length is None and not invalid_time(new)):
        what = target or "it"
        return Clarification(f"What time should I move the {what} to?", missing=("to",))
    if problem := invalid_time(new):
        return Clarification(f"I didn't move it: {problem}.", missing=("to",))
    arguments["to"] = new
    return RoleCall("timer.move", arguments)


def _clock_said(to: str) -> str:
    """A bare hour ("7", "7:30") as the clock time it means ("at 7")."""
    return f"at {to.strip()}" if re.fullmatch(r"\d{1,2}(?::\d{2})?", to.strip()) else to


def _new_due(to: str, old: datetime, now: datetime) -> datetime:
    """When `to` says, on the old day when it names no day, at the old time when it names none.

    A bare "7" is 7 o'clock, the one nearest the old time.
    """
    to = _clock_said(to)
    if problem := invalid_time(to):
        raise ToolExecutionError(f"I couldn't move it: {problem}; nothing was changed.")
    found = parse_when(to, now)
    if found is None:
        raise ToolExecutionError(
            f"I couldn't read {to!r} as a time; say it like '5pm' or 'tomorrow at 8am'. "
            "Nothing was changed."
        )
    value = found.value
    if found.has_date and not found.has_time:
        value = value.replace(hour=old.hour, minute=old.minute, second=0, microsecond=0)
    elif found.has_time and not found.has_date and not re.search(r"\bin\s+\d", to):
        hours = [value.hour % 12, value.hour % 12 + 12] if found.ambiguous else [value.hour]
        same_day = [
            old.replace(hour=h, minute=value.minute, second=0, microsecond=0) for h in hours
        ]
        future = [d for d in same_day if d > now]
        if future:  # the nearest to where it was: a 6:30 alarm moved "to 7" rings at 7:00
            value = min(future, key=lambda d: abs((d - old).total_seconds()))
    if value <= now:
        raise ToolExecutionError(
            f"{_when(value, now)} has already passed; give a time in the future. "
            "Nothing was changed."
        )
    return value


@tool(name="timer.move", side_effects="reversible")
async def move(ctx: ToolContext, to: str, target: str = "", when: str = "") -> ToolOutput:
    """Move an alarm or reminder to another time, or give a countdown timer a new time left.

    Args:
        to: The new time ("5pm", "tomorrow at 8am", "friday", ISO 8601); for a countdown
            timer its new time left ("10 minutes").
        target: Which one: "alarm", "reminder", a label, a number, or empty for the only one.
        when: Only the one that rings then, as timer.list's `when` ("07:00"): "change my 7am
            alarm to 8am".
    """
    now = ctx.runtime.clock.now()
    found = await resolve(ctx, target, ACTIVE, "move", when=when)
    if len(found) > 1:
        names = said_together((_describe(t, now) for t in found), "or")
        raise ToolExecutionError(f"Which one should I move: {names}? Nothing was changed.")
    timer = found[0]
    if timer.kind == "timer" or timer.due_at is None:
        length = duration_of(to, "A timer's time left")
        shift = length - timer.remaining(now)
    else:
        shift = _new_due(to, timer.due_at, now) - timer.due_at
    changed = await timer_store(ctx).extend(timer.id, shift)
    if changed.kind == "timer":
        display = f"The {_describe(changed, now)}."
    else:  # "Moved your reminder to 17:00: call mom.": the new time, said as where it went
        label = f" {changed.label!r}" if changed.label else ""
        about = f": {changed.message}" if changed.kind == "reminder" else ""
        display = f"Moved your {changed.kind}{label} to {_ringing(changed, now)}{about}."
    if shift == timedelta(0):
        display = f"It already rings then: {_describe(changed, now)}."
    return ToolOutput(data=_as_data(changed, now), display=display)

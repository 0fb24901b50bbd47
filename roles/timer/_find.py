"""Finding a user's timers: the store, durations and moments read, which timers a target names.

A target is "pasta", "3", "all alarms" or "" for the only one, filtered by when they ring. Used by
every timer tool (`roles.timer.tools`, `_move`, `_reword`).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from agent_system._lazy import lazy_pattern
from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext
from agent_system.repository import open_repository
from agent_system.routing.slots import (
    format_day,
    format_duration,
    invalid_time,
    parse_duration,
    parse_when,
)
from agent_system.runtime import Dependency
from agent_system.understanding._format import said_together
from roles.timer._pick import ORDINALS
from roles.timer._when import due_matches
from roles.timer._words import _called, _describe, _when
from roles.timer.store import Timer, TimerKind, TimerState, TimerStore

__all__ = [
    "KIND_WORDS",
    "MAX_TIMER",
    "STORE",
    "duration_of",
    "moment_of",
    "names",
    "resolve",
    "said_name",
    "said_when",
    "timer_store",
    "user_of",
]

MAX_TIMER = timedelta(days=7)
KIND_WORDS: dict[str, TimerKind] = {"timer": "timer", "alarm": "alarm", "reminder": "reminder"}
_ALL = lazy_pattern(r"^(?:all|every(?:thing|one)?|them\s+all)$")


STORE: Dependency[TimerStore] = Dependency(
    "timer.store",
    lambda rt: TimerStore(open_repository(rt), rt.clock),
    description="Timers, per user.",
)


def timer_store(ctx: ToolContext) -> TimerStore:
    """The runtime's shared `TimerStore`."""
    return ctx.runtime.get(STORE)


def user_of(ctx: ToolContext) -> str:
    return ctx.user or ""


def duration_of(text: str, what: str) -> timedelta:
    if problem := invalid_time(text):
        raise ToolExecutionError(f"{what} must be positive: {problem}.")
    if text.strip().startswith("-"):
        raise ToolExecutionError(f"{what} must be positive; got {text!r}.")
    value = parse_duration(text)
    if value is None:
        raise ToolExecutionError(
            f"I couldn't read {text!r} as a duration; say it like '10 minutes' or '1h30'."
        )
    if value <= timedelta(0):
        raise ToolExecutionError(f"{what} must be positive; got {text!r}.")
    return value


def moment_of(text: str, now: datetime, what: str) -> datetime:
    if problem := invalid_time(text):
        raise ToolExecutionError(f"I couldn't set that: {problem}.")
    found = parse_when(text, now)
    if found is None:
        relative = parse_duration(text)
        if relative is not None and relative > timedelta(0):
            return now + relative
        raise ToolExecutionError(
            f"I couldn't read {text!r} as a time; say it like '7:30 am', 'tomorrow at 6pm' "
            "or 'in 20 minutes'."
        )
    if not found.has_time:
        raise ToolExecutionError(
            f"{what} needs a time of day as well as a date; say it like 'tomorrow at 7am'."
        )
    if found.value <= now:
        raise ToolExecutionError(
            f"{_when(found.value, now)} has already passed; give a time in the future."
        )
    return found.value


async def resolve(
    ctx: ToolContext,
    target: str,
    states: tuple[TimerState, ...],
    verb: str,
    kinds: tuple[TimerKind, ...] = ("timer", "alarm", "reminder"),
    when: str = "",
) -> list[Timer]:
    """The timers `target` names: '' (the only one), 'all', a number, or a label.

    `when` (see `roles.timer._when`) keeps those that ring then.
    """
    words = re.sub(r"\b(?:the|my|our|this|that|of|for)\b|#", " ", target.lower()).split()
    named = tuple(
        dict.fromkeys(KIND_WORDS[w.rstrip("s")] for w in words if w.rstrip("s") in KIND_WORDS)
    )
    words = [w for w in words if w.rstrip("s") not in KIND_WORDS]
    kinds = named or kinds
    noun = said_together((f"{k}s" for k in kinds), "or")
    timers = [
        t for t in await timer_store(ctx).list_timers(user_of(ctx), states) if t.kind in kinds
    ]
    if not timers:
        raise ToolExecutionError(f"You have no {noun} to {verb}.")
    if when:
        timers = due_matches(timers, when, ctx.runtime.clock.now())
        if not timers:
            said = said_when(when, ctx.runtime.clock.now())
            raise ToolExecutionError(f"You have no {noun} {said} to {verb}.")
    text = " ".join(words)
    if _ALL.match(text):
        return timers
    if not text or text in ("it", "one"):
        if len(timers) == 1:
            return timers
        called = names(timers, ctx)
        raise ToolExecutionError(
            f"You have {len(timers)} {_kinds(timers)} ({called}); say which one."
        )
    if text in ORDINALS:  # "the second one", said to the list the tool gave
        if len(timers) <= ORDINALS[text] or len(timers) < -ORDINALS[text]:
            raise ToolExecutionError(f"You have only {len(timers)} {noun}.")
        found = [timers[ORDINALS[text]]]
    elif text.isdigit():
        found = [t for t in timers if t.id == int(text)]
    else:
        found = _called(timers, text)
    if not found:
        called = names(timers, ctx)
        raise ToolExecutionError(f"None of your {noun} is called {target!r}; you have: {called}.")
    return found


def _kinds(timers: list[Timer]) -> str:
    """The kinds among `timers`, plural and in words: "timers and alarms"."""
    present = [f"{k}s" for k in ("timer", "alarm", "reminder") if any(t.kind == k for t in timers)]
    return said_together(present)


def said_when(when: str, now: datetime) -> str:
    """A `when` filter said in words: "on Fri 6 Mar", "tomorrow", "at 07:00", "on weekdays"."""
    said = when.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", said):
        day = date.fromisoformat(said)
        ahead = (day - now.date()).days
        return {0: "today", 1: "tomorrow"}.get(ahead, f"on {format_day(day)}")
    if re.fullmatch(r"\d{1,2}:\d{2}(?:\s+or\s+\d{1,2}:\d{2})*", said):
        return f"at {said}"
    if said.removeprefix("every ") in ("weekdays", "weekends"):
        return f"on {said.removeprefix('every ')}"
    return "then"


def names(timers: list[Timer], ctx: ToolContext) -> str:
    """Names a person can answer with, never the internal numbers.

    "roast, the 5-minute timer, two 10-minute timers" (two alike are told apart by "the first
    one", "the second one": `roles.timer._pick`).
    """
    now = ctx.runtime.clock.now()
    groups: dict[str, list[Timer]] = {}
    for t in timers:
        said = said_name(t) if t.kind == "timer" else _describe(t, now, brief=True)
        groups.setdefault(said, []).append(t)
    out = []
    for said, same in groups.items():
        if len(same) == 1 or same[0].label:
            out.append(said)
        else:  # "two 10-minute timers", "two alarms for tomorrow at 07:00": "the first one"
            kind = same[0].kind
            many = re.sub(rf"\b{kind}\b", f"{kind}s", said.removeprefix("the "), count=1)
            out.append(f"{_COUNTS.get(len(same), str(len(same)))} {many}")
    return ", ".join(out)


_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five"}


def said_name(timer: Timer) -> str:
    """A timer as people name it: its label, else its length ("the 10-minute timer")."""
    if timer.label:
        return timer.label
    if timer.duration is None:
        return "the timer"
    length = format_duration(timer.duration)
    if single := re.fullmatch(r"(\d+) (\w+?)s?", length):
        return f"the {single[1]}-{single[2]} timer"
    return f"the timer for {length}"

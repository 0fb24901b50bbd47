"""Timer tools: countdowns, alarms and reminders, kept per user in the application database."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from agent_system._lazy import lazy_pattern
from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.routing.slots import (
    format_duration,
)
from roles.timer._bare import ask_which
from roles.timer._find import (
    KIND_WORDS,
    MAX_TIMER,
    duration_of,
    moment_of,
    names,
    resolve,
    said_name,
    said_when,
    timer_store,
    user_of,
)
from roles.timer._notice import notice_reply
from roles.timer._rang import ASK_WHICH, RINGING_NOW
from roles.timer._repeat import first_due, next_due, normalize_rule
from roles.timer._ringing import stop_ringing
from roles.timer._skipped import skipped_reply
from roles.timer._when import due_matches
from roles.timer._words import (
    _as_data,
    _called,
    _describe,
    _ends,
    _ringing,
    _when,
    described,
)
from roles.timer.store import ACTIVE, Timer

__all__ = [
    "alarm",
    "cancel",
    "extend",
    "list_timers",
    "pause",
    "remind",
    "resume",
    "set_timer",
    "shorten",
]


@tool(name="timer.set", side_effects="reversible")
async def set_timer(
    ctx: ToolContext, duration: str, label: str = "", command: str = "", area: str = ""
) -> ToolOutput:
    """Start a countdown timer.

    Args:
        duration: How long it runs, e.g. "10 minutes", "1h30", "two and a half minutes".
        label: What the timer is for, e.g. "pasta". Optional.
        command: A request to carry out when it rings, in the user's words, e.g. "turn off the
            lights". It runs then like any request (a step that needs approval asks for it
            then). Optional.
        area: The room the request came from; the command runs as if said there. Optional.
    """
    value = duration_of(duration, "A timer's duration")
    if value > MAX_TIMER:
        raise ToolExecutionError(
            f"Timers run up to 7 days; for {format_duration(value)} set an alarm or a reminder "
            "with a date instead."
        )
    now = ctx.runtime.clock.now()
    command = " ".join(command.split())
    timer = await timer_store(ctx).add(
        user=user_of(ctx),
        kind="timer",
        due=now + value,
        label=label.strip(),
        duration=value,
        thread_id=ctx.thread_id,
        command=command,
        area=area.strip() or None if command else None,
    )
    if command:
        return ToolOutput(
            data={**_as_data(timer, now), "command": command},
            display=f"In {format_duration(value)} ({_when(now + value, now)}) I'll do this: "
            f"{command}.",
        )
    name = f"Timer {timer.label!r}" if timer.label else "Timer"
    return ToolOutput(
        data=_as_data(timer, now),
        display=f"{name} set for {format_duration(value)} ({_ends(now + value, now)}).",
    )


def _repeating(when: str, now: datetime, what: str, repeat: str) -> tuple[datetime, str]:
    """The first ring and the stored rule (`roles.timer._repeat`)."""
    due = moment_of(when, now, what)
    rule = normalize_rule(repeat, due)
    return first_due(due, rule), rule


@tool(name="timer.alarm", side_effects="reversible")
async def alarm(ctx: ToolContext, at: str, label: str = "", repeat: str = "") -> ToolOutput:
    """Set an alarm for a clock time, once or repeating.

    Args:
        at: When it (first) rings, e.g. "7:30 am", "tomorrow at 6", or an ISO 8601 date-time.
        label: What the alarm is for. Optional.
        repeat: How it repeats: "daily", "weekdays", "weekends", "weekly", or days such as
            "mon,thu"; empty for once.
    """
    now = ctx.runtime.clock.now()
    due, rule = _repeating(at, now, "An alarm", repeat)
    timer = await timer_store(ctx).add(
        user=user_of(ctx),
        kind="alarm",
        due=due,
        label=label.strip(),
        thread_id=ctx.thread_id,
        repeat=rule,
    )
    name = f"Alarm {timer.label!r}" if timer.label else "Alarm"
    return ToolOutput(
        data=_as_data(timer, now),
        display=f"{name} set for {_ringing(timer, now)}.",
    )


@tool(name="timer.remind", side_effects="reversible")
async def remind(ctx: ToolContext, text: str, when: str, repeat: str = "") -> ToolOutput:
    """Remind the user of something at a time or after a while, once or repeating.

    Args:
        text: What to remind them of, e.g. "call mom".
        when: A time ("tomorrow at 9am", "5pm") or a delay ("in 20 minutes"): the (first) time.
        repeat: How it repeats: "daily", "weekdays", "weekends", "weekly", "hourly", or days
            such as "mon,thu"; empty for once.
    """
    message = re.sub(r"^(?:to|about|that)\s+", "", text.strip(), flags=re.IGNORECASE)
    if not message:
        raise ToolExecutionError("Say what the reminder is about, e.g. 'call mom'.")
    now = ctx.runtime.clock.now()
    due, rule = _repeating(when, now, "A reminder", repeat)
    timer = await timer_store(ctx).add(
        user=user_of(ctx),
        kind="reminder",
        due=due,
        message=message,
        thread_id=ctx.thread_id,
        repeat=rule,
    )
    return ToolOutput(
        data=_as_data(timer, now),
        display=f"Reminder set for {_ringing(timer, now)}: {message}.",
    )


@tool(name="timer.list")
async def list_timers(
    ctx: ToolContext,
    target: str = "",
    kind: str = "",
    state: str = "",
    count: bool = False,
    when: str = "",
    notify: bool = False,
) -> ToolOutput:
    """List the user's running and paused timers, alarms and reminders with the time left.

    Args:
        target: Only these: a label ("tea"), a number ("2"), or a kind ("alarms"); empty for
            all of them.
        kind: Only this kind: "timer", "alarm" or "reminder" (empty: all three).
        state: "running" to leave paused ones out (empty: running and paused).
        count: Answer with how many there are ("how many timers do I have running?").
        when: Only those that ring then: an ISO date ("2026-01-10", that day), an ISO
            date-time (that minute), a clock time ("07:30", any day), a span of either
            ("05:00/12:00": mornings), or alternatives ("06:30 or 18:30"); empty for any time.
        notify: Asked to be told when it ends ("notify me when the timer ends"): say that it
            will, as every one does.
    """
    now = ctx.runtime.clock.now()
    timers = due_matches(await timer_store(ctx).list_timers(user_of(ctx), ACTIVE), when, now)
    words = re.sub(r"\b(?:the|my|our|this|that|of|for|all)\b|#", " ", target.lower()).split()
    kinds = {KIND_WORDS[w.rstrip("s")] for w in words if w.rstrip("s") in KIND_WORDS}
    if wanted := KIND_WORDS.get(kind.strip().lower().rstrip("s")):
        kinds.add(wanted)
    name = " ".join(w for w in words if w.rstrip("s") not in KIND_WORDS)
    if kinds:
        timers = [t for t in timers if t.kind in kinds]
    if state == "running":
        timers = [t for t in timers if t.state == "running"]
    if name:
        every = timers
        timers = [t for t in every if str(t.id) == name] or _called(every, name)
        if not timers:
            what = "/".join(sorted(kinds)) or "timer, alarm or reminder"
            others = f" (you have: {names(every, ctx)})" if every else ""
            return ToolOutput(data=[], display=f"You have no {what} called {name!r}{others}.")
    running = " running" if state == "running" else ""
    if notify:
        display = notice_reply(timers, now, kinds)
    elif count:
        one = " or ".join(sorted(kinds)) or "timer, alarm or reminder"
        many = " or ".join(f"{k}s" for k in sorted(kinds)) or "timers, alarms or reminders"
        display = f"You have {len(timers) or 'no'} {one if len(timers) == 1 else many}{running}."
        if timers:
            display = display[:-1] + ": " + "; ".join(described(timers, now)) + "."
    elif not timers:
        what = " or ".join(f"{k}s" for k in sorted(kinds)) or "timers, alarms or reminders"
        display = f"You have no {what}{running} set{_then(when, now)}."
    elif len(timers) == 1:
        display = _describe(timers[0], now)
        display = display[0].upper() + display[1:] + "."
    else:
        display = f"You have {len(timers)}: " + "; ".join(described(timers, now)) + "."
    return ToolOutput(data=[_as_data(t, now) for t in timers], display=display)


def _then(when: str, now: datetime) -> str:
    """How an empty listing says the filter: " for Fri 9 Jan", " at that time", or ""."""
    if re.fullmatch(r"\s*\d{4}-\d{2}-\d{2}\s*", when):
        return " for " + said_when(when, now).removeprefix("on ")
    return " at that time" if ":" in when else ""


@tool(name="timer.cancel", side_effects="reversible")
async def cancel(ctx: ToolContext, target: str = "", when: str = "") -> ToolOutput:
    """Cancel timers, alarms or reminders.

    Args:
        target: Which: a label ("pasta"), a number ("3"), "all", "all alarms", or empty for
            the only one there is.
        when: Only those that ring then, as timer.list's `when` ("07:30", "2026-01-10",
            "05:00/12:00", "06:30 or 18:30"); empty for any time.
    """
    if (stopped := await stop_ringing(ctx, target, when)) is not None:
        return stopped  # "stop it" / "stop the alarm" while it rings: that one, done
    if target == ASK_WHICH:  # a bare "cancel": what rings stops, else it asks which
        return await stop_ringing(ctx, "", when) or await ask_which(ctx)
    if target == RINGING_NOW:  # "stop" in a thread about nothing: only what rings
        return ToolOutput(data=[], display="Nothing is ringing right now.")
    now = ctx.runtime.clock.now()
    store = timer_store(ctx)
    found = await resolve(ctx, target, ACTIVE, "cancel", when=when)
    skipped = []
    if _A_DAY.search(when):  # "no alarm tomorrow": a repeating one skips that day's ring only
        for timer in [t for t in found if t.repeat]:
            if timer.due_at is not None:
                later = await store.extend(timer.id, _skip(timer, when, now) - timer.due_at)
                skipped.append((timer, later))
                found.remove(timer)
    cancelled = [await store.cancel(t.id) for t in found]
    parts = [skipped_reply(before, after, now) for before, after in skipped]
    if len(cancelled) == 1:
        parts.append(f"Cancelled {_describe(cancelled[0], now, brief=True)}.")
    elif cancelled:
        named = ", ".join(
            said_name(t) if t.kind == "timer" else _describe(t, now, brief=True) for t in cancelled
        )
        parts.append(f"Cancelled {len(cancelled)}: {named}.")
    return ToolOutput(
        data=[_as_data(t, now) for t in [*cancelled, *(after for _, after in skipped)]],
        display=" ".join(parts),
    )


_A_DAY = lazy_pattern(r"\d{4}-\d{2}-\d{2}")
"""A `when` naming a day or a span of days (not a clock time on any day, not days of the week)."""


def _skip(timer: Timer, when: str, now: datetime) -> datetime:
    """The first ring of a repeating `timer` after those that ring at `when`."""
    due = timer.due_at or now
    for _ in range(400):
        due = next_due(due, timer.repeat, due)
        if not due_matches([replace(timer, due_at=due)], when, now):
            break
    return due


@tool(name="timer.pause", side_effects="reversible")
async def pause(ctx: ToolContext, target: str = "") -> ToolOutput:
    """Pause a running countdown timer, keeping the time left.

    Args:
        target: Which timer: a label, a number, "all", or empty for the only running one.
    """
    now = ctx.runtime.clock.now()
    store = timer_store(ctx)
    paused = [
        await store.pause(t.id)
        for t in await resolve(ctx, target, ("running",), "pause", ("timer",))
    ]
    return ToolOutput(
        data=[_as_data(t, now) for t in paused],
        display="Paused "
        + "; ".join(_describe(t, now).removesuffix(" (paused)") for t in paused)
        + ".",
    )


@tool(name="timer.resume", side_effects="reversible")
async def resume(ctx: ToolContext, target: str = "") -> ToolOutput:
    """Resume a paused timer with the time it had left.

    Args:
        target: Which timer: a label, a number, "all", or empty for the only paused one.
    """
    now = ctx.runtime.clock.now()
    store = timer_store(ctx)
    resumed = [
        await store.resume(t.id)
        for t in await resolve(ctx, target, ("paused",), "resume", ("timer",))
    ]
    parts = [f"{_describe(t, now)} ({_ends(t.due_at or now, now)})" for t in resumed]
    return ToolOutput(
        data=[_as_data(t, now) for t in resumed], display=f"Resumed {'; '.join(parts)}."
    )


@tool(name="timer.extend", side_effects="reversible")
async def extend(ctx: ToolContext, by: str, target: str = "", when: str = "") -> ToolOutput:
    """Add time to a running or paused timer, or make an alarm or reminder ring later.

    Args:
        by: How much to add, e.g. "5 minutes".
        target: Which one: a label, a number, or empty for the only one there is.
        when: Only the one that rings then, as timer.list's `when` ("07:00"): "push my 7am
            alarm back 10 minutes".
    """
    value = duration_of(by, "The extra time")
    now = ctx.runtime.clock.now()
    store = timer_store(ctx)
    found = await resolve(ctx, target, ACTIVE, "extend", when=when)
    changed = [await store.extend(t.id, value) for t in found]
    alone = await _only_timer(ctx)
    parts = [
        _changed(before, after, now, alone) for before, after in zip(found, changed, strict=True)
    ]
    return ToolOutput(
        data=[_as_data(t, now) for t in changed],
        display=f"Added {format_duration(value)} to {'; '.join(parts)}.",
    )


@tool(name="timer.shorten", side_effects="reversible")
async def shorten(ctx: ToolContext, by: str, target: str = "", when: str = "") -> ToolOutput:
    """Take time off a timer, or make an alarm or reminder ring earlier.

    "take 5 minutes off the pizza timer", "make my alarm 15 minutes earlier".

    Args:
        by: How much to take off, e.g. "5 minutes".
        target: Which one: a label, its length ("1 hour"), a number, or empty for the only one.
        when: Only the one that rings then, as timer.list's `when` ("07:00").
    """
    value = duration_of(by, "The time to take off")
    now = ctx.runtime.clock.now()
    store = timer_store(ctx)
    found = await resolve(ctx, target, ACTIVE, "shorten", when=when)
    for timer in found:
        left = timer.remaining(now)
        if left > value:
            continue
        if timer.kind == "timer":
            name = said_name(timer)
            raise ToolExecutionError(
                f"{name[0].upper()}{name[1:]} has only {format_duration(left)} left, so I can't "
                f"take "
                f"{format_duration(value)} off; nothing was changed."
            )
        raise ToolExecutionError(
            f"Your {_describe(timer, now, brief=True)} is only {format_duration(left)} away, so "
            f"it can't ring {format_duration(value)} earlier; nothing was changed."
        )
    changed = [await store.extend(t.id, -value) for t in found]
    if all(t.kind != "timer" for t in changed):
        moved = "; ".join(_describe(t, now, brief=True) for t in changed)
        return ToolOutput(
            data=[_as_data(t, now) for t in changed],
            display=f"Moved {format_duration(value)} earlier: {moved}.",
        )
    alone = await _only_timer(ctx)
    parts = [
        _changed(before, after, now, alone) for before, after in zip(found, changed, strict=True)
    ]
    return ToolOutput(
        data=[_as_data(t, now) for t in changed],
        display=f"Took {format_duration(value)} off {'; '.join(parts)}.",
    )


async def _only_timer(ctx: ToolContext) -> bool:
    """Whether the user has one countdown timer (running or paused), no other."""
    timers = await timer_store(ctx).list_timers(user_of(ctx), ACTIVE)
    return sum(t.kind == "timer" for t in timers) == 1


def _changed(before: Timer, after: Timer, now: datetime, alone: bool = False) -> str:
    """What was made longer or shorter, in words.

    A timer with the time it has left now: "your timer: 12 minutes left now (ends at 09:12)"
    when it is the only one, else by its label or its length before ("the pasta timer", "the
    10-minute timer"); an alarm or a reminder as it is now ("your alarm for tomorrow at 07:10").
    """
    if after.kind != "timer":
        return f"your {_describe(after, now, brief=True)}"
    name = said_name(before)
    if alone and not before.label:
        name = "your timer"
    elif before.label and not re.search(r"\btimer$", name, re.I):
        name = f"the {name} timer"  # "the pasta timer"
    left = format_duration(after.remaining(now))
    return f"{name}: {left} left now ({_ends(after.due_at, now) if after.due_at else 'paused'})"

"""Calendar tools: create, list, update and delete events, find free time."""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.registry.spec import Approval, ToolContext, ToolOutput, tool
from agent_system.repository import open_repository
from agent_system.routing.slots import (
    format_duration,
    parse_date_range,
    parse_when,
)
from agent_system.runtime import Dependency
from agent_system.understanding._format import said_together
from agent_system.understanding.locale import format_clock
from roles.calendar._about import DETAILS, about
from roles.calendar._before import event_before
from roles.calendar._clearing import clear, clear_question, clears_a_period
from roles.calendar._display import day_phrase, hours, period_said, when_said
from roles.calendar._ends import repeat_until
from roles.calendar._guests import people_said, with_guests
from roles.calendar._listed import (
    listed_items,
    no_to,
    nothing_first,
    one_checked,
    one_series,
    yes_to,
)
from roles.calendar._pick import which_to_delete
from roles.calendar._refs import on_its_day, resolve_event
from roles.calendar._reminders import agenda_asked, asked_period, reminders_listed, reminders_said
from roles.calendar._repeats import read_repeat
from roles.calendar._series import delete_repeating, first_day, move_repeating, repeat_phrase
from roles.calendar._times import (
    new_length,
    part_only,
    read_clock,
    read_end,
    read_length,
    read_moment,
)
from roles.calendar.store import CalendarStore, Event
from tools._told import fact_told
from tools.memory import said_back

__all__ = ["create", "delete", "free_time", "list_events", "remind_before", "update"]

DEFAULT_LENGTH = timedelta(hours=1)
_YEAR = timedelta(days=365)


STORE: Dependency[CalendarStore] = Dependency(
    "calendar.store",
    lambda rt: CalendarStore(open_repository(rt), rt.clock),
    description="Events, per user.",
)


def calendar_store(ctx: ToolContext) -> CalendarStore:
    """The runtime's shared `CalendarStore`."""
    return ctx.runtime.get(STORE)


def _user(ctx: ToolContext) -> str:
    return ctx.user or ""


async def _conflict_note(store: CalendarStore, event: Event) -> str:
    if event.all_day:
        return ""
    others = await store.conflicts(event.user, event.start, event.end, exclude=event.id)
    if not others:
        return ""
    names = ", ".join(f"{o.title!r} {hours(o)}" for o in others)
    return f" Note: overlaps with {names}."


async def _resolve_event(ctx: ToolContext, reference: str) -> Event:
    """The one event `reference` names: a number, (part of) a title, with its day or hour."""
    now = ctx.runtime.clock.now()
    return await resolve_event(
        calendar_store(ctx), _user(ctx), reference, now, lambda e: when_said(e, now.date())
    )


@tool(name="calendar.create", side_effects="reversible")
async def create(
    ctx: ToolContext,
    title: str,
    start: str,
    end: str = "",
    duration: str = "",
    location: str = "",
    repeat: str = "",
    interval: int = 1,
    until: str = "",
    count: int = 0,
) -> ToolOutput:
    """Add an event (once, or repeating) to the user's calendar; warn about overlaps.

    Args:
        title: What the event is, e.g. "Dentist".
        start: When it starts, e.g. "tomorrow at 3pm", "on the 14th at 10am". A day without a
            time makes an all-day event.
        end: When it ends, e.g. "4pm". Optional.
        duration: How long it lasts, e.g. "30 minutes" (default 1 hour). Ignored when `end` is
            given.
        location: Where it takes place. Optional.
        repeat: How it repeats: "daily", "weekdays", "weekends", "weekly", or days such as
            "mon" or "mon,thu". Optional.
        interval: Weeks between occurrences (days, when daily): 2 is "every other week".
        until: The last day a repeating event comes, e.g. "2026-05-31", "june 15". Optional.
        count: How many times a repeating event comes ("4 times"), when `until` is empty.
    """
    name = title.strip()
    if not name:
        raise ToolExecutionError(
            "Say what the event is called, e.g. 'Dentist'.", code=ErrorCode.NEEDS_INPUT
        )
    now = ctx.runtime.clock.now()
    begin, timed = read_moment(start, now, "a start time")
    if not timed:
        finish = begin + timedelta(days=1)
    elif end.strip():
        finish = read_end(end, begin, now)
    else:
        finish = begin + (read_length(duration) if duration.strip() else DEFAULT_LENGTH)
    rule = read_repeat(repeat, begin) if repeat.strip() else ""
    if rule:
        first = first_day(begin, rule, now)
        begin, finish = first, first + (finish - begin)
    store = calendar_store(ctx)
    last = repeat_until(rule, until, count, begin, finish, now) if rule else ""
    event = await store.add(
        _user(ctx),
        name,
        begin,
        finish,
        all_day=not timed,
        location=location.strip(),
        repeat=rule,
        interval=max(1, min(interval, 4)),
        until=last,
    )
    where = f" at {event.location}" if event.location else ""
    when = repeat_phrase(event, now) if rule else when_said(event, now.date())
    display = f"Added {event.title!r} {when}{where}."
    if timed and (part := part_only(start)):  # "friday morning": say the hour it was given
        display += f" I took {part} as {format_clock(event.start)}; say another time to move it."
    return ToolOutput(data=event.as_data(), display=display + await _conflict_note(store, event))


_GENERIC_WORDS = frozenset(
    "meeting meetings appointment appointments appt event events thing things the my a an any "
    "of".split()
)


def _query_words(query: str) -> list[str]:
    """The words of an event query that name something ("meeting" alone names nothing)."""
    words = [
        w.removesuffix("'s").strip("'").rstrip("s")
        for w in re.findall(r"[a-z0-9']+", query.lower())
    ]
    return [w for w in words if w and w not in _GENERIC_WORDS and w + "s" not in _GENERIC_WORDS]


def _matching(events: list[Event], query: str) -> list[Event]:
    """The events whose title or place has every word of `query` that names something."""
    words = _query_words(query)
    if not words:
        return events
    return [
        e
        for e in events
        if all(w in f"{e.title} {e.location}".lower().replace("'s", "") for w in words)
    ]


async def _nothing(ctx: ToolContext, query: str, label: str, check: bool) -> str:
    """Nothing (called `query`) in the period, said.

    When the event named is on another day, says when ("...; it's on Wed 7 Jan at 15:00"); a
    yes/no check says "No".
    """
    named = f" called {query.strip()!r}" if _query_words(query) else ""
    told = await fact_told(ctx.runtime.store, ctx.user, query) if named else None
    if told:  # "the party is at 8" was told, not added
        return f"Nothing{named} on your calendar {label}, but you told me that {said_back(told)}."
    later: list[Event] = []
    if named:  # "is the dentist still on tuesday?" after moving it
        now = ctx.runtime.clock.now()
        found = await calendar_store(ctx).between(_user(ctx), now, now + _YEAR)
        later = _matching(found, query)[:1]
    return no_to(f"Nothing{named} on your calendar {label}", later, check, ctx.runtime.clock.now())


@tool(name="calendar.list")
async def list_events(
    ctx: ToolContext,
    period: str = "",
    start: str = "",
    end: str = "",
    limit: int = 0,
    query: str = "",
    event: str = "",
    detail: str = "",
    reminders: bool = False,
    check: bool = False,
) -> ToolOutput:
    """List the user's events in a period, or tell one event's details.

    Args:
        limit: At most this many events, the earliest first (1: "what's my next meeting").
            0 lists them all.
        period: "today" (the default), "tomorrow", "this week", "next monday", "on the
            14th"... Used when `start` is empty.
        start: Start of an explicit range (date or date-time). Optional.
        end: End of the explicit range (exclusive). Optional; default one day after `start`.
        query: Only events whose title or place has these words ("wedding", "doctor
            appointment"); "meeting", "event" and "appointment" alone match every event.
        event: One event (its number or title) to tell about instead of a listing. Optional.
        detail: What to tell about `event`: "when", "where", "who", "length" or "end".
        reminders: List the reminders due in the period instead of the events ("what are my
            reminders this week"); with neither `start` nor `period`, every pending one.
        check: A yes/no question ("is the dentist still on tuesday?"): the reply starts "Yes"
            or "No", and says when the event named by `query` is if not in the period.
    """
    now = ctx.runtime.clock.now()
    if reminders:
        return await reminders_listed(ctx, period, start, end)
    if event.strip():
        that = await _resolve_event(ctx, event)
        if check and start.strip():  # "is it still on monday?"
            begin, finish = asked_period(period or "today", start, end, now)
            return ToolOutput(data=that.as_data(), display=one_checked(that, begin, finish, now))
        asked = detail.strip().lower() if detail.strip().lower() in DETAILS else "when"
        return ToolOutput(data=that.as_data(), display=about(that, asked, now.date()))
    begin, finish = asked_period(period or "today", start, end, now)
    events = _matching(await calendar_store(ctx).between(_user(ctx), begin, finish), query)
    if limit > 0:
        events = [e for e in events if e.start >= begin or e.all_day][:limit]
        if not events:
            return ToolOutput(data=[], display=nothing_first(begin, finish, now))
        first = events[0]
        where = f" ({first.location})" if first.location else ""
        moment = when_said(first, now.date())
        if limit == 1:
            return ToolOutput(
                data=[first.as_data()], display=f"Next: {first.title}{where}, {moment}."
            )
    one_day, label = period_said(begin, finish, now)
    due = await reminders_said(ctx, begin, finish, one_day) if agenda_asked(query) else ""
    if not events:
        return ToolOutput(data=[], display=await _nothing(ctx, query, label, check) + due)
    if check:
        return ToolOutput(data=[e.as_data() for e in events], display=yes_to(events, now))
    ahead = label == "in the coming year" or abs(begin - now) < timedelta(minutes=1)
    if ahead and (series := one_series(events, now)) is not None:
        return ToolOutput(data=[e.as_data() for e in events], display=series + due)
    items = listed_items(events, one_day, ahead, now)
    count = f"{len(items)} event{'s' if len(items) != 1 else ''}"
    label = label[3:] if label.startswith("on ") else label
    label = "coming up" if label == "in the coming year" else label
    return ToolOutput(
        data=[e.as_data() for e in events],
        display=f"{label[0].upper()}{label[1:]}: {count}: " + "; ".join(items) + "." + due,
    )


@tool(name="calendar.update", side_effects="reversible")
async def update(
    ctx: ToolContext,
    event: str,
    title: str = "",
    start: str = "",
    end: str = "",
    duration: str = "",
    location: str = "",
    shift: str = "",
    invite: str = "",
) -> ToolOutput:
    """Change an event: move it, rename it, change its length or place, add people to it.

    Args:
        event: Which event: its number or (part of) its title.
        title: New title. Optional.
        start: New start, e.g. "friday at 3pm"; a time alone keeps the day, a day alone keeps
            the time. The length is kept unless `end` or `duration` is given. Optional.
        end: New end time. Optional.
        duration: New length, e.g. "45 minutes"; "+1 hour" or "-15 minutes" make it that much
            longer or shorter. Optional.
        location: New location. Optional.
        shift: Move it by this much instead of to a new start: "1 hour" later, "-30 minutes"
            earlier ("push it back an hour"). Optional.
        invite: People to add, e.g. "Ben and Sara": they join the title ('Yoga with Ben');
            no invitation is sent. Optional.
    """
    if not any(v.strip() for v in (title, start, end, duration, location, shift, invite)):
        raise ToolExecutionError(
            "Say what to change: a new time, title, length or location.", code=ErrorCode.NEEDS_INPUT
        )
    current = await _resolve_event(ctx, event)
    if invite.strip():
        return await _invite(ctx, current, people_said(invite))
    now = ctx.runtime.clock.now()
    changes: dict[str, object] = {}
    begin, length = current.start, current.end - current.start
    if start.strip():
        day = current.start.astimezone(now.tzinfo).date()
        near = current.start.astimezone(now.tzinfo).hour  # "make that 8" for a 7pm event: 20:00
        found = on_its_day(start, day, now, near) or parse_when(start, now)
        if found is None:
            raise ToolExecutionError(
                f"I couldn't read {start!r} as a new start time.", code=ErrorCode.NEEDS_INPUT
            )
        if not found.has_date:
            begin = datetime.combine(current.start.date(), found.value.timetz())
        elif not found.has_time:
            begin = datetime.combine(found.value.date(), current.start.timetz())
        else:
            begin = found.value
    if shift.strip():
        by = read_length(shift.strip().lstrip("+-").strip())
        begin += -by if shift.strip().startswith("-") else by
    if duration.strip():
        length = new_length(duration.strip(), length)  # "45 minutes", "+1 hour", "-15 minutes"
    finish = begin + length
    if end.strip():
        finish = read_end(end, begin, now)
    if finish <= begin:
        raise ToolExecutionError(
            f"The event must end after it starts ({begin:%H:%M}).", code=ErrorCode.NEEDS_INPUT
        )
    if current.repeat and (begin, finish) != (current.start, current.end):
        return await move_repeating(calendar_store(ctx), current, begin, finish, now)
    if not current.repeat:  # a repeating event renamed keeps its days
        changes.update(start=begin, end=finish)
    if title.strip():
        changes["title"] = title.strip()
    if location.strip():
        changes["location"] = location.strip()
    store = calendar_store(ctx)
    changed = await store.update(current.id, **changes)
    verb = "Moved" if changed.start != current.start else "Updated"
    display = f"{verb} {current.title!r}"
    if changed.title != current.title:
        display += f" (now {changed.title!r})"
    display += f": {when_said(changed, now.date())}"
    display += f" at {changed.location}." if changed.location else "."
    return ToolOutput(
        data=changed.as_data(), display=display + await _conflict_note(store, changed)
    )


async def _invite(ctx: ToolContext, current: Event, people: list[str]) -> ToolOutput:
    """`people` added to the event's title ('Yoga with Ben'); no invitation is sent."""
    title, new = with_guests(current.title, people)
    when = when_said(current, ctx.runtime.clock.now().date())
    if not new:
        named = said_together(people)
        display = f"{current.title!r} ({when}) already names {named}."
        return ToolOutput(data=current.as_data(), display=display)
    changed = await calendar_store(ctx).update(current.id, title=title)
    who = said_together(new)
    return ToolOutput(
        data=changed.as_data(),
        display=f"Added {who} to {current.title!r} (now {title!r}) {when}; no invitation is sent.",
    )


async def _clear_question(
    ctx: ToolContext, event: str = "", start: str = "", end: str = "", series: bool = False
) -> Approval:
    """Before a period is cleared: the question, when two or more events would go."""
    return await clear_question(
        calendar_store(ctx), _user(ctx), start, end, ctx.runtime.clock.now()
    )


@tool(
    name="calendar.delete",
    side_effects="irreversible",
    approval_if=clears_a_period,
    precheck=_clear_question,
)
async def delete(
    ctx: ToolContext, event: str = "", start: str = "", end: str = "", series: bool = False
) -> ToolOutput:
    """Delete an event, or every event of a period ("clear my friday": 2+ events ask first).

    Args:
        event: Which event: its number or (part of) its title. Empty when `start` is given.
        start: Start of a period whose every event goes ("clear my friday"). Optional.
        end: End of that period (exclusive). Optional; default one day after `start`.
        series: For a repeating event: delete every occurrence ("delete my gym series");
            without it, the one occurrence named by its day goes.
    """
    if start.strip():
        now = ctx.runtime.clock.now()
        return await clear(calendar_store(ctx), _user(ctx), start, end, now)
    if not event.strip():  # "delete this event" with none in the conversation
        now = ctx.runtime.clock.now()
        asked = await which_to_delete(calendar_store(ctx), _user(ctx), now)
        raise ToolExecutionError(asked, code=ErrorCode.NEEDS_INPUT)
    found = await _resolve_event(ctx, event)
    if found.repeat:
        return await delete_repeating(calendar_store(ctx), found, series, ctx.runtime.clock.now())
    await calendar_store(ctx).delete(found.id)
    today = ctx.runtime.clock.now().date()
    return ToolOutput(
        data=found.as_data(), display=f"Deleted {found.title!r} ({when_said(found, today)})."
    )


@tool(name="calendar.free_time")
async def free_time(
    ctx: ToolContext,
    date: str = "today",
    duration: str = "30 minutes",
    day_start: str = "09:00",
    day_end: str = "18:00",
) -> ToolOutput:
    """Find free slots of at least a given length on a day (or over a period).

    Args:
        date: The day or period: "today", "tomorrow", "friday", "this week".
        duration: The shortest useful slot, e.g. "1 hour".
        day_start: Start of the working day, "HH:MM".
        day_end: End of the working day, "HH:MM".
    """
    now = ctx.runtime.clock.now()
    period = parse_date_range(date, now)
    if period is None:
        raise ToolExecutionError(
            f"I couldn't read {date!r} as a day; try 'today' or 'friday'.",
            code=ErrorCode.NEEDS_INPUT,
        )
    minimum = read_length(duration)
    opens = read_clock(day_start, "The start of the day")
    closes = read_clock(day_end, "The end of the day")
    store, user = calendar_store(ctx), _user(ctx)
    day, lines = period[0].date(), []
    data: list[dict[str, object]] = []
    while day < period[1].date() and len(data) < 14:
        begin = max(datetime.combine(day, opens, tzinfo=now.tzinfo), now)
        finish = datetime.combine(day, closes, tzinfo=now.tzinfo)
        if closes == time(0):  # "am i free after 5": until midnight
            finish += timedelta(days=1)
        slots = await store.free_slots(user, begin, finish, minimum) if begin < finish else []
        if slots:
            text = ", ".join(f"{format_clock(s)}-{format_clock(e)}" for s, e in slots)
            lines.append(f"{day_phrase(day, now.date())}: {text}")
            data.append(
                {
                    "date": day.isoformat(),
                    "slots": [[s.isoformat(), e.isoformat()] for s, e in slots],
                }
            )
        day += timedelta(days=1)
    if not lines:
        return ToolOutput(
            data=[],
            display=f"No free slot of {format_duration(minimum)} between {format_clock(opens)} "
            f"and {format_clock(closes)} {day_phrase(period[0].date(), now.date())}.",
        )
    return ToolOutput(data=data, display="Free " + "; ".join(lines) + ".")


@tool(name="calendar.remind_before", side_effects="reversible")
async def remind_before(
    ctx: ToolContext, event: str, before: str, text: str = "", alarm: bool = False
) -> ToolOutput:
    """Set a reminder (or an alarm) a length before an event on the calendar.

    Args:
        event: The event, as said: "my meeting", "the dance class tomorrow".
        before: How long before it starts, e.g. "15 minutes", "an hour".
        text: What to remind of. Optional: the event's title.
        alarm: An alarm instead of a reminder.
    """
    from roles.timer import tools as timer_tools

    now = ctx.runtime.clock.now()
    found = await event_before(calendar_store(ctx), _user(ctx), event, now)
    at = found.start - read_length(before)
    if at <= now:
        raise ToolExecutionError(
            f"{found.title!r} starts at {format_clock(found.start)}, so {before} before it has "
            "already passed.",
            code=ErrorCode.NEEDS_INPUT,
        )
    if alarm:
        return await timer_tools.alarm(ctx, at=at.isoformat(), label=found.title)
    return await timer_tools.remind(ctx, text=text.strip() or found.title, when=at.isoformat())

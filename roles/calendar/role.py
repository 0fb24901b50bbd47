"""The calendar role: "what's on tomorrow", "add dentist on the 14th at 10am", "cancel standup"."""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan, with_previous_turn
from agent_system.routing.slots import (
    format_duration,
    parse_date_range,
    parse_duration,
    parse_when,
)
from agent_system.understanding import normalize
from agent_system.understanding._daytime import day_window, event_moment
from agent_system.understanding._frame_calendar import event_shift
from agent_system.understanding._gate import StageGate
from agent_system.understanding._text import numbers_to_digits
from roles.calendar._asked import (
    NAME_IT,
    SOMETHING,
    WHAT_AND_WHEN,
    WHICH_TO_CHANGE,
    WHICH_TO_DELETE,
    event_answered,
    title_answered,
    which_event_answered,
)
from roles.calendar._checks import checked_event
from roles.calendar._clear import cleared_day
from roles.calendar._ends import repeat_end
from roles.calendar._pick import picked_answered
from roles.calendar._reading import (
    ASKS_WHEN,
    BARE_PERIOD,
    GENERIC,
    NEXT,
    PATTERNS,
    as_reminder,
    asked_plainly,
    asks_reminders,
    event_query,
    intent_of,
    is_bare_event,
    reminded_event,
    strip_courtesy,
)
from roles.calendar._readings import (
    ALL_OF,
    NO_NAME,
    SERIES,
    checked_listing,
    clocked,
    day_after,
    for_the_hour,
    said_parts,
    strip_time_range,
)
from roles.calendar._reminder_list import reminder_listing
from roles.calendar._repeats import repeat_said
from roles.calendar._said_changes import said_change
from roles.calendar._same_day import keep_the_day
from roles.calendar._several import several_added, several_removed
from roles.calendar._shapes import FREE_SHAPE, deletes_event, loose_time, stated_off, tidy_title
from roles.calendar._time_answered import time_answered
from roles.calendar._times import part_only
from roles.calendar._titles import (
    ADDRESS,
    ALL_DAY,
    BLOCK,
    TIME_RANGE,
    extract_title,
    marked_as,
    take_address,
)
from roles.calendar._unnamed import next_one, role_words
from roles.calendar._which import (
    NOT_GOING,
    REF_NOISE,
    REMOVED,
    TAKE_OFF,
    event_reference,
    found_then_changed,
)
from roles.calendar._windows import asked_window
from roles.calendar._within import within_period

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["ROLE", "CalendarRole", "event_query", "extract_title"]


GATE = StageGate.of(
    "calendar",
    r"calendar|\w*schedul|meetings?\b|appointments?\b|appts?\b|events?\b|agenda|diary"
    r"|plans?\b|planned|busy|free\b|booked|book\b|party|parties|lunch|dinner|breakfast"
    r"|brunch|date\b|birthday|anniversar|conference|call\b|reminders?\b|remind|happening"
    r"|going on|on\b|today|tonight|tomorrow|week|weekend|month|day\b|days\b|\w+day\b"
    r"|morning|afternoon|evening|night|o'clock|noon|midnight|next\b|january|february|march"
    r"|april|may\b|june|july|august|september|october|november|december|jan\b|feb\b|mar\b"
    r"|apr\b|jun\b|jul\b|aug\b|sep\b|sept\b|oct\b|nov\b|dec\b|cancel|delete|remove|move"
    r"|push|reschedul|postpone|add\b|put\b|set up|organi[sz]e|arrange|invite|pencil|block"
    r"|when|where|how long|coming up|later\b|scrap|forward|meant\b|meet"
    r"|clear|time\b|supposed|for good|from now on|altogether|bump|shift|switch|change"
    r"|earlier|sooner|no longer|anymore|any more|make\b|get rid|take place|go ahead|going ahead",
)
"""The words without which the calendar's stage cannot claim a request; a follow-up or an answer to
the role's question is asked anyway (agent_system/understanding/_gate.py)."""


_FIRST = lazy_pattern(r"\bfirst\s+(?:thing|up|event|meeting|appointment)\b", re.IGNORECASE)


class CalendarRole:
    """The user's calendar: events, agenda, free time."""

    name = "calendar"
    tool_modules = ("roles.calendar.tools",)
    day_context = True
    routing_hint = "the user's calendar: events, meetings, appointments, free time"
    description = (
        "The user's calendar: add, list, move, rename and delete events, report conflicts, "
        "and find free time on a day."
    )
    examples = (
        "what's on my calendar today",
        "what do I have tomorrow",
        "show my agenda for this week",
        "any meetings next monday",
        "what's next on my calendar",
        "am I busy on friday afternoon",
        "add dentist appointment on the 14th at 10am",
        "schedule a meeting with Bob tomorrow at 3pm",
        "book lunch with Sam at Luigi's on friday at 1pm",
        "put standup on my calendar tomorrow at 9:30 for 15 minutes",
        "create an event called team review next tuesday from 2 to 4pm",
        "add mom's birthday on march 3rd",
        "move the dentist to thursday at 11",
        "reschedule my meeting with Bob to 4pm",
        "rename standup to daily sync",
        "cancel my dentist appointment",
        "delete the team review from my calendar",
        "when am I free tomorrow",
        "do I have a free hour on wednesday",
        "find me 30 minutes of free time today",
        "do I have anything on tomorrow",
        "have I got anything on this weekend",
        "what's my next meeting",
        "when is my next appointment",
        "cancel lunch with Sam",
        "call off the team dinner",
        "move lunch with Sam to 2pm",
        "push my 3 o'clock back an hour",
        "mark my calendar for the school play on the 12th at 6pm",
        "block out friday afternoon for focus time",
        "pencil in coffee with Ana on thursday at 10",
    )

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | RolePlan | Clarification:
        """Pick calendar.create/list/update/delete/free_time from the words used."""
        said = strip_courtesy(text)
        reminder = as_reminder(said)  # "remind me to meet Joe at noon", "notify me of ..."
        asked: Clarification | None = None
        if reminder is not None or asks_reminders(said):  # "what are my reminders this week"
            from roles.timer.role import ROLE as TIMER

            asked_text = asked_plainly(text) if reminder is None else reminder
            timer = TIMER.interpret(asked_text, slots, runtime, history)
            if isinstance(timer, RoleCall):  # "what are my reminders this week": the listing
                return (reminder is None and reminder_listing(timer)) or timer
            asked = timer if isinstance(timer, Clarification) else None
        now = runtime.clock.now()
        if (completed := which_event_answered(text, history)) is not None:
            return self._interpret(completed, now)  # "cancel it" ... "the lunch"
        if (added := event_answered(text, history)) is not None:  # "add something" ... "yoga"
            return self._create(strip_courtesy(added), now)
        if (named := title_answered(text, history)) is not None:  # "add one at 3" ... "yoga"
            return self._create(strip_courtesy(named[0]), now, named[1])
        if (picked := picked_answered(text, history)) is not None:
            return self._interpret(picked, now)  # "Which event should I delete: ...?" "the 2nd"
        text = time_answered(text, history, now) or text  # "it's at 11", "in the morning"
        event = with_previous_turn(lambda t: self._interpret(t, now), text, history, self.name)
        if isinstance(event, RoleCall):  # "book yoga friday at 6" ... "and dinner at 8"
            event = keep_the_day(event, text, history, now)
        if (
            event == Clarification(WHICH_TO_DELETE, missing=("event",))
            and not (history and history[-1].role == self.name)
            and not re.search(r"\b(?:it|them)\b", text, re.IGNORECASE)  # a clause before
        ):
            return RoleCall("calendar.delete", {})  # the tool asks, naming the next events
        if asked is not None and isinstance(event, Clarification) and not reminded_event(said):
            return asked  # "remind me": the timer's question ("What should I remind you about?")
        return event

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim answers to its questions ("9am") and its everyday questions."""
        from roles.calendar._stage import calendar_stage

        return GATE.wrap(calendar_stage(runtime))

    def _interpret(self, text: str, now: datetime) -> RoleCall | RolePlan | Clarification:
        text = strip_courtesy(text)
        text = re.sub(r"^at\s+(?=what\s+time\b)", "", re.sub(r"\bwhats\b", "what's", text))
        text = found_then_changed(text)  # "find my next event and delete it"
        text = said_change(normalize(text)) or text  # "the book club is now at 8pm"
        if (checked := checked_event(normalize(text), now)) is not None:
            return checked_listing(self._list(f"is {checked[0]} {checked[1]}", now), checked[0])
        if reminded := reminded_event(text):  # "remind me of the meeting at 4": an event
            spoken = reminded_event(normalize(text)) or reminded  # "for twelve thirty": 12:30
            if said_parts(parse_when(spoken, now)) > said_parts(parse_when(reminded, now)):
                reminded = spoken
            return self._create(reminded, now)
        if (
            shifted := event_shift(normalize(text))
        ) is not None:  # "push my 3 o'clock back an hour"
            reference = REF_NOISE.sub("", shifted[0]).strip(" ,.?!")
            if re.fullmatch(r"(?:it|that|this|them)?", reference):
                return Clarification(WHICH_TO_CHANGE, missing=("event",))
            return RoleCall("calendar.update", {"event": reference, "shift": shifted[1]})
        said = normalize(text)
        if (upcoming := next_one(said, now)) is not None:  # "what's my next piano lesson"
            return upcoming
        if (changed := role_words(text, said)) is not None:  # "stop piano every monday"
            text, said = changed, normalize(changed)
        off = stated_off(said)  # "the party on saturday is off", "i'm skipping yoga tonight"
        intent = "create" if is_bare_event(text, now) else intent_of(text)
        if not FREE_SHAPE.search(said) and (cleared := cleared_day(said, now)) is not None:
            return cleared  # "clear my friday", "wipe my schedule for tomorrow"
        if FREE_SHAPE.search(said):
            intent = "free"  # "is my saturday clear": a question, not a clear-out
        elif off is not None or deletes_event(said):
            intent, text = "delete", said  # "clear my day on the twenty ninth": the 29th
        if intent == "delete":
            going = NOT_GOING.match(text) or TAKE_OFF.search(text)
            gone = REMOVED.match(text)  # "i want the dentist appointment removed"
            named = going[1] if going else (gone["event"] or gone["subject"]) if gone else off
            if going is not None and named is not None and going.re.pattern == TAKE_OFF.pattern:
                named = named.strip() + day_after(text[going.end() :])  # "... for tuesday"
            reference = (
                REF_NOISE.sub("", named).strip(" ,.?!")
                if named is not None
                else event_reference(text, PATTERNS["delete"])
            )
            series = SERIES.search(reference or "")  # "my gym series", "gym every monday"
            if series is not None:
                reference = (reference[: series.start()] + reference[series.end() :]).strip()
            elif every := ALL_OF.fullmatch(reference or ""):  # "all the team sync sessions"
                reference, series = every["name"], every
            if not reference or NO_NAME.fullmatch(re.sub(r"^(?:this|that)\s+", "", reference)):
                return Clarification(WHICH_TO_DELETE, missing=("event",))
            named_all = () if series else several_removed(reference)  # "my 3pm and 5pm"
            if not series and not named_all:  # "the three and five pm meetings"
                named_all = several_removed(numbers_to_digits(reference.lower()))
            if named_all:
                return RolePlan(
                    tuple(RoleCall("calendar.delete", {"event": clocked(n)}) for n in named_all)
                )
            return RoleCall(
                "calendar.delete",
                {"event": clocked(reference)} | ({"series": True} if series else {}),
            )
        if intent == "update":
            return self._update(text)
        if intent == "free":
            duration = parse_duration(text)
            period = re.search(r"\b(?:this|next)\s+(?:week|weekend)\b", text, re.IGNORECASE)
            days = [d for d in (parse_date_range(t, now) for t in (text, normalize(text))) if d]
            day = min(days, key=lambda d: d[1] - d[0]) if days else None  # "june fourteenth"
            date = period[0] if period else day[0].date().isoformat() if day else "today"
            arguments = {"date": date, "duration": format_duration(duration or timedelta(0))}
            if duration is None:
                arguments["duration"] = (
                    "1 hour" if re.search(r"\ban?\s+(?:free\s+)?hour", text) else "30 minutes"
                )
            span = day or parse_date_range("today", now)
            said = normalize(text)
            window = (
                asked_window(said, span[0], now) or day_window(said, span[0])
                if span and not period
                else None
            )
            if window is not None:  # "am i free between six and seven pm": only then
                arguments |= {"day_start": f"{window[0]:%H:%M}", "day_end": f"{window[1]:%H:%M}"}
            return RoleCall("calendar.free_time", arguments)
        if intent == "list":
            return self._list(text, now)
        if (several := several_added(text, now, lambda t: self._create(t, now))) is not None:
            return several  # "add dentist tomorrow at 3pm and gym friday at 7am"
        return self._create(text, now)

    def _list(self, text: str, now: datetime) -> RoleCall:
        spans = [s for s in (parse_date_range(t, now) for t in (text, normalize(text))) if s]
        # "march seventh": the raw words name the month, the normalized ones the day
        span = min(spans, key=lambda s: s[1] - s[0]) if spans else None
        query = event_query(text)
        arguments: dict[str, Any] = {"query": query} if query else {}
        if NEXT.search(text) and span is None:  # "my next dentist appointment": a year ahead
            named = query and not GENERIC.fullmatch(query)
            end = now + timedelta(days=365 if named else 30)
            return RoleCall(
                "calendar.list",
                {"start": now.isoformat(), "end": end.isoformat(), "limit": 1} | arguments,
            )
        if span is None and (period := BARE_PERIOD.search(text)):  # "how does my week look"
            unit = period["unit"] or period["ly"][:-2]  # "weekly" -> "week"
            span = parse_date_range(f"this {unit.lower()}", now)
        if span is None:
            if (query and not GENERIC.fullmatch(query)) or ASKS_WHEN.match(text):
                span = (now, now + timedelta(days=365))  # "when is the wedding": look ahead
            elif re.search(r"next|up\s*coming|coming|future", text, re.I):
                span = (now, now + timedelta(days=7))
            else:
                span = parse_date_range("today", now)
        assert span is not None
        if span[1] - span[0] == timedelta(days=1) and span[0].time() == time(0):
            said = normalize(text)  # "... between 2 and 4 pm", "... after 5", "... later"
            span = asked_window(said, span[0], now) or day_window(said, span[0]) or span
        if _FIRST.search(text):
            arguments["limit"] = 1  # "what's first thing tomorrow": that day's first event
        return RoleCall(
            "calendar.list",
            {"start": span[0].isoformat(), "end": span[1].isoformat()} | arguments,
        )

    def _update(self, text: str) -> RoleCall | Clarification:
        reference = clocked(event_reference(text, PATTERNS["update"]))
        if not reference:
            return Clarification(WHICH_TO_CHANGE, missing=("event",))
        target = re.search(r"\s+to\s+(?P<new>.+)$", text, re.IGNORECASE)
        if target is None:
            return Clarification(f"What should I change {reference!r} to?", missing=("start",))
        new = target["new"].strip(" ,.?!")
        if re.match(r"^\s*rename\b", text, re.IGNORECASE):
            return RoleCall("calendar.update", {"event": reference, "title": new})
        if re.fullmatch(r"(?:the\s+)?next\s+week|the\s+week\s+after", new, re.IGNORECASE):
            return RoleCall("calendar.update", {"event": reference, "shift": "7 days"})
        return RoleCall("calendar.update", {"event": reference, "start": new})

    def _create(self, text: str, now: datetime, named: str = "") -> RoleCall | Clarification:
        rule, interval, text = repeat_said(text)  # "gym every monday at 7am"
        until, count, text = repeat_end(text, now) if rule else ("", 0, text)  # "until june"
        made = self._create_once(text, now, named)
        if rule and isinstance(made, RoleCall):
            more = {"repeat": rule} | ({"interval": interval} if interval > 1 else {})
            more |= ({"until": until} if until else {}) | ({"count": count} if count else {})
            return RoleCall(made.tool, made.arguments | more)
        return made

    def _create_once(self, text: str, now: datetime, named: str = "") -> RoleCall | Clarification:
        if marked := marked_as(text):  # "mark friday as a day off": the day, all day
            when = parse_when(marked["when"], now)
            title = re.sub(r"^(?:an?|my|our)\s+", "", marked["what"].strip(" .!"), flags=re.I)
            if when is not None and when.has_date and not when.has_time:
                day = when.value.date().isoformat()
                return RoleCall(
                    "calendar.create", {"title": title[:1].upper() + title[1:], "start": day}
                )
        text = for_the_hour(loose_time(text), now)  # "tomorrow after lunch": 13:30
        text = SOMETHING.sub(r"\g<head> ", text)  # "add something to my calendar" ... "yoga"
        period, text = within_period(text, now) or ("", text)  # "... next week" ... "tuesday"
        found = parse_when(text, now)
        spoken = normalize(text)  # spoken dates and times: "on ten march", "twelve thirty"
        said = parse_when(spoken, now) if spoken != text.lower() else None
        if (
            (said is not None and said_parts(said) > said_parts(found))
            or (TIME_RANGE.search(spoken) and not TIME_RANGE.search(text))
            or (ADDRESS.search(spoken) and not ADDRESS.search(text))
        ):  # "from eight am to twelve pm", "at one hundred and twenty three main"
            text = spoken[:1].upper() + spoken[1:]
        text, address = take_address(text)  # "at 22 baker street": a place, not 22:00
        title, location = extract_title(text)
        location = address or location
        title = re.sub(
            r"^(?:(?:for|as|to|of|about)\s+)+", "", title, flags=re.I
        )  # "block out friday for focus"
        title = tidy_title(title)  # "put me down for the gym ...": "Gym"
        if NO_NAME.fullmatch(title):
            title = ""  # "put something in my calendar for the 14th at 10am": ask its name
        title = named or title[:1].upper() + title[1:] or ("Busy" if BLOCK.match(text) else "")
        arguments: dict[str, Any] = {"title": title}
        time_range = TIME_RANGE.search(text)
        when_text = text
        if time_range:
            start = time_range["a"] + (time_range["ap"] or time_range["bp"] or "")
            when_text = text[: time_range.start()] + f" at {start} " + text[time_range.end() :]
        when = parse_when(when_text, now)
        if period and (when is None or not when.has_date):  # "next week" ... "3pm": which day?
            return Clarification(f"Which day {period} is {title or 'it'!r}?", ("start",))
        if when is None:
            return Clarification(f"When is {title!r}?" if title else WHAT_AND_WHEN, ("start",))
        if not when.has_time and not ALL_DAY.search(text):
            return Clarification(f"What time is {title or 'it'!r}?", missing=("start",))
        if not title:
            return Clarification(NAME_IT, missing=("title",))
        start = event_moment(when, text, now)  # "dinner at 7" is 19:00
        arguments["start"] = start.isoformat() if when.has_time else start.date().isoformat()
        if when.has_time and (part := part_only(when_text)):  # "friday morning": no hour said
            arguments["start"] = f"{start.date().isoformat()} {part}"  # the reply says the hour
        if time_range:
            end = parse_when(time_range["b"], start) or parse_when(f"at {time_range['b']}", start)
            if end is not None:  # "from 2:30 to 4": 16:00, the first 4 after the start
                arguments["end"] = end.value.isoformat()
        elif (length := parse_duration(strip_time_range(text))) is not None:
            arguments["duration"] = format_duration(length)
        if location:
            arguments["location"] = location
        return RoleCall("calendar.create", arguments)


ROLE = CalendarRole()
